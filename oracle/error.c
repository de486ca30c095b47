/* error.c: the error record filled by every fallible function. */
#include "internal.h"

#include <stdio.h>
#include <string.h>

void arb_error_clear(arb_error *err)
{
	if (err)
		memset(err, 0, sizeof *err);
}

int arb__verror_set(arb_error *err, int code, const char *file, long line, long column,
                    const char *field, const char *fmt, va_list ap)
{
	if (!err)
		return code;
	memset(err, 0, sizeof *err);
	err->code = code;
	if (file)
		snprintf(err->file, sizeof err->file, "%s", file);
	if (field)
		snprintf(err->field, sizeof err->field, "%s", field);
	err->line = line;
	err->column = column;
	vsnprintf(err->message, sizeof err->message, fmt, ap);
	return code;
}

int arb_error_set(arb_error *err, int code, const char *file, long line, long column,
                  const char *field, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	arb__verror_set(err, code, file, line, column, field, fmt, ap);
	va_end(ap);
	return code;
}

const char *arb_error_format(const arb_error *err, char *buf, size_t n)
{
	char loc[320] = "", fld[96] = "";
	if (!buf || n == 0)
		return buf;
	if (err->file[0] && err->line > 0 && err->column > 0)
		snprintf(loc, sizeof loc, "%s:%ld:%ld: ", err->file, err->line, err->column);
	else if (err->file[0] && err->line > 0)
		snprintf(loc, sizeof loc, "%s:%ld: ", err->file, err->line);
	else if (err->file[0])
		snprintf(loc, sizeof loc, "%s: ", err->file);
	if (err->field[0])
		snprintf(fld, sizeof fld, "field '%s': ", err->field);
	snprintf(buf, n, "%s%s%s", loc, fld, err->message[0] ? err->message : "unknown error");
	return buf;
}
