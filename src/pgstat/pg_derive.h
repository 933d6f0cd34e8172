/* pg_derive.h — from two snapshots to the rates a decision uses (pure). */
#ifndef WB_PGSTAT_PG_DERIVE_H
#define WB_PGSTAT_PG_DERIVE_H

#include "pgstat/observed.h"

/* Fills o->seconds, o->delta, o->delta_ms, o->have, o->have_ms and o->rate from
 * o->set, o->begin, o->end and o->dev. A counter that went backwards (stats
 * reset inside the interval) is left out of `have`. */
void wb_pg_derive(struct wb_pg_observed *o);

#endif
