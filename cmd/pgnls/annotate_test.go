package main

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"pgnls/analysis/uci/ucitest"
	"pgnls/pgn/pgntest"
)

var updateAnnotate = flag.Bool("update-annotate", false, "rewrite testdata/annotate/*.golden.pgn")

// TestAnnotateGolden annotates the games of testdata/annotate with the fake
// engine: the NAGs, the engine's lines as variations, the [%eval] comments
// (one replaced, in a comment that keeps its words), a variant's game left
// as it is, and no evaluation after a mate.
func TestAnnotateGolden(t *testing.T) {
	fake := ucitest.New(t, ucitest.Normal)
	in := filepath.Join("..", "..", "testdata", "annotate", "games.pgn")
	golden := strings.TrimSuffix(in, ".pgn") + ".golden.pgn"
	var stdout, stderr bytes.Buffer
	status := run([]string{"annotate", "--nodes", "1000", "--engine", fake.Executable(t), in}, nil, &stdout, &stderr)
	if status != 0 {
		t.Fatalf("status %d: %s", status, stderr.String())
	}
	if *updateAnnotate {
		if err := os.WriteFile(golden, stdout.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if stdout.String() != string(want) {
		t.Errorf("annotate gave:\n%s\nwant (%s):\n%s", stdout.String(), golden, want)
	}
	for _, line := range []string{
		"game 2: not analysed: the game is of the variant \"Giveaway\"",
		"2 games, 11 moves analysed (11 positions searched)", "2 blunders, 0 mistakes, 0 inaccuracies",
	} {
		if !strings.Contains(stderr.String(), line) {
			t.Errorf("standard error %q: no %q", stderr.String(), line)
		}
	}
	// The result is what pgnls check reads without an error.
	var checkOut bytes.Buffer
	if status := run([]string{"check", "-"}, strings.NewReader(stdout.String()), &checkOut, &checkOut); status != 0 {
		t.Errorf("pgnls check of the annotated games: status %d\n%s", status, checkOut.String())
	}
}

// TestAnnotateWithoutEngineFailsClearly: a missing engine is said so, with
// status 2, and the file is not touched by -w.
func TestAnnotateWithoutEngineFailsClearly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.pgn")
	text := "1. e4 e5 *\n"
	os.WriteFile(path, []byte(text), 0o644)
	var stdout, stderr bytes.Buffer
	status := run([]string{"annotate", "-w", "--engine", "/nonexistent/stockfish", path}, nil, &stdout, &stderr)
	if status != statusError || !strings.Contains(stderr.String(), "/nonexistent/stockfish does not exist") {
		t.Errorf("status %d, stderr %q", status, stderr.String())
	}
	if data, _ := os.ReadFile(path); string(data) != text {
		t.Errorf("the file became %q", data)
	}
}

// TestAnnotateBinaryWritesInPlace runs the built binary with -w.
func TestAnnotateBinaryWritesInPlace(t *testing.T) {
	fake := ucitest.New(t, ucitest.Normal)
	path := filepath.Join(t.TempDir(), "g.pgn")
	os.WriteFile(path, []byte("1. e4 e5 2. Nf3 Qh4 3. Nxh4 *\n"), 0o644)
	cmd := exec.Command(pgntest.Binary(t), "annotate", "-w", "--nodes", "500", "--engine", fake.Executable(t), path)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	data, _ := os.ReadFile(path)
	if !strings.Contains(string(data), "Qh4 $4 { [%eval ") {
		t.Errorf("the file is now %q, want Qh4 marked $4 with its evaluation", data)
	}
}

func TestAnnotateThresholdsFlag(t *testing.T) {
	fake := ucitest.New(t, ucitest.Normal)
	for _, tt := range []struct {
		flag, stderr string
		status       int
	}{
		{"5,10,15", "1 blunder", 0},
		{"50,60,99", "0 blunders, 0 mistakes, 0 inaccuracies", 0}, // the queen's loss costs under 99 points
		{"5,10", "want three numbers", statusError},
		{"20,10,15", "must rise", statusError},
	} {
		var stdout, stderr bytes.Buffer
		status := run([]string{"annotate", "--thresholds", tt.flag, "--nodes", "1000", "--engine", fake.Executable(t), "-"},
			strings.NewReader("1. e4 e5 2. Nf3 Qh4 3. Nxh4 *\n"), &stdout, &stderr)
		if status != tt.status || !strings.Contains(stderr.String(), tt.stderr) {
			t.Errorf("--thresholds %s: status %d, stderr %q; want %d and %q", tt.flag, status, stderr.String(), tt.status, tt.stderr)
		}
	}
}
