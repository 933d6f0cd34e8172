/* test_verify.c — verify's record format, ledger, protocol lines and verdict, without
 * a disk or a socket: a torn record fails its checksum, the ledger refuses acknowledgements
 * out of order, the judge counts every acknowledged record not found as lost, but never
 * one that was only in flight, a run is judged only in the directory it was written to, and
 * a restart since the write is known only from the run's own file's boot id; a listener
 * on this machine is told from one elsewhere by the connection's addresses. */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "advice/verify_verdict.h"
#include "model/method.h"
#include "model/verify_protocol.h"

static const struct wb_verify_run run = {
	.run_id = 0x0123456789abcdefull, .record_size = 512, .slots = 4,
	.method = WB_METHOD_FDATASYNC, .dir_id = 0xfedcba9876543210ull,
};

static void test_record_roundtrip(void **state)
{
	unsigned char a[512], b[512];
	uint64_t seq;

	(void)state;
	wb_verify_record_encode(&run, 6, a); /* slot (6 - 1) % 4 = 1 */
	assert_int_equal(wb_verify_record_decode(&run, 1, a, sizeof(a), &seq),
			 WB_VERIFY_FOUND_RECORD);
	assert_int_equal(seq, 6);
	assert_int_equal(wb_verify_record_decode(&run, 2, a, sizeof(a), &seq),
			 WB_VERIFY_FOUND_WRONG_SLOT);
	assert_int_equal(wb_verify_record_decode(&run, 1, a, 100, &seq), WB_VERIFY_FOUND_SHORT);
	/* A torn write: the first sector of record 2, the rest of record 6, same slot. */
	wb_verify_record_encode(&run, 2, b);
	memcpy(b + 256, a + 256, 256);
	assert_int_equal(wb_verify_record_decode(&run, 1, b, sizeof(b), &seq),
			 WB_VERIFY_FOUND_CORRUPT);
	a[100] ^= 1; /* one flipped bit */
	assert_int_equal(wb_verify_record_decode(&run, 1, a, sizeof(a), &seq),
			 WB_VERIFY_FOUND_CORRUPT);
	memset(a, 0, sizeof(a));
	assert_int_equal(wb_verify_record_decode(&run, 1, a, sizeof(a), &seq),
			 WB_VERIFY_FOUND_ZERO);
	{
		struct wb_verify_run other = run;

		other.run_id++;
		wb_verify_record_encode(&other, 6, a);
		assert_int_equal(wb_verify_record_decode(&run, 1, a, sizeof(a), &seq),
				 WB_VERIFY_FOUND_OTHER_RUN);
	}
}

/* Sets a block's checksum (its last 8 bytes, little-endian) after a test edited it. */
static void reseal(unsigned char *b, size_t size)
{
	uint64_t h = wb_fnv1a64(WB_FNV64_INIT, b, size - 8);

	for (unsigned i = 0; i < 8; i++)
		b[size - 8 + i] = (unsigned char)(h >> (8 * i));
}

static void test_header(void **state)
{
	static const char boot[] = "0f6a2c4e-5b7d-4e1f-9a3c-8d2b6e4f1a7c";
	char got_boot[WB_VERIFY_BOOT_ID_LEN + 1];
	unsigned char h[512];
	struct wb_verify_run got;

	(void)state;
	wb_verify_header_encode(&run, boot, h);
	assert_int_equal(wb_verify_header_decode(h, sizeof(h), &got, got_boot), 0);
	assert_true(got.run_id == run.run_id);
	assert_int_equal(got.record_size, run.record_size);
	assert_int_equal(got.slots, run.slots);
	assert_int_equal(got.method, run.method);
	assert_string_equal(got_boot, boot);
	assert_int_equal(h[4], WB_VERIFY_FORMAT_VERSION);
	/* A writer that could not read its boot id records none. */
	wb_verify_header_encode(&run, "", h);
	assert_int_equal(wb_verify_header_decode(h, sizeof(h), &got, got_boot), 0);
	assert_string_equal(got_boot, "");
	/* A format 1 header (before the boot id) still reads, with no boot id: the payload's
	 * bytes where format 2 keeps it are not taken for one. */
	wb_verify_header_encode(&run, boot, h);
	h[4] = 1;
	reseal(h, sizeof(h));
	assert_int_equal(wb_verify_header_decode(h, sizeof(h), &got, got_boot), 0);
	assert_true(got.run_id == run.run_id);
	assert_string_equal(got_boot, "");
	/* A format this build does not know is refused, and so is a boot id field that is
	 * neither zeros nor a UUID's characters. */
	h[4] = WB_VERIFY_FORMAT_VERSION + 1;
	reseal(h, sizeof(h));
	assert_int_equal(wb_verify_header_decode(h, sizeof(h), &got, got_boot), -EINVAL);
	wb_verify_header_encode(&run, boot, h);
	h[48] = 'Z';
	reseal(h, sizeof(h));
	assert_int_equal(wb_verify_header_decode(h, sizeof(h), &got, NULL), -EINVAL);
	wb_verify_header_encode(&run, boot, h);
	h[300] ^= 0x80;
	assert_int_equal(wb_verify_header_decode(h, sizeof(h), &got, NULL), -EINVAL);
	/* A record is not a header. */
	wb_verify_record_encode(&run, 1, h);
	assert_int_equal(wb_verify_header_decode(h, sizeof(h), &got, NULL), -EINVAL);
}

