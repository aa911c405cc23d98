package analysis

import (
	"slices"
	"strconv"
	"strings"

	"pgnls/analysis/board"
	"pgnls/pgn"
)

// This file reads the piece letters of other languages (the standard's
// section 17) and moves left without their destination (Kx, exd). Both
// stay errors: a letter means different pieces in different languages
// (S is the knight in German and the bishop in Czech), and an incomplete
// move may be several. The diagnostic says what the text can be, and the
// fix, never preferred, is offered only when a single move or a single
// translation of the whole game fits.

// moveLanguage is a language of the standard's section 17 and its piece
// letters: pawn, knight, bishop, rook, queen, king.
type moveLanguage struct {
	name    string
	letters string
}

// moveLanguages are the languages of the standard's table but English, in
// its order.
var moveLanguages = []moveLanguage{
	{"Czech", "PJSVDK"}, {"Danish", "BSLTDK"}, {"Dutch", "OPLTDK"}, {"Estonian", "PROVLK"},
	{"Finnish", "PRLTDK"}, {"French", "PCFTDR"}, {"German", "BSLTDK"}, {"Hungarian", "GHFBVK"},
	{"Icelandic", "PRBHDK"}, {"Italian", "PCATDR"}, {"Norwegian", "BSLTDK"}, {"Polish", "PSGWHK"},
	{"Portuguese", "PCBTDR"}, {"Romanian", "PCNTDR"}, {"Spanish", "PCATDR"}, {"Swedish", "BSLTDK"},
}

// sanLetters are the English letters, in the order of moveLanguage.letters.
const sanLetters = "PNBRQK"

// letterPieces are the pieces in the order of moveLanguage.letters.
var letterPieces = [...]board.PieceType{board.Pawn, board.Knight, board.Bishop, board.Rook, board.Queen, board.King}

// MoveLanguages returns the names of the languages whose piece letters
// pgnls reads (the standard's section 17, but English), for the
// moveLanguage setting.
func MoveLanguages() []string {
	names := make([]string, len(moveLanguages))
	for i, l := range moveLanguages {
		names[i] = l.name
	}
	return names
}

// MoveLanguage returns the language of MoveLanguages that name is, in any
// case ("german" is "German"), and false for any other name.
func MoveLanguage(name string) (string, bool) {
	for _, l := range moveLanguages {
		if strings.EqualFold(l.name, name) {
			return l.name, true
		}
	}
	return "", false
}

// foreignLetter returns the piece letter of text, a move that ParseSAN
// rejected, that is no English letter but another language's: its first
// letter, or the piece it promotes to.
func foreignLetter(text string) (byte, bool) {
	body, _ := cutCheckSigns(text)
	if body == "" {
		return 0, false
	}
	isForeign := func(c byte) bool {
		if c < 'A' || c > 'Z' || strings.IndexByte(sanLetters, c) >= 0 {
			return false
		}
		for _, l := range moveLanguages {
			if strings.IndexByte(l.letters, c) >= 0 {
				return true
			}
		}
		return false
	}
	var letter byte
	switch n := len(body); {
	case isForeign(body[0]) && !(body[0] == 'O' && strings.HasPrefix(body, "O-")):
		letter = body[0]
	case n >= 3 && isForeign(body[n-1]) && (body[n-2] == '=' || isRankByte(body[n-2])):
		letter = body[n-1]
	default:
		return 0, false
	}
	// The rest must be a move: "Foo" has an F, but is no move in French.
	for _, l := range moveLanguages {
		if strings.IndexByte(l.letters, letter) < 0 {
			continue
		}
		if en, ok := translateMove(text, l.letters); ok {
			if _, err := board.ParseSAN(en); err == nil {
				return letter, true
			}
		}
	}
	return 0, false
}

