/* json_type.h — what a message says of a JSON value of the wrong type, said the
 * same way by every reader of JSON: the profiles, tiers.json, the burst-volume
 * facts and the results file. */
#ifndef WB_PLAN_JSON_TYPE_H
#define WB_PLAN_JSON_TYPE_H

struct cJSON;

/* "a string", "a number", "true or false", "null", "an array" or "an object". */
const char *wb_json_type_name(const struct cJSON *v);

#endif
