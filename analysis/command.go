package analysis

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"pgnls/analysis/board"
	"pgnls/pgn"
)

// This file gives the commands embedded in comments (pgn.Command: [%clk
// 0:03:00], [%eval 0.35], [%cal Ge2e4] ...) their typed values, checks
// them, and does the clock arithmetic that hovers show. The commands are
// those of the PGN Specification Supplement (2001: clk, egt, emt, mct)
// and of the programs that write PGN: lichess (clk, eval, cal, csl),
// chess.com (clk with tenths of a second, timestamp), ChessBase (cal, csl,
// eval, evp, emt). Commands pgnls does not know are kept and not checked.

// CodeCommand is the code of the diagnostics of commands: a malformed
// clock, evaluation, arrow or square, an arrow from a square to itself, a
// command without its ']', and a clock that rises more than the
// TimeControl tag allows.
const CodeCommand Code = "command"

// ---- Durations ----

// ParseClock reads a duration written h:mm:ss, with an optional fraction
// of a second, as [%clk], [%emt] and [%egt] carry it: lichess writes whole
// seconds (0:03:00), chess.com tenths (0:02:58.6), a daily game hours past
// 24 (23:59:48 left of a day, 71:59:00 of three). The hours may have any
// number of digits, the minutes and seconds two each.
func ParseClock(s string) (time.Duration, error) {
	hours, rest, ok1 := strings.Cut(s, ":")
	minutes, seconds, ok2 := strings.Cut(rest, ":")
	whole, frac, hasFrac := strings.Cut(seconds, ".")
	if !ok1 || !ok2 || !digitsOnly(hours) || !digitsOnly(minutes) || !digitsOnly(whole) || hasFrac && !digitsOnly(frac) {
		return 0, errors.New("a time reads h:mm:ss, as 0:03:00, with a fraction of a second if any (0:02:58.6)")
	}
	if len(hours) > 6 || len(frac) > 9 {
		return 0, errors.New("too many digits for a time")
	}
	h, _ := strconv.Atoi(hours)
	m, _ := strconv.Atoi(minutes)
	sec, _ := strconv.Atoi(whole)
	switch {
	case m > 59:
		return 0, fmt.Errorf("%s minutes: the minutes go from 00 to 59", minutes)
	case sec > 59:
		return 0, fmt.Errorf("%s seconds: the seconds go from 00 to 59", whole)
	case len(minutes) != 2 || len(whole) != 2:
		return 0, errors.New("the minutes and the seconds take two digits each, as 0:03:05")
	}
	d := time.Duration(h)*time.Hour + time.Duration(m)*time.Minute + time.Duration(sec)*time.Second
	if hasFrac {
		f, _ := strconv.Atoi((frac + "000000000")[:9])
		d += time.Duration(f)
	}
	return d, nil
}

// parseTimeOfDay reads the time a mechanical clock shows ([%mct 17:10:42]):
// hh:mm:ss, hours 00 to 23.
func parseTimeOfDay(s string) (time.Duration, error) {
	d, err := ParseClock(s)
	if err != nil {
		return 0, err
	}
	if d >= 24*time.Hour {
		return 0, errors.New("a clock's face shows hours from 00 to 23")
	}
	return d, nil
}

// FormatClock writes a duration as a clock command does: h:mm:ss, with the
// fraction of a second when there is one (0:02:58.6, to the millisecond).
func FormatClock(d time.Duration) string {
	sign := ""
	if d < 0 {
		sign, d = "-", -d
	}
	d = d.Round(time.Millisecond)
	h, m, s := d/time.Hour, d%time.Hour/time.Minute, d%time.Minute/time.Second
	text := fmt.Sprintf("%s%d:%02d:%02d", sign, h, m, s)
	if ms := d % time.Second / time.Millisecond; ms != 0 {
		text += strings.TrimRight(fmt.Sprintf(".%03d", ms), "0")
	}
	return text
}

// HumanDuration writes a duration for a reader: "8 s", "5.2 s", "2 min 50 s",
// "1 h 5 min 23 s".
func HumanDuration(d time.Duration) string {
	sign := ""
	if d < 0 {
		sign, d = "-", -d
	}
	d = d.Round(time.Millisecond)
	h, m := d/time.Hour, d%time.Hour/time.Minute
	s := d % time.Minute
	var parts []string
	if h > 0 {
		parts = append(parts, fmt.Sprintf("%d h", h))
	}
	if m > 0 {
		parts = append(parts, fmt.Sprintf("%d min", m))
	}
	if s > 0 || len(parts) == 0 {
		parts = append(parts, strconv.FormatFloat(s.Seconds(), 'f', -1, 64)+" s")
	}
	return sign + strings.Join(parts, " ")
}

// ---- Evaluations ----

// Eval is the value of an [%eval] command, from White's side as lichess
// and ChessBase write it: pawns (0.35, -1.20) or a mate (#3: White mates
// in 3; #-3: Black does), with the search depth when given (#-3,20).
type Eval struct {
	Mate   bool
	MateIn int     // with Mate: moves to mate, > 0 for White, < 0 for Black, 0 mated now
	Pawns  float64 // without Mate
	Depth  int     // 0 when not given
}

