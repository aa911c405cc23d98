//go:build race

package lsp

// raceEnabled says that the tests run under the race detector: the stress
// test then builds the server with it too.
const raceEnabled = true
