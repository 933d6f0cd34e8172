/* words_qualify.c — a qualification's sentences (words.h): the headline, the
 * failure, the trend's line, the write-size sweep's, each criterion's outcome
 * and each finding. */
#include "report/words.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "facts/device.h"
#include "model/units.h"
#include "report/sentence.h"

/* Why the gate overruled the criteria (advice/qualify.c rule 8), in one
 * clause: memory is not durable, or a flush too fast to be; "" for none.
 * Returns buf. */
static const char *q_gate(const struct wb_qualification *q, char *buf, size_t len)
{
	const struct wb_results *rs = q->rs;
	const char *t = rs ? rs->target : "?", *slash = strrchr(t, '/');
	int dir = slash && slash != t ? (int)(slash - t) : (int)strlen(t); /* the file's folder */

	if (dir > 100)
		dir = 100;
	if (q->gate == WB_GATE_IN_MEMORY)
		snprintf(buf, len, "%.*s is memory (%.32s), not durable: nothing on it survives "
			 "a reboot, so it cannot hold a database's WAL", dir, t,
			 rs && *rs->device.fs_type ? rs->device.fs_type : "?");
	else if (q->gate == WB_GATE_TOO_FAST)
		snprintf(buf, len, "a commit flush takes %.1f us (median), faster than durable "
			 "storage flushes (%.0f us), so it probably never reached stable storage: "
			 "prove the flushes with `walbench verify`", q->gate_flush_us,
			 WB_MIN_DURABLE_FLUSH_US);
	else
		snprintf(buf, len, "%s", "");
	return buf;
}

void wb_words_qualification(const struct wb_qualification *q, struct wb_q_words *w)
{
	const struct wb_result *r = q->failed_test;

	memset(w, 0, sizeof(*w));
	wb_words_q_trend(&q->trend, w->trend, sizeof(w->trend));
	/* Too few slices: how long it takes, as the burst's line and the rows say. */
	if (q->trend.sliced && !q->trend.known && q->burst.settle_s > 0)
		snprintf(w->trend, sizeof(w->trend), "trend not measured: %zu slices, %d needed; "
			 "needs at least --duration %.0fs --slice %.0fms", q->trend.slices,
			 WB_TREND_MIN_SLICES, q->burst.settle_s, 1000.0 * q->burst.slice_s);
	wb_words_q_stripe(&q->stripe, w->stripe, sizeof(w->stripe));
	wb_words_q_burst(&q->burst, w->burst, sizeof(w->burst));
	wb_words_q_volume(&q->burst, w->volume, sizeof(w->volume));
	if (q->failed) {
		snprintf(w->failure, sizeof(w->failure), "%s%s: %s",
			 r && r->durability_failure ? "DURABILITY FAILURE: " : "",
			 r ? r->test.label : "?", r ? r->reason : "");
		snprintf(w->headline, sizeof(w->headline), "No verdict: %.300s", w->failure);
	} else if (q->chosen < 0) {
		snprintf(w->headline, sizeof(w->headline), "No tier named %s.",
			 q->asked ? q->asked : "");
	} else {
		const struct wb_q_tier_verdict *t = &q->tiers[q->chosen];
		enum wb_q_result v = t->verdict;
		char why[240] = "";

		if (t->gated)
			q_gate(q, why, sizeof(why));
		snprintf(w->headline, sizeof(w->headline), "%s: %s%s%s", t->name,
			 v == WB_Q_PASS ? "PASS" : v == WB_Q_FAIL ? "FAIL" : "INCONCLUSIVE",
			 *why ? ": " : "", why);
	}
}

void wb_words_q_foresight(const struct wb_q_foresight *f, uint64_t budget_ns,
			  struct wb_q_foresight_words *w)
{
	char budget[32], slice[32], shorter[32];

