"""pgbench_log.py — pgbench's per-transaction logs (-l --log-prefix=PREFIX) read
for the server tests: the truth observe's commit rates are checked against.
The tests' python imports it (lib.sh puts this folder on PYTHONPATH).
Trap: PREFIX.* also matches a test's own PREFIX.json or PREFIX.sql; only pgbench's
names (PREFIX.PID, and PREFIX.PID.THREAD with -j) are read."""
import glob
import re
import sys

_LOG_SUFFIX = re.compile(r"\.[0-9]+(\.[0-9]+)?$")


def logs(prefix):
    """pgbench's log files of --log-prefix=prefix."""
    return sorted(p for p in glob.glob(glob.escape(prefix) + ".*")
                  if _LOG_SUFFIX.fullmatch(p[len(prefix):]))


def completed(prefix):
    """The epoch time (s) each transaction logged under prefix completed."""
    done = []
    for name in logs(prefix):
        for line in open(name):
            f = line.split()  # client_id transaction_no time script_no time_epoch time_us
            done.append(int(f[4]) + int(f[5]) / 1e6)
    return done


def window(observed):
    """The observed interval (the server's clock at each snapshot): (begin, end)."""
    return observed["interval"]["begin"], observed["interval"]["end"]


def count_in(done, begin, end):
    """How many of the completion times fall inside [begin, end]."""
    return sum(begin <= t <= end for t in done)


def tps(done, begin, end, what="pgbench"):
    """Transactions a second completed inside [begin, end]; exits unless the
    log runs through the whole interval (a pgbench that ended early, or started
    late, would read as a slower server)."""
    if not done or min(done) > begin or max(done) < end:
        sys.exit("%s did not run through the interval [%.3f, %.3f]: %d transactions, "
                 "%.3f to %.3f" % (what, begin, end, len(done), min(done, default=0),
                                   max(done, default=0)))
    return count_in(done, begin, end) / (end - begin)


def near(what, got, want, within=0.15):
    """Exits unless got is a number within the fraction within of pgbench's want."""
    if not isinstance(got, (int, float)) or not want > 0 or abs(got / want - 1) > within:
        sys.exit("observe said %s %s, pgbench completed %.1f/s" % (got, what, want))
