// Package pgntest is the test support shared by the tests of every package
// of pgnls: the shared corpus, the fixtures, the parser of the notes that
// marker tests carry in their ';' comments, and the pgnls binary that the
// end-to-end tests run.
//
// It imports no other package of pgnls, so that the tests of package pgn
// itself may use it. It is not under an internal/ folder because the tests
// of cmd, lsp, analysis and editors all import it, and the one internal/
// they could all see would be a top-level folder, beside the ones the
// project allows; nothing but tests imports it.
package pgntest

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"
)

// SevenTags is the Seven Tag Roster with unknown values, on lines of its
// own, and the empty line that ends a tag section.
const SevenTags = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n"

// SevenTagsOf is SevenTags with named players (a player's name can be
// renamed, where "?" cannot).
func SevenTagsOf(white, black string) string {
	return strings.Replace(strings.Replace(SevenTags, `[White "?"]`, `[White "`+white+`"]`, 1), `[Black "?"]`, `[Black "`+black+`"]`, 1)
}

// ModuleRoot returns the folder of the module's go.mod, found from the
// working directory up (a test runs in its package's folder).
func ModuleRoot(tb testing.TB) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Fatal("no go.mod above the working directory")
		}
		dir = parent
	}
}

// CorpusDir returns the shared folder of real PGN files, beside the project
// (../shared/corpus from the module root), and whether it is there.
func CorpusDir(tb testing.TB) (string, bool) {
	tb.Helper()
	dir := filepath.Join(ModuleRoot(tb), "..", "shared", "corpus")
	info, err := os.Stat(dir)
	return dir, err == nil && info.IsDir()
}

// CorpusFiles returns the paths of the corpus's .pgn files, in a fixed
// order, or skips the test, saying why, when the shared folder is absent or
// holds none.
func CorpusFiles(tb testing.TB) []string {
	tb.Helper()
	files := OptionalCorpusFiles(tb)
	if files == nil {
		tb.Skip("../shared/corpus not found: the corpus tests need the shared folder beside the project")
	}
	return files
}

// OptionalCorpusFiles is CorpusFiles for the tests that also run without
// the corpus: nil (and a line in the test's log) when it is absent.
func OptionalCorpusFiles(tb testing.TB) []string {
	tb.Helper()
	dir, ok := CorpusDir(tb)
	if !ok {
		tb.Log("../shared/corpus not found: the test runs on the project's own files only")
		return nil
	}
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.EqualFold(filepath.Ext(path), ".pgn") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	if len(files) == 0 {
		tb.Logf("no .pgn files under %s", dir)
		return nil
	}
	sort.Strings(files)
	return files
}

// CorpusText returns the corpus files concatenated, each ending with an
// empty line, or skips the test when the corpus is absent.
func CorpusText(tb testing.TB) string {
	tb.Helper()
	var sb strings.Builder
	for _, path := range CorpusFiles(tb) {
		data, err := os.ReadFile(path)
		if err != nil {
			tb.Fatal(err)
		}
		sb.Write(data)
		if len(data) > 0 && data[len(data)-1] != '\n' {
			sb.WriteByte('\n')
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// ProjectFile returns the path of a file of the project, given relative to
// the module root ("testdata/games/classics.pgn"), wherever the test runs.
func ProjectFile(tb testing.TB, rel string) string {
	tb.Helper()
	return filepath.Join(ModuleRoot(tb), filepath.FromSlash(rel))
}

// ReadText returns the text of a PGN file as the CLI reads it: UTF-8 when it
// is valid UTF-8, Latin-1 otherwise.
func ReadText(tb testing.TB, path string) string {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	if utf8.Valid(data) {
		return string(data)
	}
	runes := make([]rune, len(data))
	for i, b := range data {
		runes[i] = rune(b)
	}
	return string(runes)
}

// FuzzSeedFiles returns the contents of the project's small test files
// (testdata/*/*.pgn under 16 KB), the seeds of the fuzz targets; decode
// them with pgn.DecodeText.
func FuzzSeedFiles(tb testing.TB) [][]byte {
	tb.Helper()
	files, _ := filepath.Glob(filepath.Join(ModuleRoot(tb), "testdata", "*", "*.pgn"))
	var out [][]byte
	for _, name := range files {
		if data, err := os.ReadFile(name); err == nil && len(data) < 16<<10 {
			out = append(out, data)
		}
	}
	return out
}