	memset(w, 0, sizeof(*w));
	wb_format_duration(budget_ns, budget, sizeof(budget));
	wb_format_duration((uint64_t)(f->slice_s * 1e9), slice, sizeof(slice));
	if (f->trend_short) {
		wb_format_duration((uint64_t)(f->short_slice_s * 1e9), shorter, sizeof(shorter));
		snprintf(w->trend, sizeof(w->trend), "Trend not measured: needs at least --duration "
			 "%.0fs at --slice %s, or --slice %s at --duration %s (this plan gives the "
			 "commit shape about %.0f of the %d slices it needs); until then no rate "
			 "passes.", f->trend_min_s, slice, shorter, budget, floor(f->planned_slices),
			 WB_TREND_MIN_SLICES);
	}
	if (f->burst_short)
		snprintf(w->burst, sizeof(w->burst), "No rate can pass in %s here: %s, and ruling "
			 "them out needs --duration %.0fm; a rate that clears its threshold reads "
			 "inconclusive.", budget, f->suspects & WB_SUSPECT_VIRTUAL
				 ? "a hypervisor's disk may sell burst credits"
				 : "with no block device under the file system, a provider's burst "
				   "credits are out of sight", f->observe_s / 60);
}

const char *wb_words_q_trend(const struct wb_q_trend *t, char *buf, size_t len)
{
	if (!t->sliced)
		snprintf(buf, len, "%s", "");
	else if (!t->known)
		snprintf(buf, len, "too few time slices to tell burst from sustained (%d needed: "
			 "give it more --duration)", WB_TREND_MIN_SLICES);
	else if (!t->fell && t->drop_low <= 0 && t->sustained_per_s < t->burst_per_s *
		 (1 - WB_TREND_DROP_PCT / 100.0))
		snprintf(buf, len, "no drop larger than the noise: sustained %.0f/s to the end; "
			 "burst %.0f/s (the drop %.0f/s [%.0f, %.0f] reaches 0)", t->sustained_per_s,
			 t->burst_per_s, t->burst_per_s - t->sustained_per_s, t->drop_low,
			 t->drop_high);
	/* "Over the run": no drop seen says nothing of a bucket that outlasts the
	 * run, and "steady: sustained 2220/s" read as proven beside burst's
	 * "sustained rate unknown: run --duration 35m". */
	else if (!t->fell && round(t->burst_per_s) <= round(t->sustained_per_s))
		/* The first slices no faster than the rest (a warm-up, a ramp): no
		 * burst to name, and calling the lower figure one misleads. */
		snprintf(buf, len, "steady over the run: %.0f/s to the end, no burst (the first "
			 "slices ran at %.0f/s, no faster)", t->sustained_per_s, t->burst_per_s);
	else if (!t->fell)
		snprintf(buf, len, "steady over the run: %.0f/s to the end; burst %.0f/s",
			 t->sustained_per_s, t->burst_per_s);
	else
		snprintf(buf, len, "sustained %.0f/s after %.0f s; burst %.0f/s (%.0f %% lower once "
			 "%s ran out)", t->sustained_per_s, t->fell_after_s, t->burst_per_s,
			 100.0 * (1 - t->sustained_per_s / t->burst_per_s),
			 t->bucket ? "its burst credits" : "a cache, an SLC area or a thermal limit");
	return buf;
}

/* The suspects behind an unknown rate, as "x, y and z". */
static void suspects(unsigned bits, struct wb_sentence *l)
{
	static const struct { unsigned bit; const char *why; } s[] = {
		{ WB_SUSPECT_THROTTLED, "the device grants I/O in time slices, as a provisioned "
					"cloud volume's limit does" },
		{ WB_SUSPECT_VIRTUAL, "it is a hypervisor's disk, whose provider may sell bursts" },
		{ WB_SUSPECT_NO_BLOCK_DEVICE, "no block device is under the file system (NFS, "
					      "virtiofs, FUSE or a cloud file service, where "
					      "credits and throttles are the provider's and out of "
					      "sight)" },
	};
	size_t i, said = 0, total = 0;

	for (i = 0; i < sizeof(s) / sizeof(s[0]); i++)
		total += (bits & s[i].bit) != 0;
	for (i = 0; i < sizeof(s) / sizeof(s[0]); i++)
		if (bits & s[i].bit) {
			wb_sentence_add(l, "%s%s", !said ? "" : said + 1 == total ? ", and " : ", ",
					s[i].why);
			said++;
		}
}

/* Why a drop was not judged as a bucket (none for NO_DROP: never asked). */
static const char *const not_judged_words[WB_NOT_JUDGED_COUNT] = {
	[WB_NOT_JUDGED_FEW_SLICES] = "too few slices to judge a burst-credit bucket (8 of a shape)",
	[WB_NOT_JUDGED_SHORT_SIDE] = "too few slices on a side of the drop to judge a burst-credit "
				     "bucket (3 each side)",
	[WB_NOT_JUDGED_NOT_A_STEP] = "it was no step down to a flat baseline (a drift, or too "
				     "shallow for a bucket)",
};
_Static_assert(sizeof(not_judged_words) / sizeof(not_judged_words[0]) == WB_NOT_JUDGED_COUNT,
	       "a word for every reason a drop was not judged");

