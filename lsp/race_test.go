//go:build race

package lsp

// raceEnabled says that the tests run under the race detector, which makes
// them several times slower: the stress test then builds the server with it
// too and sends a tenth of its messages, and TestEveryRequestAnswersOnDeepNesting
// nests a tenth as deep.
const raceEnabled = true