// translateMove returns text with the piece letters of a language (its
// letters, in moveLanguage order) written in English; false when text has
// a capital letter that the language does not have. Castling is left as
// it is: the Dutch pawn is an O.
func translateMove(text, letters string) (string, bool) {
	if strings.HasPrefix(text, "O-") {
		return text, true
	}
	var b []byte
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c < 'A' || c > 'Z' {
			continue
		}
		k := strings.IndexByte(letters, c)
		if k < 0 {
			return "", false
		}
		if b == nil {
			b = []byte(text)
		}
		b[i] = sanLetters[k]
	}
	if b == nil {
		return text, true
	}
	return string(b), true
}

// foreignMessage is the error of a move written with a piece letter of
// another language: which pieces the letter is in which languages, and
// what the move is in SAN, here, in each.
func foreignMessage(pos *board.Position, label, text string, letter byte) string {
	type reading struct {
		piece board.PieceType
		text  string // the move in English letters
		langs []string
	}
	var readings []*reading
	for _, l := range moveLanguages {
		k := strings.IndexByte(l.letters, letter)
		if k < 0 {
			continue
		}
		en, ok := translateMove(text, l.letters)
		if !ok {
			continue
		}
		if i := slices.IndexFunc(readings, func(r *reading) bool { return r.piece == letterPieces[k] && r.text == en }); i >= 0 {
			readings[i].langs = append(readings[i].langs, l.name)
			continue
		}
		readings = append(readings, &reading{piece: letterPieces[k], text: en, langs: []string{l.name}})
	}
	// The readings that are legal here come first.
	legal := make(map[*reading]string, len(readings))
	for _, r := range readings {
		p := *pos
		if _, mv, _, ok := readMove(&p, r.text); ok {
			legal[r] = pos.SAN(mv)
		}
	}
	slices.SortStableFunc(readings, func(a, b *reading) int {
		_, la := legal[a]
		_, lb := legal[b]
		switch {
		case la && !lb:
			return -1
		case lb && !la:
			return 1
		}
		return 0
	})
	var b strings.Builder
	b.WriteString(label + ": " + quoteByte(letter) + " is not a piece letter of SAN, which writes K, Q, R, B and N")
	for i, r := range readings {
		if i == 0 {
			b.WriteString("; it is ")
		} else {
			b.WriteString(", ")
		}
		b.WriteString("the " + r.piece.String() + " in " + andList(r.langs))
		if san, ok := legal[r]; ok {
			b.WriteString(" (" + san + " here)")
		} else {
			b.WriteString(" (" + r.text + ", not legal here)")
		}
	}
	return b.String()
}

func quoteByte(c byte) string { return `"` + string(c) + `"` }

