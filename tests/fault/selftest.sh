#!/usr/bin/env bash
# selftest.sh — proves faultfs and deny_syscall do what walbench's fault tests rely on.
# Usage: selftest.sh FAULTFS DENY_SYSCALL. Exit 0 pass, 1 fail, 2 usage, 77 skip (not root, no
# /dev/fuse, no fusermount3, no python3). Trap: every check runs under `timeout` and the EXIT trap
# unmounts and removes everything, so a wedged FUSE request can neither hang ctest nor leave a mount.
set -euo pipefail

if [[ $# -ne 2 ]]; then
	echo "usage: $0 FAULTFS DENY_SYSCALL" >&2
	exit 2
fi
FAULTFS=$1
DENY=$2

skip() {
	echo "SKIP: $*"
	exit 77
}

[[ $(id -u) -eq 0 ]] || skip "needs root (mounts FUSE directly)"
[[ -c /dev/fuse ]] || skip "/dev/fuse missing"
command -v fusermount3 >/dev/null || skip "fusermount3 missing"
command -v python3 >/dev/null || skip "python3 missing (the checks are python snippets)"
[[ -x $FAULTFS ]] || { echo "FAIL: $FAULTFS is not executable" >&2; exit 1; }
[[ -x $DENY ]] || { echo "FAIL: $DENY is not executable" >&2; exit 1; }

backing=""   # faultfs's BACKING_DIR
mnt=""       # faultfs's MOUNTPOINT
logs=""      # faultfs stderr, one file per mount
ff_pid=""    # running faultfs, if any
ff_log=""
passed=0

# True if $mnt is a mount point; reads mountinfo because stat(2) on a dead FUSE mount fails
# with ENOTCONN, which `mountpoint` would report as "not mounted".
is_mounted() {
	[[ -n $mnt ]] && awk -v m="$mnt" '$5 == m { found = 1 } END { exit !found }' \
		/proc/self/mountinfo
}

cleanup() {
	local rc=$?
	trap - EXIT INT TERM
	if is_mounted; then
		fusermount3 -u "$mnt" 2>/dev/null || umount -l "$mnt" 2>/dev/null || true
	fi
	if [[ -n $ff_pid ]] && kill -0 "$ff_pid" 2>/dev/null; then
		kill "$ff_pid" 2>/dev/null || true
		wait "$ff_pid" 2>/dev/null || true
	fi
	# rmdir, not rm -rf: if the unmount failed, never delete through a live mount.
	if [[ -n $mnt ]]; then rmdir -- "$mnt" 2>/dev/null || echo "warning: $mnt left behind" >&2; fi
	if [[ -n $backing ]]; then rm -rf -- "$backing" || true; fi
	if [[ -n $logs ]]; then rm -rf -- "$logs" || true; fi
	exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

backing=$(mktemp -d)
mnt=$(mktemp -d)
logs=$(mktemp -d)

fail() {
	echo "FAIL: $*" >&2
	if [[ -n $ff_log && -s $ff_log ]]; then
		echo "--- faultfs stderr ---" >&2
		cat "$ff_log" >&2
	fi
	echo "selftest: $passed passed, 1 failed"
	exit 1
}

pass() {
	passed=$((passed + 1))
	echo "ok $passed - $*"
}

# expect NAME EXPECTED ACTUAL — multi-line outputs compare whole.
expect() {
	if [[ $2 != "$3" ]]; then
		fail "$1: expected
$2
got
$3"
	fi
	pass "$1"
}

# Starts faultfs with the given options and waits (5 s at most) for the mount to appear.
start_faultfs() {
	ff_log="$logs/faultfs.$((passed + 1)).log"
	"$FAULTFS" "$@" "$backing" "$mnt" 2>"$ff_log" &
	ff_pid=$!
	for _ in $(seq 100); do
		is_mounted && return 0
		kill -0 "$ff_pid" 2>/dev/null || fail "faultfs $* exited before mounting"
		sleep 0.05
	done
	fail "faultfs $* did not mount within 5 s"
}

# Waits for faultfs to exit after an unmount or signal; it must exit 0 and leave no mount.
reap_faultfs() {
	local rc=0
	timeout 10 tail --pid="$ff_pid" -f /dev/null || fail "faultfs did not exit within 10 s"
	wait "$ff_pid" || rc=$?
	ff_pid=""
	[[ $rc -eq 0 ]] || fail "faultfs exited $rc, want 0"
	! is_mounted || fail "mount still present after faultfs exited"
	find "$backing" -mindepth 1 -delete
}

stop_faultfs() {
	fusermount3 -u "$mnt" || fail "fusermount3 -u $mnt failed"
	reap_faultfs
}

# Shared python helpers: call() turns a result into "ok", a number, or an errno name.
PY_PRELUDE='
import errno, mmap, os, sys
mnt, backing = sys.argv[1], sys.argv[2]
def path(name):
    return os.path.join(mnt, name)
def call(fn, *args):
    try:
        r = fn(*args)
    except OSError as e:
        return errno.errorcode.get(e.errno, str(e.errno))
    return "ok" if r is None else str(r)
def create(name):
    return os.open(path(name), os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_WRONLY, 0o600)
'

# Runs the python snippet on stdin with $mnt and $backing as arguments, prints its output.
# Called inside $(...), where fail could only end the subshell: callers add `|| fail`.
run_py() {
	local code
	code=$(cat)
	timeout 60 python3 -c "$PY_PRELUDE$code" "$mnt" "$backing"
}

# ---- faultfs without faults: walbench's whole file life cycle passes through ---------------

check_plain_passthrough() {
	start_faultfs
	local out
	out=$(run_py <<'EOF'
MiB = 1 << 20
fd = create("wal")
print("pwrite16M", call(os.pwrite, fd, b"a" * (16 * MiB), 0))
print("fsync", call(os.fsync, fd))
print("fdatasync", call(os.fdatasync, fd))
os.close(fd)
dfd = os.open(mnt, os.O_RDONLY | os.O_DIRECTORY)
print("dirfsync", call(os.fsync, dfd))
os.close(dfd)
for name, flag in (("O_DSYNC", os.O_DSYNC), ("O_SYNC", os.O_SYNC)):
    fd = os.open(path("wal"), os.O_WRONLY | flag)
    print(name, call(os.pwrite, fd, b"b" * 8192, 8192))
    os.close(fd)
# O_DIRECT needs an aligned buffer: an anonymous mmap is page-aligned.
buf = mmap.mmap(-1, 4096)
buf.write(b"c" * 4096)
fd = os.open(path("wal"), os.O_RDWR | os.O_DIRECT | os.O_DSYNC)
print("O_DIRECT|O_DSYNC", call(os.pwrite, fd, buf, 4096))
print("O_DIRECT fdatasync", call(os.fdatasync, fd))
rbuf = mmap.mmap(-1, 4096)
print("O_DIRECT pread", call(os.preadv, fd, [rbuf], 4096), rbuf[:1] == b"c")
os.close(fd)
with open(os.path.join(backing, "wal"), "rb") as f:
    data = f.read()
print("backing", len(data), data[0:1] + data[4096:4097] + data[8192:8193])
print("excl", call(create, "wal"))
print("statfs", os.statvfs(mnt).f_bsize > 0)
print("mkdir", call(os.mkdir, path("d")), call(os.rename, path("d"), path("e")),
      call(os.rmdir, path("e")))
print("unlink", call(os.unlink, path("wal")), os.listdir(mnt), os.listdir(backing))
EOF
) || fail "python check failed (see its traceback above)"
	expect "plain: create, 16 MiB, fsync, O_DSYNC/O_SYNC/O_DIRECT reopen, unlink" \
"pwrite16M 16777216
fsync ok
fdatasync ok
dirfsync ok
O_DSYNC 8192
O_SYNC 8192
O_DIRECT|O_DSYNC 4096
O_DIRECT fdatasync ok
O_DIRECT pread 4096 True
backing 16777216 b'acb'
excl EEXIST
statfs True
mkdir ok ok ok
unlink ok [] []" "$out"
	stop_faultfs
}

# What the kernel forwards, as documented in faultfs.c's header; fails if a kernel changes it.
check_trace_kernel_behaviour() {
	start_faultfs --trace
	run_py >/dev/null <<'EOF' || fail "python check failed (see its traceback above)"
fd = create("t")
os.pwrite(fd, b"x" * 4096, 0)
os.fsync(fd)
os.fdatasync(fd)
os.close(fd)
fd = os.open(path("t"), os.O_WRONLY | os.O_DSYNC)
os.pwrite(fd, b"y" * 4096, 0)
os.close(fd)
os.unlink(path("t"))
EOF
	local out
	out=$(grep -E 'trace (fsync|write|open)' "$ff_log" | sed -E 's/ (off|size|flags)=[0-9a-fx]*//g')
	expect "trace: fsync datasync=0, fdatasync datasync=1, O_DSYNC write sends no FUSE_FSYNC" \
"faultfs: trace write sync=none
faultfs: trace fsync datasync=0
faultfs: trace fsync datasync=1
faultfs: trace open /t O_DSYNC
faultfs: trace write sync=O_DSYNC" "$out"
	stop_faultfs
}

# ---- fsync faults ---------------------------------------------------------------------------

check_fail_fsync() {
	start_faultfs --verbose --fail-fsync EIO
	local out
	out=$(run_py <<'EOF'
fd = create("f")
print("pwrite", call(os.pwrite, fd, b"x" * 4096, 0))
print("fdatasync", call(os.fdatasync, fd))
print("fsync", call(os.fsync, fd))
os.close(fd)
fd = os.open(path("f"), os.O_WRONLY | os.O_DSYNC)
print("O_DSYNC pwrite", call(os.pwrite, fd, b"x" * 4096, 0))
os.close(fd)
dfd = os.open(mnt, os.O_RDONLY | os.O_DIRECTORY)
print("dirfsync", call(os.fsync, dfd))
os.close(dfd)
EOF
) || fail "python check failed (see its traceback above)"
	expect "--fail-fsync EIO: fdatasync and fsync fail, O_DSYNC write and dir fsync do not" \
"pwrite 4096
fdatasync EIO
fsync EIO
O_DSYNC pwrite 4096
dirfsync ok" "$out"
	expect "--verbose logs each faulted call" \
"faultfs: fdatasync -> EIO
faultfs: fsync -> EIO" "$(cat "$ff_log")"
	stop_faultfs
}

check_fail_fdatasync_only() {
	start_faultfs --fail-fdatasync-only EIO
	local out
	out=$(run_py <<'EOF'
fd = create("f")
os.pwrite(fd, b"x" * 4096, 0)
print("fsync", call(os.fsync, fd))
print("fdatasync", call(os.fdatasync, fd))
os.close(fd)
EOF
) || fail "python check failed (see its traceback above)"
	expect "--fail-fdatasync-only EIO: fsync succeeds, fdatasync fails" \
"fsync ok
fdatasync EIO" "$out"
	stop_faultfs
}

check_fail_after_ops() {
	start_faultfs --fail-fsync EROFS --fail-after-ops 2
	local out
	out=$(run_py <<'EOF'
fd = create("f")
print([call(os.fsync, fd) for _ in range(4)])
os.close(fd)
EOF
) || fail "python check failed (see its traceback above)"
	expect "--fail-after-ops 2: two fsyncs pass, then EROFS" "['ok', 'ok', 'EROFS', 'EROFS']" "$out"
	stop_faultfs
}

check_fail_sync_once() {
	start_faultfs --verbose --fail-sync-once EIO --fail-after-ops 1
	local out
	out=$(run_py <<'EOF'
fd = create("f")
os.pwrite(fd, b"x" * 4096, 0)
print([call(os.fsync, fd), call(os.fdatasync, fd), call(os.fsync, fd), call(os.fdatasync, fd)])
os.close(fd)
EOF
) || fail "python check failed (see its traceback above)"
	expect "--fail-sync-once EIO --fail-after-ops 1: one sync passes, the next fails, the rest pass" \
		"['ok', 'EIO', 'ok', 'ok']" "$out"
	expect "--fail-sync-once logs its one fault" "faultfs: fdatasync -> EIO" "$(cat "$ff_log")"
	stop_faultfs
}

check_fault_sync_writes() {
	start_faultfs --fail-fdatasync-only EIO --fault-sync-writes
	local out
	out=$(run_py <<'EOF'
fd = create("f")
print("plain", call(os.pwrite, fd, b"x" * 4096, 0))
os.close(fd)
fd = os.open(path("f"), os.O_WRONLY | os.O_DSYNC)
print("O_DSYNC", call(os.pwrite, fd, b"x" * 4096, 0))
os.close(fd)
fd = os.open(path("f"), os.O_WRONLY | os.O_SYNC)
print("O_SYNC", call(os.pwrite, fd, b"x" * 4096, 0))
os.close(fd)
EOF
) || fail "python check failed (see its traceback above)"
	expect "--fault-sync-writes: O_DSYNC write fails like fdatasync, O_SYNC (full fsync) passes" \
"plain 4096
O_DSYNC EIO
O_SYNC 4096" "$out"
	stop_faultfs
}

# ---- write faults ---------------------------------------------------------------------------

check_fail_write() {
	start_faultfs --fail-write ENOSPC
	local out
	out=$(run_py <<'EOF'
fd = create("f")
print(call(os.pwrite, fd, b"x" * 4096, 0))
os.close(fd)
EOF
) || fail "python check failed (see its traceback above)"
	expect "--fail-write ENOSPC: write fails" "ENOSPC" "$out"
	stop_faultfs
}

check_fail_write_after() {
	start_faultfs --fail-write-after 16777216
	local out
	out=$(run_py <<'EOF'
MiB = 1 << 20
fd = create("f")
print("prepare", call(os.pwrite, fd, b"a" * (16 * MiB), 0))
print("fsync", call(os.fsync, fd))
print("next", call(os.pwrite, fd, b"b" * 4096, 16 * MiB))
print("again", call(os.pwrite, fd, b"b" * 4096, 0))
os.close(fd)
EOF
) || fail "python check failed (see its traceback above)"
	expect "--fail-write-after 16777216: 16 MiB passes, the next pwrite gets EIO" \
"prepare 16777216
fsync ok
next EIO
again EIO" "$out"
	stop_faultfs
}

check_short_write() {
	start_faultfs --short-write
	local out
	out=$(run_py <<'EOF'
fd = create("f")
print(call(os.pwrite, fd, b"x" * 8192, 0), call(os.pwrite, fd, b"x", 0))
os.close(fd)
print(os.path.getsize(os.path.join(backing, "f")))
EOF
) || fail "python check failed (see its traceback above)"
	expect "--short-write: 8192-byte pwrite returns 4096, 1 byte stays 1" "4096 1
4096" "$out"
	stop_faultfs
}

# ---- faultfs life cycle and command line ----------------------------------------------------

check_stops_on_signal() {
	local sig
	for sig in TERM INT; do
		start_faultfs
		kill "-$sig" "$ff_pid"
		reap_faultfs
		pass "SIG$sig: faultfs unmounts and exits 0"
	done
}

check_faultfs_usage() {
	local rc=0
	"$FAULTFS" --fail-fsync EBOGUS "$backing" "$mnt" 2>/dev/null || rc=$?
	expect "faultfs: unknown errno name is a usage error (exit 2)" 2 "$rc"
	rc=0
	"$FAULTFS" --fail-fsync EIO --fail-fdatasync-only EIO "$backing" "$mnt" 2>/dev/null || rc=$?
	expect "faultfs: conflicting fsync faults are a usage error (exit 2)" 2 "$rc"
	rc=0
	"$FAULTFS" --fail-sync-once EIO --fail-fsync EIO "$backing" "$mnt" 2>/dev/null || rc=$?
	expect "faultfs: --fail-sync-once with --fail-fsync is a usage error (exit 2)" 2 "$rc"
	! is_mounted || fail "a usage error left a mount"
}

# ---- deny_syscall ---------------------------------------------------------------------------

# Prints the errno name io_uring_setup(2) fails with, or "ok" if it made a ring.
IO_URING_PY='
import ctypes, errno, os
libc = ctypes.CDLL(None, use_errno=True)
params = ctypes.create_string_buffer(120)  # struct io_uring_params
fd = libc.syscall(425, 1, params)          # __NR_io_uring_setup (x86_64 and generic table)
if fd >= 0:
    os.close(fd)
    print("ok")
else:
    print(errno.errorcode.get(ctypes.get_errno(), ctypes.get_errno()))
'

check_deny_io_uring() {
	local plain denied
	plain=$(timeout 30 python3 -c "$IO_URING_PY") || fail "io_uring probe failed"
	denied=$(timeout 30 "$DENY" io_uring_setup=EPERM -- python3 -c "$IO_URING_PY") ||
		fail "io_uring probe under deny_syscall failed"
	expect "deny_syscall io_uring_setup=EPERM: EPERM" EPERM "$denied"
	if [[ $plain == EPERM ]]; then
		# io_uring_disabled=2 makes the plain call EPERM too; an errno no kernel gives
		# here still proves the filter is what answered.
		echo "note: io_uring_setup is EPERM without the filter (kernel.io_uring_disabled?)"
		denied=$(timeout 30 "$DENY" io_uring_setup=EDQUOT -- python3 -c "$IO_URING_PY") ||
			fail "io_uring probe under deny_syscall failed"
		expect "deny_syscall io_uring_setup=EDQUOT: EDQUOT" EDQUOT "$denied"
	else
		pass "without deny_syscall io_uring_setup is not EPERM ($plain)"
	fi
}

check_deny_libaio() {
	if [[ $(uname -m) != x86_64 ]]; then
		echo "note: libaio syscall check skipped: syscall numbers are x86_64 ones"
		return 0
	fi
	local out
	out=$(timeout 30 "$DENY" io_setup=EAGAIN,io_submit=EPERM -- python3 -c '
import ctypes, errno
libc = ctypes.CDLL(None, use_errno=True)
def err(r):
    return "ok" if r >= 0 else errno.errorcode[ctypes.get_errno()]
ctx = ctypes.c_ulong(0)
print(err(libc.syscall(206, 1, ctypes.byref(ctx))),   # io_setup
      err(libc.syscall(209, 0, 0, None)))              # io_submit
') || fail "libaio probe under deny_syscall failed"
	expect "deny_syscall io_setup=EAGAIN,io_submit=EPERM" "EAGAIN EPERM" "$out"
}

check_deny_exit_codes() {
	local rc=0
	"$DENY" io_uring_setup=EBOGUS -- true 2>/dev/null || rc=$?
	expect "deny_syscall: bad errno name exits 125" 125 "$rc"
	rc=0
	"$DENY" no_such_syscall=EPERM -- true 2>/dev/null || rc=$?
	expect "deny_syscall: unknown syscall exits 125" 125 "$rc"
	rc=0
	"$DENY" io_uring_setup=EPERM -- /nonexistent/command 2>/dev/null || rc=$?
	expect "deny_syscall: command not found exits 127" 127 "$rc"
	rc=0
	"$DENY" io_uring_setup=EPERM -- sh -c 'exit 7' || rc=$?
	expect "deny_syscall: passes the command's exit status" 7 "$rc"
}

main() {
	check_plain_passthrough
	check_trace_kernel_behaviour
	check_fail_fsync
	check_fail_fdatasync_only
	check_fail_after_ops
	check_fail_sync_once
	check_fault_sync_writes
	check_fail_write
	check_fail_write_after
	check_short_write
	check_stops_on_signal
	check_faultfs_usage
	check_deny_io_uring
	check_deny_libaio
	check_deny_exit_codes
	echo "selftest: $passed passed, 0 failed"
}

main
