#!/usr/bin/env bash
# check_readme_length.sh — fails when README.md passes 150 lines. The README is
# the entrance (issue 47): what walbench answers, install, the two commands, one
# example per command and the exit codes, with the reference in docs/usage.md,
# docs/design.md and the man page. Lines added there one at a time had taken it
# to 152 unnoticed; a new detail belongs in the reference it links to.
# Usage: check_readme_length.sh [SOURCE_DIR]   (exit 0 within, 1 past it)
set -euo pipefail
root=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
max=150
n=$(wc -l < "$root/README.md")
if ((n > max)); then
	echo "README.md: $n lines, more than $max: move the detail into docs/usage.md" >&2
	exit 1
fi
