package analysis

import "slices"

// Code names a kind of diagnostic. Codes are stable: users silence them in
// settings and scripts match on them.
type Code string

// The diagnostic codes, with their default severities in Codes.
const (
	CodeSyntax           Code = "syntax"
	CodeIllegalMove      Code = "illegal-move"
	CodeAmbiguousMove    Code = "ambiguous-move"
	CodeCheckSuffix      Code = "check-suffix"
	CodeCaptureMark      Code = "capture-mark"
	CodeDisambiguation   Code = "disambiguation"
	CodeResultMismatch   Code = "result-mismatch"
	CodeMissingResult    Code = "missing-result"
	CodeResultVsPosition Code = "result-vs-position"
	CodeMovesAfterEnd    Code = "moves-after-end"
	CodeSTROrder         Code = "str-order"
	CodeMissingTag       Code = "missing-tag"
	CodeDuplicateTag     Code = "duplicate-tag"
	CodeTagValue         Code = "tag-value"
	CodeBadFEN           Code = "bad-fen"
	CodeSetupMissing     Code = "setup-missing"
	CodeMoveNumber       Code = "move-number"
	CodeNAGRange         Code = "nag-range"
	CodeCastlingZero     Code = "castling-zero"
	CodePromotionStyle   Code = "promotion-style"
	CodePawnLetter       Code = "pawn-letter"
	CodeSuffixAnnotation Code = "suffix-annotation"
	CodeNullMove         Code = "null-move"
	CodePlyCountMismatch Code = "plycount-mismatch"
	CodeFigurine         Code = "figurine"
	CodeLongAlgebraic    Code = "long-algebraic"
	CodeCastlingStyle    Code = "castling-style"
	CodeEnPassantMark    Code = "en-passant-mark"
	CodeResultStyle      Code = "result-style"
	CodeNAGGlyph         Code = "nag-glyph"
	CodeIncompleteMove   Code = "incomplete-move"
	CodeForeignPiece     Code = "foreign-piece"
	CodeVariant          Code = "variant"
	CodeChess960FEN      Code = "chess960-fen"
	CodeEncoding         Code = "encoding"
	CodeInternal         Code = "internal"
	CodeTooMany          Code = "too-many-problems"
	// The engine's judgements, found only by "Analyse this game"
	// (analysis/engine): never by pgnls check.
	CodeEngineBlunder    Code = "engine-blunder"
	CodeEngineMistake    Code = "engine-mistake"
	CodeEngineInaccuracy Code = "engine-inaccuracy"
)

// CodeInfo describes a code for the README, hovers and settings.
type CodeInfo struct {
	Code     Code
	Severity Severity
	Summary  string
}