static const char *not_judged_why(const struct wb_q_burst *b)
{
	unsigned k = b->not_judged;

	return k < WB_NOT_JUDGED_COUNT && not_judged_words[k] ? not_judged_words[k] : "?";
}

static const char *not_judged_settle(const struct wb_q_burst *b)
{
	return b->not_judged == WB_NOT_JUDGED_NOT_A_STEP
		       ? "a longer --duration shows where it settles"
		       : "shorter --slice (1s) or a longer --duration gives the bucket its slices";
}

const char *wb_words_q_burst(const struct wb_q_burst *b, char *buf, size_t len)
{
	const struct wb_bucket *k = b->shape >= 0 ? &b->bucket[b->shape] : NULL;
	const struct wb_q_trend *t = &b->trend;
	struct wb_sentence l;

	switch (b->state) {
	case WB_SUSTAINED_BUCKET:
		snprintf(buf, len, "burst credits ran out: %s ran at %.0f/s on its burst, then "
			 "%.0f/s [%.0f, %.0f] from %.0f s into the run (the bucket held about %.0f "
			 "of its flushes); its rates are judged on that baseline",
			 wb_q_shape_names[b->shape], k->burst_per_s, k->baseline_per_s,
			 isfinite(k->baseline_low) ? wb_sentence_rate_end(k->baseline_low) : 0.0,
			 isfinite(k->baseline_high) ? k->baseline_high : k->baseline_per_s,
			 k->drop_at_s, k->held);
		break;
	case WB_SUSTAINED_UNKNOWN:
		l = wb_sentence_at(buf, len);
		if (b->suspects & WB_SUSPECT_FEW_SLICES) {
			wb_sentence_add(&l, "sustained rate unknown: %zu slice%s of 8 kB commits "
					"in %.1f s, too few to tell a burst from a sustained rate "
					"(%d needed); run `--duration %.0fs --slice %.0fms` or longer; "
					"no rate passes a tier until then", b->slices,
					b->slices == 1 ? "" : "s", b->run_s, WB_TREND_MIN_SLICES,
					b->settle_s, 1000.0 * b->slice_s);
			if (!(b->suspects & ~(unsigned)WB_SUSPECT_FEW_SLICES))
				break;
			wb_sentence_add(&l, "; then ");
		}
		wb_sentence_add(&l, "%srun `--duration %.0fm`, or read the "
				"volume's published burst and throttle terms (",
				l.n ? "" : "sustained rate unknown: ", b->observe_s / 60);
		suspects(b->suspects & ~(unsigned)WB_SUSPECT_FEW_SLICES, &l);
		wb_sentence_add(&l, "; no drop to a baseline in %.0f s, and a full bucket lasts up "
				"to 30 min); no rate passes a tier until then", b->run_s);
		break;
	case WB_SUSTAINED_STEADY:
		if (b->suspects)
			snprintf(buf, len, "no burst credits: no drop to a baseline in %.0f min, "
				 "longer than a full bucket lasts", b->run_s / 60);
		else if (b->in_memory)
			snprintf(buf, len, "no burst credits: no drop to a baseline, and none expected "
				 "(memory, with no provider's credits; not durable either)");
		else
			snprintf(buf, len, "no burst credits: no drop to a baseline, and none expected "
				 "(a block device neither virtual nor throttled in time slices)");
		break;
	case WB_SUSTAINED_NOT_JUDGED:
		if (!b->dropped) {
			snprintf(buf, len, "%s", "");
			break;
		}
		snprintf(buf, len, "not judged: the commit rate fell %.0f %% (%.0f/s in the first "
			 "%zu slices, %.0f/s in the last %zu; the drop %.0f/s [%.0f, %.0f], more than "
			 "the noise) from about %.0f s, but %s; not sustained, so no rate passes a "
			 "tier: %s", 100.0 * (1 - t->sustained_per_s / t->burst_per_s),
			 t->burst_per_s, t->nburst, t->sustained_per_s, t->nsustained,
			 t->burst_per_s - t->sustained_per_s, t->drop_low, t->drop_high,
			 t->fell_after_s, not_judged_why(b), not_judged_settle(b));
		break;
	default:
		snprintf(buf, len, "%s", "");
	}
	return buf;
}

