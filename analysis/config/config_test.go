package config

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"

	"pgnls/analysis"
)

func TestParseSeverities(t *testing.T) {
	tests := []struct {
		name     string
		value    any
		want     Severities
		problems []string
	}{
		{"levels and off", map[string]any{"missing-tag": "off", "str-order": "hint", "illegal-move": "warning"},
			Severities{analysis.CodeMissingTag: Off, analysis.CodeSTROrder: analysis.Hint, analysis.CodeIllegalMove: analysis.Warning}, nil},
		{"an empty Lua table", []any{}, Severities{}, nil},
		{"wrong entries are left out and named, in order", map[string]any{"nope": "off", "missing-tag": "loud", "str-order": "off", "check-suffix": 3.0},
			Severities{analysis.CodeSTROrder: Off},
			[]string{
				`severity: check-suffix: want error, warning, information, hint or off, not 3`,
				`severity: missing-tag: want error, warning, information, hint or off, not loud`,
				`severity: unknown code "nope"`,
			}},
		{"not an object", "off", nil, []string{"severity: want an object of code: severity, not a string"}},
		{"a TOML array of tables", []map[string]any{}, nil, []string{"severity: want an object of code: severity, not an array"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, problems := ParseSeverities(tt.value)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("severities %v, want %v", got, tt.want)
			}
			if !reflect.DeepEqual(problems, tt.problems) {
				t.Errorf("problems %q, want %q", problems, tt.problems)
			}
		})
	}
}

func TestParseAssignments(t *testing.T) {
	tests := []struct {
		value string
		want  Severities
		err   string
	}{
		{"missing-tag=off", Severities{analysis.CodeMissingTag: Off}, ""},
		{"missing-tag=off, str-order=error", Severities{analysis.CodeMissingTag: Off, analysis.CodeSTROrder: analysis.Error}, ""},
		{"missing-tag", Severities{}, `"missing-tag": want code=level, as missing-tag=off`},
		{"missing-tags=off", Severities{}, `unknown code "missing-tags"`},
		{"missing-tag=loud", Severities{}, `missing-tag: want error, warning, information, hint or off, not "loud"`},
		{"str-order=hint,bad", Severities{analysis.CodeSTROrder: analysis.Hint}, `"bad": want code=level`},
	}
	for _, tt := range tests {
		got := Severities{}
		err := got.ParseAssignments(tt.value)
		if tt.err == "" && err != nil || tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("%q: error %v, want %q", tt.value, err, tt.err)
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%q: %v, want %v", tt.value, got, tt.want)
		}
	}
}

func TestSeveritiesOfAndMerge(t *testing.T) {
	file := Severities{analysis.CodeMissingTag: Off, analysis.CodeSTROrder: analysis.Hint}
	flag := Severities{analysis.CodeSTROrder: analysis.Error}
	got := Merge(file, flag)
	want := Severities{analysis.CodeMissingTag: Off, analysis.CodeSTROrder: analysis.Error}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Merge = %v, want %v", got, want)
	}
	if len(file) != 2 || file[analysis.CodeSTROrder] != analysis.Hint {
		t.Errorf("Merge changed its argument: %v", file)
	}
	d := analysis.Diagnostic{Code: analysis.CodeCheckSuffix, Severity: analysis.Warning}
	if got.Of(d) != analysis.Warning {
		t.Errorf("a code without an override: %v, want its own severity", got.Of(d))
	}
	d.Code = analysis.CodeSTROrder
	if got.Of(d) != analysis.Error {
		t.Errorf("an overridden code: %v, want error", got.Of(d))
	}
	if !got.Silenced(analysis.CodeMissingTag) || got.Silenced(analysis.CodeSTROrder) {
		t.Error("Silenced is wrong")
	}
}

