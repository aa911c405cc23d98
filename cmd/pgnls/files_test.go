package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// nobody is the user some tests run pgnls as: permissions do not stop root.
var nobody = &syscall.Credential{Uid: 65534, Gid: 65534}

func mkfifo(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
}

// mknodZero makes a character device at path, a copy of /dev/zero's node.
func mknodZero(t *testing.T, path string) {
	t.Helper()
	requireRoot(t)
	var st syscall.Stat_t
	if err := syscall.Stat("/dev/zero", &st); err != nil {
		t.Skip("no /dev/zero:", err)
	}
	if err := syscall.Mknod(path, syscall.S_IFCHR|0o644, int(st.Rdev)); err != nil {
		t.Skip("cannot make a device node here:", err)
	}
}

func TestFmtRefusesNamedPipe(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "games.pgn")
	mkfifo(t, fifo)
	r := runPgnls(t, runOptions{}, "fmt", "-w", fifo)
	want := "pgnls: cannot rewrite " + fifo + ": it is a named pipe (FIFO), not a regular file (fmt -w rewrites only regular files)\n"
	if r.code != 2 || r.stderr != want {
		t.Errorf("exit %d, stderr %q; want 2 and %q", r.code, r.stderr, want)
	}
	if info, err := os.Lstat(fifo); err != nil || info.Mode()&fs.ModeNamedPipe == 0 {
		t.Errorf("the named pipe is gone or replaced: %v", err)
	}
	if names := dirNames(t, dir); !slices.Equal(names, []string{"games.pgn"}) {
		t.Errorf("files left in the directory: %v", names)
	}
}

// TestFmtRefusesCharacterDevice: a device (a copy of /dev/zero's node) is
// refused at once by every mode of fmt, not read without end, and nothing
// is left beside it.
func TestFmtRefusesCharacterDevice(t *testing.T) {
	dir := t.TempDir()
	dev := filepath.Join(dir, "zero.pgn")
	mknodZero(t, dev)
	for _, args := range [][]string{{"-w"}, {}, {"-l"}, {"-d"}} {
		r := runPgnls(t, runOptions{}, append(append([]string{"fmt"}, args...), dev)...)
		want := "pgnls: cannot read " + dev + ": it is a character device, not a regular file or a pipe\n"
		if len(args) > 0 && args[0] == "-w" {
			want = "pgnls: cannot rewrite " + dev + ": it is a character device, not a regular file (fmt -w rewrites only regular files)\n"
		}
		if r.code != 2 || r.stderr != want || r.stdout != "" {
			t.Errorf("fmt %q: exit %d, stdout %.40q, stderr %q; want 2, nothing and %q", args, r.code, r.stdout, r.stderr, want)
		}
		if r.maxRSS > 64<<20 {
			t.Errorf("fmt %q: %d MB resident: the device was read", args, r.maxRSS>>20)
		}
	}
	if info, err := os.Lstat(dev); err != nil || info.Mode()&fs.ModeCharDevice == 0 {
		t.Errorf("the device is gone or replaced: %v", err)
	}
	if names := dirNames(t, dir); !slices.Equal(names, []string{"zero.pgn"}) {
		t.Errorf("files left in the directory: %v", names)
	}
}

// TestCheckRefusesDevicesAtOnce: check /dev/zero read 6 GB in 78 s before
// it gave up; a device is now refused before it is read, and the other
// files are still checked.
func TestCheckRefusesDevicesAtOnce(t *testing.T) {
	dir := t.TempDir()
	good := writeFile(t, dir, "bad.pgn", []byte(illegalGame))
	devices := []string{"/dev/zero"}
	if os.Geteuid() == 0 {
		copy := filepath.Join(dir, "zero.pgn")
		mknodZero(t, copy)
		devices = append(devices, copy)
	}
	for _, dev := range devices {
		r := runPgnls(t, runOptions{}, "check", dev, good)
		want := "pgnls: cannot read " + dev + ": it is a character device, not a regular file or a pipe\n1 files, 1 games, 1 errors, 0 warnings\n"
		if r.code != 2 || r.stderr != want || !strings.HasPrefix(r.stdout, good+":9:41: error:") {
			t.Errorf("check %s: exit %d, stdout %q, stderr %q; want 2, the other file checked, and %q", dev, r.code, r.stdout, r.stderr, want)
		}
		if r.maxRSS > 64<<20 {
			t.Errorf("check %s: %d MB resident: the device was read", dev, r.maxRSS>>20)
		}
	}
}

