/* fleet.h — what a fleet's results files say together (`walbench report
 * --summary`): the hosts whose commit rate or p99 is significantly worse than
 * the rest, the hosts whose test failed, and the hosts whose recommendation or
 * verdict differs from the majority. A pure function of the files' contents:
 * no I/O, no printing; the reporters print the verdict, unit tests feed it
 * synthetic fleets. */
#ifndef WB_ADVICE_FLEET_H
#define WB_ADVICE_FLEET_H

#include <stdbool.h>
#include <stddef.h>

#include "advice/compare.h"
#include "results/saved.h"

/* A test is compared across the fleet only where it is ok on this many hosts
 * (machines, by host name, not files): a host is judged against the median of
 * the others, and a median of one host is that host, not a fleet. */
#define WB_FLEET_MIN_HOSTS 3
/* A host's rate is significantly worse when even the top of its 95 % interval
 * lies more than this far below the others' median. Identical disks differ by a
 * few percent, and a throttled volume left false differences of 3.5-5 % between
 * equal tests (docs/throttled-volumes.md); write caches, SLC areas and thermal
 * limits that make a lemon show as drops of tens of percent (qualify's
 * WB_TREND_DROP_PCT is 20 for the same reason). */
#define WB_FLEET_RATE_GAP_PCT 20.0
/* A host's p99 is worse when it is more than this many times the others'
 * median p99. A percentile has no interval in a results file, and one stall in
 * a run moves a p99 by tens of percent between runs on the same disk; twice
 * the fleet's is past that, and what a DBA sees in commit latency. */
#define WB_FLEET_P99_FACTOR 2.0

enum wb_fleet_finding_kind {
	WB_FLEET_SLOW,    /* rate significantly below the others' median */
	WB_FLEET_P99,     /* p99 more than WB_FLEET_P99_FACTOR x the others' median */
	WB_FLEET_FAILED,  /* the test ended in an error or a durability failure */
};

/* One host's finding on one test, with the figures it was judged on. */
struct wb_fleet_finding {
	size_t host;                  /* index into the files */
	enum wb_fleet_finding_kind kind;
	const struct wb_saved_test *test;
	bool key;                     /* the host's key test (wb_fleet_host.key) */
	size_t others;                /* hosts the median is over (SLOW, P99): other machines,
				       * each one member (the median of its files) */
	/* SLOW */
	double rate;                  /* the host's figure (fleet_stats.h), ops/s */
	bool sustained;               /* it is the baseline qualify judged the test on */
	double burst_per_s;           /* sustained: the burst before the bucket ran dry */
	bool has_ci;                  /* rate_low/high is a 95 % t interval; else a point figure */
	double rate_low, rate_high;
	double median;                /* the other hosts' median rate */
	double diff_pct, diff_low_pct, diff_high_pct; /* rate (and its interval) against median */
	/* P99 */
	double p99_us, median_p99_us, p99_ratio;
};

/* One file's host, and its key test: the commit flush of the method it uses. */
struct wb_fleet_host {
	const struct wb_saved_results *r;
	const char *label;            /* the caller's label (report/run_label.h), passed through */
	const struct wb_saved_test *key; /* NULL: the file has no such test */
	bool key_ok;                  /* key's status is ok: the figures below hold */
	double key_rate;              /* its figure (fleet_stats.h): the mean trial rate
				       * (ops_per_sec without trials), or the sustained rate */
	bool key_has_ci;
	double key_low, key_high;     /* its 95 % interval */
	bool key_sustained;           /* key_rate is the baseline qualify judged it on, after
				       * a burst-credit bucket ran dry, not the mean */
	double key_burst_per_s;       /* key_sustained: the burst before the drop */
	bool key_has_p99;
	double key_p99_us;
	bool outlier;                 /* a SLOW or P99 finding */
	bool failed;                  /* a FAILED finding */
	bool disagrees;               /* its recommendation or verdict is not the majority's */
	size_t findings;              /* how many of the verdict's findings are this host's */
	size_t host_files;            /* files of the fleet from this file's host name, this
				       * one among them (a file with no host name: 1) */
	bool first_of_host;           /* no file before it has its host name */
	size_t host_of;               /* the first file of its host (itself when first_of_host):
				       * a host is one member of the medians, its files'
				       * median, however many files it has */
};