/* The names of the matched volume's kinds whose answer is a (-1: all), as
 * "x, y or z"; returns how many. */
static size_t kinds_saying(const struct wb_q_burst *b, int a, struct wb_sentence *l)
{
	const struct wb_burst_match *m = &b->volume;
	size_t i, said = 0, total = 0;

	for (i = 0; i < m->nkinds; i++)
		total += a < 0 || b->table->kinds[m->k[i].kind].bursts == (enum wb_bursts)a;
	for (i = 0; i < m->nkinds; i++) {
		const struct wb_burst_kind *k = &b->table->kinds[m->k[i].kind];

		if (a >= 0 && k->bursts != (enum wb_bursts)a)
			continue;
		wb_sentence_add(l, "%s%s", !said ? "" : said + 1 == total ? " or " : ", ", k->name);
		said++;
	}
	return said;
}

/* The provider of the matched volume's kinds, as the table names it. */
static const char *provider_of(const struct wb_q_burst *b)
{
	return b->volume.nkinds ? b->table->kinds[b->volume.k[0].kind].provider : "the provider";
}

const char *wb_words_q_volume(const struct wb_q_burst *b, char *buf, size_t len)
{
	const struct wb_burst_match *m = &b->volume;
	const struct wb_burst_device *dev;
	const struct wb_bucket *bk = b->shape >= 0 ? &b->bucket[b->shape] : NULL;
	struct wb_sentence l = wb_sentence_at(buf, len);
	size_t i;

	if (!b->table || m->device < 0)
		return buf;
	dev = &b->table->devices[m->device];
	wb_sentence_add(&l, "%s", dev->what);
	if (isfinite(m->size_gib))
		wb_sentence_add(&l, " of %.0f GiB", m->size_gib);
	wb_sentence_add(&l, " may be ");
	kinds_saying(b, -1, &l);
	switch (m->bursts) {
	case WB_BURSTS_NO:
		wb_sentence_add(&l, "; none of them runs on burst credits, in %s's word (not "
				"measured)%s", provider_of(b), b->ruled_out ? ", so this "
				"hypervisor's disk is not held back as one that may be" : "");
		return buf;
	case WB_BURSTS_UNKNOWN:
		wb_sentence_add(&l, "; whether ");
		wb_sentence_add(&l, " %s on burst credits, %s's pages checked do not say",
				kinds_saying(b, WB_BURSTS_UNKNOWN, &l) > 1 ? "run" : "runs",
				provider_of(b));
		return buf;
	default:
		break;
	}
	wb_sentence_add(&l, "; ");
	wb_sentence_add(&l, " %s on burst credits, in %s's word (not measured)",
			kinds_saying(b, WB_BURSTS_YES, &l) > 1 ? "run" : "runs", provider_of(b));
	for (i = 0; i < m->nkinds; i++) {
		const struct wb_burst_kind *k = &b->table->kinds[m->k[i].kind];

		if (k->bursts != WB_BURSTS_YES || !isfinite(m->k[i].baseline))
			continue;
		wb_sentence_add(&l, "; %s's baseline for this size is %.0f %s", k->name,
				m->k[i].baseline, k->unit);
		/* A commit flush is at least one I/O: its rate is at most the IOPS. */
		if (bk && strcmp(k->unit, "IOPS") == 0)
			wb_sentence_add(&l, ", against %.0f flushes/s measured on the plateau",
					bk->baseline_per_s);
	}
	return buf;
}

const char *wb_words_q_kind(const struct wb_q_burst *b, size_t i, char *buf, size_t len)
{
	const struct wb_burst_kind_at *at = &b->volume.k[i];
	const struct wb_burst_kind *k = &b->table->kinds[at->kind];
	static const char *const answer[WB_BURSTS_COUNT] = {
		[WB_BURSTS_NO] = "no burst credits", [WB_BURSTS_YES] = "burst credits",
		[WB_BURSTS_UNKNOWN] = "credits not documented",
	};
	struct wb_sentence l = wb_sentence_at(buf, len);

	wb_sentence_add(&l, "%s (%s), %s: %s", k->name, k->title, answer[k->bursts], k->rule);
	if (isfinite(at->baseline))
		wb_sentence_add(&l, "; for %.0f GiB, a baseline of %.0f %s", b->volume.size_gib,
				at->baseline, k->unit);
	wb_sentence_add(&l, " [%s: %s, read %s]", k->basis == WB_BASIS_PROVIDER ?
			"the provider's word, not measured" : "measured", k->source, k->as_of);
	return buf;
}

