// Package board holds a compact chess position and the standard algebraic
// notation (SAN) machinery that pgnls needs to validate movetext: parsing a
// SAN token, resolving it to the one legal move it names, explaining why it
// names none, and writing canonical SAN back out.
//
// The package is hand-written rather than built on github.com/notnil/chess
// because whole-file validation of 100,000-game databases has to be fast.
// notnil/chess decodes SAN by generating every legal move as a heap object
// and re-encoding each one as a string to compare with the input; measured at
// about 48 µs per ply, a database of 8 million plies would take over six
// minutes. The target here is 0.5 µs per ply for parsing, resolving and
// playing a move, which needs a different design:
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
package board