// andList writes "a", "a and b", "a, b and c".
func andList(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// orList writes "a", "a or b", "a, b or c".
func orList(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}

// translations returns the source action that translates game g from the
// language its moves are written in, when exactly one translation makes
// every move of every line legal (languages with the same letters, or
// whose letters the game does not tell apart, give one translation, and
// the title names them all); only is the moveLanguage setting, which,
// when not empty, is the one language tried.
func (x *fixer) translation(only string) (Action, bool) {
	start := startOf(x.g)
	if !start.replayable() {
		return Action{}, false
	}
	type candidate struct {
		names []string
		edits []Edit
	}
	var found []*candidate
	for _, l := range moveLanguages {
		if only != "" && !strings.EqualFold(only, l.name) {
			continue
		}
		edits, ok := x.translate(start.pos, l.letters)
		if !ok || len(edits) == 0 {
			continue
		}
		if i := slices.IndexFunc(found, func(c *candidate) bool { return slices.Equal(c.edits, edits) }); i >= 0 {
			found[i].names = append(found[i].names, l.name)
			continue
		}
		found = append(found, &candidate{names: []string{l.name}, edits: edits})
	}
	if len(found) != 1 {
		return Action{}, false
	}
	return Action{Title: "Translate this game from " + orList(found[0].names), Kind: KindTranslateGame, Edits: found[0].edits}, true
}

// translate replays the game with the piece letters of a language and
// returns the edits that write every move whose letters change in
// canonical SAN; false when a move of the game is not legal so read, or
// cannot be replayed.
func (x *fixer) translate(start board.Position, letters string) ([]Edit, bool) {
	t := &translator{x: x, letters: letters}
	replayLines(&x.g.Moves, start, t, nil)
	return t.edits, !t.failed
}

// translator is the lineVisitor of fixer.translate.
type translator struct {
	x       *fixer
	letters string
	edits   []Edit
	failed  bool
}

func (t *translator) lineStart(*pgn.Line) {}

// skipped is a move that is not replayed: after a move that failed, or
// after text that may hide a move, where the translation cannot be known.
func (t *translator) skipped(*pgn.Move) { t.failed = true }

func (t *translator) move(pos *board.Position, m *pgn.Move) bool {
	if t.failed {
		return false
	}
	text, ok := translateMove(m.Text, t.letters)
	if !ok {
		t.failed = true
		return false
	}
	_, mv, _, ok := readMove(pos, text)
	if !ok {
		t.failed = true
		return false
	}
	if text != m.Text {
		t.edits = append(t.edits, t.x.replace(m.SAN.Pos, m.SAN.End, pos.SAN(mv))...)
	}
	pos.Play(mv)
	return true
}

// incompleteMove reads text, a move that ParseSAN rejected, as a move left
// without its destination's rank, or without its destination: a piece
// letter (none for a pawn), its origin file or rank, 'x' and the
// destination's file, any of which may be missing ("Kx", "exd", "Nf").
// It returns the canonical SAN of the legal moves it fits, and false when
// text is not so shaped.
func incompleteMove(pos *board.Position, text string) ([]string, bool) {
	s, _ := cutCheckSigns(text)
	if s == "" {
		return nil, false
	}
	i := 0
	piece := board.Pawn
	if pt := sanPiece(s[0]); pt != board.NoPieceType && pt != board.Pawn {
		piece = pt
		i++
	}
	file1, rank1, file2 := -1, -1, -1
	capture := false
	if i < len(s) && isFileByte(s[i]) {
		file1 = int(s[i] - 'a')
		i++
	}
	if i < len(s) && isRankByte(s[i]) {
		rank1 = int(s[i] - '1')
		i++
	}
	if i < len(s) && s[i] == 'x' {
		capture = true
		i++
	}
	if i < len(s) && isFileByte(s[i]) {
		file2 = int(s[i] - 'a')
		i++
	}
	switch {
	case i != len(s), file1 >= 0 && rank1 >= 0 && !capture && file2 < 0:
		return nil, false // more than an incomplete move, or a whole square
	case piece == board.Pawn && (rank1 >= 0 || file1 < 0 && !capture):
		return nil, false // a pawn move starts with its file: "1a" is none
	}
	fits := func(m board.Move) bool {
		pt, _, _ := pos.PieceAt(m.From)
		switch {
		case m.IsDrop() || pt != piece:
			return false
		case capture && !m.IsCapture(), rank1 >= 0 && m.From.Rank() != rank1:
			return false
		case file2 >= 0:
			return m.To.File() == file2 && (file1 < 0 || m.From.File() == file1)
		case file1 < 0:
			return true
		case capture || piece == board.Pawn:
			return m.From.File() == file1 // "Nfx", "e": the file the move starts from
		}
		return m.From.File() == file1 || m.To.File() == file1 // "Nf": either
	}
	var buf [256]board.Move
	var out []string
	for _, m := range pos.LegalMoves(buf[:0]) {
		if fits(m) {
			if san := pos.SAN(m); !slices.Contains(out, san) {
				out = append(out, san)
			}
		}
	}
	return out, true
}

// incompleteMessage is the error of an incomplete move that fits the legal
// moves fits.
func incompleteMessage(label string, fits []string) string {
	msg := label + " is incomplete: it names no destination square"
	switch len(fits) {
	case 0:
		return msg + ", and no legal move fits it"
	case 1:
		return msg + "; the one legal move it fits is " + fits[0]
	}
	if len(fits) > 6 {
		return msg + "; " + strings.Join(fits[:6], ", ") + " and " + strconv.Itoa(len(fits)-6) + " more legal moves fit it"
	}
	return msg + "; it fits " + orList(fits)
}
