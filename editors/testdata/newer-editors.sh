#!/usr/bin/env bash
# newer-editors.sh DIR: Neovim 0.10 and Helix for the editors' end-to-end
# tests on Debian 12, whose own packages are Neovim 0.7 and no Helix.
#
# Debian 13 (trixie) has Neovim 0.10.4 and Helix (the package hx); Debian
# unstable (sid) has Neovim 0.12. This fetches those packages, and the C
# library and other libraries they need, from Debian's archive with
# apt-get (a private package list in DIR: the system's sources and
# packages are left alone), unpacks them into DIR without installing
# anything, and writes wrappers that run each editor with its own
# libraries:
#
#   DIR/bin/nvim-0.10   Neovim 0.10 (trixie)
#   DIR/bin/nvim-0.12   Neovim 0.12 (sid; skipped with a warning if sid's
#                       packages have moved on and no longer fit)
#   DIR/bin/hx          Helix (trixie)
#
# Then, for example:
#   PGNLS_NVIM="nvim DIR/bin/nvim-0.10 DIR/bin/nvim-0.12" PGNLS_HX=DIR/bin/hx \
#     go test ./editors -v
set -euo pipefail

if [ $# -ne 1 ]; then
  echo "usage: $0 DIR" >&2
  exit 2
fi
mkdir -p "$1"
dir="$(cd "$1" && pwd)"
arch="$(dpkg --print-architecture)"
triplet="$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || echo x86_64-linux-gnu)"

# A private apt: its own sources, lists and cache, the system's keyring.
apt="$dir/apt"
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/preferences.d"
cat >"$apt/sources.list" <<EOF
deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian trixie main
deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian sid main
EOF
opts=(
  -o "Dir::Etc::SourceList=$apt/sources.list" -o "Dir::Etc::SourceParts=/dev/null"
  -o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache"
  -o "Dir::Etc::Preferences=/dev/null" -o "Dir::Etc::PreferencesParts=$apt/preferences.d"
  -o "APT::Architecture=$arch" -o "APT::Sandbox::User=root"
)
apt-get "${opts[@]}" -qq update

# unpack SUITE ROOT PACKAGE...: downloads the packages of SUITE and unpacks
# them into ROOT.
unpack() {
  local suite="$1" root="$2"
  shift 2
  local debs="$dir/debs-$suite"
  rm -rf "$debs" && mkdir -p "$debs" "$root"
  local pkgs=()
  for p in "$@"; do pkgs+=("$p/$suite"); done
  (cd "$debs" && apt-get "${opts[@]}" -qq download "${pkgs[@]}")
  for deb in "$debs"/*.deb; do dpkg-deb -x "$deb" "$root"; done
}

# wrapper NAME ROOT PROGRAM ARGS [VAR=VALUE...]: DIR/bin/NAME runs ROOT's
# PROGRAM with ROOT's dynamic loader and libraries (the programs it starts,
# such as pgnls, run as usual), with ARGS (a string, for the shell) before
# the caller's arguments and the variables set.
wrapper() {
  local name="$1" root="$2" program="$3" args="$4"
  shift 4
  mkdir -p "$dir/bin"
  {
    echo '#!/bin/sh'
    for v in "$@"; do printf 'export %q\n' "$v"; done
    printf 'exec %q --library-path %q %q %s "$@"\n' \
      "$root/usr/lib/$triplet/ld-linux-x86-64.so.2" "$root/usr/lib/$triplet" "$root/$program" "$args"
  } >"$dir/bin/$name"
  chmod +x "$dir/bin/$name"
}

nvim_libs=(libc6 libgcc-s1 libluajit-5.1-2 libluajit-5.1-common libunibilium4 libuv1t64 lua-lpeg lua-luv)

# neovim SUITE NAME LIBRARY...: Neovim of SUITE as DIR/bin/NAME.
neovim() {
  local suite="$1" name="$2"
  shift 2
  local root="$dir/$name"
  rm -rf "$root"
  unpack "$suite" "$root" neovim neovim-runtime "${nvim_libs[@]}" "$@"
  # The tree-sitter parsers (markdown, for hovers) are in usr/lib/nvim,
  # which the packaged Neovim has on 'runtimepath' only where installed.
  wrapper "$name" "$root" usr/bin/nvim "--cmd $(printf %q "set runtimepath+=$root/usr/lib/nvim")" \
    "VIMRUNTIME=$root/usr/share/nvim/runtime" \
    "LUA_CPATH=$root/usr/lib/$triplet/lua/5.1/?.so;;"
  "$dir/bin/$name" --version | head -1
}

neovim trixie nvim-0.10 libmsgpack-c2 libtree-sitter0.22 libvterm0
if ! neovim sid nvim-0.12 libtree-sitter0.26 libutf8proc3 2>"$dir/sid.log"; then
  echo "warning: Neovim from sid could not be unpacked (its packages have moved on?); see $dir/sid.log" >&2
  rm -f "$dir/bin/nvim-0.12"
fi

rm -rf "$dir/helix"
unpack trixie "$dir/helix" hx libc6 libgcc-s1
wrapper hx "$dir/helix" usr/lib/hx/hx "" "HELIX_RUNTIME=$dir/helix/usr/lib/hx/runtime"
"$dir/bin/hx" --version