// codeTable lists every code with its default severity, in the README's
// order. It is not to be changed: Codes gives a copy.
var codeTable = [...]CodeInfo{
	{CodeSyntax, Error, "malformed PGN: unterminated comment, string or variation, bad tag pair, stray token"},
	{CodeIllegalMove, Error, "the move is not legal in the position, or is not SAN; the message says why"},
	{CodeAmbiguousMove, Error, "several pieces can make the move; the message lists the disambiguated moves"},
	{CodeCheckSuffix, Warning, "'+' or '#' missing, wrong, doubled (Rh7++), or present without check or mate"},
	{CodeCaptureMark, Warning, "'x' missing on a capture, or present on a move that captures nothing"},
	{CodeDisambiguation, Information, "the move names its origin more fully than needed (Ng1f3 for Nf3)"},
	{CodeResultMismatch, Error, "the Result tag differs from the game termination marker"},
	{CodeMissingResult, Error, "the game has no termination marker (1-0, 0-1, 1/2-1/2 or *)"},
	{CodeResultVsPosition, Warning, "the game ends in checkmate or stalemate (or a variant's own end: king of the hill, third check, ...) but the result says otherwise"},
	{CodeMovesAfterEnd, Error, "moves after checkmate or stalemate, or after a variant's own end of the game"},
	{CodeSTROrder, Warning, "Seven Tag Roster tags not first or not in the order Event, Site, Date, Round, White, Black, Result"},
	{CodeMissingTag, Warning, "Seven Tag Roster tags missing (one diagnostic per game lists them all)"},
	{CodeDuplicateTag, Warning, "the same tag appears twice in a game"},
	{CodeTagValue, Warning, "a tag value in the wrong format (Date, Round, Elo, Time, Result, SetUp, ...), or over 255 characters"},
	{CodeBadFEN, Error, "the FEN tag is not a valid position; the message says why"},
	{CodeSetupMissing, Warning, "a FEN tag without SetUp \"1\", or SetUp \"1\" without FEN"},
	{CodeMoveNumber, Warning, "a move number indication that disagrees with the position"},
	{CodeNAGRange, Error, "a NAG outside $0..$255"},
	{CodeCastlingZero, Warning, "castling written with zeros (0-0) instead of the letter O"},
	{CodePromotionStyle, Warning, "promotion written without '=' or with its piece in lower case (e8Q or e8=q for e8=Q)"},
	{CodePawnLetter, Warning, "a pawn move written with the letter P (Pe4 for e4)"},
	{CodeSuffixAnnotation, Information, "a suffix annotation (!, ?, !?, ...) that export format writes as a NAG"},
	{CodeNullMove, Warning, "a null move (--, Z0 or 0000), which is not standard PGN"},
	{CodePlyCountMismatch, Warning, "the PlyCount tag differs from the number of moves in the main line"},
	{CodeFigurine, Warning, "a move written with a figurine (FAN: ♘f3 for Nf3)"},
	{CodeLongAlgebraic, Warning, "a move written with its origin square, in long algebraic or coordinate notation (e2e4, e2-e4, Ng1-f3, e1g1, d7d8q)"},
	{CodeCastlingStyle, Warning, "castling written in lower case or with a dash other than '-' (o-o, O–O)"},
	{CodeEnPassantMark, Warning, "an en passant mark (exf6 e.p., exf6ep), which SAN does not write, or that marks a move that is not en passant"},
	{CodeResultStyle, Warning, "a result written otherwise than 1-0, 0-1 or 1/2-1/2 (½-½, 0.5-0.5, 1–0)"},
	{CodeNAGGlyph, Warning, "an annotation glyph (±, +-, ∞, =) written for its NAG ($16, $18, $13, $10)"},
	{CodeIncompleteMove, Error, "a move without its destination square (Kx, exd); the fix offers the one legal move it fits"},
	{CodeForeignPiece, Error, "a piece letter of another language (Sf3, Lb5, Dd1: the standard's section 17); the message names the languages"},
	{CodeEncoding, Information, "the file is not valid UTF-8 and was read as Latin-1 (ISO 8859-1), the PGN standard's character set (pgnls check only)"},
	{CodeInternal, Error, "pgnls failed while checking this part of the file (a bug: please report it with the text)"},
	{CodeTooMany, Information, "a run of games or junk with more than 1000 problems: the language server keeps the 1000 most severe (pgnls check lists all)"},
	{CodeVariant, Information, "a Variant tag naming a variant pgnls does not know (Giveaway, Suicide, ...): moves are parsed but not validated"},
	{CodeChess960FEN, Warning, "a FEN whose castling rights only make sense in Chess960, without [Variant \"Chess960\"]; the game is checked as Chess960, and the fix adds the tag"},
	{CodeEngineBlunder, Information, "the engine judges the move a blunder: it lost 15 points or more of the mover's winning chances (lichess's thresholds), or let a mate in; only after Analyse this game"},
	{CodeEngineMistake, Information, "the engine judges the move a mistake: it lost 10 to 15 points of winning chances; only after Analyse this game"},
	{CodeEngineInaccuracy, Hint, "the engine judges the move an inaccuracy: it lost 5 to 10 points of winning chances; only after Analyse this game"},
	{CodeCommand, Warning, "a malformed command in a comment ([%clk], [%eval], [%cal], [%csl] ...), or a clock that rises more than the TimeControl tag allows"},
}

// DefaultSeverity returns the severity a code has unless settings change it.
func DefaultSeverity(c Code) Severity {
	// By index, not by a scan of Codes: it runs for every diagnostic.
	if i, ok := codeIndexes[c]; ok {
		return codeTable[i].Severity
	}
	return Error
}

// codeIndexes maps each code to its place in Codes.
var codeIndexes = func() map[Code]int {
	m := make(map[Code]int, len(codeTable))
	for i, info := range codeTable {
		m[info.Code] = i
	}
	return m
}()

// CodeIndex returns a code's place in Codes, or -1 for an unknown code.
func CodeIndex(c Code) int {
	if i, ok := codeIndexes[c]; ok {
		return i
	}
	return -1
}

// Codes returns every code with its default severity, in the README's
// order (the order of CodeIndex and of Snapshot.CodeCounts), as a copy.
func Codes() []CodeInfo { return slices.Clone(codeTable[:]) }

// CodeCount is the number of codes: the length of Codes.
func CodeCount() int { return len(codeTable) }

// CodeAt returns the code of index i of Codes.
func CodeAt(i int) CodeInfo { return codeTable[i] }
