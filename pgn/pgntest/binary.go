package pgntest

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// BinaryEnv names a pgnls binary for the end-to-end tests to run instead
// of building one (.ci/run builds one for the whole run and sets it).
const BinaryEnv = "PGNLS_BIN"

// shared is the binary the tests of one test process share, built once.
var shared struct {
	once sync.Once
	dir  string
	path string
	err  error
}

// Binary returns the pgnls binary under test: $PGNLS_BIN, or pgnls built
// once from this checkout for all the tests of the process. A package whose
// tests call it runs them through Main, which removes the build. Under
// -short it skips the test: the build takes a while.
func Binary(tb testing.TB) string {
	tb.Helper()
	if bin := os.Getenv(BinaryEnv); bin != "" {
		abs, err := filepath.Abs(bin)
		if err == nil {
			_, err = os.Stat(abs)
		}
		if err != nil {
			tb.Fatalf("%s: %v", BinaryEnv, err)
		}
		return abs
	}
	if testing.Short() {
		tb.Skip("builds the binary")
	}
	root := ModuleRoot(tb)
	shared.once.Do(func() {
		if shared.dir, shared.err = os.MkdirTemp("", "pgnls-bin-"); shared.err != nil {
			return
		}
		addCleanup(shared.dir)
		// Anyone may run it: some tests run it as another user.
		if shared.err = os.Chmod(shared.dir, 0o755); shared.err != nil {
			return
		}
		shared.path, shared.err = build(root, filepath.Join(shared.dir, "pgnls"))
	})
	if shared.err != nil {
		tb.Fatal(shared.err)
	}
	return shared.path
}

// Build builds pgnls with extra go build flags (-race, -cover, -ldflags)
// in the test's temporary folder, for a test that needs a build of its own.
func Build(tb testing.TB, flags ...string) string {
	tb.Helper()
	if testing.Short() {
		tb.Skip("builds the binary")
	}
	bin, err := build(ModuleRoot(tb), filepath.Join(tb.TempDir(), "pgnls"), flags...)
	if err != nil {
		tb.Fatal(err)
	}
	return bin
}

func build(root, bin string, flags ...string) (string, error) {
	args := append(append([]string{"build"}, flags...), "-o", bin, "./cmd/pgnls")
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", errors.New("go build: " + err.Error() + "\n" + string(out))
	}
	return bin, nil
}

// builds are the folders of the builds shared by the tests of the process
// (Binary, BuildProbe), which Main removes.
var builds struct {
	mu   sync.Mutex
	dirs []string
}

func addCleanup(dir string) {
	builds.mu.Lock()
	defer builds.mu.Unlock()
	builds.dirs = append(builds.dirs, dir)
}

// Main runs a package's tests, then removes the builds Binary and
// BuildProbe made; a TestMain calls os.Exit(pgntest.Main(m)).
func Main(m *testing.M) int {
	code := m.Run()
	builds.mu.Lock()
	defer builds.mu.Unlock()
	for _, dir := range builds.dirs {
		os.RemoveAll(dir)
	}
	return code
}
