package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"pgnls/analysis/uci/ucitest"
	"pgnls/pgn/pgntest"
)

// The tests of this file and of files_test.go, encoding_test.go and
// huge_test.go run the built binary as a user does, on real files in a
// temporary directory: named pipes, devices, hard links, files of other
// owners, pipes on standard input.

func TestMain(m *testing.M) {
	ucitest.Main() // the fake engine of annotate_test.go
	if report := os.Getenv(measureEnv); report != "" {
		os.Exit(measure(report, os.Args[1:]))
	}
	os.Exit(pgntest.Main(m))
}

// pgnlsBinary returns the path of the pgnls the end-to-end tests share.
func pgnlsBinary(t *testing.T) string {
	t.Helper()
	return pgntest.Binary(t)
}

// The peak resident memory of a run is measured by a helper: this test
// binary, started with measureEnv naming the file to write it to, runs the
// command of its arguments and writes its peak there. Measured from here,
// a child's peak would count this process's: Go starts a program with
// vfork, and the kernel counts the memory the child shares with its
// parent until it execs, which is this process's, holding large texts.
// The helper holds nothing. childEnvEnv gives it the variables for the
// command alone (GODEBUG=gctrace=1 in the helper would add its own
// collections to the trace), childUserEnv the user to run it as.
const (
	measureEnv   = "PGNLS_TEST_MEASURE"
	childEnvEnv  = "PGNLS_TEST_CHILD_ENV"
	childUserEnv = "PGNLS_TEST_CHILD_USER"
)

// measure is the helper: it runs args, with standard input, output and
// error passed on, writes the peak resident memory to report, and returns
// the exit status.
func measure(report string, args []string) int {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if env := os.Getenv(childEnvEnv); env != "" {
		cmd.Env = append(os.Environ(), strings.Split(env, "\n")...)
	}
	if user := os.Getenv(childUserEnv); user != "" {
		var uid, gid uint32
		fmt.Sscanf(user, "%d:%d", &uid, &gid)
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uid, Gid: gid}}
	}
	cmd.Run()
	if cmd.ProcessState == nil {
		fmt.Fprintf(os.Stderr, "the measuring helper cannot run %q\n", args)
		return 125
	}
	var peak int64
	if usage, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		peak = int64(usage.Maxrss) << 10 // kilobytes on Linux
	}
	os.WriteFile(report, []byte(strconv.FormatInt(peak, 10)), 0o644)
	return cmd.ProcessState.ExitCode()
}

// runLimit is how long a run may take before the test calls it a hang: a
// guard, not a measure (the runs take seconds at most).
const runLimit = 2 * time.Minute

// result is what a run of the binary did.
type result struct {
	code           int
	stdout, stderr string
	maxRSS         int64 // the peak resident memory, in bytes
}

// runOptions are the ways a test runs the binary other than its arguments.
type runOptions struct {
	bin    string // the program, when not the built pgnls
	stdin  io.Reader
	stdout io.Writer // instead of result.stdout
	stderr io.Writer // instead of result.stderr
	env    []string  // added to the program's environment
	user   *syscall.Credential
}

// runPgnls runs the binary with args, through the measuring helper, and
// returns what it did; a run that does not end within runLimit is killed
// and fails the test.
func runPgnls(t *testing.T, opts runOptions, args ...string) result {
	t.Helper()
	bin := opts.bin
	if bin == "" {
		bin = pgnlsBinary(t)
	}
	report := filepath.Join(t.TempDir(), "maxrss")
	ctx, cancel := context.WithTimeout(context.Background(), runLimit)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], append([]string{bin}, args...)...)
	cmd.Env = append(os.Environ(), measureEnv+"="+report, childEnvEnv+"="+strings.Join(opts.env, "\n"))
	if opts.user != nil {
		cmd.Env = append(cmd.Env, fmt.Sprintf("%s=%d:%d", childUserEnv, opts.user.Uid, opts.user.Gid))
	}
	// The helper and the program form a process group, killed as one.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	var stdout, stderr bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = opts.stdin, &stdout, &stderr
	if opts.stdout != nil {
		cmd.Stdout = opts.stdout
	}
	if opts.stderr != nil {
		cmd.Stderr = opts.stderr
	}
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("pgnls %q did not end within %v (a hang); stderr:\n%s", args, runLimit, stderr.String())
	}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("pgnls %q: %v", args, err)
	}
	r := result{code: cmd.ProcessState.ExitCode(), stdout: stdout.String(), stderr: stderr.String()}
	peak, err := os.ReadFile(report)
	if err != nil {
		t.Fatalf("pgnls %q: no peak memory reported: %v; stderr:\n%s", args, err, r.stderr)
	}
	r.maxRSS, _ = strconv.ParseInt(string(peak), 10, 64)
	return r
}

// sharedDir returns a new directory that any user may write in, removed
// after the test.
func sharedDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "pgnls-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	return dir
}

// dirNames lists the names in dir, to see that nothing was left behind.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// requireRoot skips a test that needs root (mknod, chown, another user).
func requireRoot(t *testing.T) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("needs root")
	}
}
