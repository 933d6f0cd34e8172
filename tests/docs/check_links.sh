#!/usr/bin/env bash
# check_links.sh — fails when a relative link of README.md, CONTRIBUTING.md or
# docs/*.md names a file that does not exist or a heading the target does not
# have. The README is the entrance and points into docs/usage.md section by
# section: a section renamed or moved there must not leave it pointing at
# nothing.
# Anchors are GitHub's: the heading lowercased, punctuation but - and _ dropped,
# spaces made -; headings inside ``` fences are not headings.
# Usage: check_links.sh [SOURCE_DIR]   (exit 0 all resolve, 1 with each broken link listed)
set -euo pipefail
root=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
command -v python3 >/dev/null || { echo "links: python3 is needed" >&2; exit 1; }
cd "$root"
python3 - README.md CONTRIBUTING.md docs/*.md <<'PY'
import os, re, sys

def anchors(path, cache={}):
    if path not in cache:
        found, fence = set(), False
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.startswith("```"):
                    fence = not fence
                m = None if fence else re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
                if m:
                    slug = re.sub(r"[^\w\- ]", "", m.group(1).lower()).replace(" ", "-")
                    found.add(slug)
        cache[path] = found
    return cache[path]

bad = 0
for doc in sys.argv[1:]:
    with open(doc, encoding="utf-8") as f:
        text = f.read()
    # links outside code: drop fenced blocks and inline code first
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    text = re.sub(r"`[^`\n]*`", "", text)
    for m in re.finditer(r"\]\(([^)\s]+)\)", text):
        link = m.group(1)
        if re.match(r"[a-z][a-z0-9+.-]*:", link):
            continue  # https:, mailto: ...
        path, _, anchor = link.partition("#")
        target = os.path.normpath(os.path.join(os.path.dirname(doc), path)) if path else doc
        if not os.path.exists(target):
            print(f"links: {doc}: ({link}): no file {target}", file=sys.stderr)
            bad = 1
        elif anchor and target.endswith(".md") and anchor not in anchors(target):
            print(f"links: {doc}: ({link}): {target} has no heading #{anchor}", file=sys.stderr)
            bad = 1
sys.exit(bad)
PY
