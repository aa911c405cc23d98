package board

import (
	"fmt"
	"strings"
)

// MoveErrorKind classifies why a SAN move does not resolve.
type MoveErrorKind uint8

const (
	_ MoveErrorKind = iota

	// NoPieceCanReach: no piece of the named type (and, if given, on the
	// named file, rank or square) can move to the destination.
	NoPieceCanReach
	// NoSuchPiece: the side to move has no piece of the named type at all.
	NoSuchPiece
	// NoPieceOnSquare: the disambiguation names a file, rank or square where
	// the side to move has no piece of the named type.
	NoPieceOnSquare
	// TargetOccupied: the destination holds a piece of the side to move.
	TargetOccupied
	// NothingToCapture: a pawn capture onto an empty square that is not the
	// en passant square.
	NothingToCapture
	// Pinned: the only pieces that could make the move are pinned to their
	// king.
	Pinned
	// KingInCheck: the move would leave the mover's king in check, because
	// the king moves into check, the move does not answer a check, or it
	// uncovers one (as en passant sometimes does along the rank).
	KingInCheck
	// Ambiguous: more than one legal move fits; Candidates lists them.
	Ambiguous
	// CastlingRightsGone: the king or that rook has moved (or the rook was
	// captured) earlier.
	CastlingRightsGone
	// CastlingThroughCheck: the square the king crosses is attacked.
	CastlingThroughCheck
	// CastlingBlocked: a piece stands between king and rook.
	CastlingBlocked
	// CastlingInCheck: the king is in check.
	CastlingInCheck
	// BadPromotion: a pawn reaches the last rank without promoting, promotes
	// elsewhere, or promotes to a pawn or king; or a piece promotes.
	BadPromotion
	// NullMoveInCheck: a null move was played in check. Resolve still
	// returns the null move with this error.
	NullMoveInCheck
	// WrongSideToMove: the move is legal for the side not to move, which
	// usually means a move is missing.
	WrongSideToMove

	// The kinds of the variants.

	// GameOver: the variant's own rule has already ended the game (End
	// says which); no move may follow.
	GameOver
	// MustCapture: Antichess makes capturing compulsory, and this move
	// captures nothing; Candidates lists the captures.
	MustCapture
	// GivesCheck: Racing Kings forbids giving check.
	GivesCheck
	// ExplodesOwnKing: in Atomic the capture would blow up the mover's own
	// king (a king cannot capture at all).
	ExplodesOwnKing
	// NoCastlingInVariant: the variant (Antichess, Racing Kings) has no
	// castling.
	NoCastlingInVariant
	// DropNotAllowed: a drop (N@f3) outside Crazyhouse.
	DropNotAllowed
	// NotInPocket: the side to move has no such piece in its pocket.
	NotInPocket
	// DropOccupied: the square of the drop is not empty.
	DropOccupied
	// BadDrop: a pawn dropped on the first or last rank.
	BadDrop
)

var kindNames = [...]string{
	NoPieceCanReach:      "NoPieceCanReach",
	NoSuchPiece:          "NoSuchPiece",
	NoPieceOnSquare:      "NoPieceOnSquare",
	TargetOccupied:       "TargetOccupied",
	NothingToCapture:     "NothingToCapture",
	Pinned:               "Pinned",
	KingInCheck:          "KingInCheck",
	Ambiguous:            "Ambiguous",
	CastlingRightsGone:   "CastlingRightsGone",
	CastlingThroughCheck: "CastlingThroughCheck",
	CastlingBlocked:      "CastlingBlocked",
	CastlingInCheck:      "CastlingInCheck",
	BadPromotion:         "BadPromotion",
	NullMoveInCheck:      "NullMoveInCheck",
	WrongSideToMove:      "WrongSideToMove",
	GameOver:             "GameOver",
	MustCapture:          "MustCapture",
	GivesCheck:           "GivesCheck",
	ExplodesOwnKing:      "ExplodesOwnKing",
	NoCastlingInVariant:  "NoCastlingInVariant",
	DropNotAllowed:       "DropNotAllowed",
	NotInPocket:          "NotInPocket",
	DropOccupied:         "DropOccupied",
	BadDrop:              "BadDrop",
}

func (k MoveErrorKind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("MoveErrorKind(%d)", k)
}

// MoveError explains why Resolve found no move, or more than one, for a SAN
// move. Its message is a sentence without the move number, which the caller
// adds.
type MoveError struct {
	Kind MoveErrorKind
	SAN  string // the move as parsed, spelt in export style

	Side      Color     // the side to move
	Piece     PieceType // the piece the move names; King for castling
	From      Square    // the piece the error is about, or NoSquare
	To        Square    // the destination, or NoSquare for a null move
	FromFile  int8      // the disambiguation written, or -1
	FromRank  int8
	Promotion PieceType
	Castle    CastleSide
	InCheck   bool // the side to move was in check

	// Where is a second square the error concerns, or NoSquare: the pinning
	// piece, the piece in the way of castling, the attacked square, or the
	// occupied destination. Other is the piece standing there, if any.
	Where Square
	Other PieceType

	// Candidates holds, for Ambiguous, the legal moves that fit, and
	// CandidateSANs their canonical SAN; for Pinned, Candidates holds the
	// pinned pieces' moves.
	Candidates    []Move
	CandidateSANs []string

	// Variant is the rules of the position, and End, for GameOver, why the
	// game is over.
	Variant Variant
	End     EndReason
}

