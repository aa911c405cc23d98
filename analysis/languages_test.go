package analysis

import (
	"slices"
	"strings"
	"testing"

	"pgnls/pgn"
)

// The source action "Translate this game from …" is offered when exactly
// one translation of the piece letters makes every move of every line
// legal; languages with the same letters are one translation, and the
// moveLanguage setting names the one language to try.
func TestTranslateGame(t *testing.T) {
	const german = "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 (3... Sf6 4. O-O) 4. La4 Sf6 5. O-O Le7 6. Te1 b5 7. Lb3 d6 8. c3 O-O 9. h3 Sb8 10. d4 Sbd7 11. De2 c5 12. d5 Dc7 *\n"
	const english = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 (3... Nf6 4. O-O) 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. Qe2 c5 12. d5 Qc7 *\n"
	const french = "1. e4 e5 2. Cf3 Cc6 3. Fb5 a6 4. Fa4 Cf6 5. O-O Fe7 6. Te1 b5 7. Fb3 d6 8. c3 O-O 9. h3 Cb8 10. d4 Cbd7 11. De2 c5 12. d5 Dc7 13. Rh1 *\n"
	const frenchInEnglish = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. Qe2 c5 12. d5 Qc7 13. Kh1 *\n"
	cases := []struct {
		name, movetext, language string
		title, want              string // title "": no action
	}{
		{"German, Danish, Norwegian and Swedish share their letters", german, "", "Translate this game from Danish, German, Norwegian or Swedish", english},
		{"the setting names German", german, "German", "Translate this game from German", english},
		{"the setting in another case", german, "swedish", "Translate this game from Swedish", english},
		{"the setting names a language the game is not in", german, "French", "", ""},
		{"French, whose R is the king", french, "", "Translate this game from French", frenchInEnglish},
		{"an illegal move in any language", strings.Replace(german, "12. d5", "12. d6", 1), "", "", ""},
		{"Italian and Spanish tell no bishop from a French one here", "1. e4 e5 2. Cf3 Cc6 3. d4 exd4 4. Cxd4 Dh4 *\n", "", "Translate this game from French, Italian, Portuguese, Romanian or Spanish", "1. e4 e5 2. Nf3 Nc6 3. d4 exd4 4. Nxd4 Qh4 *\n"},
		{"two translations: S is the German knight and the Czech bishop", "1. e3 e5 2. Se2 *\n", "", "", ""},
		{"the setting chooses between them", "1. e3 e5 2. Se2 *\n", "Czech", "Translate this game from Czech", "1. e3 e5 2. Be2 *\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := str + c.movetext
			f := pgn.Parse(src)
			var found []Action
			for _, a := range Actions(f, 0, pgn.Pos(len(src)), ActionOptions{MoveLanguage: c.language}) {
				if a.Kind == KindTranslateGame {
					found = append(found, a)
				}
			}
			if c.title == "" {
				if len(found) != 0 {
					t.Fatalf("actions %+v, want none", found)
				}
				return
			}
			if len(found) != 1 || found[0].Title != c.title || found[0].Preferred {
				t.Fatalf("actions %+v, want one %q, not preferred", found, c.title)
			}
			if got := applyActionEdits(t, src, found[0].Edits); got != str+c.want {
				t.Errorf("translated:\n%s\nwant:\n%s", got, str+c.want)
			}
			if diags := CheckFile(pgn.Parse(str + c.want)); len(diags) != 0 {
				t.Errorf("the translation has diagnostics: %v", diags)
			}
		})
	}
}

// The foreign-piece error names the languages the letter is a piece of, the
// readings that are legal first, with the move in SAN.
func TestForeignPieceMessage(t *testing.T) {
	cases := []struct{ movetext, want string }{
		{"1. e4 e5 2. Sf3 *\n", `2.Sf3: "S" is not a piece letter of SAN, which writes K, Q, R, B and N; it is the knight in Danish, German, Norwegian, Polish and Swedish (Nf3 here), the bishop in Czech (Bf3, not legal here)`},
		{"1. d4 d5 2. Dd3 *\n", `2.Dd3: "D" is not a piece letter of SAN, which writes K, Q, R, B and N; it is the queen in Czech, Danish, Dutch, Finnish, French, German, Icelandic, Italian, Norwegian, Portuguese, Romanian, Spanish and Swedish (Qd3 here)`},
		{"1. e4 e5 2. Jf3 *\n", `it is the knight in Czech (Nf3 here)`},
		{"1. e4 e5 2. Hf3 *\n", `it is the knight in Hungarian (Nf3 here), the queen in Polish (Qf3 here), the rook in Icelandic (Rf3, not legal here)`},
	}
	for _, c := range cases {
		f := pgn.Parse(str + c.movetext)
		diags := CheckFile(f)
		i := slices.IndexFunc(diags, func(d Diagnostic) bool { return d.Code == CodeForeignPiece })
		if i < 0 || !strings.Contains(diags[i].Message, c.want) {
			t.Errorf("%q: diagnostics %v, want a foreign-piece error containing %q", c.movetext, diags, c.want)
		}
	}
}

func TestMoveLanguage(t *testing.T) {
	for name, want := range map[string]string{"German": "German", "german": "German", "POLISH": "Polish", "": "", "English": "", "Klingon": ""} {
		got, ok := MoveLanguage(name)
		if got != want || ok != (want != "") {
			t.Errorf("MoveLanguage(%q) = %q, %v; want %q", name, got, ok, want)
		}
	}
	if names := MoveLanguages(); len(names) != 16 || names[0] != "Czech" || names[15] != "Swedish" {
		t.Errorf("MoveLanguages() = %v", names)
	}
}
