/* cmd_verify.c — `walbench verify listen|write|check`: does a flush the storage
 * acknowledged survive a power cut? diskchecker.pl's method: the machine under test
 * tells a listener on a second machine "about to write record N", writes it, makes it
 * durable, and only then says "done N"; after the power cut and the reboot, every
 * record whose "done" reached the listener must be in the file. Protocol:
 * docs/verify-protocol.md. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "advice/verify_verdict.h"
#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/inputs.h"
#include "cli/measuring.h"
#include "cli/space_gate.h"
#include "facts/host.h"
#include "measure/verify_file.h"
#include "measure/verify_listener.h"
#include "measure/verify_tcp.h"
#include "plan/options.h"
#include "report/verify_text.h"
#include "report/words.h"

#define MAX_LISTED_LOSSES 50 /* lines of detail; the count is always complete */

_Static_assert(WB_HOST_BOOT_ID_LEN == WB_VERIFY_BOOT_ID_LEN,
	       "the file's boot id field holds the kernel's boot id");

static int usage(const char *fmt, const char *arg)
{
	fprintf(stderr, "walbench: ");
	fprintf(stderr, fmt, arg);
	fputc('\n', stderr);
	wb_usage_hint();
	return WB_EXIT_USAGE;
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* This boot's id into buf (WB_HOST_BOOT_ID_LEN + 1 bytes), or "" and a warning naming
 * what is lost without it: a missing boot id never stops write or check. */
static void read_boot_id(const char *sub, char *buf, const char *so)
{
	int ret = wb_host_boot_id(buf, WB_HOST_BOOT_ID_LEN + 1);

	if (ret)
		fprintf(stderr, "walbench: verify %s: warning: this boot's id "
			"(/proc/sys/kernel/random/boot_id) cannot be read: %s; %s\n", sub,
			ret == -EINVAL ? "not a boot id" : strerror(-ret), so);
}

/* ---- listen ------------------------------------------------------------------------------- */

static int verify_listen(const struct wb_config *cfg)
{
	struct wb_verify_ledger ledger = { .active = false };
	uint16_t port;
	int lfd, ret;

	lfd = wb_verify_listen((uint16_t)cfg->verify_port, &port);
	if (lfd < 0) {
		fprintf(stderr, "walbench: verify listen: port %" PRIu64 ": %s\n", cfg->verify_port,
			strerror(-lfd));
		return WB_EXIT_SETUP;
	}
	wb_verify_print_listening(port);
	ret = wb_verify_serve(lfd, &ledger, stdout);
	fprintf(stderr, "walbench: verify listen: %s\n", strerror(-ret));
	(void)close(lfd);
	wb_verify_ledger_free(&ledger);
	return WB_EXIT_SETUP;
}

/* ---- write -------------------------------------------------------------------------------- */

static uint64_t new_run_id(void)
{
	uint64_t id = 0;

	if (getrandom(&id, sizeof(id), 0) != (ssize_t)sizeof(id))
		id = now_ns() ^ ((uint64_t)getpid() << 32);
	return id ? id : 1;
}

/* Memory loses everything at a power cut: say so once, and go on. */
static void warn_in_ram(const struct wb_config *cfg)
{
	struct wb_device *d = calloc(1, sizeof(*d));
	char line[512], shown[160];

	if (!d)
		return;
	wb_device_probe(cfg->target, d, "/sys", "/proc");
	if (wb_verify_proves_nothing(d))
		fprintf(stderr, "walbench: %s\n",
			wb_words_verify_in_ram(wb_config_word_shown(cfg, cfg->target, shown,
								    sizeof(shown)),
					       d->fs_type, line, sizeof(line)));
	free(d);
}

/* Where the listener is (wb_verify_listener_at); on this machine, say so at once, as
 * the summary does at the end: a warning, as a dry run of the protocol is allowed. */
static enum wb_verify_listener_at where_listener(const struct wb_verify_conn *conn,
						 const char *to)
{
	struct sockaddr_storage peer, local;
	enum wb_verify_listener_at at;
	char line[WB_WORDS_VERIFY_LEN];
	int ret = wb_verify_conn_ends(conn, &peer, &local);

	if (ret) {
		fprintf(stderr, "walbench: verify write: warning: the connection's addresses "
			"cannot be read (%s); whether the listener is on this machine is not "
			"known\n", strerror(-ret));
		return WB_VERIFY_LISTENER_ELSEWHERE;
	}
	at = wb_verify_listener_at(&peer, &local);
	if (at != WB_VERIFY_LISTENER_ELSEWHERE)
		fprintf(stderr, "walbench: verify write: warning: %s\n",
			wb_words_verify_listener_here(at, to, line, sizeof(line)));
	return at;
}

static int verify_write(const struct wb_config *cfg)
{
	enum wb_method_id method = (enum wb_method_id)cfg->verify_method;
	const struct wb_method *m = wb_method_get(method);
	struct wb_verify_run run = { .run_id = new_run_id(), .method = (uint32_t)method };
	struct wb_verify_conn conn = { .fd = -1 };
	struct wb_verify_msg msg;
	char path[4096], why[512], shown[160], boot_id[WB_HOST_BOOT_ID_LEN + 1];
	const char *fwhy, *call;
	uint64_t seq, slots, deadline = 0;
	enum wb_verify_listener_at listener_at;
	bool replaced;
	struct stat st;
	void *buf = NULL;
	int fd, ret, status = WB_EXIT_OK;

	if (!cfg->verify_to)
		return usage("%s", "verify write needs --to HOST:PORT (the listener)");
	if (m->unsupported)
		return usage("--method fsync_writethrough: %s", m->unsupported);
	if (method == WB_METHOD_NONE)
		return usage("%s", "--method none makes nothing durable; verify would prove nothing");
	if (cfg->record_size % 512)
		return usage("--record-size: %s", "not a multiple of 512");
	slots = cfg->file_size / cfg->record_size;
	if (slots < 2)
		return usage("%s", "--file-size must hold the header and at least one record");
	run.record_size = (uint32_t)cfg->record_size;
	run.slots = (uint32_t)(slots - 1 > WB_VERIFY_MAX_SLOTS ? WB_VERIFY_MAX_SLOTS : slots - 1);
	if (stat(cfg->target, &st) || !S_ISDIR(st.st_mode)) {
		fprintf(stderr, "walbench: %s: not a directory\n",
			wb_config_word_shown(cfg, cfg->target, shown, sizeof(shown)));
		return WB_EXIT_SETUP;
	}
	/* The listener keeps where the file is: after the power cut, a missing file is a
	 * loss only in this directory, not in one mistyped. */
	ret = wb_verify_dir_identity(cfg->target, &run.dir_id);
	if (ret) {
		fprintf(stderr, "walbench: verify write: %s: %s\n", cfg->target, strerror(-ret));
		return WB_EXIT_SETUP;
	}
	/* The file stays for the check after the power cut: all of it counts. */
	if (!wb_cli_space_ok(cfg, cfg->target, cfg->file_size, NULL))
		return WB_EXIT_SETUP;
	warn_in_ram(cfg);
	/* The header keeps this boot's id: the check then tells a power cut's reboot from a
	 * check run with no restart at all, which proves nothing. */
	read_boot_id("write", boot_id, "the file records none, and check cannot tell whether "
		     "the machine restarted");
	/* posix_memalign, not aligned_alloc: a 512-byte record is not a multiple
	 * of the 4096-byte alignment, which C11's aligned_alloc requires. */
	if (posix_memalign(&buf, 4096, run.record_size))
		return WB_EXIT_SETUP;
	if (wb_verify_connect(cfg->verify_to, &conn, why, sizeof(why))) {
		fprintf(stderr, "walbench: verify write: %s\n", why);
		status = WB_EXIT_SETUP;
		goto out_free;
	}
	listener_at = where_listener(&conn, cfg->verify_to);
	fd = wb_verify_file_create(cfg->target, &run, boot_id, method, path, sizeof(path),
				   &replaced, &fwhy);
	if (fd < 0) {
		/* The header's write or sync failing is the disk failing, not a refusal. */
		bool durability = strncmp(fwhy, "write", 5) == 0 || strncmp(fwhy, "fsync", 5) == 0;

		fprintf(stderr, "walbench: %s%s: %s: %s\n", durability ? "DURABILITY FAILURE: " : "",
			path, fwhy, strerror(-fd));
		status = durability ? WB_EXIT_IO : WB_EXIT_SETUP;
		goto out_close;
	}
	if (replaced)
		wb_verify_print_replaced(path);
	msg = (struct wb_verify_msg){ .kind = WB_VMSG_BEGIN, .run = run };
	if (wb_verify_request(&conn, &msg, 0, why, sizeof(why))) {
		fprintf(stderr, "walbench: verify write: BEGIN: %s\n", why);
		status = WB_EXIT_SETUP;
		goto out_file;
	}
	wb_verify_print_writing(&run, path, m->name, cfg->verify_to);
	if (cfg->duration_ns)
		deadline = now_ns() + cfg->duration_ns;
	for (seq = 1; !cfg->verify_records || seq <= cfg->verify_records; seq++) {
		if (deadline && now_ns() >= deadline)
			break;
		/* The listener must know before the write starts: a record that lands but
		 * whose announcement was lost would look like a foreign one. */
		msg = (struct wb_verify_msg){ .kind = WB_VMSG_ABOUT, .a = seq };
		if (wb_verify_request(&conn, &msg, seq, why, sizeof(why)))
			goto lost_listener;
		ret = wb_verify_write_record(fd, &run, method, seq, buf, &call);
		if (ret) {
			fprintf(stderr, "walbench: DURABILITY FAILURE: %s of record %" PRIu64
				" on %s: %s\nRecord %" PRIu64 " was not acknowledged; %" PRIu64
				" records before it were.\n", call, seq, path, strerror(-ret), seq,
				seq - 1);
			status = WB_EXIT_IO;
			goto out_file;
		}
		msg = (struct wb_verify_msg){ .kind = WB_VMSG_DONE, .a = seq };
		if (wb_verify_request(&conn, &msg, seq, why, sizeof(why)))
			goto lost_listener;
	}
	seq--;
	msg = (struct wb_verify_msg){ .kind = WB_VMSG_END };
	if (wb_verify_request(&conn, &msg, 0, why, sizeof(why)))
		fprintf(stderr, "walbench: verify write: END: %s (every record was acknowledged)\n",
			why);
	wb_verify_print_written(seq, cfg->verify_to, cfg->target, listener_at);
	goto out_file;
lost_listener:
	fprintf(stderr, "walbench: verify write: lost the listener at record %" PRIu64 ": %s\n"
		"The %" PRIu64 " records acknowledged before can still be checked.\n", seq, why,
		seq - 1);
	status = WB_EXIT_SETUP;
out_file:
	if (close(fd) && status == WB_EXIT_OK) {
		fprintf(stderr, "walbench: DURABILITY FAILURE: close %s: %s\n", path,
			strerror(errno));
		status = WB_EXIT_IO;
	}
out_close:
	wb_verify_close(&conn);
out_free:
	free(buf);
	return status;
}

/* ---- check -------------------------------------------------------------------------------- */

/* Receives the listener's ledger (RUN, SLOT lines, ENDLIST) into l. 0 or an exit code. */
static int fetch_ledger(struct wb_verify_conn *conn, const char *from,
			struct wb_verify_ledger *l)
{
	struct wb_verify_msg msg = { .kind = WB_VMSG_CHECK };
	uint64_t count = 0;
	int ret;

	ret = wb_verify_send(conn, &msg);
	if (!ret)
		ret = wb_verify_recv(conn, &msg);
	if (!ret && msg.kind == WB_VMSG_NORUN) {
		fprintf(stderr, "walbench: verify check: %s holds no run: nothing was written to it "
			"(or it restarted and lost its memory)\n", from);
		return WB_EXIT_SETUP;
	}
	if (!ret && msg.kind != WB_VMSG_RUN)
		ret = -EPROTO;
	if (!ret)
		ret = wb_verify_ledger_begin(l, &msg.run);
	if (!ret && msg.c > 1)
		ret = -EPROTO;
	if (!ret) {
		l->last_about = msg.a;
		l->done_count = msg.b;
		l->removed = msg.c;
	}
	while (!ret && !(ret = wb_verify_recv(conn, &msg))) {
		if (msg.kind == WB_VMSG_DONE_LIST) {
			if (msg.a != count)
				ret = -EPROTO;
			break;
		}
		if (msg.kind != WB_VMSG_SLOT || msg.a >= l->run.slots || msg.b > msg.c ||
		    msg.c == 0 || msg.c > l->last_about) {
			ret = -EPROTO;
			break;
		}
		l->slot[msg.a] = (struct wb_verify_slot){ .acked = msg.b, .about = msg.c };
		count++;
	}
	if (ret) {
		fprintf(stderr, "walbench: verify check: reading the ledger from %s: %s\n", from,
			ret == -EPROTO ? "a line outside the protocol" : strerror(-ret));
		return WB_EXIT_SETUP;
	}
	return 0;
}

/* The run cannot be judged in DIR (wb_verify_tie): says why, in one line. Exit 2, never a
 * verdict: a check of the wrong directory is a slip, not a storage that lost data. */
static int untied(enum wb_verify_tie tie, const struct wb_config *cfg,
		  const struct wb_verify_ledger *l, bool has_file)
{
	if (tie == WB_VERIFY_TIE_REMOVED)
		fprintf(stderr, "walbench: verify check: run %016" PRIx64 " held by %s was already "
			"checked and its file removed (verify check --remove); nothing is left to "
			"check: write a new run\n", l->run.run_id, cfg->verify_from);
	else
		fprintf(stderr, "walbench: verify check: run %016" PRIx64 " held by %s was written "
			"to another directory than %s, %s: nothing here to check; give the "
			"directory verify write was given\n", l->run.run_id, cfg->verify_from,
			cfg->target, has_file ? "whose verify file is not that run's"
					      : "which holds no verify file");
	return WB_EXIT_SETUP;
}

static int verify_check(const struct wb_config *cfg)
{
	struct wb_verify_loss losses[MAX_LISTED_LOSSES];
	struct wb_verify_verdict v = { .losses = losses, .max_losses = MAX_LISTED_LOSSES };
	struct wb_verify_ledger l = { .active = false };
	struct wb_verify_conn conn = { .fd = -1 };
	const struct wb_verify_run *file_of = NULL; /* the run DIR's file names, if valid */
	struct wb_verify_run file_run;
	struct wb_verify_msg msg;
	char path[4096], why[512];
	char file_boot[WB_VERIFY_BOOT_ID_LEN + 1] = "", now_boot[WB_HOST_BOOT_ID_LEN + 1];
	enum wb_verify_found found;
	enum wb_verify_tie tie;
	uint64_t slot, seq, dir_id;
	void *buf = NULL;
	ssize_t n;
	int fd = -1, status, ret;

	if (!cfg->verify_from)
		return usage("%s", "verify check needs --from HOST:PORT (the listener)");
	/* A mistyped DIR is said before the listener is asked anything, as everywhere. */
	if (!wb_input_dir_ok(cfg, "verify check", cfg->target))
		return WB_EXIT_SETUP;
	ret = wb_verify_dir_identity(cfg->target, &dir_id);
	if (ret) {
		fprintf(stderr, "walbench: verify check %s: %s\n", cfg->target, strerror(-ret));
		return WB_EXIT_SETUP;
	}
	if (wb_verify_connect(cfg->verify_from, &conn, why, sizeof(why))) {
		fprintf(stderr, "walbench: verify check: %s\n", why);
		return WB_EXIT_SETUP;
	}
	/* The connection stays open: --remove tells the listener before the file goes. */
	status = fetch_ledger(&conn, cfg->verify_from, &l);
	if (status)
		goto out;
	if (posix_memalign(&buf, 4096, l.run.record_size)) {
		buf = NULL;
		status = WB_EXIT_SETUP;
		goto out;
	}
	fd = wb_verify_file_open(cfg->target, path, sizeof(path));
	if (fd < 0 && fd != -ENOENT) {
		fprintf(stderr, "walbench: verify check: %s: %s\n", path, strerror(-fd));
		status = WB_EXIT_SETUP;
		goto out;
	}
	if (fd >= 0) {
		n = wb_verify_read_slot(fd, &l.run, (uint64_t)-1, buf); /* the header block */
		if (n < 0)
			goto read_failed;
		if (!wb_verify_header_decode(buf, (size_t)n, &file_run, file_boot))
			file_of = &file_run;
	}
	tie = wb_verify_tie(&l, dir_id, file_of);
	if (tie == WB_VERIFY_TIE_REMOVED || tie == WB_VERIFY_TIE_OTHER_DIR) {
		status = untied(tie, cfg, &l, fd >= 0);
		goto out;
	}
	/* No restart since the write, no power cut: the verdict must say so. An unreadable
	 * boot id leaves it unknown, which the verdict says too. */
	read_boot_id("check", now_boot, "whether the machine restarted is unknown");
	v.restart = wb_verify_restart_of(&l, file_of, file_of ? file_boot : "", now_boot);
	wb_verify_print_checking(path, &l, cfg->verify_from);
	if (fd < 0)
		wb_verify_print_file(WB_VERIFY_FILE_GONE, 0);
	else if (!file_of)
		wb_verify_print_file(WB_VERIFY_FILE_BAD_HEADER, 0);
	else if (file_of->run_id != l.run.run_id)
		wb_verify_print_file(WB_VERIFY_FILE_OTHER_RUN, file_of->run_id);
	for (slot = 0; slot < l.run.slots; slot++) {
		if (!l.slot[slot].about)
			continue;
		n = 0;
		if (fd >= 0 && (n = wb_verify_read_slot(fd, &l.run, slot, buf)) < 0)
			goto read_failed;
		found = wb_verify_record_decode(&l.run, slot, buf, (size_t)n, &seq);
		wb_verify_judge_slot(&v, slot, &l.slot[slot], found, seq);
	}
	wb_verify_print_verdict(&l.run, &v);
	if (v.lost) {
		fprintf(stderr, "walbench: DURABILITY FAILURE: %" PRIu64 " of %" PRIu64
			" acknowledged records lost\n", v.lost, v.checked);
		status = WB_EXIT_IO;
		goto out;
	}
	if (!v.checked) {
		fprintf(stderr, "walbench: verify check: no record was acknowledged; nothing to "
			"check\n");
		status = WB_EXIT_SETUP;
		goto out;
	}
	if (cfg->verify_remove) {
		/* The listener first: should the unlink fail, the file is still the run's and a
		 * later check judges it; the other order could leave the file removed and the
		 * listener unaware, and a later check would call it lost. */
		msg = (struct wb_verify_msg){ .kind = WB_VMSG_REMOVE, .a = l.run.run_id };
		if (wb_verify_request(&conn, &msg, 0, why, sizeof(why))) {
			fprintf(stderr, "walbench: verify check: %s: %s; %s is kept\n",
				cfg->verify_from, why, path);
			status = WB_EXIT_SETUP;
			goto out;
		}
		if (unlink(path)) {
			fprintf(stderr, "walbench: verify check: remove %s: %s\n", path,
				strerror(errno));
			status = WB_EXIT_SETUP;
			goto out;
		}
		wb_verify_print_removed(path);
	}
	status = WB_EXIT_OK;
	goto out;
read_failed:
	fprintf(stderr, "walbench: verify check: read %s: %s\n", path, strerror(-(int)n));
	status = WB_EXIT_IO;
out:
	if (fd >= 0)
		(void)close(fd);
	wb_verify_close(&conn);
	free(buf);
	wb_verify_ledger_free(&l);
	return status;
}

/* ---- dispatch ----------------------------------------------------------------------------- */

int wb_cmd_verify(int argc, char **argv)
{
	static const char *const subs[] = { "listen", "write", "check" };
	struct wb_config cfg;
	const char *sub;
	unsigned s;
	int ret;

	if (argc < 2)
		return usage("%s", "verify needs listen, write or check");
	sub = argv[1];
	if (strcmp(sub, "--help") == 0 || strcmp(sub, "-h") == 0) {
		wb_print_help();
		return WB_EXIT_OK;
	}
	for (s = 0; s < 3 && strcmp(sub, subs[s]); s++)
		;
	if (s == 3)
		return usage("unknown verify subcommand \"%s\"; use listen, write or check", sub);
	argc--;
	argv++;
	/* DIR may come first too: `verify write /srv/pg_wal --to host:7000`. */
	if (!wb_cli_configure(&cfg, WB_CMD_VERIFY, argc, argv, &ret))
		return ret;
	switch (s) {
	case 0:
		return verify_listen(&cfg);
	case 1:
		return verify_write(&cfg);
	default:
		return verify_check(&cfg);
	}
}