func TestParseFile(t *testing.T) {
	tests := []struct {
		name, path, text string
		want             Severities
		problems         []string
		err              string
	}{
		{"json", "p/.pgnls.json", `{"severity": {"missing-tag": "off", "str-order": "hint"}}`,
			Severities{analysis.CodeMissingTag: Off, analysis.CodeSTROrder: analysis.Hint}, nil, ""},
		{"json with a byte order mark", "p/.pgnls.json", "\uFEFF{\"severity\": {\"missing-tag\": \"off\"}}",
			Severities{analysis.CodeMissingTag: Off}, nil, ""},
		{"toml", "p/pgnls.toml", "# the project's choices\n[severity]\nmissing-tag = \"off\"\n\"str-order\" = \"hint\"\n",
			Severities{analysis.CodeMissingTag: Off, analysis.CodeSTROrder: analysis.Hint}, nil, ""},
		{"toml inline table", "p/pgnls.toml", "severity = { missing-tag = \"error\" }\n",
			Severities{analysis.CodeMissingTag: analysis.Error}, nil, ""},
		{"empty json object", "p/.pgnls.json", `{}`, nil, nil, ""},
		{"empty toml", "p/pgnls.toml", ``, nil, nil, ""},
		{"wrong entries", "p/pgnls.toml", "lineWidth = 60\n[severity]\nmissing-tag = \"loud\"\nnope = \"off\"\nstr-order = \"off\"\n",
			Severities{analysis.CodeSTROrder: Off},
			[]string{
				`p/pgnls.toml: unknown setting "lineWidth" (the file holds severity)`,
				`p/pgnls.toml: severity: missing-tag: want error, warning, information, hint or off, not loud`,
				`p/pgnls.toml: severity: unknown code "nope"`,
			}, ""},
		{"json syntax error", "p/.pgnls.json", "{\n  \"severity\": {\n    \"missing-tag\": \"off\",\n  }\n}", nil, nil,
			"p/.pgnls.json:4:3: invalid character '}'"},
		{"toml syntax error", "p/pgnls.toml", "[severity]\nmissing-tag = off\n", nil, nil, "p/pgnls.toml:2:"},
		{"json array", "p/.pgnls.json", `[]`, nil, nil, "p/.pgnls.json: want an object of settings, not an array"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Parse(tt.path, []byte(tt.text))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(f.Severity) != 0 || len(tt.want) != 0 {
				if !reflect.DeepEqual(f.Severity, tt.want) {
					t.Errorf("severities %v, want %v", f.Severity, tt.want)
				}
			}
			if !reflect.DeepEqual(f.Problems, tt.problems) {
				t.Errorf("problems %q, want %q", f.Problems, tt.problems)
			}
		})
	}
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestFindLooksUpwards(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "a", "b", "c")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	if got, err := Find(deep); err != nil || got != "" && strings.HasPrefix(got, root) {
		t.Fatalf("no file: Find = %q, %v", got, err)
	}
	write(t, filepath.Join(root, "a", JSONName), `{}`)
	if got, err := Find(deep); err != nil || got != filepath.Join(root, "a", JSONName) {
		t.Fatalf("Find = %q, %v, want a's %s", got, err, JSONName)
	}
	// The nearest wins, whatever its kind.
	write(t, filepath.Join(root, "a", "b", TOMLName), ``)
	if got, err := Find(deep); err != nil || got != filepath.Join(root, "a", "b", TOMLName) {
		t.Fatalf("Find = %q, %v, want b's %s", got, err, TOMLName)
	}
	// A relative directory is taken from the working directory.
	t.Chdir(filepath.Join(root, "a", "b"))
	if got, err := Find("c"); err != nil || got != filepath.Join(root, "a", "b", TOMLName) {
		t.Fatalf("Find(relative) = %q, %v", got, err)
	}
	// Both in one directory: an error that says so.
	write(t, filepath.Join(root, "a", "b", JSONName), `{}`)
	if _, err := Find(deep); err == nil || !strings.Contains(err.Error(), "has both .pgnls.json and pgnls.toml: keep one") {
		t.Fatalf("both files: %v", err)
	}
}

func TestLoadRefusesWhatIsNotASmallRegularFile(t *testing.T) {
	dir := t.TempDir()
	pipe := filepath.Join(dir, JSONName)
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	done := make(chan error, 1)
	go func() { _, err := Load(pipe); done <- err }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("a named pipe: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Load waits on a named pipe")
	}
	big := filepath.Join(t.TempDir(), TOMLName)
	write(t, big, strings.Repeat("#", maxFileSize+1))
	if _, err := Load(big); err == nil || !strings.Contains(err.Error(), "more than a config file holds") {
		t.Errorf("a large file: %v", err)
	}
}

func TestCacheReadsAFileOnceAndAgainWhenItChanges(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, JSONName)
	write(t, path, `{"severity": {"missing-tag": "off", "nope": "off"}}`)
	var c Cache
	f, fresh, err := c.ForDir(dir)
	if err != nil || !fresh || f.Severity[analysis.CodeMissingTag] != Off || len(f.Problems) != 1 {
		t.Fatalf("first read: %+v, fresh %v, %v", f, fresh, err)
	}
	again, fresh, err := c.ForDir(filepath.Join(dir))
	if err != nil || fresh || again != f {
		t.Fatalf("second read: %+v, fresh %v, %v; want the same file, not fresh", again, fresh, err)
	}
	write(t, path, `{"severity": {"missing-tag": "error"}}`)
	os.Chtimes(path, time.Now().Add(time.Hour), time.Now().Add(time.Hour))
	f, fresh, err = c.ForDir(dir)
	if err != nil || !fresh || f.Severity[analysis.CodeMissingTag] != analysis.Error {
		t.Fatalf("after a change: %+v, fresh %v, %v", f, fresh, err)
	}
	write(t, path, `{"severity": `)
	os.Chtimes(path, time.Now().Add(2*time.Hour), time.Now().Add(2*time.Hour))
	if _, fresh, err = c.ForDir(dir); err == nil || !fresh {
		t.Fatalf("a broken file: fresh %v, %v", fresh, err)
	}
	if _, fresh, err = c.ForDir(dir); err == nil || fresh {
		t.Fatalf("a broken file again: fresh %v, %v (its error is told once)", fresh, err)
	}
	os.Remove(path)
	if f, _, err = c.ForDir(dir); f != nil || err != nil {
		t.Fatalf("removed: %+v, %v", f, err)
	}
	// Two files in one directory: an error, told once too.
	write(t, filepath.Join(dir, JSONName), `{}`)
	write(t, filepath.Join(dir, TOMLName), ``)
	for i, want := range []bool{true, false} {
		if _, fresh, err := c.ForDir(dir); err == nil || fresh != want {
			t.Fatalf("two files, call %d: fresh %v, %v; want fresh %v", i+1, fresh, err, want)
		}
	}
}