static void test_fnv(void **state)
{
	(void)state;
	/* Published FNV-1a 64 test vectors. */
	assert_true(wb_fnv1a64(WB_FNV64_INIT, "", 0) == 0xcbf29ce484222325ull);
	assert_true(wb_fnv1a64(WB_FNV64_INIT, "a", 1) == 0xaf63dc4c8601ec8cull);
	assert_true(wb_fnv1a64(WB_FNV64_INIT, "foobar", 6) == 0x85944171f73967e8ull);
	/* A directory's identity is its machine's and its canonical path's hash: a typo is
	 * another directory, and so is the same path on another machine. */
	assert_true(wb_verify_dir_id("", "foobar") ==
		    wb_fnv1a64(wb_fnv1a64(WB_FNV64_INIT, "", 1), "foobar", 6));
	assert_true(wb_verify_dir_id("m1", "/srv/pg_wal") != wb_verify_dir_id("m1", "/srv/pg_wl"));
	assert_true(wb_verify_dir_id("m1", "/srv/pg_wal") != wb_verify_dir_id("m2", "/srv/pg_wal"));
	assert_true(wb_verify_dir_id("m1", "/srv/pg_wal") == wb_verify_dir_id("m1", "/srv/pg_wal"));
	/* The 0 byte between them: "m1" + "2/x" is not "m12" + "/x". */
	assert_true(wb_verify_dir_id("m1", "2/x") != wb_verify_dir_id("m12", "/x"));
	assert_true(wb_verify_dir_id("", "") != 0);
}

static void test_ledger(void **state)
{
	struct wb_verify_ledger l = { .active = false };

	(void)state;
	assert_int_equal(wb_verify_ledger_about(&l, 1), -EINVAL); /* no run yet */
	assert_int_equal(wb_verify_ledger_begin(&l, &run), 0);
	assert_int_equal(wb_verify_ledger_done(&l, 1), -EINVAL);  /* not announced */
	assert_int_equal(wb_verify_ledger_about(&l, 2), -EINVAL); /* must start at 1 */
	assert_int_equal(wb_verify_ledger_about(&l, 1), 0);
	assert_int_equal(wb_verify_ledger_done(&l, 1), 0);
	assert_int_equal(wb_verify_ledger_done(&l, 1), -EINVAL);  /* twice */
	for (uint64_t s = 2; s <= 5; s++)
		assert_int_equal(wb_verify_ledger_about(&l, s), 0);
	/* Record 5 went into slot 0 over record 1: 1 can no longer be acknowledged, and
	 * record 2's done (slot 1, still its newest) can. */
	assert_int_equal(wb_verify_ledger_done(&l, 2), 0);
	assert_int_equal(l.slot[0].acked, 1);
	assert_int_equal(l.slot[0].about, 5);
	assert_int_equal(wb_verify_ledger_done(&l, 5), 0);
	assert_int_equal(l.slot[0].acked, 5);
	assert_int_equal(l.done_count, 3);
	/* REMOVE names the run held, and a new run forgets it. */
	assert_int_equal(wb_verify_ledger_remove(&l, run.run_id + 1), -EINVAL);
	assert_false(l.removed);
	assert_int_equal(wb_verify_ledger_remove(&l, run.run_id), 0);
	assert_true(l.removed);
	assert_int_equal(wb_verify_ledger_begin(&l, &run), 0);
	assert_false(l.removed);
	wb_verify_ledger_free(&l);
	assert_false(l.active);
	assert_int_equal(wb_verify_ledger_remove(&l, run.run_id), -EINVAL);
}