/* What cache the WB_CACHE_* bits name, most telling first. */
static const char *cache_what(unsigned bits)
{
	return bits & WB_CACHE_MEMORY ? "memory"
	       : bits & WB_CACHE_PAGE ? "the page cache (a loop device without direct I/O)"
				      : "a volatile write cache (write back)";
}

/* How to measure below that cache. */
static const char *cache_settle(unsigned bits)
{
	return bits & WB_CACHE_MEMORY ? "only members on real disks can settle it"
	       : bits & WB_CACHE_PAGE ? "measure below the cache with the loop devices in direct "
				       "I/O (losetup --direct-io=on), or on the real disks"
				     : "measure below the cache with the members' write caches off "
				       "for the run (hdparm -W 0, sdparm --clear WCE), or ask the "
				       "vendor what a partial-stripe write costs";
}

/* A sub-stripe flush's extra time and its interval, as "%+.*f %% [%.*f, %.*f]"
 * takes them: whole percents unless one would read 100 % without being it. */
#define EXCESS(e) WB_SENTENCE_PCT3(0, (e)->pct, (e)->low_pct, (e)->high_pct)

const char *wb_words_q_stripe(const struct wb_stripe_verdict *v, char *buf, size_t len)
{
	const struct wb_stripe_excess *e = v->worst >= 0 ? &v->excess[v->worst] : NULL;
	char size[16];

	wb_format_size(e ? v->fig[v->worst].bytes : 0, size, sizeof(size));
	switch (v->state) {
	case WB_STRIPE_NOT_MEASURED:
		snprintf(buf, len, "not measured: a sweep row failed or ran in too few slices to pair "
			 "(give it more --duration)");
		break;
	case WB_STRIPE_PENALTY:
		snprintf(buf, len, "partial-stripe penalty: a flush of %s takes %.*f %% [%.*f, %.*f] "
			 "longer than the full-stripe flushes predict for its size (their cost per "
			 "flush plus their cost per byte; a penalty is %.0f %% or more)", size,
			 EXCESS(e), v->margin_pct);
		break;
	case WB_STRIPE_NO_PENALTY:
		snprintf(buf, len, "no partial-stripe penalty: a flush of %s takes %+.*f %% [%.*f, "
			 "%.*f] time against what the full-stripe flushes predict for its size, less "
			 "than a penalty's %.0f %%; nothing needs doing", size, EXCESS(e),
			 v->margin_pct);
		break;
	case WB_STRIPE_UNCLEAR:
		if (v->cached) {
			snprintf(buf, len, "unclear: members are cached: a flush of %s takes %+.*f %% "
				 "[%.*f, %.*f] time against what the full-stripe flushes predict for its "
				 "size, but %s in front of the members serves a read-modify-write's "
				 "reads, so no penalty can show; %s", size, EXCESS(e),
				 cache_what(v->cached), cache_settle(v->cached));
			break;
		}
		snprintf(buf, len, "unclear: no partial-stripe penalty shown, but none ruled out: a "
			 "flush of %s takes %+.*f %% [%.*f, %.*f] time against what the full-stripe "
			 "flushes predict for its size, and a penalty is %.0f %% or more; a longer "
			 "--duration would settle it", size, EXCESS(e), v->margin_pct);
		break;
	default:
		snprintf(buf, len, "%s", "");
	}
	return buf;
}

char *wb_words_q_figure(double v, bool rate, char *buf, size_t len)
{
	if (!isfinite(v))
		snprintf(buf, len, "?");
	else if (rate)
		snprintf(buf, len, "%.0f", wb_sentence_rate_end(v));
	else
		snprintf(buf, len, "%.3g", v);
	return buf;
}

