//go:build unix

package main

import (
	"io/fs"
	"syscall"
)

// fileIdentity returns a file's owner and group, and how many names (hard
// links) it has; ok is false when the system does not say.
func fileIdentity(info fs.FileInfo) (uid, gid, links int, ok bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, 1, false
	}
	return int(st.Uid), int(st.Gid), int(st.Nlink), true
}
