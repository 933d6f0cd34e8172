/* json_config.c — how the results file was made: the command and its words
 * as given (each redacted: pgstat/dsn_redact.h), and "config", every option of the command echoed from the option
 * table (plan/options.h), so nothing is missed and a run can be repeated. */
#include "report/json_parts.h"

#include <string.h>

#include "model/method.h"
#include "pgstat/dsn_redact.h"

/* --data-load as given: {"per_s": N} or {"pct": P}. */
static void add_load_option(cJSON *conf, const char *name, const struct wb_load_opt *load)
{
	cJSON *o = cJSON_AddObjectToObject(conf, name);

	if (!o)
		return;
	if (load->per_s)
		cJSON_AddNumberToObject(o, K(PER_S), (double)load->per_s);
	else
		cJSON_AddNumberToObject(o, K(PCT), (double)load->pct_bp / 100.0);
}

/* A path or name as typed, redacted as a command-line word (a connection
 * string typed for it is refused before, unless a file has that name), into
 * obj's member name, or appended to the array obj when name is NULL. */
static void add_word(cJSON *obj, const char *name, const char *word)
{
	char redacted[4096];

	wb_pg_arg_redact(word, redacted, sizeof(redacted));
	if (name)
		cJSON_AddStringToObject(obj, name, redacted);
	else
		cJSON_AddItemToArray(obj, cJSON_CreateString(redacted));
}

/* How the file was made: the command, and its words as given (reports show
 * them, so a run can be repeated exactly). */
void wb_json_add_command_line(cJSON *root, const struct wb_config *cfg, enum wb_command cmd)
{
	cJSON *arr;
	int i;

	cJSON_AddStringToObject(root, K(COMMAND), wb_command_name(cmd));
	arr = cJSON_AddArrayToObject(root, K(COMMAND_LINE));
	if (!arr)
		return;
	cJSON_AddItemToArray(arr, cJSON_CreateString("walbench"));
	for (i = 0; i < cfg->argc && cfg->argv; i++) {
		const char *w = cfg->argv[i];
		char redacted[4096];

		/* Any word may hold a password (--server=DSN, a mistyped
		 * scheme, a DSN taken for a directory): each is redacted, and
		 * the file never holds one. */
		wb_pg_arg_redact(w, redacted, sizeof(redacted));
		cJSON_AddItemToArray(arr, cJSON_CreateString(redacted));
	}
}

void wb_json_add_config(cJSON *root, const struct wb_config *cfg, enum wb_command cmd)
{
	cJSON *conf = cJSON_AddObjectToObject(root, K(CONFIG)), *arr;
	unsigned i;

	if (!conf)
		return;
	/* Echo every option of this command from the option table, so nothing is missed. */
	for (i = 0; i < wb_options_count; i++) {
		const struct wb_option *o = &wb_options[i];
		const void *slot = (const char *)cfg + o->offset;
		const struct wb_list *list = slot;
		uint32_t mask = 0;
		unsigned k;

		if (!(o->commands & WB_CMD_BIT(cmd)))
			continue;
		switch (o->type) {
		case WB_OPT_DSN:
			if (*(const char *const *)slot) {
				char redacted[1024];

				wb_pg_dsn_redact(*(const char *const *)slot, redacted,
						 sizeof(redacted));
				cJSON_AddStringToObject(conf, o->name, redacted);
			} else {
				cJSON_AddNullToObject(conf, o->name);
			}
			break;
		case WB_OPT_PATH:
		case WB_OPT_HOSTPORT:
			if (*(const char *const *)slot)
				add_word(conf, o->name, *(const char *const *)slot);
			else
				cJSON_AddNullToObject(conf, o->name);
			break;
		case WB_OPT_DURATION:
			cJSON_AddNumberToObject(conf, o->name, (double)*(const uint64_t *)slot / 1e9);
			break;
		case WB_OPT_UINT:
		case WB_OPT_PG_MAJOR:
		case WB_OPT_SIZE:
			cJSON_AddNumberToObject(conf, o->name, (double)*(const uint64_t *)slot);
			break;
		case WB_OPT_PERCENT:
			cJSON_AddNumberToObject(conf, o->name, (double)*(const uint64_t *)slot / 100.0);
			break;
		case WB_OPT_SIZES:
		case WB_OPT_UINTS:
			arr = cJSON_AddArrayToObject(conf, o->name);
			for (k = 0; arr && k < list->n; k++)
				cJSON_AddItemToArray(arr, cJSON_CreateNumber((double)list->v[k]));
			break;
		case WB_OPT_METHODS:
			mask = *(const uint32_t *)slot; /* only a mask is one: a bool slot is unaligned */
			arr = cJSON_AddArrayToObject(conf, o->name);
			for (k = 0; arr && k < WB_METHOD_COUNT; k++)
				if (mask & (1u << k))
					cJSON_AddItemToArray(arr, cJSON_CreateString(
						wb_method_get((enum wb_method_id)k)->name));
			break;
		case WB_OPT_ENGINES:
			mask = *(const uint32_t *)slot;
			arr = cJSON_AddArrayToObject(conf, o->name);
			for (k = 0; arr && k < WB_ENGINE_COUNT; k++)
				if (mask & (1u << k))
					cJSON_AddItemToArray(arr, cJSON_CreateString(
						wb_engine_name((enum wb_engine_id)k)));
			break;
		case WB_OPT_FLAG:
			cJSON_AddBoolToObject(conf, o->name, *(const bool *)slot);
			break;
		case WB_OPT_CHOICE:
			cJSON_AddStringToObject(conf, o->name, o->choices[*(const uint64_t *)slot]);
			break;
		case WB_OPT_PATHS:
			arr = cJSON_AddArrayToObject(conf, o->name);
			for (k = 0; arr && k < ((const struct wb_paths *)slot)->n; k++)
				add_word(arr, NULL, ((const struct wb_paths *)slot)->v[k]);
			break;
		case WB_OPT_LOAD:
			add_load_option(conf, o->name, slot);
			break;
		}
	}
}