// ParseEval reads the operands of an [%eval] command.
func ParseEval(s string) (Eval, error) {
	var e Eval
	value, depth, hasDepth := strings.Cut(s, ",")
	if hasDepth {
		depth = strings.TrimSpace(depth)
		if !digitsOnly(depth) || len(depth) > 4 {
			return e, fmt.Errorf("the depth %q after the comma is not a number of plies", depth)
		}
		e.Depth, _ = strconv.Atoi(depth)
	}
	value = strings.TrimSpace(value)
	if mate, ok := strings.CutPrefix(value, "#"); ok {
		digits := strings.TrimLeft(mate, "+-")
		if len(mate)-len(digits) > 1 || !digitsOnly(digits) || len(digits) > 4 {
			return e, errors.New("a mate reads #3 (White mates in 3) or #-3 (Black does)")
		}
		e.Mate = true
		e.MateIn, _ = strconv.Atoi(mate)
		return e, nil
	}
	if !isDecimalNumber(value) {
		return e, errors.New("an evaluation is pawns from White's side, as 0.35 or -1.20, or a mate, as #3 or #-3, with the search depth after a comma if any (0.35,20)")
	}
	e.Pawns, _ = strconv.ParseFloat(value, 64)
	return e, nil
}

// isDecimal reports a signed decimal number: "0.35", "-1.2", "+3", ".5".
func isDecimalNumber(s string) bool {
	s = strings.TrimPrefix(strings.TrimPrefix(s, "+"), "-")
	whole, frac, _ := strings.Cut(s, ".")
	digits := len(whole) + len(frac)
	return digits > 0 && digits <= 12 && (whole == "" || digitsOnly(whole)) && (frac == "" || digitsOnly(frac))
}

// String writes the evaluation as a command carries it: "+0.35", "#-3".
func (e Eval) String() string {
	if e.Mate {
		return "#" + strconv.Itoa(e.MateIn)
	}
	return strconv.FormatFloat(e.Pawns, 'f', 2, 64)
}

// Describe says what the evaluation means: "+0.35: White is better by 0.35
// pawns", "#-3: Black mates in 3", with the depth when there is one.
func (e Eval) Describe() string {
	var text string
	switch {
	case e.Mate && e.MateIn > 0:
		text = fmt.Sprintf("#%d: White mates in %d", e.MateIn, e.MateIn)
	case e.Mate && e.MateIn < 0:
		text = fmt.Sprintf("#%d: Black mates in %d", e.MateIn, -e.MateIn)
	case e.Mate:
		text = "#0: mate on the board"
	case e.Pawns > 0:
		text = fmt.Sprintf("+%.2f: White is better by %s", e.Pawns, pawnsText(e.Pawns))
	case e.Pawns < 0:
		text = fmt.Sprintf("%.2f: Black is better by %s", e.Pawns, pawnsText(-e.Pawns))
	default:
		text = "0.00: equal"
	}
	if e.Depth > 0 {
		text += fmt.Sprintf(" (depth %d)", e.Depth)
	}
	return text
}

func pawnsText(p float64) string {
	if p == 1 {
		return "1 pawn"
	}
	return strconv.FormatFloat(p, 'f', -1, 64) + " pawns"
}

// swingScale is the most an evaluation counts for in an eval swing: a mate,
// and any evaluation beyond ten pawns, count as ten pawns, so that the
// swing of a game is that of its balance and not of an engine's numbers.
const swingScale = 10

// scaled returns the evaluation in pawns for White, limited to
// ±swingScale. A mate on the board (#0) is a win for mover, the side
// that played the move it follows.
func (e Eval) scaled(mover board.Color) float64 {
	if e.Mate {
		switch {
		case e.MateIn > 0:
			return swingScale
		case e.MateIn < 0 || mover == board.Black:
			return -swingScale
		}
		return swingScale
	}
	return math.Max(-swingScale, math.Min(swingScale, e.Pawns))
}

// ---- Arrows and squares ----

// Shape is one arrow of a [%cal] command or one square of a [%csl]: a
// colour (G green, R red, Y yellow, B blue, the colours of lichess and
// ChessBase) and one or two squares.
type Shape struct {
	Color    byte
	From, To string // To is "" for a square
	Pos, End pgn.Pos
}

// shapeColors names the colours of arrows and squares.
var shapeColors = map[byte]string{'G': "green", 'R': "red", 'Y': "yellow", 'B': "blue"}

// String writes the shape for a reader: "green e2→e4", "red d4".
func (s Shape) String() string {
	if s.To == "" {
		return shapeColors[s.Color] + " " + s.From
	}
	return shapeColors[s.Color] + " " + s.From + "→" + s.To
}

// CommandProblem is a malformed part of a command, over [Pos, End), and
// why it is malformed.
type CommandProblem struct {
	Pos, End pgn.Pos
	Message  string
}

