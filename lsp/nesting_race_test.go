//go:build race

package lsp

// raceEnabled lets TestEveryRequestAnswersOnDeepNesting nest 10^6 deep
// rather than 10^7 under the race detector, which slows the parse of each
// request's 10 MB twentyfold (200 s for the test on the 2-core machine).
const raceEnabled = true
