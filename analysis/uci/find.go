package uci

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

// DefaultEngine is the engine FindEngine looks for when given no path.
const DefaultEngine = "stockfish"

// debianStockfish is where Debian's stockfish package installs the engine:
// /usr/games is on a user's PATH in Debian, but often not on a service's or
// root's.
const debianStockfish = "/usr/games/stockfish"

// FindEngine returns the executable of the engine named by path: a path
// (with a slash) that must be an executable file, or a name looked up on
// PATH. An empty path means Stockfish: "stockfish" on PATH, else
// /usr/games/stockfish. The error, which wraps ErrNotFound, says where it
// looked.
func FindEngine(path string) (string, error) {
	if path == "" {
		if found, err := exec.LookPath(DefaultEngine); err == nil {
			return found, nil
		}
		if isExecutable(debianStockfish) {
			return debianStockfish, nil
		}
		return "", fmt.Errorf("%w: %s is not on PATH and %s does not exist; install Stockfish (on Debian: apt install stockfish) or give the engine's path",
			ErrNotFound, DefaultEngine, debianStockfish)
	}
	if !strings.ContainsRune(path, os.PathSeparator) {
		found, err := exec.LookPath(path)
		if err != nil {
			return "", fmt.Errorf("%w: %s is not on PATH", ErrNotFound, path)
		}
		return found, nil
	}
	info, err := os.Stat(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return "", fmt.Errorf("%w: %s does not exist", ErrNotFound, path)
	case err != nil:
		return "", fmt.Errorf("%w: %v", ErrNotFound, err)
	case info.IsDir():
		return "", fmt.Errorf("%w: %s is a directory, not an engine", ErrNotFound, path)
	case info.Mode()&0o111 == 0:
		return "", fmt.Errorf("%w: %s is not executable", ErrNotFound, path)
	}
	return path, nil
}

func isExecutable(path string) bool {
	info, err := os.Stat(path)
	return err == nil && !info.IsDir() && info.Mode()&0o111 != 0
}
