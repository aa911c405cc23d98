package pgn

import (
	"fmt"
	"sort"
)

// Error is a syntax error over the bytes [Pos, End) of the source.
type Error struct {
	Pos, End Pos
	Msg      string
}

func (e *Error) Error() string { return fmt.Sprintf("offset %d: %s", e.Pos, e.Msg) }

// ErrorList is a list of syntax errors, in the order found.
type ErrorList []*Error

// Add appends an error.
func (l *ErrorList) Add(pos, end Pos, msg string) {
	*l = append(*l, &Error{Pos: pos, End: end, Msg: msg})
}

// Sort orders the list by position.
func (l ErrorList) Sort() {
	sort.SliceStable(l, func(i, j int) bool { return l[i].Pos < l[j].Pos })
}

// Err returns the list as an error, or nil when it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0], len(l)-1)
}
