// Package testhook holds the test hook of the checker's recovery from
// panics, in a package of its own so that the tests of analysis, of
// analysis/document and of the binary can all set it.
package testhook

// PanicTag, when not empty, makes the checker panic on a game with a tag of
// that name, so that the checker, the formatter and the features at the
// cursor fail on that game as a bug would. Only tests set it: those of
// analysis and analysis/document, and the end-to-end tests of the binary,
// which build it with -ldflags=-X=pgnls/analysis/internal/testhook.PanicTag=NAME.
var PanicTag string
