//go:build race

package board

// raceEnabled lets the slowest tests do less work under the race detector,
// which slows this CPU-bound code down by an order of magnitude.
const raceEnabled = true
