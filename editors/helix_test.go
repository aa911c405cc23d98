package editors

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestHelixConfig checks the shape of helix/languages.toml, without Helix
// (Debian 12 has none; TestHelix runs one): a TOML parser (Python's
// tomllib) reads it and the language and server are wired as Helix wants.
func TestHelixConfig(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed: helix/languages.toml is not parsed")
	}
	const script = `import json, sys
try:
    import tomllib
except ImportError:
    sys.exit(3)
with open(sys.argv[1], "rb") as f:
    json.dump(tomllib.load(f), sys.stdout)`
	cmd := exec.Command(python, "-c", script, filepath.Join("helix", "languages.toml"))
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 3 {
		t.Skip("python3 has no tomllib (Python 3.11+): helix/languages.toml is not parsed")
	}
	if err != nil {
		t.Fatalf("helix/languages.toml does not parse: %v\n%s", err, errOutput(err))
	}
	var conf struct {
		LanguageServer map[string]struct {
			Command string         `json:"command"`
			Args    []string       `json:"args"`
			Config  map[string]any `json:"config"`
		} `json:"language-server"`
		Language []map[string]any `json:"language"`
	}
	if err := json.Unmarshal(out, &conf); err != nil {
		t.Fatal(err)
	}
	ls, ok := conf.LanguageServer["pgnls"]
	if !ok || ls.Command != "pgnls" || len(ls.Args) != 0 {
		t.Errorf("language-server.pgnls = %+v, want command pgnls and no args", ls)
	}
	if _, ok := ls.Config["pgnls"].(map[string]any); !ok {
		t.Errorf("language-server.pgnls.config = %v, want the settings under pgnls", ls.Config)
	}
	if len(conf.Language) != 1 {
		t.Fatalf("%d [[language]] tables, want 1", len(conf.Language))
	}
	lang := conf.Language[0]
	for key, want := range map[string]any{
		"name":             "pgn",
		"file-types":       []any{"pgn"},
		"language-servers": []any{"pgnls"},
		"auto-format":      true,
		"comment-token":    ";",
	} {
		if !reflect.DeepEqual(lang[key], want) {
			t.Errorf("language %s = %v, want %v", key, lang[key], want)
		}
	}
}

func errOutput(err error) string {
	if ee, ok := err.(*exec.ExitError); ok {
		return string(ee.Stderr)
	}
	return ""
}

