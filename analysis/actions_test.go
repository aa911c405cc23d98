package analysis

import (
	"sort"
	"strings"
	"testing"

	"pgnls/pgn"
)

// str is a complete Seven Tag Roster, so that the games below have no
// missing-tag diagnostic unless they want one.
const str = `[Event "E"]
[Site "S"]
[Date "2024.01.02"]
[Round "1"]
[White "W"]
[Black "B"]
[Result "*"]

`

// applyActionEdits applies non-overlapping edits in source order.
func applyActionEdits(t *testing.T, src string, edits []Edit) string {
	t.Helper()
	sorted := append([]Edit(nil), edits...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Pos < sorted[j].Pos })
	var b strings.Builder
	prev := pgn.Pos(0)
	for _, e := range sorted {
		if e.Pos < prev || e.End < e.Pos {
			t.Fatalf("overlapping or reversed edits: %+v", edits)
		}
		b.WriteString(src[prev:e.Pos])
		b.WriteString(e.NewText)
		prev = e.End
	}
	b.WriteString(src[prev:])
	return b.String()
}

// actionsAt returns the actions at the first occurrence of needle (the
// range covers it).
func actionsAt(t *testing.T, src, needle string) []Action {
	t.Helper()
	i := strings.Index(src, needle)
	if i < 0 {
		t.Fatalf("%q not in the source", needle)
	}
	f := pgn.Parse(src)
	return Actions(f, pgn.Pos(i), pgn.Pos(i+len(needle)), ActionOptions{})
}

