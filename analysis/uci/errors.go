package uci

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// The causes an *Error wraps, for errors.Is.
var (
	// ErrNotFound: no engine is at the path given, or none was found where
	// FindEngine looks.
	ErrNotFound = errors.New("chess engine not found")
	// ErrTimeout: the engine did not answer in time.
	ErrTimeout = errors.New("the engine did not answer in time")
	// ErrExited: the engine's process ended (or closed its output).
	ErrExited = errors.New("the engine exited")
	// ErrProtocol: the engine answered something that breaks the protocol,
	// such as an illegal best move.
	ErrProtocol = errors.New("the engine broke the UCI protocol")
	// ErrClosed: the Engine was closed.
	ErrClosed = errors.New("the engine was closed")
)

// Error is a failure of an engine, with what a user needs to see why: the
// engine's path, what pgnls was doing, how the process ended, and the last
// lines it printed.
type Error struct {
	Path string // the engine's executable
	// Doing says what pgnls was doing, such as `waiting for "uciok" after
	// "uci"`.
	Doing string
	Err   error // the cause: ErrTimeout, ErrExited, a context's error, ...
	// Exit is how the process ended ("exit status 3", "signal: killed"),
	// when it has.
	Exit string
	// Output is the last lines the engine printed after the last command
	// sent to it, Stderr the last lines it printed on stderr (at most a
	// few, each cut to a readable length).
	Output, Stderr []string
	// Hint, when not "", ends the message with a guess at the cause.
	Hint string
}

func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "engine %s: ", e.Path)
	switch {
	case errors.Is(e.Err, ErrExited) && e.Exit != "":
		fmt.Fprintf(&b, "exited (%s) while %s", e.Exit, e.Doing)
	case errors.Is(e.Err, ErrExited):
		fmt.Fprintf(&b, "closed its output while %s", e.Doing)
	default:
		fmt.Fprintf(&b, "%v while %s", e.Err, e.Doing)
		if e.Exit != "" {
			fmt.Fprintf(&b, " (it then %s)", e.Exit)
		}
	}
	if len(e.Output) == 0 {
		b.WriteString("; it printed nothing since")
	} else {
		b.WriteString("; what it printed since: ")
		writeQuoted(&b, e.Output)
	}
	if len(e.Stderr) > 0 {
		b.WriteString("; on stderr: ")
		writeQuoted(&b, e.Stderr)
	}
	if e.Hint != "" {
		b.WriteString(" (" + e.Hint + ")")
	}
	return b.String()
}

func (e *Error) Unwrap() error { return e.Err }

func writeQuoted(b *strings.Builder, lines []string) {
	for i, line := range lines {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Quote(line))
	}
}
