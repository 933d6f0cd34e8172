#!/usr/bin/env bash
# t_package.sh — installing and packaging: `cmake --install` into a fresh
# prefix puts the binary, profiles (which the installed binary finds on its
# own), walbench.1 and the bash completion in place; the man page renders
# without a groff warning and names every option `walbench --help` lists;
# `cpack -G DEB` builds a .deb whose contents list the same files. Builds its
# own copy in a temporary directory; skips without cpack/dpkg-deb/groff.
. "$(dirname "$0")/lib.sh"
set -e
command -v cpack >/dev/null && command -v dpkg-deb >/dev/null && command -v dpkg-shlibdeps >/dev/null ||
	skip "cpack, dpkg-deb or dpkg-shlibdeps (dpkg-dev) missing"
command -v groff >/dev/null || skip "groff missing"
wb_tmpdir d

# The manual: no warnings, and every option of --help in it.
"$WALBENCH" --man >"$d/walbench.1"
groff -ww -man -Tutf8 "$d/walbench.1" >"$d/man.txt" 2>"$d/man.err" || fail "groff failed"
[ ! -s "$d/man.err" ] || fail "groff warnings: $(head -5 "$d/man.err")"
# (Looked for in the roff source, where a hyphen is \-: rendered text
# hyphenates long words and prints \- as a minus sign.)
for opt in $("$WALBENCH" --help | grep -oE -- '--[a-z][a-z0-9-]+' | sort -u); do
	grep -qF -- "${opt//-/\\-}" "$d/walbench.1" || fail "the man page misses $opt"
done

cmake -S "$WB_SOURCE_DIR" -B "$d/b" -DWB_BUILD_TESTS=OFF -DCMAKE_INSTALL_PREFIX="$d/prefix" \
	-DCMAKE_BUILD_TYPE=Release >/dev/null || fail "configure failed"
cmake --build "$d/b" -j"$(nproc)" >/dev/null 2>"$d/build.err" || fail "build failed: $(tail -5 "$d/build.err")"
cmake --install "$d/b" >/dev/null || fail "install failed"
for f in bin/walbench share/man/man1/walbench.1 share/walbench/profiles/tiers.json \
	share/walbench/profiles/quick.json share/bash-completion/completions/walbench; do
	[ -e "$d/prefix/$f" ] || fail "not installed: $f"
done
# The installed binary finds its installed profiles, with the source tree hidden from it.
env -u WALBENCH_PROFILES "$d/prefix/bin/walbench" qualify "$d" --tier nosuch >/dev/null 2>"$d/q.err" && fail "unknown tier accepted"
grep -q 'no tier named "nosuch"' "$d/q.err" || fail "the installed binary did not load its tiers: $(cat "$d/q.err")"

(cd "$d/b" && cpack -G DEB >/dev/null 2>"$d/cpack.err") || fail "cpack failed: $(tail -5 "$d/cpack.err")"
deb=$(ls "$d"/b/walbench_*.deb 2>/dev/null | head -1)
[ -n "$deb" ] || fail "no .deb built"
dpkg-deb -c "$deb" >"$d/contents"
for f in bin/walbench share/man/man1/walbench.1 share/walbench/profiles/tiers.json \
	share/bash-completion/completions/walbench; do
	grep -q "$f" "$d/contents" || fail ".deb lacks $f"
done
dpkg-deb -f "$deb" Depends | grep -q libcjson || fail ".deb depends on no cJSON: $(dpkg-deb -f "$deb" Depends)"
pass
