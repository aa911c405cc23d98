package board

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/notnil/chess"

	"pgnls/pgn/pgntest"
)

// TestCorpusAgainstNotnil replays the main line of every game in the shared
// PGN corpus. notnil/chess reads each game; at every ply its SAN for the
// move must parse and resolve here to the same move, and the FENs after the
// move must agree.
func TestCorpusAgainstNotnil(t *testing.T) {
	files := pgntest.CorpusFiles(t)
	// notnil reads slowly, and ten times more slowly under the race
	// detector, so short and race runs replay only every fifth game.
	every := 1
	if testing.Short() || raceEnabled {
		every = 5
	}
	var n, games, plies, unreadable int
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, text := range splitGames(data) {
			if n++; n%every != 0 {
				continue
			}
			g, err := readNotnilGame(text)
			if err != nil {
				unreadable++
				t.Logf("%s: %v", filepath.Base(file), err)
				continue
			}
			games++
			plies += replayNotnilGame(t, filepath.Base(file), g)
		}
	}
	t.Logf("replayed %d games, %d plies; notnil could not read %d games", games, plies, unreadable)
	if games == 0 {
		t.Error("no games replayed")
	}
}

// splitGames cuts a PGN file into games: a game starts at a tag line that
// follows anything but another tag line. Text before the first tag, such as
// a file comment, is dropped. This is not a PGN parser, only enough of one
// to feed notnil a game at a time, so that one game it cannot read does not
// stop it reading the rest.
func splitGames(data []byte) []string {
	var games []string
	var game strings.Builder
	inTags := false
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		isTag := strings.HasPrefix(strings.TrimSpace(line), "[")
		if isTag && !inTags && game.Len() > 0 {
			games = append(games, game.String())
			game.Reset()
		}
		if strings.TrimSpace(line) != "" {
			inTags = isTag
		}
		if isTag || game.Len() > 0 {
			game.WriteString(line)
			game.WriteByte('\n')
		}
	}
	if game.Len() > 0 {
		games = append(games, game.String())
	}
	return games
}

// zeroFullmove matches a FEN tag whose fullmove number is 0. Many puzzle
// files write that, though the number starts at 1; notnil and ParseFEN both
// reject it, so the test writes 1 instead to replay those games anyway.
var zeroFullmove = regexp.MustCompile(`(\[FEN "[^"]* )0"\]`)

// braceComment matches a PGN comment, which cannot nest.
var braceComment = regexp.MustCompile(`\{[^}]*\}`)

// readNotnilGame reads one game with notnil. notnil panics on a comment
// before the first move (it attaches the comment to moves[len(moves)-1]),
// which lichess studies often have, so comments are removed first; any
// other panic makes the game count as unreadable.
func readNotnilGame(text string) (g *chess.Game, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("notnil panicked: %v", r)
		}
	}()
	text = zeroFullmove.ReplaceAllString(text, `${1}1"]`)
	text = braceComment.ReplaceAllString(text, " ")
	opt, err := chess.PGN(strings.NewReader(text))
	if err != nil {
		return nil, err
	}
	return chess.NewGame(opt), nil
}

// replayNotnilGame replays g and returns the number of plies replayed.
func replayNotnilGame(t *testing.T, file string, g *chess.Game) int {
	t.Helper()
	positions, moves := g.Positions(), g.Moves()
	p, err := ParseFEN(positions[0].String())
	if fe := (*FENError)(nil); errors.As(err, &fe) && fe.Field == fenCastling {
		// A few study FENs grant castling rights to a king or rook that
		// is not at home. ParseFEN rightly rejects them; notnil does not.
		t.Logf("%s: skipping game: %v", file, err)
		return 0
	}
	if err != nil {
		t.Errorf("%s: ParseFEN(%q): %v", file, positions[0].String(), err)
		return 0
	}
	for i, nm := range moves {
		san := chess.AlgebraicNotation{}.Encode(positions[i], nm)
		want := chess.UCINotation{}.Encode(positions[i], nm)
		s, err := ParseSAN(san)
		if err != nil {
			t.Errorf("%s: %s: ParseSAN(%q): %v", file, p.FEN(), san, err)
			return i
		}
		m, err := p.Resolve(s)
		if err != nil || m.String() != want {
			t.Errorf("%s: %s: Resolve(%q) = %v, %v; notnil plays %s", file, p.FEN(), san, m, err, want)
			return i
		}
		p.Play(m)
		if got, want := p.FEN(), positions[i+1].String(); got != want {
			t.Errorf("%s: after %s: FEN = %q, notnil has %q", file, san, got, want)
			return i
		}
	}
	return len(moves)
}

// corpusPly is a position of a corpus game and the move played in it.
type corpusPly struct {
	before Position
	move   Move
	san    string // the move as notnil writes it, check sign included
}

// corpusGame is a corpus game's main line as this package replays it.
type corpusGame struct {
	plies []corpusPly
	final Position // the position after the last move
}

// corpusGames holds every corpus game that notnil can read and this
// package can replay (see TestCorpusAgainstNotnil), read once per process:
// the benchmarks share it, and notnil takes over a second to read the
// corpus.
var corpusGames struct {
	once  sync.Once
	games []corpusGame
	err   error
}

// loadCorpusGames reads the games of files, the first time it is called.
func loadCorpusGames(files []string) ([]corpusGame, error) {
	corpusGames.once.Do(func() { corpusGames.games, corpusGames.err = readCorpusGames(files) })
	return corpusGames.games, corpusGames.err
}

func readCorpusGames(files []string) ([]corpusGame, error) {
	var games []corpusGame
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		for _, text := range splitGames(data) {
			if g, ok := replayCorpusGame(text); ok {
				games = append(games, g)
			}
		}
	}
	return games, nil
}

// replayCorpusGame reads one game with notnil and replays its main line
// here, moving by notnil's SAN. It reports false for a game that either
// side cannot read or replay; TestCorpusAgainstNotnil is the test that
// says why.
func replayCorpusGame(text string) (corpusGame, bool) {
	var g corpusGame
	ng, err := readNotnilGame(text)
	if err != nil {
		return g, false
	}
	positions, moves := ng.Positions(), ng.Moves()
	p, err := ParseFEN(positions[0].String())
	if err != nil {
		return g, false
	}
	for i, nm := range moves {
		san := chess.AlgebraicNotation{}.Encode(positions[i], nm)
		s, err := ParseSAN(san)
		if err != nil {
			return g, false
		}
		m, err := p.Resolve(s)
		if err != nil {
			return g, false
		}
		g.plies = append(g.plies, corpusPly{p, m, san})
		p.Play(m)
	}
	g.final = p
	return g, true
}

// corpusGamesOrSkip returns the corpus games, skipping tb without them.
func corpusGamesOrSkip(tb testing.TB) []corpusGame {
	tb.Helper()
	games, err := loadCorpusGames(pgntest.CorpusFiles(tb))
	if err != nil {
		tb.Fatal(err)
	}
	if len(games) == 0 {
		tb.Skip("no corpus games replayed")
	}
	return games
}