// TestHelix runs the real Helix in a terminal (tmux) with
// helix/languages.toml (the README's Helix set-up, with the test's
// settings) against the pgnls binary, and types the README's keys: space d
// lists the diagnostics of a file with an illegal move and a result
// mismatch; space k hovers a NAG and a move (the board); c and a
// correction update the diagnostics; :w formats on save at the lineWidth
// setting (against testdata/opera.fixed.w60.pgn); space a applies a fix;
// C-x completes a tag pair after "[Ev", a move after "Nf", O-O after "0-0"
// and a NAG after "$146". Helix's log must hold nothing pgnls wrote on
// standard error.
//
// Debian 12 has no Helix: PGNLS_HX names one (testdata/newer-editors.sh
// unpacks Debian 13's), else hx from PATH; without either the test skips,
// even with PGNLS_REQUIRE_EDITORS.
func TestHelix(t *testing.T) {
	// Debian 12 has no Helix, so even PGNLS_REQUIRE_EDITORS does not
	// require one; a PGNLS_HX that is not there fails the test.
	hx := os.Getenv("PGNLS_HX")
	if hx == "" {
		var err error
		if hx, err = exec.LookPath("hx"); err != nil {
			t.Skip("Helix is not installed (Debian 12 has none: editors/testdata/newer-editors.sh DIR unpacks Debian 13's as DIR/bin/hx, and PGNLS_HX=DIR/bin/hx names it): its end-to-end test is skipped")
		}
	} else if _, err := exec.LookPath(hx); err != nil {
		t.Fatalf("PGNLS_HX: %v", err)
	}
	tmux := editor(t, "tmux", "apt-get install tmux")
	bin := pgnlsBinary(t)
	s := newSession(t, bin)
	conf, err := os.ReadFile(filepath.Join("helix", "languages.toml"))
	if err != nil {
		t.Fatal(err)
	}
	const readmeSettings = "config = { pgnls = { lineWidth = 79, maxDiagnostics = 100 } }"
	if !strings.Contains(string(conf), readmeSettings) {
		t.Fatalf("helix/languages.toml has no line %q to put the test's settings in", readmeSettings)
	}
	conf = []byte(strings.Replace(string(conf), readmeSettings, `config = { pgnls = { lineWidth = 60, severity = { str-order = "hint" } } }`, 1))
	if err := os.MkdirAll(filepath.Join(s.dir, "config", "helix"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(s.dir, "config", "helix", "languages.toml"), conf, 0o644); err != nil {
		t.Fatal(err)
	}
	// Helix asks for completions by itself after each trigger character
	// (pgnls's include ' ': the next move), and when a list is still
	// showing as the next keys are typed, it filters it by them and
	// applies its item at the place it was asked for ("1. e4 e5 Nf" took
	// the Nf3 of the list asked for after "1. ", there). The test types
	// faster than a person; it completes with C-x alone.
	if err := os.WriteFile(filepath.Join(s.dir, "config", "helix", "config.toml"), []byte("[editor]\nauto-completion = false\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join("testdata", "opera.fixed.w60.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	// hx -v logs every message it sends: the test reads the order of its
	// didChange notifications there (helixOutOfOrder).
	helixLog := filepath.Join(s.dir, "cache", "helix", "helix.log")
	tm := startTerminal(t, s, tmux, hx, "-v", "opera.pgn")
	t.Cleanup(func() {
		if t.Failed() {
			if b, err := os.ReadFile(helixLog); err == nil {
				t.Logf("Helix's log:\n%s", tail(string(b), 8000))
			}
		}
	})
	tm.onFail = func(msg string) {
		t.Helper()
		if why := helixOutOfOrder(helixLog); why != "" {
			t.Skipf("%s\n(so pgnls's copy of the text was not Helix's, and this run proves nothing; it failed: %s)", why, msg)
		}
		t.Fatal(msg)
	}
	fatalf := func(format string, args ...any) {
		t.Helper()
		tm.onFail(fmt.Sprintf(format, args...))
	}

	// space d: the diagnostics picker (severity, code, message), once the
	// diagnostics are in (the gutter marks line 9).
	gutter9 := regexp.MustCompile(`(?m)^●\s+9 `)
	tm.waitFor("the diagnostics in the gutter", gutter9.MatchString)
	diagnostics := func(what string, ok func(string) bool) {
		t.Helper()
		deadline := time.Now().Add(15 * time.Second)
		for {
			tm.keys("Space", "d")
			screen := tm.waitText("the diagnostics picker", "severity", "message")
			tm.escape()
			if ok(screen) {
				return
			}
			if time.Now().After(deadline) {
				fatalf("%s: the diagnostics picker shows\n%s", what, screen)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	has := func(patterns ...string) func(string) bool {
		return func(screen string) bool {
			for _, p := range patterns {
				if !regexp.MustCompile(p).MatchString(screen) {
					return false
				}
			}
			return true
		}
	}
	diagnostics("the file opened", has(`ERROR\s+illegal-move\s+7\.Qb4 is illegal: no queen can reach b4`, `ERROR\s+result-mismatch`, `HINT\s+str-order`))

	// space k: the hover over $14, and over Nf3 with the board.
	search := func(text string) {
		tm.keys("/")
		tm.typeText(regexp.QuoteMeta(text))
		tm.keys("Enter")
	}
	search("$14")
	tm.keys("Space", "k")
	tm.waitText("the hover over $14", "$14 ⩲ — White has a slight advantage")
	tm.escape()
	search("Nf3")
	tm.keys("Space", "k")
	tm.waitText("the hover over Nf3", "2. Nf3 — White's 2nd move, main line", "3  ·  ·  ·  ·  · [♘] ·  ·", "FEN: ")
	tm.escape()

	// c on the illegal Qb4, and Qb3: the game now ends in checkmate,
	// which the result contradicts.
	search("Qb4")
	tm.keys("c")
	tm.typeText("Qb3")
	tm.escape()
	diagnostics("after correcting Qb4", func(screen string) bool {
		return has(`WARN\s+result-vs-position`, `ERROR\s+result-mismatch`)(screen) && !strings.Contains(screen, "illegal-move")
	})

	// :w formats on save (auto-format).
	written := func(what string, ok func(string) bool) string {
		t.Helper()
		tm.keys(":")
		tm.typeText("w")
		tm.keys("Enter")
		var text string
		deadline := time.Now().Add(15 * time.Second)
		for {
			b, err := os.ReadFile(s.file)
			if text = string(b); err == nil && ok(text) {
				return text
			}
			if time.Now().After(deadline) {
				fatalf("%s: the file written is\n%s\nthe screen:\n%s", what, text, tm.screen())
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	written(":w", func(text string) bool { return text == string(want) })

	// space a on the result: the code actions, the first selected; C-n
	// down to "Change the Result tag to 0-1", Enter applies it.
	search("0-1")
	tm.keys("Space", "a")
	screen := tm.waitText("the code actions", "Change the Result tag to 0-1")
	var titles []string
	for _, line := range strings.Split(screen, "\n") {
		for _, title := range []string{"Change the result marker to 1-0", "Change the Result tag to 0-1", "Set the result to 1-0", "Fix all problems in this game", "Format this game"} {
			if strings.Contains(line, title) {
				titles = append(titles, title)
			}
		}
	}
	n := slices.Index(titles, "Change the Result tag to 0-1")
	if n < 0 {
		fatalf("no code action \"Change the Result tag to 0-1\" in\n%s", screen)
	}
	for range n {
		tm.keys("C-n")
	}
	tm.keys("Enter")
	written("the fix", func(text string) bool {
		return strings.Contains(text, `[Result "0-1"]`) && strings.HasSuffix(text, "17. Rd8# 0-1\n\n")
	})

	// C-x completes, in a game typed at the end (the test's config.toml
	// turns Helix's completion as you type off: see above); Tab takes the
	// first item, Enter accepts it.
	complete := func(typed, label string) {
		t.Helper()
		tm.typeText(typed)
		tm.keys("C-x")
		tm.waitFor("the completion of "+typed, regexp.MustCompile(`(?m)\s`+regexp.QuoteMeta(label)+`\s+[a-z_]+\s*$`).MatchString) // the menu: label, kind
		tm.keys("Tab", "Enter")
	}
	normal := func() {
		t.Helper()
		tm.escape()
		tm.waitFor("normal mode", regexp.MustCompile(`(?m)^ NOR `).MatchString)
	}
	tm.keys("g", "e", "o", "Enter")
	// A tag pair after "[Ev" (Helix adds the ']' of '[' itself), a snippet
	// with its value "?" selected. (A key typed over the selection makes
	// two edits, which Helix 25.01 may send to pgnls in the wrong order.)
	complete("[Ev", "EventSponsor")
	normal()
	tm.keys("o", "Enter")
	complete("1. e4 e5 Nf", "Nf3")
	complete(" Nc6 3. Bc4 Bc5 4. 0-0", "O-O")
	complete(" $146", "$146")
	normal()
	written("the completions", func(text string) bool {
		return strings.HasSuffix(text, "17. Rd8# 0-1\n\n[Event \"?\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O $146\n\n")
	})
	tm.keys(":")
	tm.typeText("q!")
	tm.keys("Enter")

	// Helix logs what the server writes on standard error as errors:
	// pgnls writes nothing in an ordinary session (warnings only, and
	// Helix may cause one: it sometimes sends the didChange of a key typed
	// over a snippet's placeholder after the next key's).
	if b, err := os.ReadFile(helixLog); err == nil {
		if m := regexp.MustCompile(`pgnls err <- "\S+\\t(INFO|DEBUG)\\t.*`).FindString(string(b)); m != "" {
			t.Errorf("Helix's log has pgnls's ordinary log lines: %s", m)
		}
	}
}

// helixOutOfOrder reads the didChange notifications Helix sent, in its log
// (hx -v), and says which were out of order, or "". Helix 25.01 sends
// each edit's notification from a task of its own, and on a busy machine
// a later edit's may go first (seen: a key typed over a selection, whose
// deletion went after the insertion; keys a few tens of milliseconds
// apart). pgnls applies changes in the order they come, as the protocol
// has them applied.
func helixOutOfOrder(logPath string) string {
	b, err := os.ReadFile(logPath)
	if err != nil {
		return ""
	}
	sent := regexp.MustCompile(`pgnls -> \{"jsonrpc":"2\.0","method":"textDocument/didChange".*?"version":(\d+)\}`)
	last := -1
	for _, m := range sent.FindAllStringSubmatch(string(b), -1) {
		v, _ := strconv.Atoi(m[1])
		if v < last {
			return fmt.Sprintf("Helix sent the didChange of version %d after that of version %d", v, last)
		}
		last = v
	}
	return ""
}