func TestQuickFixes(t *testing.T) {
	cases := []struct {
		name      string
		src       string
		at        string // the text the request range covers
		title     string
		kind      ActionKind
		code      Code // the diagnostic fixed ("" for source actions)
		preferred bool
		want      string
		edit      string // when set, the text of the only edit, to check it is minimal
	}{
		{
			name: "castling with zeros", src: str + "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *\n", at: "0-0",
			title: "Replace with O-O", code: CodeCastlingZero, preferred: true,
			want: str + "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *\n",
		},
		{
			name: "promotion without =",
			src:  strings.Replace(str, `[Result "*"]`, "[Result \"*\"]\n[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n[SetUp \"1\"]", 1) + "1. e8Q *\n",
			at:   "e8Q", title: "Replace with e8=Q", code: CodePromotionStyle, preferred: true,
			want: strings.Replace(str, `[Result "*"]`, "[Result \"*\"]\n[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n[SetUp \"1\"]", 1) + "1. e8=Q *\n",
			edit: "=",
		},
		{
			name: "missing mate sign", src: str + "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 *\n", at: "Qxf7",
			title: "Replace with Qxf7#", code: CodeCheckSuffix, preferred: true,
			want: str + "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# *\n", edit: "#",
		},
		{
			name: "check sign without check", src: str + "1. e4+ e5 *\n", at: "e4+",
			title: "Replace with e4", code: CodeCheckSuffix, preferred: true,
			want: str + "1. e4 e5 *\n", edit: "",
		},
		{
			name: "over-disambiguated", src: str + "1. Ng1f3 e5 *\n", at: "Ng1f3",
			title: "Replace with Nf3", code: CodeDisambiguation, preferred: true,
			want: str + "1. Nf3 e5 *\n", edit: "",
		},
		{
			name: "ambiguous, first candidate", src: str + "1. Nf3 Nf6 2. d3 d6 3. Nd2 *\n", at: "Nd2",
			title: "Replace with Nbd2", code: CodeAmbiguousMove,
			want: str + "1. Nf3 Nf6 2. d3 d6 3. Nbd2 *\n", edit: "b",
		},
		{
			name: "ambiguous, second candidate", src: str + "1. Nf3 Nf6 2. d3 d6 3. Nd2 *\n", at: "Nd2",
			title: "Replace with Nfd2", code: CodeAmbiguousMove,
			want: str + "1. Nf3 Nf6 2. d3 d6 3. Nfd2 *\n",
		},
		{
			name: "suffix annotation glued to its move", src: str + "1. e4!? e5 *\n", at: "!?",
			title: "Replace !? with $5", code: CodeSuffixAnnotation, preferred: true,
			want: str + "1. e4 $5 e5 *\n",
		},
		{
			name: "suffix annotation apart", src: str + "1. e4 ?! e5 *\n", at: "?!",
			title: "Replace ?! with $6", code: CodeSuffixAnnotation, preferred: true,
			want: str + "1. e4 $6 e5 *\n",
		},
		{
			name: "move number", src: str + "1. e4 e5 3. Nf3 *\n", at: "3.",
			title: "Replace with 2.", code: CodeMoveNumber, preferred: true,
			want: str + "1. e4 e5 2. Nf3 *\n", edit: "2",
		},
		{
			name: "result mismatch, marker side", src: strings.Replace(str, `"*"`, `"1-0"`, 1) + "1. e4 e5 0-1\n", at: "0-1",
			title: "Change the result marker to 1-0", code: CodeResultMismatch,
			want: strings.Replace(str, `"*"`, `"1-0"`, 1) + "1. e4 e5 1-0\n",
		},
		{
			name: "result mismatch, tag side", src: strings.Replace(str, `"*"`, `"1-0"`, 1) + "1. e4 e5 0-1\n", at: "0-1",
			title: "Change the Result tag to 0-1", code: CodeResultMismatch,
			want: str[:len(str)-len("[Result \"*\"]\n\n")] + "[Result \"0-1\"]\n\n1. e4 e5 0-1\n",
		},
		{
			name: "missing result marker", src: str + "1. e4 e5\n", at: "e5",
			title: "Add the result marker *", code: CodeMissingResult, preferred: true,
			want: str + "1. e4 e5 *\n", edit: " *",
		},
		{
			name: "missing result marker after a comment", src: str + "1. e4 e5 {fine}\n", at: "e5",
			title: "Add the result marker *", code: CodeMissingResult, preferred: true,
			want: str + "1. e4 e5 {fine} *\n", edit: " *",
		},
		{
			name: "missing result marker before a line comment", src: str + "1. e4 e5 ; fine\n", at: "e5",
			title: "Add the result marker *", code: CodeMissingResult, preferred: true,
			want: str + "1. e4 e5 * ; fine\n", edit: " *",
		},
		{
			name: "missing result marker without movetext", src: strings.TrimSuffix(str, "\n"), at: `"*"]`,
			title: "Add the result marker *", code: CodeMissingResult, preferred: true,
			want: str + "*\n", edit: "\n\n*",
		},
		{
			name: "result against the position",
			src:  str + "1. f3 e5 2. g4 Qh4# *\n", at: "*\n",
			title: "Set the result to 0-1", code: CodeResultVsPosition, preferred: true,
			want: strings.Replace(str, `"*"`, `"0-1"`, 1) + "1. f3 e5 2. g4 Qh4# 0-1\n",
		},
		{
			name: "missing tags in roster order",
			src:  "[Event \"E\"]\n[Date \"2024.01.02\"]\n[White \"W\"]\n[Black \"B\"]\n\n1. e4 1-0\n", at: "[Event",
			title: "Add the missing tags: Site, Round, Result", code: CodeMissingTag, preferred: true,
			want: "[Event \"E\"]\n[Site \"?\"]\n[Date \"2024.01.02\"]\n[Round \"?\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n",
		},
		{
			name: "missing tags before the first", src: "[Site \"S\"]\n[Date \"????.??.??\"]\n[Round \"1\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 *\n", at: "[Site",
			title: "Add the missing tags: Event", code: CodeMissingTag, preferred: true,
			want: "[Event \"?\"]\n[Site \"S\"]\n[Date \"????.??.??\"]\n[Round \"1\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 *\n",
		},
		{
			name: "game without tags", src: "1. e4 e5 1/2-1/2\n", at: "1.",
			title: "Add the missing tags: Event, Site, Date, Round, White, Black, Result", code: CodeMissingTag, preferred: true,
			want: "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 1/2-1/2\n",
		},
		{
			name: "missing tags with CRLF", src: "[Event \"E\"]\r\n[Date \"2024.01.02\"]\r\n[Round \"1\"]\r\n[White \"W\"]\r\n[Black \"B\"]\r\n[Result \"*\"]\r\n\r\n1. e4 *\r\n", at: "[Event",
			title: "Add the missing tags: Site", code: CodeMissingTag, preferred: true,
			want: "[Event \"E\"]\r\n[Site \"?\"]\r\n[Date \"2024.01.02\"]\r\n[Round \"1\"]\r\n[White \"W\"]\r\n[Black \"B\"]\r\n[Result \"*\"]\r\n\r\n1. e4 *\r\n",
		},
		{
			name: "tags out of order",
			src:  "[Site \"S\"]\n[Event \"E\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n[White \"W\"]\n[ECO \"C20\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 *\n",
			at:   "[Event", title: "Reorder tags to export order", code: CodeSTROrder, preferred: true,
			want: str[:len(str)-1] + "[ECO \"C20\"]\n\n1. e4 *\n",
		},
		{
			name: "Chess960 FEN without its Variant tag",
			src:  strings.Replace(str, "\n\n", "\n[SetUp \"1\"]\n[FEN \"qnbrkbrn/pppppppp/8/8/8/8/PPPPPPPP/QNBRKBRN w GDgd - 0 1\"]\n\n", 1) + "1. g3 *\n", at: "qnbrkbrn",
			title: `Add [Variant "Chess960"]`, code: CodeChess960FEN, preferred: true,
			want: strings.Replace(str, "\n\n", "\n[SetUp \"1\"]\n[FEN \"qnbrkbrn/pppppppp/8/8/8/8/PPPPPPPP/QNBRKBRN w GDgd - 0 1\"]\n[Variant \"Chess960\"]\n\n", 1) + "1. g3 *\n",
		},
		{
			name: "FEN without SetUp",
			src:  strings.Replace(str, "\n\n", "\n[FEN \"8/8/8/8/8/8/k7/4K3 w - - 0 1\"]\n\n", 1) + "1. Kd2 *\n", at: "[FEN",
			title: `Add [SetUp "1"]`, code: CodeSetupMissing, preferred: true,
			want: strings.Replace(str, "\n\n", "\n[FEN \"8/8/8/8/8/8/k7/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n", 1) + "1. Kd2 *\n",
		},
		{
			name: "SetUp 0 with a FEN",
			src:  strings.Replace(str, "\n\n", "\n[SetUp \"0\"]\n[FEN \"8/8/8/8/8/8/k7/4K3 w - - 0 1\"]\n\n", 1) + "1. Kd2 *\n", at: "[FEN",
			title: `Set SetUp to "1"`, code: CodeSetupMissing, preferred: true,
			want: strings.Replace(str, "\n\n", "\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/k7/4K3 w - - 0 1\"]\n\n", 1) + "1. Kd2 *\n", edit: "1",
		},
		{
			name: "SetUp without FEN", src: strings.Replace(str, "\n\n", "\n[SetUp \"1\"]\n\n", 1) + "1. e4 *\n", at: "[SetUp",
			title: "Remove the SetUp tag", code: CodeSetupMissing,
			want: str + "1. e4 *\n",
		},
		{
			name: "PlyCount", src: strings.Replace(str, "\n\n", "\n[PlyCount \"3\"]\n\n", 1) + "1. e4 e5 *\n", at: `"3"`,
			title: "Set PlyCount to 2", code: CodePlyCountMismatch, preferred: true,
			want: strings.Replace(str, "\n\n", "\n[PlyCount \"2\"]\n\n", 1) + "1. e4 e5 *\n", edit: "2",
		},
		{
			name: "duplicate tag", src: strings.Replace(str, "\n\n", "\n[ECO \"C20\"]\n[ECO \"C20\"]\n\n", 1) + "1. e4 *\n", at: "[ECO \"C20\"]\n\n",
			title: "Remove the duplicate ECO tag", code: CodeDuplicateTag, preferred: true,
			want: strings.Replace(str, "\n\n", "\n[ECO \"C20\"]\n\n", 1) + "1. e4 *\n",
		},
		{
			name: "format this game", src: str + "1.e4   e5\n2.Nf3 *\n", at: "e4",
			title: "Format this game", kind: KindFormatGame,
			want: str + "1. e4 e5 2. Nf3 *\n\n",
		},
		{
			name: "fix all tags", src: "[White \"W\"]\n[Event \"E\"]\n[ECO \"C20\"]\n\n1. e4 e5 *\n", at: "e5",
			title: "Fix all problems in this game", kind: KindFixAll,
			want: "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"W\"]\n[Black \"?\"]\n[Result \"*\"]\n[ECO \"C20\"]\n\n1. e4 e5 *\n",
		},
		{
			name: "fix all", src: str + "1. e4!? e5 2. Nf3+ Nc6 *\n", at: "e5",
			title: "Fix all problems in this game", kind: KindFixAll,
			want: str + "1. e4 $5 e5 2. Nf3 Nc6 *\n",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			actions := actionsAt(t, c.src, c.at)
			var found *Action
			for i := range actions {
				if actions[i].Title == c.title {
					found = &actions[i]
				}
			}
			if found == nil {
				var titles []string
				for _, a := range actions {
					titles = append(titles, a.Title)
				}
				t.Fatalf("no action %q; got %q", c.title, titles)
			}
			kind := c.kind
			if kind == "" {
				kind = KindQuickFix
			}
			if found.Kind != kind || found.Preferred != c.preferred {
				t.Errorf("kind %s preferred %v, want %s %v", found.Kind, found.Preferred, kind, c.preferred)
			}
			switch {
			case c.code == "" && found.Diagnostic != nil:
				t.Errorf("a source action fixes %v", found.Diagnostic)
			case c.code != "" && (found.Diagnostic == nil || found.Diagnostic.Code != c.code):
				t.Errorf("fixes %v, want a %s diagnostic", found.Diagnostic, c.code)
			}
			if got := applyActionEdits(t, c.src, found.Edits); got != c.want {
				t.Errorf("after the edits:\n%s\nwant:\n%s", got, c.want)
			}
			if c.edit != "" || strings.HasPrefix(c.name, "check sign") || strings.HasPrefix(c.name, "over") {
				if len(found.Edits) != 1 || found.Edits[0].NewText != c.edit {
					t.Errorf("edits %+v, want one inserting %q", found.Edits, c.edit)
				}
			}
			// Applied, the fix leaves no diagnostic of its code there.
			if c.code != "" && c.code != CodeAmbiguousMove {
				after := pgn.Parse(applyActionEdits(t, c.src, found.Edits))
				for _, d := range CheckFile(after) {
					if d.Code == c.code {
						t.Errorf("after the fix: %v", d)
					}
				}
			}
		})
	}
}

// The fix-all action of a game with one fixable problem is not offered (the
// quick fix is), nor are fixes of silenced codes.
func TestActionsFilters(t *testing.T) {
	src := str + "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *\n"
	for _, a := range actionsAt(t, src, "0-0") {
		if a.Kind == KindFixAll {
			t.Errorf("fix all offered for a single problem: %+v", a)
		}
	}
	f := pgn.Parse(src)
	i := pgn.Pos(strings.Index(src, "0-0"))
	got := Actions(f, i, i, ActionOptions{Skip: func(c Code) bool { return c == CodeCastlingZero }})
	for _, a := range got {
		if a.Kind == KindQuickFix {
			t.Errorf("fix of a silenced code: %+v", a)
		}
	}
	// Far from the diagnostic: no quick fix, only the game's source actions.
	j := pgn.Pos(strings.Index(src, "Nc6"))
	for _, a := range Actions(f, j, j, ActionOptions{}) {
		if a.Kind == KindQuickFix {
			t.Errorf("quick fix away from its diagnostic: %+v", a)
		}
	}
}