// ParseShapes reads the arrows of a [%cal] command or the squares of a
// [%csl] command (any other command has none). Items are separated by
// commas, blanks, or both, as lichess reads them. It returns the
// well-formed shapes and, for each malformed item, why.
func ParseShapes(cmd pgn.Command) ([]Shape, []CommandProblem) {
	arrows := cmd.Name == "cal"
	if !arrows && cmd.Name != "csl" {
		return nil, nil
	}
	var shapes []Shape
	var problems []CommandProblem
	for i := 0; i < len(cmd.Args); {
		if cmd.Args[i] == ',' || isShapeSeparator(cmd.Args[i]) {
			i++
			continue
		}
		j := i
		for j < len(cmd.Args) && cmd.Args[j] != ',' && !isShapeSeparator(cmd.Args[j]) {
			j++
		}
		item := cmd.Args[i:j]
		pos, end := cmd.ArgsPos+pgn.Pos(i), cmd.ArgsPos+pgn.Pos(j)
		if s, problem := parseShape(item, arrows); problem != "" {
			problems = append(problems, CommandProblem{pos, end, fmt.Sprintf("%q: %s", item, problem)})
		} else {
			s.Pos, s.End = pos, end
			shapes = append(shapes, s)
		}
		i = j
	}
	if len(shapes) == 0 && len(problems) == 0 {
		what := "squares (as [%csl Rd4,Gf5])"
		if arrows {
			what = "arrows (as [%cal Ge2e4,Rd1d8])"
		}
		problems = append(problems, CommandProblem{cmd.Pos, cmd.End, "[%" + cmd.Name + "] lists no " + what})
	}
	return shapes, problems
}

// parseShape reads one item of [%cal] (arrows) or [%csl]: "Ge2e4", "Rd4".
func parseShape(item string, arrow bool) (Shape, string) {
	var s Shape
	want := "a square mark is a colour and a square, as Rd4"
	size := 3
	if arrow {
		want, size = "an arrow is a colour and two squares, as Ge2e4", 5
	}
	if _, ok := shapeColors[item[0]]; !ok {
		return s, fmt.Sprintf("%q is not a colour: G (green), R (red), Y (yellow) or B (blue)", item[:1])
	}
	if len(item) != size {
		return s, want
	}
	s.Color, s.From = item[0], item[1:3]
	if arrow {
		s.To = item[3:5]
	}
	for _, sq := range []string{s.From, s.To} {
		if sq != "" && !isSquareName(sq) {
			return s, sq + " is not a square (a1 to h8)"
		}
	}
	if s.From == s.To {
		return s, fmt.Sprintf("an arrow from %s to %s itself (a square is marked with [%%csl %c%s])", s.From, s.To, s.Color, s.From)
	}
	return s, ""
}

func isSquareName(s string) bool {
	return len(s) == 2 && s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8'
}

