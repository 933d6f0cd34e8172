/* words_verify.c — what `walbench verify check` says a slot of the verify file
 * held instead of the acknowledged record (advice/verify_verdict.h decides, by code). */
#include "report/words.h"

const char *wb_verify_found_name(enum wb_verify_found f)
{
	switch (f) {
	case WB_VERIFY_FOUND_RECORD:
		return "a record";
	case WB_VERIFY_FOUND_ZERO:
		return "all zeros";
	case WB_VERIFY_FOUND_SHORT:
		return "beyond the end of the file";
	case WB_VERIFY_FOUND_CORRUPT:
		return "checksum mismatch (torn or corrupt)";
	case WB_VERIFY_FOUND_OTHER_RUN:
		return "a record of another run";
	case WB_VERIFY_FOUND_WRONG_SLOT:
		return "a record of another slot (misdirected write)";
	}
	return "?";
}