func (e *MoveError) Error() string {
	switch e.Kind {
	case NoPieceCanReach:
		return e.unreachable()
	case NoSuchPiece:
		return fmt.Sprintf("%s has no %s", e.Side.title(), e.Piece)
	case NoPieceOnSquare:
		return fmt.Sprintf("there is no %s %s %s", e.Side, e.Piece, e.origin())
	case TargetOccupied:
		return fmt.Sprintf("%v is occupied by %s's own %s", e.To, e.Side.title(), e.Other)
	case NothingToCapture:
		return fmt.Sprintf("there is nothing to capture on %v", e.To)
	case Pinned:
		return fmt.Sprintf("the %s on %v is pinned by the %s on %v", e.Piece, e.From, e.Other, e.Where)
	case KingInCheck:
		return e.kingInCheck()
	case Ambiguous:
		return "ambiguous: " + orList(e.CandidateSANs)
	case CastlingRightsGone:
		return fmt.Sprintf("%s can no longer castle %s", e.Side.title(), wing(e.Castle))
	case CastlingThroughCheck:
		return fmt.Sprintf("cannot castle through check: %v is attacked", e.Where)
	case CastlingBlocked:
		return fmt.Sprintf("cannot castle: the %s on %v is in the way", e.Other, e.Where)
	case CastlingInCheck:
		return "cannot castle out of check"
	case BadPromotion:
		return e.badPromotion()
	case NullMoveInCheck:
		return "a null move cannot be played in check"
	case WrongSideToMove:
		return fmt.Sprintf("it is %s's move, but this is a move for %s", e.Side.title(), e.Side.Other().title())
	case GameOver:
		return fmt.Sprintf("the game is already over (%s): no move may follow", e.End)
	case MustCapture:
		if len(e.CandidateSANs) > 6 {
			return fmt.Sprintf("capturing is compulsory in %s, and %d captures are possible", e.Variant, len(e.CandidateSANs))
		}
		return fmt.Sprintf("capturing is compulsory in %s: %s", e.Variant, orList(e.CandidateSANs))
	case GivesCheck:
		return fmt.Sprintf("the move would give check, which %s forbids", e.Variant)
	case ExplodesOwnKing:
		if e.Piece == King {
			return "a king cannot capture in Atomic: it would explode"
		}
		return fmt.Sprintf("the capture would blow up %s's own king", e.Side.title())
	case NoCastlingInVariant:
		return fmt.Sprintf("there is no castling in %s", e.Variant)
	case DropNotAllowed:
		return fmt.Sprintf("pieces are dropped only in Crazyhouse, not in %s", e.Variant)
	case NotInPocket:
		return fmt.Sprintf("%s has no %s in the pocket", e.Side.title(), e.Piece)
	case DropOccupied:
		return fmt.Sprintf("cannot drop on %v: the %s there must be captured, not covered", e.To, e.Other)
	case BadDrop:
		return "a pawn cannot be dropped on the first or last rank"
	}
	return "illegal move"
}

func (e *MoveError) unreachable() string {
	switch {
	case e.Piece == King && castleSideOf(e.From, e.To) != NoCastle:
		return fmt.Sprintf("the king cannot reach %v; castling is written %v", e.To, castleSideOf(e.From, e.To))
	case e.Piece == King:
		return fmt.Sprintf("the king cannot reach %v", e.To)
	case e.From != NoSquare:
		return fmt.Sprintf("the %s on %v cannot reach %v", e.Piece, e.From, e.To)
	case e.Piece == Pawn && e.FromFile >= 0:
		return fmt.Sprintf("no pawn %s can capture on %v", e.origin(), e.To)
	case e.FromFile >= 0 || e.FromRank >= 0:
		return fmt.Sprintf("no %s %s can reach %v", e.Piece, e.origin(), e.To)
	}
	return fmt.Sprintf("no %s can reach %v", e.Piece, e.To)
}

// origin describes the disambiguation: "on g1", "on the g-file" or
// "on rank 1".
func (e *MoveError) origin() string {
	switch {
	case e.FromFile >= 0 && e.FromRank >= 0:
		return "on " + NewSquare(int(e.FromFile), int(e.FromRank)).String()
	case e.FromFile >= 0:
		return fmt.Sprintf("on the %c-file", fileLetter(int(e.FromFile)))
	case e.FromRank >= 0:
		return fmt.Sprintf("on rank %c", rankDigit(int(e.FromRank)))
	}
	return "anywhere"
}

func (e *MoveError) kingInCheck() string {
	switch {
	case e.Castle != NoCastle:
		return fmt.Sprintf("cannot castle into check: %v is attacked", e.Where)
	case e.Piece == King && e.From != NoSquare && e.To == e.From:
		return "the king would be in check"
	case e.Piece == King:
		return fmt.Sprintf("the king would be in check on %v", e.To)
	case e.InCheck:
		return "the king is in check and this move does not get it out of check"
	}
	return "the move would expose the king to check"
}

func (e *MoveError) badPromotion() string {
	switch {
	case e.Piece != Pawn:
		return "only pawns can promote"
	case e.Promotion == Pawn || e.Promotion == King:
		return fmt.Sprintf("a pawn cannot promote to a %s", e.Promotion)
	case e.Promotion == NoPieceType:
		return fmt.Sprintf("a pawn reaching %v must promote: add =Q, =R, =B or =N", e.To)
	}
	return fmt.Sprintf("a pawn can promote only on the last rank, and %v is not on it", e.To)
}

// wing names a castling side the way a sentence would.
func wing(cs CastleSide) string {
	if cs == CastleLong {
		return "queenside"
	}
	return "kingside"
}

// orList joins items as "a", "a or b", "a, b or c".
func orList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}
