/* json_range.c — a figure as the results file writes it, for every part that
 * has one (tests, verdicts, placement, the observation): a number or null when
 * it was not measured, and an interval [low, high]. Apart from json.c, which
 * lays the parts out, so the parts need nothing of it. */
#include "report/json_parts.h"

#include <math.h>

void wb_json_add_figure(cJSON *o, enum wb_key key, double v)
{
	if (isfinite(v))
		cJSON_AddNumberToObject(o, wb_key(key), v);
	else
		cJSON_AddNullToObject(o, wb_key(key));
}

void wb_json_add_range(cJSON *o, enum wb_key key, double low, double high)
{
	cJSON *arr = cJSON_AddArrayToObject(o, wb_key(key));

	if (!arr)
		return;
	cJSON_AddItemToArray(arr, cJSON_CreateNumber(low));
	cJSON_AddItemToArray(arr, cJSON_CreateNumber(high));
}