func isShapeSeparator(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

// ---- Time controls ----

// TimeControlKind is the kind of a TimeControl tag (section 9.6.1).
type TimeControlKind int

const (
	TimeControlUnknown   TimeControlKind = iota // "?", no tag, or a value that is not a time control
	TimeControlNone                             // "-": no time control
	TimeControlPeriods                          // periods: "40/7200:3600", "300", "4500+60"
	TimeControlSandclock                        // "*180"
)

// TimeControl is a parsed TimeControl tag.
type TimeControl struct {
	Kind    TimeControlKind
	Periods []TimePeriod  // with TimeControlPeriods, in the order they are played
	Sand    time.Duration // with TimeControlSandclock: the sand in the clock
}

// TimePeriod is one period of a time control: Moves moves (0 for the rest
// of the game) in Time, with Increment added after each move. The standard
// writes "40/9000", "300" and "4500+60"; FIDE's "40/5400+30", a period of
// moves with an increment, is read too.
type TimePeriod struct {
	Moves     int
	Time      time.Duration
	Increment time.Duration
}

// ParseTimeControl reads a TimeControl tag value. The last period repeats
// as the standard says, when it is one of a number of moves: chess.com's
// daily "1/86400" is a day for every move.
func ParseTimeControl(value string) (TimeControl, error) {
	switch value {
	case "?":
		return TimeControl{}, nil
	case "-":
		return TimeControl{Kind: TimeControlNone}, nil
	}
	if sand, ok := strings.CutPrefix(value, "*"); ok {
		secs, err := tcSeconds(sand)
		if err != nil {
			return TimeControl{}, err
		}
		return TimeControl{Kind: TimeControlSandclock, Sand: secs}, nil
	}
	tc := TimeControl{Kind: TimeControlPeriods}
	fields := strings.Split(value, ":")
	for i, f := range fields {
		var p TimePeriod
		moves, rest, hasMoves := strings.Cut(f, "/")
		if hasMoves {
			n, err := strconv.Atoi(moves)
			if err != nil || !digitsOnly(moves) || n == 0 || len(moves) > 4 {
				return TimeControl{}, fmt.Errorf("%q: the moves of a period are a positive number", f)
			}
			p.Moves = n
		} else {
			rest = f
		}
		base, inc, hasInc := strings.Cut(rest, "+")
		var err error
		if p.Time, err = tcSeconds(base); err != nil {
			return TimeControl{}, err
		}
		if hasInc {
			if p.Increment, err = tcSeconds(inc); err != nil {
				return TimeControl{}, err
			}
		}
		if p.Moves == 0 && i < len(fields)-1 {
			return TimeControl{}, fmt.Errorf("%q: a period for the rest of the game must be the last", f)
		}
		tc.Periods = append(tc.Periods, p)
	}
	return tc, nil
}

func tcSeconds(s string) (time.Duration, error) {
	if !digitsOnly(s) || len(s) > 9 {
		return 0, fmt.Errorf("%q is not a number of seconds", s)
	}
	n, _ := strconv.Atoi(s)
	return time.Duration(n) * time.Second, nil
}

// Start is the time on each clock when the game starts: that of the first
// period; 0 for a time control without periods.
func (tc TimeControl) Start() time.Duration {
	if tc.Kind == TimeControlPeriods {
		return tc.Periods[0].Time
	}
	if tc.Kind == TimeControlSandclock {
		return tc.Sand / 2
	}
	return 0
}

// Increments returns the increments a side's clock gets for its moves
// numbered from+1 to to (fullmove numbers).
func (tc TimeControl) Increments(from, to int) time.Duration {
	if tc.Kind != TimeControlPeriods || to <= from {
		return 0
	}
	var sum time.Duration
	start := 0 // the periods' first move is start+1
	for i, p := range tc.Periods {
		last := i == len(tc.Periods)-1
		end := start + p.Moves
		if p.Moves == 0 || last { // this period runs on (or repeats) to the end
			end = math.MaxInt
		}
		sum += time.Duration(movesInBoth(from, to, start, end)) * p.Increment
		start = end
		if end == math.MaxInt {
			break
		}
	}
	return sum
}

// PeriodTime returns the time the ends of periods add to a side's clock
// for its moves numbered from+1 to to: after its 40th move in "40/7200:3600",
// an hour. The last period of a number of moves repeats.
func (tc TimeControl) PeriodTime(from, to int) time.Duration {
	if tc.Kind != TimeControlPeriods || to <= from {
		return 0
	}
	var sum time.Duration
	end := 0
	for i, p := range tc.Periods {
		if p.Moves == 0 {
			return sum
		}
		end += p.Moves
		if i == len(tc.Periods)-1 {
			// Repeated: ends at end, end+Moves, end+2*Moves ...
			count := periodEnds(from, to, end, p.Moves)
			return sum + time.Duration(count)*p.Time
		}
		if from < end && end <= to {
			sum += tc.Periods[i+1].Time
		}
	}
	return sum
}

// overlap counts the integers in both (from, to] and (start, end].
func movesInBoth(from, to, start, end int) int {
	lo, hi := max(from, start), min(to, end)
	return max(0, hi-lo)
}

// boundaries counts the numbers first, first+step, first+2*step ... in
// (from, to].
func periodEnds(from, to, first, step int) int {
	upTo := func(n int) int { // how many are <= n
		if n < first {
			return 0
		}
		return (n-first)/step + 1
	}
	return upTo(to) - upTo(from)
}

// Allowance is the most a side's clock may gain between its clock after
// move from and its clock after move to: the increments of the moves
// from+1 to to, and the time of the periods that end there, taken one move
// early too, for clocks that add a period's time when its first move is
// made rather than when the one before is.
func (tc TimeControl) Allowance(from, to int) time.Duration {
	return tc.Increments(from, to) + tc.PeriodTime(from-1, to)
}

// ---- Facts ----

// CommandFact is what pgnls knows of one command of a game: its typed
// value and the move it follows, and for a clock the time it says the move
// took. The language server's hovers and inlay hints show these.
type CommandFact struct {
	Command pgn.Command
	// Move is the move the command's comment follows, nil for a comment
	// before a line's first move or between a move number and its move
	// (then Side and MoveNumber are those of the next move).
	Move       *pgn.Move
	Side       board.Color // the side that played Move
	MoveNumber int         // Move's fullmove number
	MainLine   bool        // Move is on the main line

	Clock    *ClockFact     // [%clk]
	Duration *time.Duration // [%emt], [%egt], [%mct]
	Eval     *Eval          // [%eval]
	Shapes   []Shape        // [%cal], [%csl]
	Integers []int          // [%timestamp] (one), [%evp]
	// Problem says why the value is malformed; "" when it is well formed
	// or pgnls does not know the command.
	Problem string
}

// ClockFact is the arithmetic of a [%clk] command: the time left, and, when
// the side's clock before the move is known (its previous clock on the
// line, or the start of the game), what the move took.
type ClockFact struct {
	Left time.Duration
	// Before is the side's clock before the move, known when HasBefore:
	// its previous clock on the line (after BeforeMove), or the clock at
	// the start (BeforeMove 0).
	Before     time.Duration
	BeforeMove int
	HasBefore  bool
	// Added is what the time control added since Before (increments, the
	// time of a new period), known when HasAdded: with a TimeControl tag
	// of periods.
	Added    time.Duration
	HasAdded bool
}

// Used is the time the move took, with ok false when it cannot be known.
// Clocks rounded to the second make it off by up to a second, never below
// zero.
func (c *ClockFact) Used() (time.Duration, bool) {
	if c == nil || !c.HasBefore || !c.HasAdded {
		return 0, false
	}
	return max(0, c.Before+c.Added-c.Left), true
}

// Took returns the time the move the command follows took, as the command
// tells it: a clock (with the one before it), an [%emt], or chess.com's
// [%timestamp]; ok is false for any other command.
func (f *CommandFact) Took() (time.Duration, bool) {
	switch {
	case f.Clock != nil:
		return f.Clock.Used()
	case f.Command.Name == "emt" && f.Duration != nil:
		return *f.Duration, true
	case f.Command.Name == "timestamp" && len(f.Integers) == 1:
		return time.Duration(f.Integers[0]) * time.Second / 10, true
	}
	return 0, false
}

// Describe says in a sentence or two what the command means, for a hover:
// "White's clock after 12. Nf3: 0:02:50 left (2 min 50 s); the move took
// 8 s (0:02:56 before, 2 s added)". A command pgnls does not know has
// "" as its description; a malformed one says what is wrong.
func (f *CommandFact) Describe() string {
	if f.Problem != "" {
		return "[%" + f.Command.Name + "]: " + f.Problem
	}
	after := f.where()
	switch name := f.Command.Name; {
	case f.Clock != nil:
		c := f.Clock
		text := fmt.Sprintf("%s clock %s: %s left (%s)", commandSideName(f.Side)+"'s", after, FormatClock(c.Left), HumanDuration(c.Left))
		if used, ok := c.Used(); ok {
			text += fmt.Sprintf("; the move took %s (%s before", HumanDuration(used), FormatClock(c.Before))
			if c.Added > 0 {
				text += ", " + HumanDuration(c.Added) + " added"
			}
			text += ")"
		} else if c.HasBefore {
			text += fmt.Sprintf("; %s before", FormatClock(c.Before))
		}
		return text
	case f.Duration != nil && name == "emt":
		return fmt.Sprintf("%s took %s (%s) %s", commandSideName(f.Side), FormatClock(*f.Duration), HumanDuration(*f.Duration), f.at("over"))
	case f.Duration != nil && name == "egt":
		return fmt.Sprintf("%s has used %s (%s) in all, %s", commandSideName(f.Side), FormatClock(*f.Duration), HumanDuration(*f.Duration), f.at("up to"))
	case f.Duration != nil && name == "mct":
		return fmt.Sprintf("the mechanical clock showed %s %s", FormatClock(*f.Duration), after)
	case f.Eval != nil:
		return "evaluation " + after + ": " + f.Eval.Describe()
	case name == "cal" || name == "csl":
		what := "squares"
		if name == "cal" {
			what = "arrows"
		}
		names := make([]string, len(f.Shapes))
		for i, s := range f.Shapes {
			names[i] = s.String()
		}
		return what + ": " + strings.Join(names, ", ")
	case name == "timestamp" && len(f.Integers) == 1:
		took, _ := f.Took()
		return fmt.Sprintf("chess.com's move time %s: %d tenths of a second (%s)", after, f.Integers[0], HumanDuration(took))
	case name == "evp":
		return fmt.Sprintf("ChessBase's evaluation profile of the game: %d values (centipawns, ply by ply)", len(f.Integers))
	}
	return ""
}

// where names the move the command follows: "after 12. Nf3", "after
// 12... Nf6", or "before move 12" for a comment before its move.
func (f *CommandFact) where() string { return f.at("after") }

// at names the move the command follows after a preposition: at("over")
// is "over 12. Nf3"; a comment before its move is "before move 12".
func (f *CommandFact) at(preposition string) string {
	if f.Move == nil {
		return "before move " + strconv.Itoa(f.MoveNumber)
	}
	return preposition + " " + f.moveText()
}

// moveText is the move the command follows as a reader writes it: "12.
// Nf3", "12... Nf6".
func (f *CommandFact) moveText() string {
	return commandMoveName(f.MoveNumber, f.Side, f.Move.Text)
}

func commandMoveName(number int, side board.Color, san string) string {
	if side == board.Black {
		return strconv.Itoa(number) + "... " + san
	}
	return strconv.Itoa(number) + ". " + san
}

func commandSideName(c board.Color) string {
	if c == board.Black {
		return "Black"
	}
	return "White"
}

// GameCommands is what pgnls knows of the commands of one game.
type GameCommands struct {
	Facts       []CommandFact // in source order
	TimeControl TimeControl
	Summary     CommandSummary
	Diagnostics []Diagnostic
}

// At returns the fact of the command that covers pos, or nil.
func (gc *GameCommands) At(pos pgn.Pos) *CommandFact {
	i := sort.Search(len(gc.Facts), func(i int) bool { return gc.Facts[i].Command.End > pos })
	if i < len(gc.Facts) && gc.Facts[i].Command.Pos <= pos {
		return &gc.Facts[i]
	}
	return nil
}

// CommandSummary sums up a game's time and evaluations, on its main line.
type CommandSummary struct {
	// TimeUsed is the time each side (indexed by board.Color) took over
	// the moves of the main line whose time is known (TimedMoves).
	TimeUsed   [2]time.Duration
	TimedMoves [2]int
	// Left is each side's last clock on the main line, nil when it has none.
	Left [2]*CommandFact
	// LongestThink is the main-line move that took longest, nil when no
	// move's time is known; Longest is its time.
	LongestThink *CommandFact
	Longest      time.Duration
	// SwingFrom and SwingTo are the two evaluations, one after the other on
	// the main line, between which the balance changed most (Swing, in
	// pawns; a mate or more than ten pawns counts as ten); nil when the main
	// line has fewer than two.
	SwingFrom, SwingTo *CommandFact
	Swing              float64
}

// Describe sums the game up in a few lines, for a hover on the game.
func (s *CommandSummary) Describe() string {
	var lines []string
	for _, side := range []board.Color{board.White, board.Black} {
		if s.TimedMoves[side] == 0 && s.Left[side] == nil {
			continue
		}
		line := commandSideName(side) + ":"
		if s.TimedMoves[side] > 0 {
			line += fmt.Sprintf(" used %s over %d moves", HumanDuration(s.TimeUsed[side]), s.TimedMoves[side])
		}
		if l := s.Left[side]; l != nil {
			if s.TimedMoves[side] > 0 {
				line += ";"
			}
			line += fmt.Sprintf(" %s left %s", FormatClock(l.Clock.Left), l.where())
		}
		lines = append(lines, line)
	}
	if s.LongestThink != nil {
		lines = append(lines, fmt.Sprintf("longest think: %s, %s", HumanDuration(s.Longest), s.LongestThink.moveText()))
	}
	if s.SwingFrom != nil {
		lines = append(lines, fmt.Sprintf("largest eval swing: %s (%s) to %s (%s), %.2f pawns",
			s.SwingFrom.Eval, s.SwingFrom.moveText(), s.SwingTo.Eval, s.SwingTo.moveText(), s.Swing))
	}
	return strings.Join(lines, "\n")
}

// ---- The check ----

// AppendCommandDiagnostics appends to dst the warnings (code "command") of
// the commands in the movetext comments of game g, and returns the
// extended list. A game without "[%" in its comments costs one pass over
// its moves and allocates nothing.
func AppendCommandDiagnostics(dst []Diagnostic, g *pgn.Game) []Diagnostic {
	if !gameHasCommands(&g.Moves) {
		return dst
	}
	return appendCommandDiagnostics(dst, g)
}

// appendCommandDiagnostics is AppendCommandDiagnostics for a caller that
// knows the game has a comment with "[%" (the checker, which sees them all).
func appendCommandDiagnostics(dst []Diagnostic, g *pgn.Game) []Diagnostic {
	w := newCommandWalker(g, dst, false)
	w.walk()
	return w.diags
}

// AnalyzeCommands returns the facts, the summary and the diagnostics of the
// commands of game g.
func AnalyzeCommands(g *pgn.Game) *GameCommands {
	gc := &GameCommands{}
	w := newCommandWalker(g, nil, true)
	gc.TimeControl = w.tc
	if gameHasCommands(&g.Moves) {
		w.walk()
	}
	gc.Facts, gc.Diagnostics = w.facts, w.diags
	gc.Summary = summarize(gc.Facts)
	return gc
}

// gameHasCommands reports whether a comment of the line, or of a line
// inside it, may hold a command.
func gameHasCommands(l *pgn.Line) bool {
	for _, n := range l.Start {
		if c, ok := n.(*pgn.Comment); ok && pgn.HasCommands(c.Text) {
			return true
		}
	}
	for _, m := range l.Moves {
		for _, n := range m.Before {
			if c, ok := n.(*pgn.Comment); ok && pgn.HasCommands(c.Text) {
				return true
			}
		}
		for _, n := range m.After {
			switch n := n.(type) {
			case *pgn.Comment:
				if pgn.HasCommands(n.Text) {
					return true
				}
			case *pgn.Variation:
				if gameHasCommands(&n.Line) {
					return true
				}
			}
		}
	}
	return false
}

// sideClocks is what a line knows of one side's clocks at a point.
type sideClocks struct {
	played    bool // the side has made a move on the line
	hasClock  bool // left and move hold its last clock
	left      time.Duration
	move      int
	san       string
	hasEGT    bool
	egt       time.Duration
	egtNumber int
}

// lineClocks is the clocks of both sides, indexed by board.Color. It is a
// value: a variation starts from a copy of the one before the move it
// replaces.
type lineClocks [2]sideClocks

type commandWalker struct {
	game      *pgn.Game
	tc        TimeControl
	tcValue   string
	start     [2]time.Duration // the clocks at the start of the game
	hasStart  [2]bool
	firstSide board.Color
	firstMove int
	diags     []Diagnostic
	keepFacts bool
	facts     []CommandFact
}

func newCommandWalker(g *pgn.Game, dst []Diagnostic, keepFacts bool) *commandWalker {
	w := &commandWalker{game: g, diags: dst, keepFacts: keepFacts}
	w.firstSide, w.firstMove = commandGameStart(g)
	if v, ok := g.Tag("TimeControl"); ok {
		w.tcValue = v
		if tc, err := ParseTimeControl(v); err == nil {
			w.tc = tc
		}
	}
	// The Supplement's WhiteClock and BlackClock tags, when given, say what
	// the clocks showed at the start; else the time control does.
	for side, tag := range [2]string{"WhiteClock", "BlackClock"} {
		if v, ok := g.Tag(tag); ok {
			if d, err := ParseClock(v); err == nil {
				w.start[side], w.hasStart[side] = d, true
				continue
			}
		}
		if w.tc.Kind == TimeControlPeriods {
			w.start[side], w.hasStart[side] = w.tc.Start(), true
		}
	}
	return w
}

// gameStart returns the side to play the game's first move and its
// fullmove number: those of the FEN tag, if it has them, else White and 1.
// (The replay reads the FEN fully; this needs only two fields, and keeps
// its answer when the placement is bad.)
func commandGameStart(g *pgn.Game) (board.Color, int) {
	fen, ok := g.Tag("FEN")
	if !ok {
		return board.White, 1
	}
	fields := strings.Fields(fen)
	side := board.White
	if len(fields) > 1 && fields[1] == "b" {
		side = board.Black
	}
	number := 1
	if len(fields) > 5 {
		if n, err := strconv.Atoi(fields[5]); err == nil && n > 0 && n < 1<<20 {
			number = n
		}
	}
	return side, number
}

func (w *commandWalker) walk() {
	w.line(&w.game.Moves, w.firstSide, w.firstMove, lineClocks{}, true)
}

// line walks the comments of a line whose first move is played by side
// with fullmove number number, the clocks standing as clocks says.
func (w *commandWalker) line(l *pgn.Line, side board.Color, number int, clocks lineClocks, main bool) {
	for _, n := range l.Start {
		w.comment(n, nil, side, number, &clocks, main)
	}
	for _, m := range l.Moves {
		for _, n := range m.Before {
			w.comment(n, nil, side, number, &clocks, main)
		}
		before := clocks
		for _, n := range m.After {
			if v, ok := n.(*pgn.Variation); ok {
				w.line(&v.Line, side, number, before, false)
				continue
			}
			w.comment(n, m, side, number, &clocks, main)
		}
		clocks[side].played = true
		if side == board.Black {
			number++
		}
		side = side.Other()
	}
}

func (w *commandWalker) comment(n pgn.Node, m *pgn.Move, side board.Color, number int, clocks *lineClocks, main bool) {
	c, ok := n.(*pgn.Comment)
	if !ok || !pgn.HasCommands(c.Text) {
		return
	}
	for _, cmd := range c.Commands() {
		f := CommandFact{Command: cmd, Move: m, Side: side, MoveNumber: number, MainLine: main}
		w.command(&f, clocks)
		if w.keepFacts {
			w.facts = append(w.facts, f)
		}
	}
}

// command types, checks and records one command.
func (w *commandWalker) command(f *CommandFact, clocks *lineClocks) {
	cmd := f.Command
	if !cmd.Closed {
		w.warn(cmd.Pos, cmd.End, "[%"+cmd.Name+" is not closed: a command ends with ']', as [%clk 0:03:00]")
	}
	switch cmd.Name {
	case "clk":
		d, err := ParseClock(cmd.Args)
		if err != nil {
			w.malformed(f, "clock", err)
			return
		}
		f.Clock = &ClockFact{Left: d}
		w.clock(f, clocks)
	case "emt", "egt", "mct":
		parse, what := ParseClock, "move time"
		switch cmd.Name {
		case "egt":
			what = "elapsed game time"
		case "mct":
			parse, what = parseTimeOfDay, "clock time"
		}
		d, err := parse(cmd.Args)
		if err != nil {
			w.malformed(f, what, err)
			return
		}
		f.Duration = &d
		if cmd.Name == "egt" {
			w.elapsed(f, d, clocks)
		}
	case "eval":
		e, err := ParseEval(cmd.Args)
		if err != nil {
			w.malformed(f, "evaluation", err)
			return
		}
		f.Eval = &e
	case "cal", "csl":
		shapes, problems := ParseShapes(cmd)
		f.Shapes = shapes
		for _, p := range problems {
			w.warn(p.Pos, p.End, p.Message)
		}
		if len(problems) > 0 {
			f.Problem = problems[0].Message
		}
	case "timestamp":
		if !digitsOnly(cmd.Args) || len(cmd.Args) > 9 {
			w.malformed(f, "timestamp", errors.New("chess.com's timestamp is a whole number (of tenths of a second)"))
			return
		}
		n, _ := strconv.Atoi(cmd.Args)
		f.Integers = []int{n}
	case "evp":
		for _, op := range cmd.Operands() {
			n, err := strconv.Atoi(op.Text)
			if err != nil {
				msg := fmt.Sprintf("%q: ChessBase's evaluation profile lists whole numbers (centipawns), separated by commas", op.Text)
				w.warn(op.Pos, op.End, msg)
				f.Problem, f.Integers = msg, nil
				return
			}
			f.Integers = append(f.Integers, n)
		}
	}
}

// malformed reports a value that does not read, over the command's
// operands (or the whole command when it has none).
func (w *commandWalker) malformed(f *CommandFact, what string, err error) {
	cmd := f.Command
	pos, end := cmd.ArgsPos, cmd.ArgsEnd()
	var msg string
	if cmd.Args == "" {
		pos, end = cmd.Pos, cmd.End
		msg = fmt.Sprintf("[%%%s] has no %s: %s", cmd.Name, what, err)
	} else {
		msg = fmt.Sprintf("%s %q: %s", what, cmd.Args, err)
	}
	f.Problem = msg
	w.warn(pos, end, msg)
	if fixed, ok := padClock(cmd.Args); ok && cmd.Name != "mct" {
		w.diags[len(w.diags)-1].Replacement = fixed
	}
}

// padClock returns a time written with too few digits for its minutes or
// seconds ("0:2:30") as it should be ("0:02:30"), with ok false for any
// other text.
func padClock(s string) (string, bool) {
	parts := strings.Split(s, ":")
	if len(parts) != 3 {
		return "", false
	}
	whole, frac, hasFrac := strings.Cut(parts[2], ".")
	for _, p := range []string{parts[1], whole} {
		if !digitsOnly(p) || len(p) > 2 {
			return "", false
		}
	}
	two := func(p string) string {
		if len(p) == 1 {
			return "0" + p
		}
		return p
	}
	padded := parts[0] + ":" + two(parts[1]) + ":" + two(whole)
	if hasFrac {
		padded += "." + frac
	}
	if padded == s {
		return "", false
	}
	if _, err := ParseClock(padded); err != nil {
		return "", false
	}
	return padded, true
}

func (w *commandWalker) warn(pos, end pgn.Pos, msg string) {
	w.diags = append(w.diags, Diagnostic{Pos: pos, End: end, Severity: Warning, Code: CodeCommand, Message: msg, Game: w.game.Index})
}

// riseTolerance is what a clock may rise beyond what the time control
// adds: clocks written to the second (lichess) round a second either way.
const riseTolerance = time.Second

// clock works out what the move of a [%clk] took and warns of a clock that
// rises more than the time control allows: the one detectable sign of a
// clock written on the wrong move or for the wrong side, since a clock may
// always fall by any amount.
func (w *commandWalker) clock(f *CommandFact, clocks *lineClocks) {
	if f.Move == nil {
		return
	}
	c, side := f.Clock, f.Side
	own := &clocks[side]
	switch {
	case own.hasClock:
		c.Before, c.BeforeMove, c.HasBefore = own.left, own.move, true
	case !own.played && w.hasStart[side]:
		c.Before, c.BeforeMove, c.HasBefore = w.start[side], 0, true
	}
	from := c.BeforeMove
	if c.HasBefore && from == 0 {
		from = f.MoveNumber - 1 // the start: only this move's allowance
	}
	if w.tc.Kind == TimeControlPeriods && c.HasBefore {
		c.Added, c.HasAdded = w.tc.Allowance(from, f.MoveNumber), true
		if c.Left > c.Before+c.Added+riseTolerance {
			w.warn(f.Command.ArgsPos, f.Command.ArgsEnd(), w.riseMessage(f, own, &clocks[side.Other()]))
		}
	}
	if w.tc.Kind == TimeControlSandclock && c.Left > w.tc.Sand {
		w.warn(f.Command.ArgsPos, f.Command.ArgsEnd(), fmt.Sprintf("%s's clock shows %s, more than the %s of sand in the sandclock of TimeControl %q",
			commandSideName(side), FormatClock(c.Left), HumanDuration(w.tc.Sand), w.tcValue))
	}
	own.hasClock, own.left, own.move, own.san = true, c.Left, f.MoveNumber, f.Move.Text
}

func (w *commandWalker) riseMessage(f *CommandFact, own, other *sideClocks) string {
	c, side := f.Clock, f.Side
	from := "the " + FormatClock(c.Before) + " it starts with"
	if c.BeforeMove > 0 {
		from = FormatClock(c.Before) + " (after " + commandMoveName(own.move, side, own.san) + ")"
	}
	msg := fmt.Sprintf("%s's clock rises from %s to %s", commandSideName(side), from, FormatClock(c.Left))
	if c.Added == 0 {
		msg += fmt.Sprintf(", but TimeControl %q adds no time", w.tcValue)
	} else {
		msg += fmt.Sprintf(", by %s, more than the %s TimeControl %q adds", HumanDuration(c.Left-c.Before), HumanDuration(c.Added), w.tcValue)
	}
	// A value closer to the other side's clock than to this side's reads
	// like a clock written for the other side.
	if other.hasClock && durationAbs(c.Left-other.left) < durationAbs(c.Left-c.Before) {
		msg += fmt.Sprintf("; is it %s's clock (%s after %s)?", commandSideName(side.Other()), FormatClock(other.left), commandMoveName(other.move, side.Other(), other.san))
	} else {
		msg += " (unless time was added to it)"
	}
	return msg
}

// elapsed warns of an elapsed game time ([%egt]) that falls: the time a
// side has used can only grow.
func (w *commandWalker) elapsed(f *CommandFact, d time.Duration, clocks *lineClocks) {
	if f.Move == nil {
		return
	}
	own := &clocks[f.Side]
	if own.hasEGT && d < own.egt {
		w.warn(f.Command.ArgsPos, f.Command.ArgsEnd(), fmt.Sprintf("%s's elapsed game time falls from %s (after move %d) to %s: the time used can only grow",
			commandSideName(f.Side), FormatClock(own.egt), own.egtNumber, FormatClock(d)))
	}
	own.hasEGT, own.egt, own.egtNumber = true, d, f.MoveNumber
}

func durationAbs(d time.Duration) time.Duration {
	if d < 0 {
		return -d
	}
	return d
}

// summarize sums up the facts of the main line.
func summarize(facts []CommandFact) CommandSummary {
	var s CommandSummary
	var lastEval *CommandFact
	timed := map[*pgn.Move]bool{} // a move with a clock and an emt counts once
	for i := range facts {
		f := &facts[i]
		if !f.MainLine || f.Move == nil || f.Problem != "" {
			continue
		}
		if f.Clock != nil {
			s.Left[f.Side] = f
		}
		if took, ok := f.Took(); ok && !timed[f.Move] {
			timed[f.Move] = true
			s.TimeUsed[f.Side] += took
			s.TimedMoves[f.Side]++
			if s.LongestThink == nil || took > s.Longest {
				s.LongestThink, s.Longest = f, took
			}
		}
		if f.Eval != nil {
			if lastEval != nil {
				swing := math.Abs(f.Eval.scaled(f.Side) - lastEval.Eval.scaled(lastEval.Side))
				if s.SwingFrom == nil || swing > s.Swing {
					s.SwingFrom, s.SwingTo, s.Swing = lastEval, f, swing
				}
			}
			lastEval = f
		}
	}
	return s
}

// digitsOnly reports a non-empty string of ASCII digits.
func digitsOnly(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
