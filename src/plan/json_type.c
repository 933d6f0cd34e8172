/* json_type.c — see json_type.h. */
#include "plan/json_type.h"

#include <cjson/cJSON.h>

const char *wb_json_type_name(const cJSON *v)
{
	if (cJSON_IsString(v))
		return "a string";
	if (cJSON_IsNumber(v))
		return "a number";
	if (cJSON_IsBool(v))
		return "true or false";
	if (cJSON_IsNull(v))
		return "null";
	if (cJSON_IsArray(v))
		return "an array";
	return "an object";
}
