package editors

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestEmacs runs the real Emacs, in batch mode, with emacs/pgnls.el (the
// README's Emacs set-up, eglot) against the pgnls binary: emacs/e2e.el
// checks the Flymake diagnostics' codes, types and positions, then uses
// the README's keys: the hovers over a NAG and a move in the *eldoc*
// buffer (C-h .), in plain text, the board aligned; the diagnostics after
// an edit; C-x C-s (format on save at the lineWidth setting, against
// testdata/opera.fixed.w60.pgn); M-x eglot-code-actions and a fix typed
// in the minibuffer; C-M-i after "[EventD", "Nf", "0-0" and "$146";
// M-x pgnls-board (emacs/pgnls-board.el: the side window's text after
// "C-s Bxf3" and after M-f M-f, and closing it).
func TestEmacs(t *testing.T) {
	emacs := editor(t, "emacs", "apt-get install emacs-nox elpa-eglot")
	// Emacs 29 and later have eglot; Debian's Emacs 28 needs elpa-eglot.
	// Not -Q: Debian's site-start makes its elpa packages loadable.
	if out, err := exec.Command(emacs, "--batch", "-q", "--eval", "(require 'eglot)").CombinedOutput(); err != nil {
		skipOrFail(t, "Emacs has no eglot (Emacs 29 or later has it; Debian's 28: apt-get install elpa-eglot): its end-to-end test is skipped\n%s", out)
	}
	bin := pgnlsBinary(t)
	s := newSession(t, bin)
	out := s.run(t, []string{
		"PGNLS_SNIPPET=" + abs(t, filepath.Join("emacs", "pgnls.el")),
		"PGNLS_FILE=" + s.file,
		"PGNLS_WANT=" + abs(t, filepath.Join("testdata", "opera.fixed.w60.pgn")),
	}, emacs, "--batch", "-q", "-l", abs(t, filepath.Join("emacs", "e2e.el")))
	if !strings.Contains(out, "pgnls-e2e: ok") {
		t.Fatalf("emacs exited 0 without saying ok; output:\n%s", out)
	}
	t.Logf("emacs output:\n%s", out)
}
