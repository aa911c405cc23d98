package analysis

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"pgnls/pgn"
	"pgnls/pgn/pgntest"
)

// commandDiagnostics returns the command warnings of every game of src.
func commandDiagnostics(src string) (*pgn.File, []Diagnostic) {
	f := pgn.Parse(src)
	var ds []Diagnostic
	for _, g := range f.Games {
		ds = AppendCommandDiagnostics(ds, g)
	}
	return f, ds
}

func TestCommandClocksReadWhatExportsWrite(t *testing.T) {
	cases := []struct {
		in      string
		want    time.Duration
		problem string // a part of the error; "" for none
	}{
		{"0:03:00", 3 * time.Minute, ""},                                 // lichess
		{"0:02:58.6", 2*time.Minute + 58600*time.Millisecond, ""},        // chess.com
		{"1:05:23", time.Hour + 5*time.Minute + 23*time.Second, ""},      // the Supplement
		{"23:59:48", 23*time.Hour + 59*time.Minute + 48*time.Second, ""}, // a daily game
		{"71:59:00", 71*time.Hour + 59*time.Minute, ""},                  // three days a move
		{"0:00:05.25", 5250 * time.Millisecond, ""},                      // hundredths
		{"01:05:23", time.Hour + 5*time.Minute + 23*time.Second, ""},     // two-digit hours
		{"0:2:61", 0, "61 seconds"},
		{"0:61:00", 0, "61 minutes"},
		{"0:2:30", 0, "two digits"},
		{"0:03:5", 0, "two digits"},
		{"3:00", 0, "h:mm:ss"},
		{"", 0, "h:mm:ss"},
		{"abc", 0, "h:mm:ss"},
		{"0:03:00.", 0, "h:mm:ss"},
		{"0:03:0a", 0, "h:mm:ss"},
		{"-0:03:00", 0, "h:mm:ss"},
		{"0:03:00:00", 0, "h:mm:ss"},
	}
	for _, tc := range cases {
		got, err := ParseClock(tc.in)
		switch {
		case tc.problem == "" && err != nil:
			t.Errorf("ParseClock(%q): %v", tc.in, err)
		case tc.problem == "" && got != tc.want:
			t.Errorf("ParseClock(%q) = %v, want %v", tc.in, got, tc.want)
		case tc.problem != "" && (err == nil || !strings.Contains(err.Error(), tc.problem)):
			t.Errorf("ParseClock(%q): error %v, want one about %q", tc.in, err, tc.problem)
		}
	}
}

func TestCommandDurationsFormat(t *testing.T) {
	cases := []struct {
		d            time.Duration
		clock, human string
	}{
		{3 * time.Minute, "0:03:00", "3 min"},
		{2*time.Minute + 58600*time.Millisecond, "0:02:58.6", "2 min 58.6 s"},
		{8 * time.Second, "0:00:08", "8 s"},
		{5250 * time.Millisecond, "0:00:05.25", "5.25 s"},
		{time.Hour + 5*time.Minute + 23*time.Second, "1:05:23", "1 h 5 min 23 s"},
		{time.Hour + 3*time.Second, "1:00:03", "1 h 3 s"},
		{0, "0:00:00", "0 s"},
		{-1200 * time.Millisecond, "-0:00:01.2", "-1.2 s"},
	}
	for _, tc := range cases {
		if got := FormatClock(tc.d); got != tc.clock {
			t.Errorf("FormatClock(%v) = %q, want %q", tc.d, got, tc.clock)
		}
		if got := HumanDuration(tc.d); got != tc.human {
			t.Errorf("HumanDuration(%v) = %q, want %q", tc.d, got, tc.human)
		}
	}
}

