package main

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"pgnls/pgn"
)

// source is one input named on the command line.
type source struct {
	name string // as shown in messages: the path, or "<stdin>"
	path string // "" for standard input
}

// expandPaths turns the command-line paths into sources: files as given,
// directories searched recursively for *.pgn files (in lexical order), and
// "-" for standard input. Paths that cannot be read are returned as errors
// and left out.
func expandPaths(paths []string) ([]source, []error) {
	var out []source
	var errs []error
	for _, p := range paths {
		if p == "-" {
			out = append(out, source{name: "<stdin>"})
			continue
		}
		info, err := os.Stat(p)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if !info.IsDir() {
			out = append(out, source{name: p, path: p})
			continue
		}
		var found []string
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				errs = append(errs, err)
				return nil
			}
			if !d.IsDir() && strings.EqualFold(filepath.Ext(path), ".pgn") {
				found = append(found, path)
			}
			return nil
		})
		if err != nil {
			errs = append(errs, err)
		}
		sort.Strings(found)
		for _, f := range found {
			out = append(out, source{name: f, path: f})
		}
	}
	return out, errs
}

// open opens the source for reading. Standard input is not closed.
func (s source) open(stdin io.Reader) (io.ReadCloser, error) {
	if s.path == "" {
		return io.NopCloser(stdin), nil
	}
	return os.Open(s.path)
}

func (s source) read(stdin io.Reader) ([]byte, error) {
	if s.path == "" {
		return io.ReadAll(stdin)
	}
	return os.ReadFile(s.path)
}

// decodeText returns the text of a file as UTF-8, decoding a file that is
// not valid UTF-8 as Latin-1; the second result reports that.
func decodeText(data []byte) (string, bool) { return pgn.DecodeText(data) }