const char *wb_words_q_outcome(const struct wb_q_outcome *o, char *buf, size_t len)
{
	const struct wb_q_criterion *c = &o->crit;
	bool rate = c->metric == WB_Q_FLUSHES_PER_S;
	const char *unit = rate ? "/s" : " ms", *cmp = rate ? ">=" : "<=";
	char v[WB_WORDS_Q_FIGURE_LEN], lo[WB_WORDS_Q_FIGURE_LEN], hi[WB_WORDS_Q_FIGURE_LEN],
	     th[WB_WORDS_Q_FIGURE_LEN];

	if (!o->fig.measured)
		snprintf(buf, len, "%s %s: not measured", wb_q_shape_names[c->shape],
			 wb_q_metric_names[c->metric]);
	else
		snprintf(buf, len, "%s %s %s%s [%s, %s] %s %s%s: %s", wb_q_shape_names[c->shape],
			 wb_q_metric_names[c->metric], wb_words_q_figure(o->fig.value, rate, v, sizeof(v)),
			 unit, wb_words_q_figure(o->fig.low, rate, lo, sizeof(lo)),
			 wb_words_q_figure(o->fig.high, rate, hi, sizeof(hi)), cmp,
			 wb_words_q_figure(c->threshold, rate, th, sizeof(th)), unit,
			 wb_q_result_name(o->result));
	return buf;
}

const char *wb_words_q_why(const struct wb_q_outcome *o, const struct wb_q_burst *b, char *buf,
			   size_t len)
{
	switch (o->result == WB_Q_INCONCLUSIVE ? o->why : WB_Q_WHY_NONE) {
	case WB_Q_WHY_STRADDLES:
		snprintf(buf, len, "interval straddles the threshold: a longer --duration narrows it");
		break;
	case WB_Q_WHY_FEW_FLUSHES:
		snprintf(buf, len, "under 100 flushes, too few for a p99: needs a longer --duration");
		break;
	case WB_Q_WHY_FEW_SLICES:
		if (b->settle_s > 0)
			snprintf(buf, len, "trend not measured (%zu of %d slices): needs --duration "
				 "%.0fs --slice %.0fms", b->slices, WB_TREND_MIN_SLICES, b->settle_s,
				 1000.0 * b->slice_s);
		else
			snprintf(buf, len, "too few slices for an interval: needs a longer --duration");
		break;
	case WB_Q_WHY_BURST:
		snprintf(buf, len, "burst credits not ruled out: needs --duration %.0fm",
			 b->observe_s / 60);
		break;
	case WB_Q_WHY_DROPPED:
		snprintf(buf, len, "rate fell during the run, not sustained: see Burst credits");
		break;
	case WB_Q_WHY_OTHER_BUCKET:
		snprintf(buf, len, "%s's burst credits ran out, this shape's may too: needs a longer "
			 "--duration", b->shape >= 0 ? wb_q_shape_names[b->shape] : "?");
		break;
	default:
		snprintf(buf, len, "%s", "");
	}
	return buf;
}

#define POWER_CUT_ADVICE "flushes may not reach stable storage; run `walbench verify` with a " \
			 "power cut"

/* run --size's largest write (plan/options.c): a larger stripe cannot be
 * written whole by the command the advice would suggest. */
#define RUN_MAX_WRITE (1u << 20)

/* The sweep's finding: the worst sub-stripe point against the full stripe,
 * and what to do (stripe_penalty.h's remedy), or that nothing needs doing. */
static void stripe_finding(const struct wb_array *a, const struct wb_stripe_verdict *v,
			   struct wb_finding_words *w)
{
	const struct wb_stripe_excess *e = v->worst >= 0 ? &v->excess[v->worst] : NULL;
	const struct wb_sweep_figure *sub = v->worst >= 0 ? &v->fig[v->worst] : NULL;
	const struct wb_sweep_figure *full = &v->fig[WB_SWEEP_STRIPE];
	char size[16], stripe[16], chunk[16];

