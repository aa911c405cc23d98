package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
)

// source is one input named on the command line.
type source struct {
	name string // as shown in messages: the path, or "<stdin>"
	path string // "" for standard input
	// inDirectory is set for a file found in a directory: only a regular
	// file is read then (a named pipe there would wait for a writer).
	inDirectory bool
}

// expandPaths turns the command-line paths into sources: files as given,
// directories searched recursively for *.pgn files (in lexical order), and
// "-" for standard input. Paths that cannot be read are returned as errors
// and left out, and so are the *.pgn entries of a directory that are not
// regular files (nor symbolic links to one).
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
			if d.IsDir() || !strings.EqualFold(filepath.Ext(path), ".pgn") {
				return nil
			}
			if !d.Type().IsRegular() {
				// A symbolic link is taken when it leads to a regular
				// file; nothing else is opened.
				info, err := os.Stat(path)
				switch {
				case err != nil:
					errs = append(errs, err)
					return nil
				case !info.Mode().IsRegular():
					errs = append(errs, &notRegularError{verb: "skipped", name: path, mode: info.Mode(), want: "a regular file"})
					return nil
				}
			}
			found = append(found, path)
			return nil
		})
		if err != nil {
			errs = append(errs, err)
		}
		sort.Strings(found)
		for _, f := range found {
			out = append(out, source{name: f, path: f, inDirectory: true})
		}
	}
	return out, errs
}

// notRegularError refuses a file that is not a regular file (or, where
// pipes are read, a named pipe): a device would be read without end, a
// named pipe cannot be rewritten.
type notRegularError struct {
	verb string // what is not done: "cannot read", "cannot rewrite", "skipped"
	name string
	mode fs.FileMode
	want string // what it would have to be
}

func (e *notRegularError) Error() string {
	return fmt.Sprintf("%s %s: it is %s, not %s", e.verb, e.name, fileKind(e.mode), e.want)
}

// readError is the error of a source that cannot be read, naming it.
func readError(name string, err error) error {
	var refused *notRegularError
	if errors.As(err, &refused) {
		return err // it names the file, and says why
	}
	return fmt.Errorf("cannot read %s: %w", name, err)
}

// fileKind names what kind of file a mode is of.
func fileKind(mode fs.FileMode) string {
	switch {
	case mode&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case mode&fs.ModeCharDevice != 0:
		return "a character device"
	case mode&fs.ModeDevice != 0:
		return "a block device"
	case mode&fs.ModeSocket != 0:
		return "a socket"
	case mode.IsDir():
		return "a directory"
	case mode&fs.ModeSymlink != 0:
		return "a symbolic link"
	case mode.IsRegular():
		return "a regular file"
	}
	return "a special file"
}

// open opens the source for reading: standard input (which is not closed),
// a regular file, or a named pipe given by name (pgnls check <(zcat
// games.pgn.gz) reads one). Anything else is refused at once: a device
// would be read without end (/dev/zero), a socket cannot be opened.
func (s source) open(stdin io.Reader) (io.ReadCloser, error) {
	if s.path == "" {
		return io.NopCloser(stdin), nil
	}
	info, err := os.Stat(s.path)
	if err != nil {
		return nil, err
	}
	if pipe := info.Mode()&fs.ModeNamedPipe != 0; pipe && !s.inDirectory {
		f, err := os.Open(s.path) // waits for a writer, as cat does
		if err != nil {
			return nil, err
		}
		return f, nil
	}
	refusal := &notRegularError{verb: "cannot read", name: s.name, want: "a regular file or a pipe"}
	if s.inDirectory {
		refusal.want = "a regular file"
	}
	f, _, err := openRegular(s.path, refusal)
	return f, err
}

// openRegular opens the file at path for reading when it is a regular
// file, and returns its FileInfo; for another kind of file, the error is
// refusal, with the file's mode. The file
// is opened without waiting (O_NONBLOCK, which reading a regular file
// ignores) and looked at once open, so that a file replaced by a named
// pipe or a device since it was found is refused too, not waited on or
// read without end.
func openRegular(path string, refusal *notRegularError) (*os.File, fs.FileInfo, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, nil, err
	}
	if !info.Mode().IsRegular() {
		refusal.mode = info.Mode()
		return nil, nil, refusal
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, nil, err
	}
	if info, err = f.Stat(); err != nil || !info.Mode().IsRegular() {
		f.Close()
		if err == nil {
			refusal.mode = info.Mode()
			err = refusal
		}
		return nil, nil, err
	}
	return f, info, nil
}
