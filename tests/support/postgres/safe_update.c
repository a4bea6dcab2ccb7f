/*
 * The safe-update rule of hosted Supabase, for the test cluster: in a session that loaded this library
 * (the API roles' login, via session_preload_libraries), an UPDATE or DELETE statement without a WHERE
 * clause is refused with SQLSTATE 21000, whether it comes from a client, a function or a trigger: every
 * statement, PL/pgSQL's included, passes parse analysis. `set safeupdate.enabled = off` lifts it.
 */
#include "postgres.h"

#include "fmgr.h"
#include "parser/analyze.h"
#include "utils/guc.h"

PG_MODULE_MAGIC;

void _PG_init(void);

static post_parse_analyze_hook_type chained_hook = NULL;
static bool rule_enabled = true;

static void
refuse_unfiltered(ParseState *pstate, Query *query, JumbleState *jstate)
{
	if (rule_enabled &&
		(query->commandType == CMD_UPDATE || query->commandType == CMD_DELETE) &&
		query->jointree != NULL && query->jointree->quals == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_CARDINALITY_VIOLATION),
				 errmsg("%s requires a WHERE clause",
						query->commandType == CMD_UPDATE ? "UPDATE" : "DELETE")));

	if (chained_hook)
		chained_hook(pstate, query, jstate);
}

void
_PG_init(void)
{
	DefineCustomBoolVariable("safeupdate.enabled",
							 "Refuse UPDATE and DELETE statements without a WHERE clause.",
							 NULL, &rule_enabled, true, PGC_USERSET, 0, NULL, NULL, NULL);
	chained_hook = post_parse_analyze_hook;
	post_parse_analyze_hook = refuse_unfiltered;
}
