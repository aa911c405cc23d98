package pgntest

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// The linear-time tests (pgn, analysis/document, lsp, cmd/pgnls) count
// work rather than time it, and compare the work at a size n with the work
// at 2n: a loop that is linear doubles its share, a quadratic one
// quadruples it. What this file gives them: the check of a doubling
// (CheckLinear), and the probes that count statements.
//
// A probe is the package's own test binary built with coverage counters
// over the packages measured (go test -c -covermode=count -coverpkg=...).
// The test runs it once per measured run, on one test of its own that does
// one thing (parse a shape of size n, answer one request) as an environment
// variable tells it, with GOMAXPROCS=1 so that the counts are exact; the
// profile it writes says how many times each statement ran, and their sum
// is the run's work.

// MaxLinearRatio is the most that doubling the input may multiply the work
// by: a linear cost with a constant part doubles it or less, a quadratic
// one multiplies its share by 4.
const MaxLinearRatio = 2.3

// CheckLinear fails t when the work counted at size 2n (large) is more
// than MaxLinearRatio times the work at size n (small), and returns the
// ratio, for the test's log. A large count of floor or less is not judged:
// the counts are exact, but a few hundred statements are a constant's
// (a table made once, a warm-up's leftovers) more than the input's.
// what says what was counted ("the statements format runs").
func CheckLinear(t testing.TB, what string, small, large, floor float64) float64 {
	t.Helper()
	ratio := large / max(small, 1)
	if ratio > MaxLinearRatio && large > floor {
		t.Errorf("doubling the input multiplies %s by %.2f (%.0f, then %.0f): super-linear", what, ratio, small, large)
	}
	return ratio
}

// Probe is a package's test binary built with coverage counters, which
// runs one of the package's tests with a spec in an environment variable.
type Probe struct {
	bin, dir string
	test     string // the test that reads the spec
	env      string // the variable that holds it
}

// probes are the probes built in this test process, one per package and
// set of measured packages: a package's linear tests share one build.
var probes struct {
	mu    sync.Mutex
	built map[string]*probeBuild
}

type probeBuild struct {
	once sync.Once
	bin  string
	err  error
}

// BuildProbe returns the probe of the package whose tests are running (the
// current directory), counting the statements of the packages coverpkg
// names, built once per test process; test is the name of its test that
// reads the spec from the variable env (ProbeSpec). It skips under
// -short: the build takes a while. The build is removed by Main.
func BuildProbe(t testing.TB, test, env string, coverpkg ...string) *Probe {
	t.Helper()
	if testing.Short() {
		t.Skip("builds a test binary with coverage counters")
	}
	key := strings.Join(coverpkg, ",")
	probes.mu.Lock()
	if probes.built == nil {
		probes.built = make(map[string]*probeBuild)
	}
	b := probes.built[key]
	if b == nil {
		b = new(probeBuild)
		probes.built[key] = b
	}
	probes.mu.Unlock()
	b.once.Do(func() {
		dir, err := os.MkdirTemp("", "pgnls-probe-")
		if err != nil {
			b.err = err
			return
		}
		addCleanup(dir)
		b.bin = filepath.Join(dir, "probe.test")
		build := exec.Command("go", "test", "-c", "-o", b.bin, "-covermode=count", "-coverpkg="+key, ".")
		if out, err := build.CombinedOutput(); err != nil {
			b.err = fmt.Errorf("building the probe: %v\n%s", err, out)
		}
	})
	if b.err != nil {
		t.Fatal(b.err)
	}
	return &Probe{bin: b.bin, dir: t.TempDir(), test: test, env: env}
}

// ProbeSpec returns the spec a probe's test is run with, from the
// variable env; without one, the test is not a probe's run, and skips,
// naming the test that runs it.
func ProbeSpec(t testing.TB, env, runBy string) string {
	t.Helper()
	spec := os.Getenv(env)
	if spec == "" {
		t.Skip("run by " + runBy)
	}
	return spec
}

// Statements runs the probe on each spec, two at a time (the machine's
// two cores at least), and returns the statements each run ran, in the
// order of specs. A run that fails is reported on t, and its count is 0.
func (p *Probe) Statements(t testing.TB, specs []string) []int64 {
	t.Helper()
	work := make([]int64, len(specs))
	sem := make(chan struct{}, 2)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failures []string
	for k, spec := range specs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			w, err := p.run(filepath.Join(p.dir, strconv.Itoa(k)+".out"), spec)
			if err != nil {
				mu.Lock()
				failures = append(failures, spec+": "+err.Error())
				mu.Unlock()
			}
			work[k] = w
		}()
	}
	wg.Wait()
	for _, f := range failures {
		t.Error(f)
	}
	return work
}

// run runs the probe once, with spec, and returns the statements it ran.
func (p *Probe) run(profile, spec string) (int64, error) {
	cmd := exec.Command(p.bin, "-test.run=^"+p.test+"$", "-test.count=1", "-test.coverprofile="+profile)
	cmd.Env = append(os.Environ(), p.env+"="+spec, "GOMAXPROCS=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		return 0, fmt.Errorf("%v\n%s", err, out)
	}
	return ProfileStatements(profile)
}

// ProfileStatements returns the statements a coverage profile counts
// (a text profile in count mode, as go test -coverprofile or go tool
// covdata textfmt writes it): each block's statements times its count.
func ProfileStatements(profile string) (int64, error) {
	f, err := os.Open(profile)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	var total int64
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// pgnls/pgn/reader.go:120.2,121.15 2 47: a block, its
		// statements, its count; after a "mode:" line.
		fields := strings.Fields(sc.Text())
		if len(fields) != 3 || strings.HasPrefix(fields[0], "mode:") {
			continue
		}
		stmts, err1 := strconv.ParseInt(fields[1], 10, 64)
		count, err2 := strconv.ParseInt(fields[2], 10, 64)
		if err1 != nil || err2 != nil {
			return 0, fmt.Errorf("%s: a line that is not a block's count: %q", profile, sc.Text())
		}
		total += stmts * count
	}
	if err := sc.Err(); err != nil {
		return 0, err
	}
	if total == 0 {
		return 0, errors.New(profile + ": no statements counted")
	}
	return total, nil
}