	if (!e)
		return;
	wb_format_size(sub->bytes, size, sizeof(size));
	wb_format_size(full->bytes, stripe, sizeof(stripe));
	wb_format_size(a->chunk, chunk, sizeof(chunk));
	snprintf(w->evidence, sizeof(w->evidence), "on %.31s (%.15s, full stripe %s) a flush of "
		 "%s took %+.*f %% [%.*f, %.*f] time against what full-stripe flushes predict for its "
		 "size (%.0f/s of %s, %.0f/s of %s; %zu slices paired)", a->device, a->level, stripe,
		 size, EXCESS(e), sub->per_s, size, full->per_s, stripe, e->pairs);
	if (v->remedy == WB_STRIPE_REMEDY_MIRROR)
		snprintf(w->advice, sizeof(w->advice), "put pg_wal on a mirror (raid1 or raid10): "
			 "every commit writes less than a stripe, and pays this");
	else if (v->remedy == WB_STRIPE_REMEDY_ALIGN)
		snprintf(w->advice, sizeof(w->advice), "align the file system to the %s chunk "
			 "(mkfs.xfs -d su=,sw=; mkfs.ext4 -E stride=,stripe-width=): with no parity, "
			 "a sub-stripe write costs more only where it straddles chunks", chunk);
	else if (v->state == WB_STRIPE_UNCLEAR && v->cached)
		snprintf(w->advice, sizeof(w->advice), "%s is cached, %s in front of it: %s; "
			 "until then a mirror (raid1 or raid10) is the safe place for pg_wal",
			 v->cached_member >= 0 && (unsigned)v->cached_member < a->n_members
			 ? a->members[v->cached_member].name : "a member", cache_what(v->cached),
			 cache_settle(v->cached));
	else if (v->state == WB_STRIPE_UNCLEAR)
		snprintf(w->advice, sizeof(w->advice), "run qualify longer (--duration 10m) to "
			 "settle it%s", a->parity_disks != 0 ? "; until then a mirror (raid1 or "
			 "raid10) is the safe place for pg_wal" : "");
	else
		snprintf(w->advice, sizeof(w->advice), "nothing needs doing: a WAL write costs "
			 "here what its size does");
}

/* The array's findings: a member by its name and its disk's, or the layout
 * with the figures it was judged on. */
static void array_finding(const struct wb_array *a, const struct wb_finding *f,
			  struct wb_finding_words *w)
{
	const struct wb_array_member *m = f->member < a->n_members ? &a->members[f->member] : NULL;
	char chunk[16], stripe[16];

	if (f->code == WB_FINDING_PARTIAL_STRIPE) {
		wb_format_size(a->chunk, chunk, sizeof(chunk));
		wb_format_size(a->stripe, stripe, sizeof(stripe));
		snprintf(w->evidence, sizeof(w->evidence), "%.31s is %.15s with a full stripe of %s "
			 "(%u data members x %s): an %u kB WAL write is a partial-stripe write, which "
			 "parity RAID turns into a read-modify-write of the parity unless the file "
			 "system gathers whole stripes; this run did not measure that cost",
			 a->device, a->level, stripe, (unsigned)a->data_disks, chunk,
			 WB_WAL_PAGE_BYTES / 1024);
		if (a->stripe <= RUN_MAX_WRITE)
			snprintf(w->advice, sizeof(w->advice), "put pg_wal on a mirror (raid1 or "
				 "raid10), or compare an 8 kB flush with a full-stripe one: walbench run "
				 "-m fdatasync -b 8k,%s", stripe);
		else
			snprintf(w->advice, sizeof(w->advice), "put pg_wal on a mirror (raid1 or "
				 "raid10); the full stripe is larger than walbench run writes at once "
				 "(1MiB)");
		return;
	}
	if (!m)
		return;
	if (f->code == WB_FINDING_MEMBER_SLOW) {
		snprintf(w->evidence, sizeof(w->evidence), "%.31s, a member of %.31s (%.15s), took "
			 "%.2f ms a write in the run, %.1f times the other members' %.2f ms (their "
			 "median): the array writes at its slowest member's pace", m->name, a->device,
			 a->level, f->member_ms, f->others_ms > 0 ? f->member_ms / f->others_ms : 0,
			 f->others_ms);
		snprintf(w->advice, sizeof(w->advice), "check %.31s's health (smartctl -a, the "
			 "kernel log) and its model against the other members'",
			 m->disk[0] ? m->disk : m->name);
		return;
	}
	if (f->code == WB_FINDING_MEMBER_FAULTY) {
		snprintf(w->evidence, sizeof(w->evidence), "%.31s, a member of %.31s (%.15s), is "
			 "%.31s: the array runs degraded, and what it measured is not what it does "
			 "whole", m->name, a->device, a->level, m->state);
		snprintf(w->advice, sizeof(w->advice), "replace %.31s, let the array resync, then "
			 "qualify it again", m->name);
		return;
	}
	snprintf(w->evidence, sizeof(w->evidence), "%.31s, a member of %.31s, is on %.31s, which "
		 "has a volatile write cache (write back) and no FUA: the array's durable writes "
		 "rely on that disk honouring cache flushes", m->name, a->device,
		 m->disk[0] ? m->disk : m->name);
	snprintf(w->advice, sizeof(w->advice), "make sure %.31s's cache is battery- or "
		 "capacitor-backed, or run `walbench verify` with a power cut",
		 m->disk[0] ? m->disk : m->name);
}

