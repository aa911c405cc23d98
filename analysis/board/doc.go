// Package board holds a compact chess position and the standard algebraic
// notation (SAN) machinery that pgnls needs to validate movetext: parsing a
// SAN token, resolving it to the one legal move it names, explaining why it
// names none, and writing canonical SAN back out.
//
// The package is hand-written rather than built on github.com/notnil/chess
// because whole-file validation of 100,000-game databases has to be fast.
// notnil/chess decodes SAN by generating every legal move as a heap object
// and re-encoding each one as a string to compare with the input, far too
// slow for databases of millions of plies (bench/NOTES.md). Parsing,
// resolving and playing a move here allocate nothing, which needs a
// different design:
//
//   - Position is a small value type built from bitboards, so replaying a
//     variation is a plain struct copy and nothing on the per-ply path
//     allocates.
//   - Resolve finds the origin square by looking backwards from the target
//     square with attack tables, restricted by the SAN's disambiguation, and
//     tests only those few candidates for legality.
//   - Sliding attacks use hyperbola quintessence with a byte swap, which
//     needs only small tables that are built in microseconds at start-up.
//
// notnil/chess remains the rules oracle in this package's differential tests.
//
// # Variants
//
// A Position also plays Chess960 and lichess's variants: Crazyhouse,
// Three-check, King of the Hill, Racing Kings, Antichess, Atomic and Horde
// (see Variant). ParseFENVariant reads their FENs (Chess960's castling
// rights as "KQkq", Shredder-FEN "HAha" or X-FEN; Crazyhouse's pockets
// and promoted pieces; Three-check's counters in either style) and FEN
// writes them back in the style they came in. Resolve, LegalMoves, Play,
// SAN and the check tests then follow the variant's rules, ParseSAN reads
// drops (N@f3, P@d4), and Outcome says whether the game is over and who
// won, for a checker to compare with the Result tag.
//
// Standard chess keeps its own code: each method tests the variant once
// and hands any other to the variant's code (the files *_variant.go), so
// the variants cost standard chess nothing measurable (bench/NOTES.md).
// Castling in Chess960 is encoded as the king taking its own rook, as UCI
// does with UCI_Chess960; a drop is a Move with the Drop flag.
//
// A checker decides the rules of a game so:
//
//   - v, ok := ParseVariant(variantTag); an unknown name (ok false) is
//     not replayed.
//   - pos, err := ParseFENVariant(fen, v), or StartPositionOf(v) without
//     a FEN tag.
//   - In standard chess, a castling error whose FENError.Chess960 is set
//     comes from a FEN only Chess960 can have (a Chess960 start position
//     with KQkq, say): warn, offer the tag [Variant "Chess960"], and
//     replay with ParseFENVariant(fen, Chess960) so that O-O is legal.
//   - After the last move, pos.Outcome() gives the result the position
//     calls for (Outcome.Result), and the variant's own ends (a king on the
//     hill, a third check, ...); a move after such an end fails to
//     resolve with GameOver.
//
// The oracles of the variants' tests are Stockfish and Fairy-Stockfish
// (perft, engine_test.go) and chessops (move by move, and Atomic's perft,
// chessops_test.go), which skip without them, and published perft counts,
// which need neither.
package board
