/* cmd_qualify.c — `walbench qualify DIR`: measure, for minutes, a PostgreSQL
 * commit and etcd's WAL write on DIR (and an unsynced write beside them), in
 * time slices (on a striped array, flushes of its chunk, stripe and two stripes
 * too); judge them against every tier; print the chosen tier's verdict first.
 * The exit status is the gate a provisioning script needs: 0 the tier passed,
 * 1 it failed or was inconclusive, 2 bad input (usage errors too, so a
 * typo never reads as a verdict), 3 an I/O or durability failure. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "advice/qualify.h"
#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/inputs.h"
#include "cli/measuring.h"
#include "facts/device.h"
#include "facts/devstat.h"
#include "plan/command.h"
#include "plan/options.h"
#include "plan/plan.h"
#include "plan/burst_volumes.h"
#include "plan/tiers.h"
#include "report/json.h"
#include "report/qualify_text.h"
#include "report/run_text.h"

/* The storage under dir as it is before the run: its array's chunk and
 * stripe plan the write-size sweep, its members' counters start their
 * writes' count (wb_devstat_members_io). NULL when memory ran out. */
static struct wb_device *array_before(const char *dir, struct wb_members_stat *io)
{
	struct wb_device *d = calloc(1, sizeof(*d));

	if (!d)
		return NULL;
	wb_device_probe(dir, d, "/sys", "/proc");
	if (wb_devstat_members_read(&d->array, io, "/sys"))
		io->n = 0; /* no member readable: no slow member to find */
	return d;
}

/* The members' writes in the run, into the results' array (its members are
 * those of dev's, probed again on the test file: matched by name). */
static void array_after(const struct wb_device *dev, const struct wb_members_stat *before,
			struct wb_results *rs)
{
	struct wb_members_stat *after = malloc(sizeof(*after));

	if (after && before->n && !wb_devstat_members_read(&dev->array, after, "/sys"))
		wb_devstat_members_io(before, after, &rs->device.array);
	free(after);
}

int wb_cmd_qualify(int argc, char **argv)
{
	struct wb_members_stat *io = NULL;
	struct wb_device *dev = NULL;
	struct wb_results rs = { 0 };
	struct wb_qualification *q = NULL;
	struct wb_tiers *tiers = NULL;
	struct wb_burst_table *volumes = NULL;
	struct wb_command_plan plan;
	struct wb_q_foresight foresight;
	struct wb_session_where where;
	struct wb_config cfg;
	struct wb_test *tests = NULL;
	bool raw;
	char err[512];
	size_t n;
	int status;

	if (!wb_cli_configure(&cfg, WB_CMD_QUALIFY, argc, argv, &status))
		return status;
	if (!wb_input_site_ok(&cfg, "DIR", cfg.target, cfg.destroy_data, WB_ETCD_FILE, &raw) ||
	    !wb_input_reports_ok(&cfg))
		return WB_EXIT_SETUP;
	tiers = malloc(sizeof(*tiers));
	volumes = malloc(sizeof(*volumes));
	q = malloc(sizeof(*q));
	if (!tiers || !volumes || !q) {
		status = WB_EXIT_SETUP;
		goto out;
	}
	if (wb_tiers_load(cfg.tiers_path, tiers, err, sizeof(err))) {
		fprintf(stderr, "walbench: %s\n", err);
		status = WB_EXIT_SETUP;
		goto out;
	}
	/* The provider rules quoted beside a burst: a broken table is refused
	 * before minutes of measuring, as a broken tiers file is. */
	if (wb_burst_volumes_load(NULL, volumes, err, sizeof(err))) {
		fprintf(stderr, "walbench: %s\n", err);
		status = WB_EXIT_SETUP;
		goto out;
	}
	/* A value --tier does not allow: a usage error, so said as one (exit 2 all
	 * the same, so that a gate never reads a typo as a verdict). */
	if (!wb_tier_find(tiers, cfg.tier)) {
		fprintf(stderr, "walbench: --tier: no tier named \"%s\" in %s; allowed:", cfg.tier,
			cfg.tiers_path ? cfg.tiers_path : "tiers.json");
		for (size_t i = 0; i < tiers->n; i++)
			fprintf(stderr, "%s %s", i ? "," : "", tiers->t[i].name);
		fputc('\n', stderr);
		wb_usage_hint();
		status = WB_EXIT_SETUP;
		goto out;
	}
	io = malloc(sizeof(*io));
	dev = io ? array_before(cfg.target, io) : NULL;
	tests = dev ? wb_plan_qualify(&cfg, raw, dev->array.chunk, dev->array.stripe, &n) : NULL;
	if (!tests) {
		status = WB_EXIT_SETUP;
		goto out;
	}
	if (!wb_cli_one_site(&cfg, WB_CMD_QUALIFY, raw, tests, n, NULL, &where, &plan)) {
		status = WB_EXIT_SETUP;
		goto out;
	}
	/* The sweep's rows follow the shapes and the unsynced write when the
	 * array is striped (wb_plan_qualify). */
	wb_q_foresee(dev, volumes, plan.sched.budget_ns, plan.sched.trial_ns,
		     plan.sched.asked_trial_ns, n, &foresight);
	wb_qualify_print_header(&cfg, &plan.sched, n > WB_Q_SHAPE_COUNT + 1 ? &dev->array : NULL,
				&foresight);
	status = wb_cli_measure(&where, tests, n, &plan, NULL, cfg.quiet, &rs);
	array_after(dev, io, &rs);
	if (rs.n) {
		bool ok = wb_qualify(&rs, tiers, volumes, cfg.tier, q);

		wb_text_print_interrupted(&rs);
		wb_text_print_cut(&rs, cfg.budget_ns, "slice", "--duration", WB_CUT_BY_LABEL);
		wb_qualify_print(q, &rs);
		wb_text_print_storage_notes(&rs, "--duration");
		/* A partial run is no gate's pass: wb_cli_write_reports says the signal. */
		if (status == WB_EXIT_OK && !rs.interrupted)
			status = !ok ? WB_EXIT_SETUP
				 : q->tiers[q->chosen].verdict == WB_Q_PASS ? WB_EXIT_OK
				 : WB_EXIT_GATE;
		status = wb_cli_write_reports(&cfg, WB_CMD_QUALIFY, &rs,
					      &(struct wb_json_verdicts){ .qual = q }, status);
	}
out:
	wb_results_free(&rs);
	free(tests);
	free(dev);
	free(io);
	free(tiers);
	free(volumes);
	free(q);
	return status;
}
