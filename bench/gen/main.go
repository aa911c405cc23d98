// Command gen writes a file of dense generated games for the benchmarks:
// legal games of 60 to 120 plies with only the Seven Tag Roster, like a
// database of master games without annotations. The games are random but
// reproducible (fixed seed), so every run measures the same file.
//
//	go run ./bench/gen -size 40 > dense.pgn
//	go run ./bench/gen -count FILE    prints "GAMES PLIES" of a PGN file
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math/rand"
	"os"
	"strconv"

	"pgnls/analysis/board"
	"pgnls/pgn"
)

func main() {
	sizeMB := flag.Int("size", 40, "megabytes to write")
	seed := flag.Int64("seed", 1, "random seed")
	count := flag.String("count", "", "print the games and plies (variations included) of this file instead")
	flag.Parse()
	if *count != "" {
		if err := printCounts(*count); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	rng := rand.New(rand.NewSource(*seed))
	w := bufio.NewWriterSize(os.Stdout, 1<<20)
	defer w.Flush()
	written := 0
	for game := 1; written < *sizeMB<<20; game++ {
		text := generateGame(rng, game)
		written += len(text)
		w.WriteString(text)
	}
}

// generateGame plays a random legal game, preferring captures and checks
// now and then so that the positions stay busy, as real games are.
func generateGame(rng *rand.Rand, n int) string {
	pos := board.StartPosition()
	var moves []byte
	buf := make([]board.Move, 0, 256)
	plies := 60 + rng.Intn(61)
	lineLen := 0
	for ply := 0; ply < plies; ply++ {
		legal := pos.LegalMoves(buf[:0])
		if len(legal) == 0 {
			break
		}
		m := pickMove(rng, &pos, legal)
		var tok []byte
		if pos.SideToMove() == board.White {
			tok = strconv.AppendInt(tok, int64(pos.FullMoveNumber()), 10)
			tok = append(tok, ". "...)
		}
		tok = pos.AppendSAN(tok, m)
		if lineLen+len(tok)+1 > 79 {
			moves = append(moves, '\n')
			lineLen = 0
		} else if lineLen > 0 {
			moves = append(moves, ' ')
			lineLen++
		}
		moves = append(moves, tok...)
		lineLen += len(tok)
		pos.Play(m)
	}
	result := "*"
	switch {
	case pos.IsCheckmate() && pos.SideToMove() == board.White:
		result = "0-1"
	case pos.IsCheckmate():
		result = "1-0"
	case pos.IsStalemate():
		result = "1/2-1/2"
	}
	return fmt.Sprintf("[Event \"Generated %d\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"%d\"]\n[White \"Player %d\"]\n[Black \"Player %d\"]\n[Result \"%s\"]\n\n%s %s\n\n",
		n, n, 2*n, 2*n+1, result, moves, result)
}

func pickMove(rng *rand.Rand, pos *board.Position, legal []board.Move) board.Move {
	if rng.Intn(3) == 0 {
		for _, i := range rng.Perm(len(legal)) {
			if legal[i].IsCapture() {
				return legal[i]
			}
		}
	}
	return legal[rng.Intn(len(legal))]
}

func printCounts(path string) error {
	r, err := os.Open(path)
	if err != nil {
		return err
	}
	defer r.Close()
	reader := pgn.NewReader(r)
	games, plies := 0, 0
	for {
		piece, err := reader.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		games += len(piece.File.Games)
		for _, g := range piece.File.Games {
			pgn.Inspect(g, func(n pgn.Node) bool {
				if _, ok := n.(*pgn.Move); ok {
					plies++
				}
				return true
			})
		}
	}
	fmt.Println(games, plies)
	return nil
}