static void test_protocol(void **state)
{
	static const char *const bad[] = {
		"", "HELLO", "HELLO walbench-verify", "HELLO other 1", "ABOUT", "ABOUT -1",
		"ABOUT  1", "ABOUT 1 2", "ABOUT 1x", "DONE 99999999999999999999", "BEGINX",
		"BEGIN 0123 4096 10", "BEGIN 0123 100 10 1", "BEGIN 0123 4096 0 1",
		"BEGIN 0123 4096 10 99", "SLOT 1 2", "about 1", "CHECK now",
		"BEGIN 0123456789abcdef 4096 10 1", /* protocol 1's, without DIR_ID */
		"BEGIN 0123456789abcdef 4096 10 1 fedcba9876543210 7",
		"RUN 0123456789abcdef 512 4 1 9 7", "REMOVE", "REMOVE xyz", "REMOVE 12 34",
	};
	struct wb_verify_msg m, back;
	char line[WB_VERIFY_LINE_MAX];
	unsigned i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(wb_verify_msg_parse(bad[i], &m), -EINVAL);
	assert_int_equal(wb_verify_msg_parse("HELLO walbench-verify 1", &m), 0);
	assert_int_equal(m.kind, WB_VMSG_HELLO);
	assert_int_equal(m.a, 1);
	assert_int_equal(wb_verify_msg_parse("OK", &m), 0);
	assert_int_equal(m.a, 0);
	assert_int_equal(wb_verify_msg_parse("ERR no run of yours", &m), 0);
	assert_string_equal(m.text, "no run of yours");

	m = (struct wb_verify_msg){ .kind = WB_VMSG_BEGIN, .run = run };
	assert_int_equal(wb_verify_msg_format(&m, line, sizeof(line)), 48);
	assert_string_equal(line, "BEGIN 0123456789abcdef 512 4 1 fedcba9876543210\n");
	line[strlen(line) - 1] = '\0';
	assert_int_equal(wb_verify_msg_parse(line, &back), 0);
	assert_true(back.run.run_id == run.run_id);
	assert_int_equal(back.run.record_size, run.record_size);
	assert_int_equal(back.run.slots, run.slots);
	assert_true(back.run.dir_id == run.dir_id);

	m = (struct wb_verify_msg){ .kind = WB_VMSG_RUN, .run = run, .a = 9, .b = 7, .c = 1 };
	wb_verify_msg_format(&m, line, sizeof(line));
	assert_string_equal(line, "RUN 0123456789abcdef 512 4 1 fedcba9876543210 9 7 1\n");
	line[strlen(line) - 1] = '\0';
	assert_int_equal(wb_verify_msg_parse(line, &back), 0);
	assert_true(back.run.dir_id == run.dir_id);
	assert_int_equal(back.a, 9);
	assert_int_equal(back.c, 1);
	m = (struct wb_verify_msg){ .kind = WB_VMSG_REMOVE, .a = run.run_id };
	wb_verify_msg_format(&m, line, sizeof(line));
	assert_string_equal(line, "REMOVE 0123456789abcdef\n");
	line[strlen(line) - 1] = '\0';
	assert_int_equal(wb_verify_msg_parse(line, &back), 0);
	assert_int_equal(back.kind, WB_VMSG_REMOVE);
	assert_true(back.a == run.run_id);
	m = (struct wb_verify_msg){ .kind = WB_VMSG_SLOT, .a = 3, .b = 7, .c = 8 };
	wb_verify_msg_format(&m, line, sizeof(line));
	assert_string_equal(line, "SLOT 3 7 8\n");
	line[strlen(line) - 1] = '\0';
	assert_int_equal(wb_verify_msg_parse(line, &back), 0);
	assert_int_equal(back.c, 8);
	assert_int_equal(wb_verify_msg_format(&m, line, 5), -ENOSPC);
}