// TestCheckAndFmtReadPipes: a named pipe given by name, a pipe as
// /dev/fd/N (what the shell's <(...) passes) and standard input are read.
func TestCheckAndFmtReadPipes(t *testing.T) {
	pgnlsBinary(t) // before a writer waits on the pipe: in -short mode, the test is skipped
	dir := t.TempDir()
	fifo := filepath.Join(dir, "games.pgn")
	mkfifo(t, fifo)
	feed := func() {
		go func() {
			f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
			if err != nil {
				t.Error(err)
				return
			}
			f.WriteString(illegalGame)
			f.Close()
		}()
	}
	feed()
	if r := runPgnls(t, runOptions{}, "check", fifo); r.code != 1 || !strings.HasPrefix(r.stdout, fifo+":9:41: error: 2.Ke3 is illegal") {
		t.Errorf("check of a named pipe: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	feed()
	if r := runPgnls(t, runOptions{}, "fmt", fifo); r.code != 0 || !strings.HasSuffix(r.stdout, "2. Ke3 *\n\n") {
		t.Errorf("fmt of a named pipe: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	if r := runPgnls(t, runOptions{stdin: strings.NewReader(illegalGame)}, "check", "-"); r.code != 1 || !strings.HasPrefix(r.stdout, "<stdin>:9:41: error:") {
		t.Errorf("check of standard input: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	// As the shell passes <(cat games.pgn): the read end of a pipe, named
	// /dev/fd/0 here (standard input's pipe, given by name).
	if r := runPgnls(t, runOptions{stdin: strings.NewReader(illegalGame)}, "check", "/dev/fd/0"); r.code != 1 || !strings.HasPrefix(r.stdout, "/dev/fd/0:9:41: error:") {
		t.Errorf("check /dev/fd/0: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

// TestDirectoryWalkSkipsNamedPipes: a named pipe called x.pgn in a
// directory is named and skipped, not waited on; a symbolic link to a
// regular file is read.
func TestDirectoryWalkSkipsNamedPipes(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "games")
	bad := writeFile(t, games, "a.pgn", []byte(illegalGame))
	fifo := filepath.Join(games, "sub", "x.pgn")
	writeFile(t, games, "sub/keep.txt", nil)
	mkfifo(t, fifo)
	outside := writeFile(t, dir, "outside.pgn", []byte(illegalGame))
	link := filepath.Join(games, "link.pgn")
	if err := os.Symlink(outside, link); err != nil {
		t.Fatal(err)
	}
	skipped := "pgnls: skipped " + fifo + ": it is a named pipe (FIFO), not a regular file\n"
	r := runPgnls(t, runOptions{}, "check", games)
	if r.code != 2 || r.stderr != skipped+"2 files, 2 games, 2 errors, 0 warnings\n" ||
		!strings.HasPrefix(r.stdout, bad+":9:41:") || !strings.Contains(r.stdout, "\n"+link+":9:41:") {
		t.Errorf("check: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	r = runPgnls(t, runOptions{}, "fmt", "-l", games)
	if r.code != 2 || r.stderr != skipped || r.stdout != "" {
		t.Errorf("fmt -l: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

// TestFmtWriteKeepsModeBits: setuid, setgid and sticky survive -w with the
// permissions (0o4755 became 0o755).
func TestFmtWriteKeepsModeBits(t *testing.T) {
	dir := t.TempDir()
	for _, mode := range []fs.FileMode{0o600, 0o755 | fs.ModeSetuid, 0o750 | fs.ModeSetgid, 0o644 | fs.ModeSticky, 0o711 | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky} {
		path := writeFile(t, dir, "game.pgn", []byte(messyGame))
		if err := os.Chmod(path, mode); err != nil {
			t.Fatal(err)
		}
		if info, err := os.Stat(path); err != nil || info.Mode()&keptModeBits != mode {
			t.Skipf("the system does not keep mode %v on a file here", mode)
		}
		if r := runPgnls(t, runOptions{}, "fmt", "-w", path); r.code != 0 || r.stderr != "" {
			t.Fatalf("mode %v: exit %d, stderr %q", mode, r.code, r.stderr)
		}
		info, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if got := info.Mode() & keptModeBits; got != mode {
			t.Errorf("mode %v became %v", mode, got)
		}
		if got := readFileForTest(t, path); got != tidyGame {
			t.Errorf("mode %v: -w wrote %q", mode, got)
		}
	}
	if names := dirNames(t, dir); !slices.Equal(names, []string{"game.pgn"}) {
		t.Errorf("files left in the directory: %v", names)
	}
}

// TestFmtWriteKeepsOwnerAndGroup: root rewriting another user's file
// leaves it theirs.
func TestFmtWriteKeepsOwnerAndGroup(t *testing.T) {
	requireRoot(t)
	path := writeFile(t, t.TempDir(), "theirs.pgn", []byte(messyGame))
	if err := os.Chown(path, 65534, 65534); err != nil {
		t.Skip("cannot give a file away here:", err)
	}
	if err := os.Chmod(path, 0o664|fs.ModeSetgid); err != nil {
		t.Fatal(err)
	}
	if r := runPgnls(t, runOptions{}, "fmt", "-w", path); r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if uid, gid, _, _ := fileIdentity(info); uid != 65534 || gid != 65534 || info.Mode()&keptModeBits != 0o664|fs.ModeSetgid {
		t.Errorf("owner %d:%d mode %v; want 65534:65534 and %v", uid, gid, info.Mode(), 0o664|fs.ModeSetgid)
	}
	if got := readFileForTest(t, path); got != tidyGame {
		t.Errorf("-w wrote %q", got)
	}
}

// TestFmtWriteKeepsHardLinks: a file with other names is rewritten in
// place, so that every name sees the new text (a new file renamed over one
// name would leave the others with the old text), and its backup copy is
// gone after.
func TestFmtWriteKeepsHardLinks(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "a.pgn", []byte(messyGame))
	other := filepath.Join(dir, "sub", "b.pgn")
	os.Mkdir(filepath.Dir(other), 0o755)
	if err := os.Link(path, other); err != nil {
		t.Skip("no hard links here:", err)
	}
	if err := os.Chmod(path, 0o640|fs.ModeSetuid); err != nil {
		t.Fatal(err)
	}
	before, _ := os.Stat(path)
	if r := runPgnls(t, runOptions{}, "fmt", "-w", path); r.code != 0 || r.stderr != "" {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	after, _ := os.Stat(path)
	if !os.SameFile(before, after) {
		t.Error("the file was replaced, not rewritten in place: the link is broken")
	}
	for _, name := range []string{path, other} {
		if got := readFileForTest(t, name); got != tidyGame {
			t.Errorf("%s holds %q", name, got)
		}
	}
	if _, _, links, _ := fileIdentity(after); links != 2 || after.Mode()&keptModeBits != 0o640|fs.ModeSetuid {
		t.Errorf("%d links, mode %v; want 2 and %v", links, after.Mode(), 0o640|fs.ModeSetuid)
	}
	if names := dirNames(t, dir); !slices.Equal(names, []string{"a.pgn", "sub"}) {
		t.Errorf("files left in the directory: %v", names)
	}
}

// TestFmtWriteInPlaceWhenOwnerCannotBeKept: a user who may write a file of
// someone else's, but not give a new file to them, rewrites it in place:
// it stays the owner's.
func TestFmtWriteInPlaceWhenOwnerCannotBeKept(t *testing.T) {
	requireRoot(t)
	dir := sharedDir(t)
	path := writeFile(t, dir, "roots.pgn", []byte(messyGame))
	if err := os.Chmod(path, 0o666); err != nil {
		t.Fatal(err)
	}
	before, _ := os.Stat(path)
	if r := runPgnls(t, runOptions{user: nobody}, "fmt", "-w", path); r.code != 0 || r.stderr != "" {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	after, _ := os.Stat(path)
	if uid, _, _, _ := fileIdentity(after); uid != 0 || !os.SameFile(before, after) || after.Mode()&keptModeBits != 0o666 {
		t.Errorf("owner %d, same file %v, mode %v; want root's file, rewritten in place, -rw-rw-rw-", uid, os.SameFile(before, after), after.Mode())
	}
	if got := readFileForTest(t, path); got != tidyGame {
		t.Errorf("-w wrote %q", got)
	}
	if names := dirNames(t, dir); !slices.Equal(names, []string{"roots.pgn"}) {
		t.Errorf("files left in the directory: %v", names)
	}
}

// TestFmtLeavesFilesItCannotReadOrReplace: a file the user cannot read,
// or in a directory where the new text cannot be written, is named, left
// as it was, and nothing is left beside it.
func TestFmtLeavesFilesItCannotReadOrReplace(t *testing.T) {
	requireRoot(t) // to make files nobody can read, and run as nobody
	dir := sharedDir(t)
	unreadable := writeFile(t, dir, "unreadable.pgn", []byte(messyGame))
	if err := os.Chmod(unreadable, 0o222); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"fmt", "-w"}, {"fmt", "-l"}, {"check"}} {
		r := runPgnls(t, runOptions{user: nobody}, append(args, unreadable)...)
		want := "pgnls: cannot read " + unreadable + ": open " + unreadable + ": permission denied\n"
		if r.code != 2 || !strings.HasPrefix(r.stderr, want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", args, r.code, r.stderr, want)
		}
	}
	locked := filepath.Join(dir, "locked")
	inLocked := writeFile(t, locked, "game.pgn", []byte(messyGame))
	if err := os.Chmod(inLocked, 0o666); err != nil {
		t.Fatal(err)
	}
	r := runPgnls(t, runOptions{user: nobody}, "fmt", "-w", inLocked)
	want := "pgnls: " + inLocked + ": cannot write the formatted text beside it: open " + filepath.Join(locked, ".game.pgn.pgnls-")
	if r.code != 2 || !strings.HasPrefix(r.stderr, want) || !strings.HasSuffix(r.stderr, ": permission denied\n") {
		t.Errorf("in a directory it cannot write: exit %d, stderr %q; want 2 and %q...", r.code, r.stderr, want)
	}
	for _, path := range []string{unreadable, inLocked} {
		if got := readFileForTest(t, path); got != messyGame {
			t.Errorf("%s changed: %q", path, got)
		}
	}
	if names := dirNames(t, dir); !slices.Equal(names, []string{"locked", "unreadable.pgn"}) {
		t.Errorf("files left in the directory: %v", names)
	}
	if names := dirNames(t, locked); !slices.Equal(names, []string{"game.pgn"}) {
		t.Errorf("files left in the locked directory: %v", names)
	}
}