enum wb_fleet_vote_kind {
	WB_FLEET_RECOMMENDATION,  /* recommend files: wal_sync_method */
	WB_FLEET_VERDICT,         /* qualify files of one tier: pass, fail, inconclusive */
};

/* One distinct answer of a vote and how many of its hosts gave it. */
struct wb_fleet_answer {
	const char *value;            /* the answer as its first file spells it */
	size_t hosts;
};

/* The files that answer one question, and what most of them answer. Files of
 * different commands, and qualify files of different tiers, vote apart. */
struct wb_fleet_vote {
	enum wb_fleet_vote_kind kind;
	char tier[64];                /* WB_FLEET_VERDICT: the tier; "" otherwise */
	size_t hosts;                 /* files that answer it, undecided ones included */
	size_t undecided;             /* WB_FLEET_RECOMMENDATION: files whose recommendation is
				       * undecided: they keep the default for want of an answer,
				       * so they are no vote for it and no dissent (0 otherwise) */
	bool mostly_undecided;        /* undecided files are more than half of hosts */
	bool no_majority;             /* the most common decided answers tie */
	char majority[32];            /* the most common decided answer; "" with no_majority,
				       * or when every file is undecided */
	size_t majority_hosts;
	size_t dissent;               /* hosts answering otherwise (0 with no_majority) */
	size_t first_answer, nanswers; /* its distinct answers in answers[], most common first */
};

struct wb_fleet_disagreement {
	size_t host;
	size_t vote;                  /* index into votes[] */
	char value[32];               /* the host's answer */
};

/* With two hosts there is no median: their key tests compared with each other. */
struct wb_fleet_pair {
	bool known;                   /* both hosts have the same key test, ok */
	bool has_ci;                  /* Welch over the trial rates */
	double diff_pct, low_pct, high_pct; /* host 1 against host 0 */
	bool significant;
	enum wb_pair_state state;     /* as compare judges a pair, within +-margin_pct
				       * (WB_PAIR_NO_INTERVAL without has_ci): a tie only
				       * inside it, an interval that merely holds 0 unclear */
	double margin_pct;            /* WB_COMPARE_SAME_PCT, compare's margin without a gate */
};

struct wb_fleet_verdict {
	size_t nhosts;                /* files: the fleet's "hosts" are its files, and each
				       * count of hosts below counts files */
	struct wb_fleet_host *hosts;  /* in the files' order */
	size_t distinct_hosts;        /* host names among them (a file with none is one);
				       * fewer than nhosts: runs repeated on one machine */
	struct wb_fleet_finding *findings; /* by host, then in the host's test order */
	size_t nfindings;
	size_t tests;                 /* distinct test descriptions across the files */
	size_t judged_tests;          /* of those, ok on WB_FLEET_MIN_HOSTS hosts (machines)
				       * or more */
	size_t outliers, failed, partial; /* hosts */
	struct wb_fleet_vote *votes;
	size_t nvotes;
	struct wb_fleet_answer *answers; /* every vote's distinct answers (wb_fleet_vote) */
	size_t nanswers;
	struct wb_fleet_disagreement *disagreements;
	size_t ndisagreements;
	struct wb_fleet_pair pair;    /* fleets of two */
	const struct wb_fleet_finding *lead; /* the outlier the headline names; NULL: none */
};

/* Judges r[0..n), r[i] labelled labels[i] (labels must outlive out: the
 * reporters name hosts by them). 0 or -ENOMEM. */
int wb_fleet_decide(const struct wb_saved_results *r, const char *const *labels, size_t n,
		    struct wb_fleet_verdict *out);

void wb_fleet_free(struct wb_fleet_verdict *v);

#endif