func TestCommandEvalReadsPawnsAndMates(t *testing.T) {
	cases := []struct {
		in   string
		want string // Describe, or "error"
	}{
		{"0.35", "+0.35: White is better by 0.35 pawns"},
		{"-1.20", "-1.20: Black is better by 1.2 pawns"},
		{"+1", "+1.00: White is better by 1 pawn"},
		{".5", "+0.50: White is better by 0.5 pawns"},
		{"0.00", "0.00: equal"},
		{"#3", "#3: White mates in 3"},
		{"#+2", "#2: White mates in 2"},
		{"#-3", "#-3: Black mates in 3"},
		{"#-3,20", "#-3: Black mates in 3 (depth 20)"},
		{"0.35,20", "+0.35: White is better by 0.35 pawns (depth 20)"},
		{"#0", "#0: mate on the board"},
		{"", "error"},
		{"abc", "error"},
		{"#", "error"},
		{"#x", "error"},
		{"#--3", "error"},
		{"0.3.5", "error"},
		{"--1", "error"},
		{"1,", "error"},
		{"1,x", "error"},
		{"M3", "error"},
	}
	for _, tc := range cases {
		e, err := ParseEval(tc.in)
		got := "error"
		if err == nil {
			got = e.Describe()
		}
		if got != tc.want {
			t.Errorf("ParseEval(%q): %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestCommandTimeControlArithmetic(t *testing.T) {
	type allowance struct {
		from, to int
		want     time.Duration
	}
	cases := []struct {
		value string
		kind  TimeControlKind
		start time.Duration
		allow []allowance
	}{
		{"300+3", TimeControlPeriods, 300 * time.Second, []allowance{{0, 1, 3 * time.Second}, {5, 10, 15 * time.Second}, {7, 7, 0}}},
		{"180", TimeControlPeriods, 180 * time.Second, []allowance{{0, 1, 0}, {10, 60, 0}}},
		{"40/7200:3600", TimeControlPeriods, 2 * time.Hour, []allowance{
			{38, 39, 0}, {39, 40, time.Hour}, {40, 41, time.Hour}, {41, 42, 0}, {100, 140, 0}}},
		{"40/5400+30:1800+30", TimeControlPeriods, 90 * time.Minute, []allowance{
			{38, 39, 30 * time.Second}, {39, 40, 30*time.Minute + 30*time.Second}, {41, 42, 30 * time.Second}}},
		// The last period of a number of moves repeats.
		{"40/9000", TimeControlPeriods, 9000 * time.Second, []allowance{{79, 80, 9000 * time.Second}, {80, 81, 9000 * time.Second}, {81, 82, 0}}},
		{"40/7200:20/3600", TimeControlPeriods, 2 * time.Hour, []allowance{{59, 60, time.Hour}, {79, 80, time.Hour}, {69, 70, 0}}},
		{"1/86400", TimeControlPeriods, 86400 * time.Second, []allowance{{4, 5, 2 * 86400 * time.Second}}},
		{"*180", TimeControlSandclock, 90 * time.Second, []allowance{{0, 1, 0}}},
		{"-", TimeControlNone, 0, nil},
		{"?", TimeControlUnknown, 0, nil},
	}
	for _, tc := range cases {
		got, err := ParseTimeControl(tc.value)
		if err != nil {
			t.Errorf("%q: %v", tc.value, err)
			continue
		}
		if got.Kind != tc.kind || got.Start() != tc.start {
			t.Errorf("%q: kind %d, start %v; want %d, %v", tc.value, got.Kind, got.Start(), tc.kind, tc.start)
		}
		for _, a := range tc.allow {
			if d := got.Allowance(a.from, a.to); d != a.want {
				t.Errorf("%q: Allowance(%d, %d) = %v, want %v", tc.value, a.from, a.to, d, a.want)
			}
		}
	}
	for _, bad := range []string{"", "300+", "40/", "0/300", "/300", "300:40/7200", "abc", "5 min", "*", "+3"} {
		if _, err := ParseTimeControl(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// A game with a Seven Tag Roster, more tags, and movetext.
func commandGame(tags, moves string) string {
	return strings.TrimSuffix(pgntest.SevenTags, "\n") + tags + "\n" + moves + " *\n"
}

const startFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"

// TestCommandDiagnostics lists, for each game, the command warnings it
// must get: the bytes each covers and a part of its message.
func TestCommandDiagnostics(t *testing.T) {
	type want struct{ text, contains string }
	cases := []struct {
		name, tags, moves string
		want              []want
	}{
		{"clock seconds", `[TimeControl "180"]`, "1. e4 {[%clk 0:2:61]}", []want{{"0:2:61", `clock "0:2:61": 61 seconds: the seconds go from 00 to 59`}}},
		{"clock digits", "", "1. e4 {[%clk 0:2:30]}", []want{{"0:2:30", "two digits"}}}, // the replacement: TestCommandPaddedClockReplacement
		{"clock empty", "", "1. e4 {[%clk]}", []want{{"[%clk]", "[%clk] has no clock"}}},
		{"clock not closed", "", "1. e4 { [%clk 0:01:00 }", []want{{"[%clk 0:01:00", "not closed"}}},
		{"eval", "", "1. e4 {[%eval abc]}", []want{{"abc", "an evaluation is pawns from White's side"}}},
		{"eval depth", "", "1. e4 {[%eval 0.3,x]}", []want{{"0.3,x", "depth"}}},
		{"colour", "", "1. e4 {[%cal Zz9]}", []want{{"Zz9", `"Z" is not a colour`}}},
		{"square", "", "1. e4 {[%csl Gz9,Rd4]}", []want{{"Gz9", "z9 is not a square"}}},
		{"short arrow", "", "1. e4 {[%cal Ge2]}", []want{{"Ge2", "an arrow is a colour and two squares"}}},
		{"arrow in csl", "", "1. e4 {[%csl Ge2e4]}", []want{{"Ge2e4", "a square mark is a colour and a square"}}},
		{"arrow to itself", "", "1. e4 {[%cal Ge2e4,Ge4e4]}", []want{{"Ge4e4", "an arrow from e4 to e4 itself"}}},
		{"no arrows", "", "1. e4 {[%cal ]}", []want{{"[%cal ]", "lists no arrows"}}},
		{"shapes with blanks", "", "1. e4 {[%cal Ge2e4, Rd1d8 Bb1c3]} {[%csl\nRd4]}", nil},
		{"egt falls", "", "1. e4 {[%egt 0:00:10]} e5 2. d4 {[%egt 0:00:05]}", []want{{"0:00:05", "White's elapsed game time falls from 0:00:10"}}},
		{"mct", "", "1. e4 {[%mct 25:10:42]} e5 {[%mct 17:10:42]}", []want{{"25:10:42", "00 to 23"}}},
		{"emt", "", "1. e4 {[%emt 0:00:5]} e5 {[%emt 0:00:05]}", []want{{"0:00:5", "move time"}}},
		{"timestamp", "", "1. e4 {[%timestamp 12]} e5 {[%timestamp 1.5]}", []want{{"1.5", "whole number"}}},
		{"evp", "", "{[%evp 9,181,-95,-86]} 1. e4 {[%evp 9,x]}", []want{{"x", "evaluation profile"}}},
		{"unknown commands", "", "1. e4 {[%mdl 8192] [%foo] [%Clk nonsense] [% clk 0:2:61]}", nil},

		// Clocks against the time control.
		{"rise without increment", `[TimeControl "180"]`,
			"1. e4 {[%clk 0:03:00]} e5 {[%clk 0:03:00]} 2. Nf3 {[%clk 0:02:50]} Nc6 {[%clk 0:02:30]} 3. Bb5 {[%clk 0:02:55]}",
			[]want{{"0:02:55", `White's clock rises from 0:02:50 (after 2. Nf3) to 0:02:55, but TimeControl "180" adds no time (unless time was added to it)`}}},
		{"rise reads like the other side's clock", `[TimeControl "180"]`,
			"1. e4 {[%clk 0:03:00]} e5 {[%clk 0:03:00]} 2. Nf3 {[%clk 0:02:50]} Nc6 {[%clk 0:02:58]} 3. Bb5 {[%clk 0:02:57]}",
			[]want{{"0:02:57", "is it Black's clock (0:02:58 after 2... Nc6)?"}}},
		{"rise beyond the increment", `[TimeControl "180+2"]`,
			"1. e4 {[%clk 0:03:00]} e5 {[%clk 0:03:00]} 2. Nf3 {[%clk 0:02:50]} Nc6 {[%clk 0:02:00]} 3. Bb5 {[%clk 0:02:56]}",
			[]want{{"0:02:56", `by 6 s, more than the 2 s TimeControl "180+2" adds`}}},
		{"rise from the start", `[TimeControl "180"]`, "1. e4 {[%clk 0:03:30]}",
			[]want{{"0:03:30", "White's clock rises from the 0:03:00 it starts with to 0:03:30"}}},
		{"start from the tags", "[TimeControl \"180\"]\n[WhiteClock \"0:01:00\"]", "1. e4 {[%clk 0:02:00]} e5 {[%clk 0:02:00]}",
			[]want{{"0:02:00", "rises from the 0:01:00 it starts with"}}},
		{"increments", `[TimeControl "180+2"]`, "1. e4 {[%clk 0:03:02]} e5 {[%clk 0:03:00]} 2. Nf3 {[%clk 0:03:03]} Nc6 {[%clk 0:03:01]}", nil},
		{"a second of rounding", `[TimeControl "180"]`, "1. e4 {[%clk 0:02:59]} e5 2. Nf3 {[%clk 0:03:00]}", nil},
		{"two clocks for one move", `[TimeControl "180+2"]`, "1. e4 {[%clk 0:02:50] [%clk 0:02:55]}",
			[]want{{"0:02:55", "rises from 0:02:50 (after 1. e4) to 0:02:55, but"}}},
		{"a period ends", "[TimeControl \"40/7200:3600\"]\n[SetUp \"1\"]\n[FEN \"" + startFEN + " w KQkq - 0 39\"]",
			"39. Nf3 {[%clk 0:01:00]} Nf6 {[%clk 0:01:00]} 40. Ng1 {[%clk 1:00:30]} Ng8 {[%clk 1:00:50]} 41. Nf3 {[%clk 0:59:00]}", nil},
		{"a period does not end", "[TimeControl \"40/7200:3600\"]\n[SetUp \"1\"]\n[FEN \"" + startFEN + " w KQkq - 0 37\"]",
			"37. Nf3 {[%clk 0:10:00]} Nf6 38. Ng1 {[%clk 1:09:00]}", []want{{"1:09:00", `TimeControl "40/7200:3600" adds no time`}}},
		{"black to move in the FEN", "[TimeControl \"40/7200:3600\"]\n[SetUp \"1\"]\n[FEN \"" + startFEN + " b KQkq - 0 40\"]",
			"40... Nf6 {[%clk 1:30:00]} 41. Nf3 {[%clk 2:00:00]} 41... Ng8 {[%clk 3:00:00]}",
			[]want{{"3:00:00", `Black's clock rises from 1:30:00 (after 40... Nf6) to 3:00:00, by 1 h 30 min, more than the 1 h TimeControl`}}},
		{"a variation starts from the clocks before the move it replaces", `[TimeControl "180"]`,
			"1. e4 {[%clk 0:03:00]} e5 {[%clk 0:03:00]} 2. Nf3 {[%clk 0:02:50]} (2. d4 {[%clk 0:02:55]} d5 {[%clk 0:02:59]} (2... c5 {[%clk 0:03:05]})) 2... Nc6 {[%clk 0:02:58]} 3. Bb5 {[%clk 0:02:49]}",
			[]want{{"0:03:05", "Black's clock rises from 0:03:00 (after 1... e5) to 0:03:05"}}},
		{"sandclock", `[TimeControl "*180"]`, "1. e4 {[%clk 0:01:00]} e5 {[%clk 0:02:30]} 2. d4 {[%clk 0:03:10]}",
			[]want{{"0:03:10", "more than the 3 min of sand"}}},
		{"no time control", "", "1. e4 {[%clk 0:01:00]} e5 2. d4 {[%clk 0:05:00]}", nil},
		{"unknown time control", `[TimeControl "?"]`, "1. e4 {[%clk 0:01:00]} e5 2. d4 {[%clk 0:05:00]}", nil},
		{"no time control in use", `[TimeControl "-"]`, "1. e4 {[%clk 0:01:00]} e5 2. d4 {[%clk 0:05:00]}", nil},
		{"not a time control", `[TimeControl "90 min + 30 s"]`, "1. e4 {[%clk 0:01:00]} e5 2. d4 {[%clk 0:05:00]}", nil},
		{"a clock before the first move", `[TimeControl "180"]`, "{[%clk 0:09:00]} 1. e4 {[%clk 0:03:00]}", nil},

		// What the sites write (clock values of real exports).
		{"chess.com 600+5", `[TimeControl "600+5"]`,
			"1. e4 {[%clk 0:10:01.7]} 1... d5 {[%clk 0:10:02.2]} 2. exd5 {[%clk 0:10:04]} 2... Nf6 {[%clk 0:10:06.5]} 3. Nc3 {[%clk 0:10:02.3]} 3... Nxd5 {[%clk\n0:10:10.3]} 4. Nxd5 {[%clk 0:10:00.3]} 4... Qxd5 {[%clk 0:10:14.4]}", nil},
		{"chess.com daily", `[TimeControl "1/86400"]`,
			"1. d4 {[%clk 23:59:48]} 1... d5 {[%clk 23:59:17]} 2. Nc3 {[%clk 21:51:54]} 2... Nf6 {[%clk 23:50:13]} 3. f4 {[%clk 23:16:37]} 3... Nc6 {[%clk 23:55:12]} 4. g3 {[%clk 23:52:27]}", nil},
		{"lichess 180+2", `[TimeControl "180+2"]`,
			"1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... e5 { [%eval 0.2] [%clk 0:03:00] } 2. Nf3 { [%eval #-3] [%clk 0:03:01] } 2... Nc6 { [%clk 0:02:58] }", nil},
	}
	for _, tc := range cases {
		src := commandGame(tc.tags, tc.moves)
		_, diags := commandDiagnostics(src)
		var got []want
		for _, d := range diags {
			got = append(got, want{src[d.Pos:d.End], d.Message})
			if d.Code != CodeCommand || d.Severity != Warning || d.Game != 0 {
				t.Errorf("%s: %v: want a warning with code %q on game 0", tc.name, d, CodeCommand)
			}
		}
		ok := len(got) == len(tc.want)
		for i := 0; ok && i < len(got); i++ {
			ok = got[i].text == tc.want[i].text && strings.Contains(got[i].contains, tc.want[i].contains)
		}
		if !ok {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, got, tc.want)
		}
	}
}

// TestCommandPaddedClockReplacement offers the fix of a time whose minutes or
// seconds lack a digit, and none where the fix would be a guess.
func TestCommandPaddedClockReplacement(t *testing.T) {
	for args, want := range map[string]string{
		"[%clk 0:2:30]":   "0:02:30",
		"[%clk 0:2:5.5]":  "0:02:05.5",
		"[%emt 0:00:5]":   "0:00:05",
		"[%egt 1:2:03]":   "1:02:03",
		"[%clk 0:2:61]":   "",
		"[%clk 2:30]":     "",
		"[%mct 9:1:2]":    "",
		"[%clk 0:123:00]": "",
	} {
		_, diags := commandDiagnostics(commandGame("", "1. e4 {"+args+"}"))
		if len(diags) != 1 || diags[0].Replacement != want {
			t.Errorf("%s: %v, want one warning replaced by %q", args, diags, want)
		}
	}
}

// TestCommandFactsForHover checks the arithmetic a hover shows: the time
// each move took, from the clocks and the increment, and the summary.
func TestCommandFactsForHover(t *testing.T) {
	src := commandGame(`[TimeControl "180+2"]`,
		"1. e4 {[%clk 0:03:00]} e5 {[%clk 0:02:58] [%eval 0.3]} 2. Nf3 {[%clk 0:02:54] [%eval -1.5,20] [%cal Ge2e4,Rd1d8]} Nc6 {[%clk 0:02:50.5] [%emt 0:00:09]} 3. Bb5 {[%csl Rd4] [%eval #-3]} (3. d4 {[%clk 0:01:00] [%timestamp 12]})")
	f := pgn.Parse(src)
	gc := AnalyzeCommands(f.Games[0])
	if len(gc.Diagnostics) != 0 {
		t.Fatalf("diagnostics: %v", gc.Diagnostics)
	}
	describe := func(text string) string {
		i := strings.Index(src, text)
		if i < 0 {
			t.Fatalf("%q is not in the game", text)
		}
		fact := gc.At(pgn.Pos(i + len(text)/2))
		if fact == nil {
			t.Fatalf("no command at %q", text)
		}
		return fact.Describe()
	}
	for text, want := range map[string]string{
		"[%clk 0:02:54]":     "White's clock after 2. Nf3: 0:02:54 left (2 min 54 s); the move took 8 s (0:03:00 before, 2 s added)",
		"[%clk 0:02:50.5]":   "Black's clock after 2... Nc6: 0:02:50.5 left (2 min 50.5 s); the move took 9.5 s (0:02:58 before, 2 s added)",
		"[%eval -1.5,20]":    "evaluation after 2. Nf3: -1.50: Black is better by 1.5 pawns (depth 20)",
		"[%cal Ge2e4,Rd1d8]": "arrows: green e2→e4, red d1→d8",
		"[%csl Rd4]":         "squares: red d4",
		"[%emt 0:00:09]":     "Black took 0:00:09 (9 s) over 2... Nc6",
		"[%clk 0:01:00]":     "White's clock after 3. d4: 0:01:00 left (1 min); the move took 1 min 56 s (0:02:54 before, 2 s added)",
		"[%timestamp 12]":    "chess.com's move time after 3. d4: 12 tenths of a second (1.2 s)",
	} {
		if got := describe(text); got != want {
			t.Errorf("%s:\n got %q\nwant %q", text, got, want)
		}
	}
	if gc.At(pgn.Pos(strings.Index(src, "Nf3"))) != nil {
		t.Errorf("a fact at a move")
	}

	s := gc.Summary
	if s.TimeUsed[0] != 10*time.Second || s.TimeUsed[1] != 13500*time.Millisecond || s.TimedMoves[0] != 2 || s.TimedMoves[1] != 2 {
		t.Errorf("time used %v over %v moves, want [10s 13.5s] over [2 2] (the variation does not count)", s.TimeUsed, s.TimedMoves)
	}
	if s.LongestThink == nil || s.LongestThink.Move.Text != "Nc6" || s.Longest != 9500*time.Millisecond {
		t.Errorf("longest think %v of %v, want Nc6's 9.5 s", s.LongestThink, s.Longest)
	}
	if s.SwingFrom == nil || s.SwingFrom.Move.Text != "Bb5" && s.SwingTo.Move.Text != "Bb5" || s.Swing != 8.5 {
		t.Errorf("swing %v, want 8.5 pawns from -1.5 to a mate (ten pawns)", s.Swing)
	}
	want := "White: used 10 s over 2 moves; 0:02:54 left after 2. Nf3\n" +
		"Black: used 13.5 s over 2 moves; 0:02:50.5 left after 2... Nc6\n" +
		"longest think: 9.5 s, 2... Nc6\n" +
		"largest eval swing: -1.50 (2. Nf3) to #-3 (3. Bb5), 8.50 pawns"
	if got := s.Describe(); got != want {
		t.Errorf("summary:\n got %q\nwant %q", got, want)
	}
}

// TestCommandClockArithmeticSpansManyPeriods compares clocks in 1998 variations
// with the one clock of the main line, thousands of moves before: each
// comparison adds every period end between them once.
func TestCommandClockArithmeticSpansManyPeriods(t *testing.T) {
	var b strings.Builder
	b.WriteString("1. e4 {[%clk 0:03:00]} e5 ")
	for i := 2; i < 2000; i++ {
		b.WriteString("Nf3 Nf6 Ng1 (a3 {[%clk 0:02:00]}) Ng8 ")
	}
	g := pgn.Parse(commandGame(`[TimeControl "40/7200:40/3600"]`, b.String())).Games[0]
	gc := AnalyzeCommands(g)
	if len(gc.Facts) != 1+1998 || len(gc.Diagnostics) != 0 {
		t.Fatalf("%d facts and %v", len(gc.Facts), gc.Diagnostics)
	}
	last := gc.Facts[len(gc.Facts)-1].Clock
	// From move 1 to move 3997: 99 period ends at 40, 80, ... 3960, an hour each.
	if !last.HasAdded || last.Added != 99*time.Hour {
		t.Errorf("added %v, want 99 h", last.Added)
	}
}

// TestCommandMarkers runs the command check on testdata/commands/*.pgn,
// whose ';' comments say which warnings each line gets: every warning must
// be claimed by one note, and every note must claim one. (The commands a
// note names, inside the note's comment, are not checked.)
func TestCommandMarkers(t *testing.T) {
	files, err := filepath.Glob("../testdata/commands/*.pgn")
	if err != nil || len(files) == 0 {
		t.Fatalf("no marker files in ../testdata/commands: %v", err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			checkCommandMarkers(t, string(data))
		})
	}
}

// checkCommandMarkers reads the notes with parseMarkers, as TestMarkers
// does: @diag("TOKEN", command, "part of the message").
func checkCommandMarkers(t *testing.T, src string) {
	file, diags := commandDiagnostics(src)
	markers := parseMarkers(t, file)
	for _, m := range markers {
		if m.code != CodeCommand {
			t.Fatalf("line %d: @diag(%q, %s): the notes of testdata/commands are all %s", m.line+1, m.token, m.code, CodeCommand)
		}
	}
	// A note's own comment may hold commands the check warns about.
	var noteComments []pgntest.Comment
	for _, c := range lineComments(file) {
		if strings.Contains(src[c.Pos:c.End], "@diag") {
			noteComments = append(noteComments, c)
		}
	}
	inNote := func(d Diagnostic) bool {
		for _, c := range noteComments {
			if c.Pos <= int(d.Pos) && int(d.End) <= c.End {
				return true
			}
		}
		return false
	}
	for _, d := range diags {
		if inNote(d) {
			continue
		}
		claimed := false
		for _, m := range markers {
			if !m.used && m.pos == d.Pos && m.end == d.End && strings.Contains(d.Message, m.contains) {
				m.used, claimed = true, true
				break
			}
		}
		if !claimed {
			t.Errorf("line %d: unexpected warning on %q: %s", file.Lines.Line(d.Pos)+1, src[d.Pos:d.End], d.Message)
		}
	}
	for _, m := range markers {
		if !m.used {
			t.Errorf("line %d: no warning for @diag(%q, %s, %q)", m.line+1, m.token, m.code, m.contains)
		}
	}
}

// TestCommandCorpusHasNoWarnings checks every game of the shared corpus,
// exports of real programs: a command warning there is a false positive.
func TestCommandCorpusHasNoWarnings(t *testing.T) {
	paths := pgntest.CorpusFiles(t)
	seen := map[string]int{}
	games := 0
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		src := string(data)
		f := pgn.Parse(src)
		for _, g := range f.Games {
			games++
			gc := AnalyzeCommands(g)
			for _, fact := range gc.Facts {
				seen[fact.Command.Name]++
			}
			for _, d := range gc.Diagnostics {
				line, col := f.Lines.CharPosition(d.Pos)
				t.Errorf("%s:%d:%d: %s (on %q)", path, line+1, col+1, d.Message, src[d.Pos:d.End])
			}
		}
	}
	names := make([]string, 0, len(seen))
	for name, n := range seen {
		names = append(names, fmt.Sprintf("%s %d", name, n))
	}
	sort.Strings(names)
	t.Logf("%d games, commands: %s", games, strings.Join(names, ", "))
}

// TestCommandCheckCostsNothingWithoutCommands: a game whose comments hold
// no command is passed over without an allocation, as most games of a
// database are.
func TestCommandCheckCostsNothingWithoutCommands(t *testing.T) {
	g := pgn.Parse(commandGame(`[TimeControl "180"]`, "1. e4 {a [note] 50%} e5 (1... c5 {[x]}) 2. Nf3 ; 100% sure\nNc6")).Games[0]
	if n := testing.AllocsPerRun(100, func() { AppendCommandDiagnostics(nil, g) }); n != 0 {
		t.Errorf("%v allocations a check", n)
	}
}
