package lsp

import (
	"runtime"
	"runtime/debug"
	"strings"
)

// BuildInfo says which pgnls this is, from what Go records in the binary
// (runtime/debug.ReadBuildInfo): `pgnls version` prints it, and the server
// sends Version in its initialize result's serverInfo.
type BuildInfo struct {
	// Version is the module's version: a release tag for `go install
	// pgnls@v1.2.0`, a pseudo-version with the revision for a build in a
	// Git checkout (Go 1.24 and later), "(devel)" for a build without
	// version control information (-buildvcs=false).
	Version string
	// Revision and Time are the commit the binary was built from and its
	// time; Modified says the checkout had changes not committed. Empty
	// without version control information.
	Revision, Time string
	Modified       bool
	// GoVersion, OS and Arch are the toolchain and the platform.
	GoVersion, OS, Arch string
}

// ReadBuildInfo returns the binary's build information.
func ReadBuildInfo() BuildInfo {
	b := BuildInfo{Version: "(devel)", GoVersion: runtime.Version(), OS: runtime.GOOS, Arch: runtime.GOARCH}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		b.Version = "unknown"
		return b
	}
	if info.Main.Version != "" {
		b.Version = info.Main.Version
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			b.Revision = s.Value
		case "vcs.time":
			b.Time = s.Value
		case "vcs.modified":
			b.Modified = s.Value == "true"
		}
	}
	return b
}

// Short is the version in one word or two, for serverInfo: the module's
// version, with the commit's first 12 hex digits when the version does not
// hold them already ("(devel) 0123456789ab+dirty").
func (b BuildInfo) Short() string {
	rev := b.Revision
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev == "" || strings.Contains(b.Version, rev) {
		return b.Version
	}
	if b.Modified {
		rev += "+dirty"
	}
	return b.Version + " " + rev
}

// Long is what `pgnls version` prints: the version, the revision and the
// toolchain, a line each.
func (b BuildInfo) Long() string {
	var s strings.Builder
	s.WriteString("pgnls " + b.Version + "\n")
	if b.Revision == "" {
		s.WriteString("revision unknown: built without version control information (-buildvcs=false, or not in a Git checkout)\n")
	} else {
		s.WriteString("revision " + b.Revision)
		if b.Time != "" {
			s.WriteString(" (" + b.Time + ")")
		}
		if b.Modified {
			s.WriteString(", with changes not committed")
		}
		s.WriteString("\n")
	}
	s.WriteString(b.GoVersion + " " + b.OS + "/" + b.Arch + "\n")
	return s.String()
}
