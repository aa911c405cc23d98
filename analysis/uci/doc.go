// Package uci runs a chess engine over the Universal Chess Interface and
// analyses games with it: the evaluation of every position, the engine's
// best line, and which moves were inaccuracies, mistakes or blunders.
//
// It has two layers:
//
//   - Engine is the client of one engine process: Start (the handshake and
//     the options Threads, Hash, MultiPV, UCI_Chess960), IsReady, NewGame,
//     Search (position, go, the info lines, bestmove, stop) and Close
//     (quit, then kill, and always reap). Every wait has a deadline and
//     honours a context; an engine that is missing, dies, hangs or prints
//     nonsense gives an *Error that says so, with its last lines.
//   - Analyzer analyses a Game (a start position and moves of
//     analysis/board) position by position, with progress, cancellation and
//     a Cache, and judges each move as lichess does (win percentage from
//     centipawns, thresholds of 5, 10 and 15 points, its rules for mates).
//
// The helpers EvalCommand and HumanText write an evaluation as PGN's
// [%eval] command and as text for a hover or an inlay hint; FormatLine
// writes the engine's line as movetext for a variation.
//
// Analyses repeat exactly with Stockfish: with one thread, "ucinewgame"
// before each position and a node limit, a position's evaluation depends on
// nothing else. The package's tests run the fake engine of package ucitest,
// and Stockfish when it is installed.
package uci
