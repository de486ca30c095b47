/* fuzz_questions.c: libFuzzer over the reader of the questions files
 * (tools/arbiter/questions.c: spec/RULESET/questions.txt), which `arbiter
 * lint` reads before it pairs the constraints and permissions of a
 * question. A crash, a sanitizer report, an error without its file, line,
 * column, field or message, a list left half-read after an error, or an
 * accepted line without its name, clauses, reason or line, aborts. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "questions.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	question_list ql = {0};
	arb_error err;
	arb_error_clear(&err);
	int rc = questions_read_text(&ql, "questions.txt", (const char *)data, size, &err);
	if (rc) {
		if (!err.message[0] || !err.file[0] || ql.nq || ql.q || ql.nk || ql.k)
			abort();
		if (rc == ARB_EINPUT && (err.line < 1 || err.column < 1 || !err.field[0]))
			abort();
		questions_free(&ql);
		return 0;
	}
	for (size_t i = 0; i < ql.nq; i++) {
		const question_entry *q = &ql.q[i];
		if (!q->name[0] || !q->n || q->line < 1)
			abort();
		for (size_t j = 0; j < q->n; j++)
			if (!q->clauses[j][0] || q->columns[j] < 1)
				abort();
	}
	for (size_t i = 0; i < ql.nk; i++) {
		const known_entry *k = &ql.k[i];
		if (!k->constraint[0] || !k->permission[0] || !k->reason[0] || k->line < 1 ||
		    (k->except && (!k->by || !k->by[0])))
			abort();
	}
	questions_free(&ql);
	return 0;
}
