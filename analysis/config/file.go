package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/BurntSushi/toml"
)

// The names of a project config file. Both hold the same settings, in the
// shape of the editor's: {"severity": {"missing-tag": "off"}} in JSON,
//
//	[severity]
//	missing-tag = "off"
//
// in TOML.
const (
	JSONName = ".pgnls.json"
	TOMLName = "pgnls.toml"
)

// maxFileSize bounds a config file: a few lines of settings, so that a
// device or a database given the name is refused rather than read.
const maxFileSize = 1 << 20

// File is a project config file, read.
type File struct {
	// Path is where it is, as Find found it.
	Path string
	// Severity overrides the codes' default severities.
	Severity Severities
	// Problems describe its wrong entries, which were left out (an unknown
	// key or code, a level that is not one), prefixed with the path.
	Problems []string
}

// Find returns the config file that applies to the files of dir: the first
// .pgnls.json or pgnls.toml in dir or in the directories above it, up to
// the root; "" when there is none. A directory that holds both is an
// error: which one wins would be a guess.
func Find(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		var found []string
		for _, name := range []string{JSONName, TOMLName} {
			path := filepath.Join(dir, name)
			if _, err := os.Stat(path); err == nil {
				found = append(found, path)
			} else if !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) {
				return "", err
			}
		}
		switch len(found) {
		case 1:
			return found[0], nil
		case 2:
			return "", fmt.Errorf("%s has both %s and %s: keep one", dir, JSONName, TOMLName)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil
		}
		dir = parent
	}
}

// Load reads and parses the config file at path. An error means the file
// could not be used at all (unreadable, not a regular file, not valid JSON
// or TOML: the message says where); wrong entries are File.Problems.
func Load(path string) (*File, error) {
	data, err := readSmall(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Parse parses the text of a config file; the name's extension says
// whether it is JSON or TOML.
func Parse(path string, data []byte) (*File, error) {
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	var v any
	if strings.HasSuffix(path, ".toml") {
		m := map[string]any{}
		if _, err := toml.Decode(string(data), &m); err != nil {
			var perr toml.ParseError
			if errors.As(err, &perr) {
				return nil, fmt.Errorf("%s:%d:%d: %s", path, perr.Position.Line, perr.Position.Col, perr.Message)
			}
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		v = m
	} else if err := json.Unmarshal(data, &v); err != nil {
		var serr *json.SyntaxError
		if errors.As(err, &serr) {
			line, col := lineCol(data, serr.Offset)
			return nil, fmt.Errorf("%s:%d:%d: %v", path, line, col, err)
		}
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	f := &File{Path: path}
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%s: want an object of settings, not %s", path, kindOf(v))
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if k != "severity" {
			f.Problems = append(f.Problems, fmt.Sprintf("%s: unknown setting %q (the file holds severity)", path, k))
			continue
		}
		sev, problems := ParseSeverities(obj[k])
		f.Severity = sev
		for _, p := range problems {
			f.Problems = append(f.Problems, path+": "+p)
		}
	}
	return f, nil
}

// readSmall reads a regular file of at most maxFileSize bytes. It opens
// the file without blocking, so that a named pipe given the name is
// refused rather than waited on.
func readSmall(path string) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	if info.Size() > maxFileSize {
		return nil, fmt.Errorf("%s: %d bytes, more than a config file holds (at most %d)", path, info.Size(), maxFileSize)
	}
	data, err := io.ReadAll(io.LimitReader(f, maxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxFileSize {
		return nil, fmt.Errorf("%s: more than a config file holds (at most %d bytes)", path, maxFileSize)
	}
	return data, nil
}

// lineCol converts a byte offset of data to a 1-based line and column (in
// bytes).
func lineCol(data []byte, off int64) (line, col int) {
	off = max(0, min(off, int64(len(data))))
	before := data[:off]
	line = bytes.Count(before, []byte("\n")) + 1
	col = int(off) - (bytes.LastIndexByte(before, '\n') + 1)
	return line, max(col, 1)
}

// A Cache finds and reads config files, reading each again only when it
// has changed (its size or modification time), so that a caller may look
// one up for every file it checks, or every time it publishes a
// document's diagnostics. It is safe for concurrent use.
type Cache struct {
	mu    sync.Mutex
	files map[string]*cached
	// findErrs holds, by directory, the error Find last gave there (two
	// files in one directory), so that it too is fresh once.
	findErrs map[string]string
}

type cached struct {
	mod  time.Time
	size int64
	file *File
	err  error
}

// ForDir returns the config file that applies to the files of dir, nil
// when there is none, or the error that keeps it from applying. fresh is
// true for the one call that read it (anew, since it changed): the caller
// tells its problems or error then, and not every time.
func (c *Cache) ForDir(dir string) (file *File, fresh bool, err error) {
	path, err := Find(dir)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.files == nil {
		c.files = make(map[string]*cached)
		c.findErrs = make(map[string]string)
	}
	if err != nil {
		msg := err.Error()
		fresh = c.findErrs[dir] != msg
		c.findErrs[dir] = msg
		return nil, fresh, err
	}
	delete(c.findErrs, dir)
	if path == "" {
		return nil, false, nil
	}
	info, statErr := os.Stat(path)
	if e, ok := c.files[path]; ok && statErr == nil && e.mod.Equal(info.ModTime()) && e.size == info.Size() {
		return e.file, false, e.err
	}
	e := &cached{}
	if statErr == nil {
		e.mod, e.size = info.ModTime(), info.Size()
	}
	e.file, e.err = Load(path)
	c.files[path] = e
	return e.file, true, e.err
}