void wb_words_finding(const struct wb_qualification *q, const struct wb_finding *f,
		      struct wb_finding_words *w)
{
	static const struct wb_device none;
	const struct wb_device *d = q->rs ? &q->rs->device : &none;
	const char *target = q->rs ? q->rs->target : "";

	memset(w, 0, sizeof(*w));
	switch (f->code) {
	case WB_FINDING_IN_MEMORY:
		snprintf(w->evidence, sizeof(w->evidence), "%.200s is memory (%.32s): nothing on it "
			 "survives a power cut or a reboot", target, d->fs_type);
		snprintf(w->advice, sizeof(w->advice), "never put a database's WAL or data here: "
			 "every tier fails on memory");
		break;
	case WB_FINDING_FASTER_THAN_ROTATION:
		snprintf(w->evidence, sizeof(w->evidence), "%.0f flushes/s on a disk that reports "
			 "itself rotational (%.40s): one flush a turn allows at most %.0f/s even at "
			 "15,000 rpm%s", f->rate_per_s, d->block_name, WB_MAX_ROTATIONAL_FLUSHES,
			 d->virtual_disk ? "; it is a virtual disk, whose flag is the hypervisor's" : "");
		snprintf(w->advice, sizeof(w->advice), POWER_CUT_ADVICE);
		break;
	case WB_FINDING_LIKE_A_WRITE:
		snprintf(w->evidence, sizeof(w->evidence), "an 8 kB commit flush takes %.1f us "
			 "(median), an unsynced 8 kB write %.1f us: the flush did no more work than "
			 "the write", f->flush_us, f->write_us);
		snprintf(w->advice, sizeof(w->advice), POWER_CUT_ADVICE);
		break;
	case WB_FINDING_TOO_FAST:
		snprintf(w->evidence, sizeof(w->evidence), "an 8 kB commit flush takes %.1f us "
			 "(median) on storage that is not memory: faster than durable storage "
			 "flushes (an uncached write on the fastest NVMe takes about %.0f us or "
			 "more), so the flush was most likely acknowledged, not made; no tier "
			 "passes", f->flush_us, WB_MIN_DURABLE_FLUSH_US);
		snprintf(w->advice, sizeof(w->advice), "prove the flushes with `walbench verify` "
			 "and a power cut before trusting this storage with WAL");
		break;
	case WB_FINDING_VOLATILE_NO_FUA:
		snprintf(w->evidence, sizeof(w->evidence), "%.40s has a volatile write cache "
			 "(queue/write_cache = write back) and no FUA: every durable write relies on "
			 "a cache-flush command the device must honour", d->block_name);
		snprintf(w->advice, sizeof(w->advice), "make sure the cache is battery- or "
			 "capacitor-backed, or run `walbench verify` with a power cut");
		break;
	case WB_FINDING_VIRTUAL_DISK:
		snprintf(w->evidence, sizeof(w->evidence), "%.40s is a virtual disk: its cache and "
			 "rotational flags are what the hypervisor shows, not the host's storage",
			 d->block_name);
		snprintf(w->advice, sizeof(w->advice), "ask the provider what a flush guarantees, "
			 "or run `walbench verify` with a power cut of the host");
		break;
	case WB_FINDING_MEMBER_FAULTY:
	case WB_FINDING_MEMBER_VOLATILE_NO_FUA:
	case WB_FINDING_PARTIAL_STRIPE:
	case WB_FINDING_MEMBER_SLOW:
		array_finding(&d->array, f, w);
		break;
	case WB_FINDING_STRIPE_PENALTY:
	case WB_FINDING_STRIPE_NO_PENALTY:
	case WB_FINDING_STRIPE_UNCLEAR:
		stripe_finding(&d->array, &q->stripe, w);
		break;
	case WB_FINDING_COUNT:
		break;
	}
}
