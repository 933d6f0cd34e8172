/* json_range.c — a figure's interval as the results file writes it, [low,
 * high], for every part that has one (tests, verdicts, placement). Apart from
 * json.c, which lays the parts out, so the parts need nothing of it. */
#include "report/json_parts.h"

void wb_json_add_range(cJSON *o, enum wb_key key, double low, double high)
{
	cJSON *arr = cJSON_AddArrayToObject(o, wb_key(key));

	if (!arr)
		return;
	cJSON_AddItemToArray(arr, cJSON_CreateNumber(low));
	cJSON_AddItemToArray(arr, cJSON_CreateNumber(high));
}
