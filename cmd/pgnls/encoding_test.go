package main

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"

	"pgnls/pgn"
)

// utf16File is a file's bytes in UTF-16: text in byte order enc, after a
// byte order mark when bom is set.
func utf16File(t *testing.T, text string, enc pgn.Encoding, bom bool) []byte {
	t.Helper()
	if bom {
		text = "\uFEFF" + text
	}
	data, ok := pgn.AppendUTF16(nil, text, enc)
	if !ok {
		t.Fatalf("%q is not UTF-8", text)
	}
	return data
}

// messyUTF16 is a game to format, with characters outside Latin-1 and
// outside the Basic Multilingual Plane, and tidyUTF16 its formatted text.
const (
	messyUTF16 = "[White \"Пётр\"] [Event \"E\"]\n1.e4 {♔ 💎} e5 2.Ke3 *\n"
	tidyUTF16  = "[Event \"E\"]\n[White \"Пётр\"]\n\n1. e4 { ♔ 💎 } 1... e5 2. Ke3 *\n\n"
)

// TestFmtWritesUTF16Back: a UTF-16 file, in either byte order, with or
// without a byte order mark, is formatted back into UTF-16 of the same
// kind (it was read as Latin-1 and rewritten before), to standard output
// and with -w; formatting it again changes nothing; -d shows its text in
// UTF-8; --utf8 writes UTF-8.
func TestFmtWritesUTF16Back(t *testing.T) {
	dir := t.TempDir()
	for _, enc := range []pgn.Encoding{pgn.UTF16LE, pgn.UTF16BE} {
		for _, bom := range []bool{false, true} {
			name := enc.String() + map[bool]string{false: "", true: "-bom"}[bom]
			path := writeFile(t, dir, name+".pgn", utf16File(t, messyUTF16, enc, bom))
			want := string(utf16File(t, tidyUTF16, enc, bom))
			bomText := map[bool]string{false: "", true: "\uFEFF"}[bom]
			if r := runPgnls(t, runOptions{}, "fmt", path); r.code != 0 || r.stdout != want {
				t.Errorf("%s: fmt: exit %d, stderr %q, stdout %q; want %q", name, r.code, r.stderr, r.stdout, want)
			}
			r := runPgnls(t, runOptions{}, "fmt", "-d", path)
			if r.code != 1 || !strings.Contains(r.stdout, "\n+[White \"Пётр\"]\n") || !strings.Contains(r.stdout, "\n-"+bomText+"[White \"Пётр\"] [Event \"E\"]\n") {
				t.Errorf("%s: fmt -d: exit %d, stdout %q; want the diff of the text in UTF-8", name, r.code, r.stdout)
			}
			if r := runPgnls(t, runOptions{}, "fmt", "-w", path); r.code != 0 || readFileForTest(t, path) != want {
				t.Errorf("%s: fmt -w: exit %d, stderr %q, wrote %q; want %q", name, r.code, r.stderr, readFileForTest(t, path), want)
			}
			if r := runPgnls(t, runOptions{}, "fmt", "-l", path); r.code != 0 || r.stdout != "" {
				t.Errorf("%s: formatted UTF-16 is not left as it is: exit %d, %q", name, r.code, r.stdout)
			}
			if r := runPgnls(t, runOptions{}, "fmt", "--utf8", path); r.code != 0 || r.stdout != bomText+tidyUTF16 {
				t.Errorf("%s: fmt --utf8: exit %d, stdout %q", name, r.code, r.stdout)
			}
		}
	}
}

// TestCheckReadsUTF16: a UTF-16 file is checked with positions in
// characters, as any file, and a notice that says how it was read.
func TestCheckReadsUTF16(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		enc    pgn.Encoding
		bom    bool
		notice string
		col    string // of 2. Ke3: line 1 holds the mark, when there is one
	}{
		{pgn.UTF16LE, false, "the file is UTF-16 (little-endian, without a byte order mark): it was read as UTF-16, and pgnls fmt writes it back so", ":2:17:"},
		{pgn.UTF16BE, true, "the file is UTF-16 (big-endian, with a byte order mark): it was read as UTF-16, and pgnls fmt writes it back so", ":2:17:"},
	} {
		path := writeFile(t, dir, tt.enc.String()+".pgn", utf16File(t, messyUTF16, tt.enc, tt.bom))
		r := runPgnls(t, runOptions{}, "check", path)
		wantFirst := path + ":1:1: information: " + tt.notice + " [encoding]\n"
		if r.code != 1 || !strings.HasPrefix(r.stdout, wantFirst) || !strings.Contains(r.stdout, "\n"+path+tt.col+" error: 2.Ke3 is illegal") {
			t.Errorf("%v: exit %d, stdout:\n%s\nwant first %q and Ke3 at %s", tt.enc, r.code, r.stdout, wantFirst, tt.col)
		}
	}
}

// TestFmtRefusesInvalidUTF16: a file that starts like UTF-16 but is not
// valid UTF-16 (an unpaired surrogate) is refused by fmt -w, with the byte
// where it goes wrong, and left as it was: decoding it would lose the bad
// code unit.
func TestFmtRefusesInvalidUTF16(t *testing.T) {
	path := writeFile(t, t.TempDir(), "bad.pgn", append(utf16File(t, messyUTF16, pgn.UTF16LE, false), 0x00, 0xDC))
	before := readFileForTest(t, path)
	for _, args := range [][]string{{"fmt", "-w"}, {"check"}} {
		r := runPgnls(t, runOptions{}, append(args, path)...)
		offset := len(utf16File(t, messyUTF16, pgn.UTF16LE, false))
		want := "the file looks like UTF-16LE but is not valid UTF-16LE: a low surrogate without a high one before it at byte " + strconv.Itoa(offset)
		if r.code != 2 || !strings.Contains(r.stderr, want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", args, r.code, r.stderr, want)
		}
	}
	if after := readFileForTest(t, path); after != before {
		t.Error("the file changed")
	}
}

// TestCheckDoesNotTakeNULsForUTF16: NUL bytes in a UTF-8 file, or a file
// of nothing else, are not UTF-16.
func TestCheckDoesNotTakeNULsForUTF16(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile("../../testdata/hostile/30-nul-bytes.pgn")
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"nul.pgn": data, "zeros.pgn": bytes.Repeat([]byte{0}, 4096)} {
		r := runPgnls(t, runOptions{}, "check", writeFile(t, dir, name, data))
		if r.code != 1 || strings.Contains(r.stdout, "UTF-16") || !strings.Contains(r.stdout, "NUL byte in the text") {
			t.Errorf("%s: exit %d, stdout %q", name, r.code, r.stdout)
		}
	}
}
