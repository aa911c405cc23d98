package editors

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// terminal is a program running in a tmux window of its own tmux server,
// which a test types into and reads the screen of, as a user would: for
// editors that only run in a terminal (Helix).
type terminal struct {
	t    *testing.T
	tmux string
	sock string
	// onFail, when not nil, is called instead of t.Fatal when a wait
	// times out.
	onFail func(msg string)
}

// startTerminal runs the command in the session's folder and environment,
// in a window of 200 by 50 characters.
func startTerminal(t *testing.T, s *session, tmux string, command ...string) *terminal {
	t.Helper()
	tm := &terminal{t: t, tmux: tmux, sock: filepath.Join(s.dir, "tmux.sock")}
	args := append([]string{"-S", tm.sock, "new-session", "-d", "-x", "200", "-y", "50", "-s", "pgnls", "--"}, command...)
	cmd := exec.Command(tmux, args...)
	cmd.Dir = s.dir
	cmd.Env = s.env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("tmux new-session: %v\n%s", err, out)
	}
	t.Cleanup(func() { exec.Command(tmux, "-S", tm.sock, "kill-server").Run() })
	return tm
}

func (tm *terminal) tmuxRun(args ...string) string {
	tm.t.Helper()
	out, err := exec.Command(tm.tmux, append([]string{"-S", tm.sock}, args...)...).CombinedOutput()
	if err != nil {
		tm.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// keyGap is the time between two keys: a fast typist's. Keys that come
// all at once are not what a person types: Helix 25.01, handed several
// edits at once, may send their didChange notifications out of order (its
// log shows the versions so), and pgnls's copy of the text is then not
// the editor's.
const keyGap = 80 * time.Millisecond

// keys presses keys, one at a time, in tmux's names (Enter, Escape, Space,
// Tab, C-x, or a character).
func (tm *terminal) keys(keys ...string) {
	tm.t.Helper()
	for _, k := range keys {
		tm.tmuxRun("send-keys", "-t", "pgnls", k)
		time.Sleep(keyGap)
	}
}

// escape presses Escape, and waits a little: a terminal program reads
// Escape followed at once by a key as Alt and that key.
func (tm *terminal) escape() {
	tm.t.Helper()
	tm.keys("Escape")
	time.Sleep(200 * time.Millisecond)
}

// typeText types text, a character at a time.
func (tm *terminal) typeText(text string) {
	tm.t.Helper()
	for _, r := range text {
		tm.tmuxRun("send-keys", "-t", "pgnls", "-l", string(r))
		time.Sleep(keyGap)
	}
}

// screen is the window's text, a line per row.
func (tm *terminal) screen() string {
	tm.t.Helper()
	return tm.tmuxRun("capture-pane", "-p", "-t", "pgnls")
}

// waitFor waits until the screen satisfies ok, and returns it; it fails
// the test, showing the screen, after 15 s.
func (tm *terminal) waitFor(what string, ok func(screen string) bool) string {
	tm.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		s := tm.screen()
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			msg := fmt.Sprintf("timed out waiting for %s; the screen:\n%s", what, s)
			if tm.onFail != nil {
				tm.onFail(msg)
			}
			tm.t.Fatal(msg)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// waitText waits until the screen shows every text.
func (tm *terminal) waitText(what string, texts ...string) string {
	tm.t.Helper()
	return tm.waitFor(what, func(s string) bool {
		for _, text := range texts {
			if !strings.Contains(s, text) {
				return false
			}
		}
		return true
	})
}
