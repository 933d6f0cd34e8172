#!/usr/bin/env bash
# t_ansible.sh — contrib/ansible: the playbook passes --syntax-check and
# ansible-lint (its production profile, offline), and a real run against four
# "hosts" on this machine (ansible_connection=local), each measuring its own
# directory: on /tmp, on /dev/shm, on a loop-mounted ext4, and one missing; with
# PostgreSQL installed, a fifth with no directory given, whose throwaway cluster
# keeps pg_wal on the loop ext4. A JSON file comes back from each but the missing
# one, which fails alone and is named; the fleet report and summary name the
# others; the fleet gate trips exactly when the summary has an outlier; and no
# host keeps a file of the run.
. "$(dirname "$0")/lib.sh"
set -e
command -v ansible-playbook >/dev/null || skip "ansible-playbook missing (Debian: ansible-core)"
src=${WB_SOURCE_DIR:?WB_SOURCE_DIR must point at the source tree}/contrib/ansible
wb_tmpdir d
# Ansible's and ansible-lint's own files go under $d, not under $HOME; no
# ansible.cfg of this machine's applies. TMPDIR too: each module run unpacks
# into a payload directory of the system's temporary directory and removes it
# only when it ends, so a run cut short (the deadline) left them in /tmp.
: >"$d/ansible.cfg"
mkdir "$d/tmpdir"
export ANSIBLE_CONFIG="$d/ansible.cfg" ANSIBLE_HOME="$d/ansible-home" \
	ANSIBLE_LOCAL_TEMP="$d/ansible-local" ANSIBLE_REMOTE_TEMP="$d/ansible-remote" \
	XDG_CACHE_HOME="$d/cache" ANSIBLE_NOCOLOR=1 ANSIBLE_RETRY_FILES_ENABLED=0 \
	TMPDIR="$d/tmpdir"

ansible-playbook -i "$src/inventory.localhost.ini" --syntax-check "$src/fleet.yml" >"$OUT" 2>"$ERR" ||
	fail "syntax check: $(cat "$ERR" "$OUT")"
if command -v ansible-lint >/dev/null; then
	(cd "$src" && ansible-lint -q --nocolor) >"$OUT" 2>&1 || fail "ansible-lint: $(tail -30 "$OUT")"
else
	echo "ansible-lint missing (Debian: ansible-lint): lint not checked" >&2
fi

"$WALBENCH" report --help >/dev/null 2>&1 ||
	fail "$WALBENCH has no report command: the playbook's controller step needs it"
need_root
command -v losetup >/dev/null && command -v mkfs.ext4 >/dev/null || skip "losetup or mkfs.ext4 missing"
[ -d /dev/shm ] && [ -w /dev/shm ] || skip "/dev/shm not writable"
wb_tmpdir shm /dev/shm
mkdir "$d/tmp" "$d/work"
# Room for two hosts measuring at once (a qualify writes 38 MiB of segments) and
# the cluster's WAL.
truncate -s 256M "$d/image"
loop=$(losetup -f --show "$d/image" 2>/dev/null) || skip "no loop device available"
on_exit "losetup -d '$loop'"
mkfs.ext4 -q -F "$loop" >/dev/null 2>&1 || fail "mkfs.ext4 failed"
mkdir "$d/mnt"
mount "$loop" "$d/mnt" || fail "cannot mount the loop ext4"
on_exit "umount '$d/mnt'"
rmdir "$d/mnt/lost+found"
hosts=(host-tmp host-shm host-loop)

# The fifth host asks PostgreSQL where pg_wal is: a cluster of its own, reached by
# its own socket only, with pg_wal a symlink to the loop ext4.
pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
pghost=""
[ -n "$pgbin" ] || [ "${WB_REQUIRE_PG:-0}" != 1 ] || fail "PostgreSQL not installed (WB_REQUIRE_PG=1)"
if [ -n "$pgbin" ] && [ -x "$pgbin/initdb" ] && id postgres >/dev/null 2>&1; then
	chmod 755 "$d"
	pg=$(mktemp -d /tmp/wbpg.XXXXXX)
	on_exit "rm -rf '$pg'"
	mkdir "$d/mnt/pg_wal"
	chown postgres "$pg" "$d/mnt/pg_wal"
	runuser -u postgres -- "$pgbin/initdb" -D "$pg/data" --waldir "$d/mnt/pg_wal" -A trust \
		-U postgres >"$pg/initdb.log" 2>&1 || fail "initdb: $(tail -5 "$pg/initdb.log")"
	runuser -u postgres -- "$pgbin/pg_ctl" -D "$pg/data" -w -l "$pg/log" \
		-o "-c listen_addresses='' -k $pg -p 5499" start >/dev/null || fail "postgres: $(tail -5 "$pg/log")"
	on_exit "runuser -u postgres -- '$pgbin/pg_ctl' -D '$pg/data' -m immediate stop"
	pghost="host-pg      walbench_psql_args='[\"-h\", \"$pg\", \"-p\", \"5499\"]'"
	hosts+=(host-pg)
