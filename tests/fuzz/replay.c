/* replay.c: runs a libFuzzer harness without libFuzzer, over files and
 * directories given as arguments, so that `make check` (gcc, and with
 * SANITIZE=1 its sanitizers) replays the inputs fuzzing found
 * (tests/fuzz/regressions/<harness>/) and the real files (cases/). */
#define _XOPEN_SOURCE 700 /* nftw */
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static size_t replayed;

static int one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)ftw;
	if (flag != FTW_F || !S_ISREG(st->st_mode))
		return 0;
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "replay: cannot open %s\n", path);
		return -1;
	}
	size_t n = (size_t)st->st_size;
	uint8_t *buf = malloc(n ? n : 1);
	if (!buf || fread(buf, 1, n, f) != n) {
		fprintf(stderr, "replay: cannot read %s\n", path);
		free(buf);
		fclose(f);
		return -1;
	}
	fclose(f);
	LLVMFuzzerTestOneInput(buf, n);
	free(buf);
	replayed++;
	return 0;
}

int main(int argc, char **argv)
{
	LLVMFuzzerInitialize(&argc, &argv);
	for (int i = 1; i < argc; i++)
		if (nftw(argv[i], one, 16, FTW_PHYS) != 0) {
			fprintf(stderr, "replay: cannot walk %s\n", argv[i]);
			return 2;
		}
	printf("replay %s: %zu inputs, no fault\n", argv[0], replayed);
	return 0;
}