static void test_judge(void **state)
{
	struct wb_verify_loss losses[1];
	struct wb_verify_verdict v = { .losses = losses, .max_losses = 1 };
	const struct wb_verify_slot never = { 0, 0 }, flying = { 0, 3 }, acked = { 5, 5 },
				    acked_newer_flying = { 5, 9 };

	(void)state;
	wb_verify_judge_slot(&v, 0, &never, WB_VERIFY_FOUND_ZERO, 0);
	assert_int_equal(v.checked + v.in_flight, 0);
	/* In flight, whether or not it landed: never lost. */
	wb_verify_judge_slot(&v, 1, &flying, WB_VERIFY_FOUND_ZERO, 0);
	wb_verify_judge_slot(&v, 2, &flying, WB_VERIFY_FOUND_RECORD, 3);
	assert_int_equal(v.in_flight, 2);
	assert_int_equal(v.in_flight_landed, 1);
	assert_int_equal(v.lost, 0);
	/* Acknowledged and there, or replaced by the newer announced one: fine. */
	wb_verify_judge_slot(&v, 3, &acked, WB_VERIFY_FOUND_RECORD, 5);
	wb_verify_judge_slot(&v, 4, &acked_newer_flying, WB_VERIFY_FOUND_RECORD, 9);
	assert_int_equal(v.lost, 0);
	assert_int_equal(v.newer, 1);
	/* Lost: zeros, an older record, a torn one. Only the first is listed (max 1). */
	wb_verify_judge_slot(&v, 5, &acked, WB_VERIFY_FOUND_ZERO, 0);
	wb_verify_judge_slot(&v, 6, &acked_newer_flying, WB_VERIFY_FOUND_RECORD, 1);
	wb_verify_judge_slot(&v, 7, &acked, WB_VERIFY_FOUND_CORRUPT, 0);
	wb_verify_judge_slot(&v, 8, &acked, WB_VERIFY_FOUND_RECORD, 6); /* never announced */
	assert_int_equal(v.checked, 6);
	assert_int_equal(v.lost, 4);
	assert_int_equal(v.n_losses, 1);
	assert_int_equal(losses[0].slot, 5);
	assert_int_equal(losses[0].acked, 5);
	assert_int_equal(losses[0].found, WB_VERIFY_FOUND_ZERO);
}

/* A run is judged only where it is known to have been written: a missing file in a
 * mistyped directory, or after --remove, is never a loss. */
static void test_tie(void **state)
{
	struct wb_verify_ledger l = { .active = true, .run = run };
	struct wb_verify_run other = run;
	const uint64_t here = run.dir_id, elsewhere = run.dir_id ^ 1;

	(void)state;
	other.run_id++;
	/* The file's header names the run: judged wherever DIR is reached from now. */
	assert_int_equal(wb_verify_tie(&l, here, &run), WB_VERIFY_TIE_FILE);
	assert_int_equal(wb_verify_tie(&l, elsewhere, &run), WB_VERIFY_TIE_FILE);
	/* No file of the run in the run's directory: judged, and what is missing was lost. */
	assert_int_equal(wb_verify_tie(&l, here, NULL), WB_VERIFY_TIE_DIR);
	assert_int_equal(wb_verify_tie(&l, here, &other), WB_VERIFY_TIE_DIR);
	/* No file of the run in another directory (a typo, an empty directory): not judged. */
	assert_int_equal(wb_verify_tie(&l, elsewhere, NULL), WB_VERIFY_TIE_OTHER_DIR);
	assert_int_equal(wb_verify_tie(&l, elsewhere, &other), WB_VERIFY_TIE_OTHER_DIR);
	/* After --remove the file is gone on purpose; should the unlink have failed, the file
	 * is still there and still judged. */
	l.removed = true;
	assert_int_equal(wb_verify_tie(&l, here, NULL), WB_VERIFY_TIE_REMOVED);
	assert_int_equal(wb_verify_tie(&l, elsewhere, NULL), WB_VERIFY_TIE_REMOVED);
	assert_int_equal(wb_verify_tie(&l, here, &run), WB_VERIFY_TIE_FILE);
}

/* Whether the machine restarted since the write: only the run's own file's boot id,
 * against this boot's, can say; anything missing leaves it unknown, never "restarted". */
