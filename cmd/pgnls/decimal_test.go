package main

import (
	"bufio"
	"bytes"
	"strconv"
	"testing"

	"pgnls/analysis"
)

// TestAppendDecimal compares appendDecimal with strconv.AppendInt around
// every length of number and its fall-backs.
func TestAppendDecimal(t *testing.T) {
	ns := []int{-1 << 62, -100, -1, 0, 1e8 - 1, 1e8, 1e8 + 1, 1<<63 - 1}
	for p := 1; p < 1e9; p *= 10 {
		for _, d := range []int{-2, -1, 0, 1, 2, 7, 42} {
			ns = append(ns, p+d, 9*p+d)
		}
	}
	for n := 0; n < 20000; n++ {
		ns = append(ns, n)
	}
	for _, n := range ns {
		prefix := []byte("x:")
		if got, want := string(appendDecimal(prefix, n)), string(strconv.AppendInt(prefix, int64(n), 10)); got != want {
			t.Errorf("appendDecimal(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestTextDiagnosticWrites checks the text form of diagnostics written to
// a plain writer and to buffered writers whose free space is large, small
// (the line outgrows it) or used up, which summary.write builds in place.
func TestTextDiagnosticWrites(t *testing.T) {
	diags := []analysis.Diagnostic{
		{Severity: analysis.Warning, Code: analysis.CodeMissingTag, Message: "missing Seven Tag Roster tags: Event"},
		{Severity: analysis.Error, Code: analysis.CodeIllegalMove, Message: "Nf3 is not legal here"},
	}
	want := "a.pgn:120035:8: warning: missing Seven Tag Roster tags: Event [missing-tag]\n" +
		"a.pgn:9:1: error: Nf3 is not legal here [illegal-move]\n"
	lines := []struct{ line, col int }{{120034, 7}, {8, 0}}
	for _, size := range []int{0, 16, 40, 100, 4096} {
		var out bytes.Buffer
		var s summary
		if size == 0 {
			for i := range diags {
				s.write(&out, "a.pgn", lines[i].line, lines[i].col, 0, 0, 1, &diags[i], &checkOptions{})
			}
		} else {
			w := bufio.NewWriterSize(&out, size)
			for i := range diags {
				s.write(w, "a.pgn", lines[i].line, lines[i].col, 0, 0, 1, &diags[i], &checkOptions{})
			}
			w.Flush()
		}
		if got := out.String(); got != want {
			t.Errorf("buffer %d: wrote %q, want %q", size, got, want)
		}
		if s.errors != 1 || s.warnings != 1 {
			t.Errorf("buffer %d: counted %d errors, %d warnings, want 1 and 1", size, s.errors, s.warnings)
		}
	}
}