else
	echo "PostgreSQL not installed: the default target (pg_wal's file system) is not checked" >&2
fi

cat >"$d/inventory.ini" <<INI
[fleet]
host-tmp     walbench_path=$d/tmp
host-shm     walbench_path=$shm
host-loop    walbench_path=$d/mnt
host-missing walbench_path=$d/missing
$pghost

[fleet:vars]
ansible_connection=local
ansible_python_interpreter=$(command -v python3)
ansible_become=false
walbench_install=none
walbench_binary=$WALBENCH
walbench_report_binary=$WALBENCH
walbench_command=qualify
walbench_time_s=4
walbench_args=["--slice", "1s"]
walbench_work_parent=$d/work
walbench_fleet_dir=$d/fleet
walbench_fail_on_outlier=true
INI
set +e
ansible-playbook -i "$d/inventory.ini" "$src/fleet.yml" >"$d/play.log" 2>&1
got=$?
set -e
# ansible-playbook exits 2 when a host failed: here the missing one. (The names
# are no words of a path, so finding one in the report means the label.)
[ "$got" = 2 ] || fail "ansible-playbook exited $got, want 2: $(tail -40 "$d/play.log")"
grep -Eq '^host-missing +: .*failed=1 ' "$d/play.log" || fail "the recap does not fail missing: $(tail -8 "$d/play.log")"
# The fleet gate (walbench_fail_on_outlier) fails exactly the hosts that the summary
# of the files that came back names as outliers or failed, with its reasons; the
# other good hosts pass. Whether this fleet has an outlier is up to the machine.
set +e
"$WALBENCH" report --summary "$d"/fleet/hosts/*.json --fail-on-outlier --json "$d/gate.json" \
	>"$d/gate.txt" 2>&1
gate=$?
set -e
[ "$gate" = 0 ] || [ "$gate" = 1 ] || fail "report --summary --fail-on-outlier exited $gate: $(cat "$d/gate.txt")"
named=$(python3 -c 'import json, os, sys
d = json.load(open(sys.argv[1]))
print(" ".join(sorted(os.path.basename(h["file"])[:-5] for h in d["hosts"] if h["outlier"] or h["failed"])))' "$d/gate.json")
echo "fleet gate: $(tail -1 "$d/gate.txt"): ${named:-no host}" >&2
for h in "${hosts[@]}"; do
	if [[ " $named " == *" $h "* ]]; then
		grep -Eq "^$h +: .*failed=1 " "$d/play.log" || fail "the gate did not fail $h: $(tail -12 "$d/play.log")"
		grep -Eq "fatal: \[$h\]: FAILED! => .*fleet gate \(walbench report --summary --fail-on-outlier\): .+" \
			"$d/play.log" || fail "no gate reason for $h: $(grep -A2 'fleet gate' "$d/play.log")"
	else
		grep -Eq "^$h +: .*failed=0 " "$d/play.log" || fail "$h failed: $(tail -40 "$d/play.log")"
	fi
done

got=$(cd "$d/fleet/hosts" && ls | sort)
[ "$got" = "$(printf '%s.json\n' "${hosts[@]}" | sort)" ] || fail "results that came back: $got"
json_check "$d/fleet/hosts/host-shm.json" 'd["qualification"]["verdict"] in ("pass", "fail", "inconclusive")'
json_check "$d/fleet/hosts/host-loop.json" 'd["host"]["device"]["fs_type"] == "ext4"'
if [ -n "$pghost" ]; then
	json_check "$d/fleet/hosts/host-pg.json" "d['host']['target'].startswith('$d/mnt/walbench-ansible.')"
fi
grep -q "^host-missing: .*$d/missing: no such directory on this host" "$d/fleet/failed-hosts.txt" ||
	fail "failed-hosts.txt: $(cat "$d/fleet/failed-hosts.txt")"
[ "$(wc -l <"$d/fleet/failed-hosts.txt")" = 1 ] || fail "failed-hosts.txt: $(cat "$d/fleet/failed-hosts.txt")"
grep -q '"failed: host-missing"' "$d/play.log" || fail "the run does not print the failed host"
[ -s "$d/fleet/fleet.html" ] || fail "no fleet report"
[ -s "$d/fleet/summary.json" ] || fail "no summary.json"
for h in "${hosts[@]}"; do
	grep -q ">$h<" "$d/fleet/fleet.html" || fail "the fleet report has no column $h"
	grep -qw "$h" "$d/fleet/summary.txt" || fail "the summary does not name $h: $(cat "$d/fleet/summary.txt")"
done

# Nothing left on the hosts: the target directories and the role's work parent
# are empty, but for the cluster's pg_wal.
for dir in "$d/tmp" "$shm" "$d/mnt" "$d/work"; do
	left=$(find "$dir" -mindepth 1 -maxdepth 1 ! -path "$d/mnt/pg_wal")
	[ -z "$left" ] || fail "left behind in $dir: $left"
done
pass