static void test_restart(void **state)
{
	static const char boot_a[] = "0f6a2c4e-5b7d-4e1f-9a3c-8d2b6e4f1a7c";
	static const char boot_b[] = "7d1e9b3a-2c4f-4a6e-8b0d-1f3e5a7c9b2d";
	struct wb_verify_ledger l = { .active = true, .run = run };
	struct wb_verify_run other = run;

	(void)state;
	other.run_id++;
	/* verify write and check in one boot: no power cut came between. */
	assert_int_equal(wb_verify_restart_of(&l, &run, boot_a, boot_a), WB_VERIFY_RESTART_NO);
	/* Another boot: the machine restarted. */
	assert_int_equal(wb_verify_restart_of(&l, &run, boot_a, boot_b), WB_VERIFY_RESTART_YES);
	/* A format 1 file or a writer that could not read its boot id; a check that cannot. */
	assert_int_equal(wb_verify_restart_of(&l, &run, "", boot_a), WB_VERIFY_RESTART_UNKNOWN);
	assert_int_equal(wb_verify_restart_of(&l, &run, boot_a, ""), WB_VERIFY_RESTART_UNKNOWN);
	/* No file, or no valid header: nothing kept the write's boot. */
	assert_int_equal(wb_verify_restart_of(&l, NULL, "", boot_a), WB_VERIFY_RESTART_UNKNOWN);
	/* Another run's file was written by another write, whatever its boot id says. */
	assert_int_equal(wb_verify_restart_of(&l, &other, boot_a, boot_a),
			 WB_VERIFY_RESTART_UNKNOWN);
	assert_int_equal(wb_verify_restart_of(&l, &other, boot_a, boot_b),
			 WB_VERIFY_RESTART_UNKNOWN);
}

static struct sockaddr_storage addr(int family, const char *text)
{
	struct sockaddr_storage ss;

	memset(&ss, 0, sizeof(ss));
	ss.ss_family = (sa_family_t)family;
	assert_int_equal(inet_pton(family, text, family == AF_INET
				   ? (void *)&((struct sockaddr_in *)&ss)->sin_addr
				   : (void *)&((struct sockaddr_in6 *)&ss)->sin6_addr), 1);
	return ss;
}

/* A listener on this machine dies in its power cut: loopback, or one of its own
 * addresses (then the connection's two ends are the same address). */
static void test_listener_at(void **state)
{
	struct sockaddr_storage lo4 = addr(AF_INET, "127.0.0.1"), lo4b = addr(AF_INET, "127.3.4.5"),
				lo6 = addr(AF_INET6, "::1"), mapped = addr(AF_INET6, "::ffff:127.0.0.1"),
				a = addr(AF_INET, "192.0.2.2"), b = addr(AF_INET, "192.0.2.9"),
				a6 = addr(AF_INET6, "2001:db8::2"), b6 = addr(AF_INET6, "2001:db8::9"),
				mapped_a = addr(AF_INET6, "::ffff:192.0.2.2");

	(void)state;
	assert_int_equal(wb_verify_listener_at(&lo4, &lo4), WB_VERIFY_LISTENER_LOOPBACK);
	assert_int_equal(wb_verify_listener_at(&lo4b, &lo4), WB_VERIFY_LISTENER_LOOPBACK);
	assert_int_equal(wb_verify_listener_at(&lo6, &lo6), WB_VERIFY_LISTENER_LOOPBACK);
	assert_int_equal(wb_verify_listener_at(&mapped, &mapped), WB_VERIFY_LISTENER_LOOPBACK);
	assert_int_equal(wb_verify_listener_at(&a, &a), WB_VERIFY_LISTENER_OWN);
	assert_int_equal(wb_verify_listener_at(&a6, &a6), WB_VERIFY_LISTENER_OWN);
	assert_int_equal(wb_verify_listener_at(&mapped_a, &mapped_a), WB_VERIFY_LISTENER_OWN);
	/* Another machine: another address at each end. */
	assert_int_equal(wb_verify_listener_at(&b, &a), WB_VERIFY_LISTENER_ELSEWHERE);
	assert_int_equal(wb_verify_listener_at(&b6, &a6), WB_VERIFY_LISTENER_ELSEWHERE);
	assert_int_equal(wb_verify_listener_at(&a6, &a), WB_VERIFY_LISTENER_ELSEWHERE);
}

/* A power cut of memory proves nothing: tmpfs and a loop over one, not ext4. */
static void test_proves_nothing(void **state)
{
	struct wb_device *d = calloc(1, sizeof(*d));

	(void)state;
	assert_non_null(d);
	strcpy(d->fs_type, "ext4");
	assert_false(wb_verify_proves_nothing(d));
	strcpy(d->fs_type, "tmpfs");
	assert_true(wb_verify_proves_nothing(d));
	free(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_record_roundtrip), cmocka_unit_test(test_header),
		cmocka_unit_test(test_fnv), cmocka_unit_test(test_ledger),
		cmocka_unit_test(test_protocol), cmocka_unit_test(test_judge),
		cmocka_unit_test(test_tie), cmocka_unit_test(test_restart),
		cmocka_unit_test(test_listener_at),
		cmocka_unit_test(test_proves_nothing),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
