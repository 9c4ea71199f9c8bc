/*
 * A stand-alone driver for the C core, for benchmarks/bench_native.py's ablation table.
 * Not part of the extension: it lets the benchmark build solver.c with different
 * switches (-DSK_LOCKED=0, ...) and time the core alone.
 *
 *   cc -O2 -o sk-driver driver.c solver.c && ./sk-driver FILE [LIMIT] [REPEAT]
 *
 * Reads puzzles as the shared data sets hold them (skip empty and '#' lines, take the
 * first 81 characters), solves them all REPEAT times with sk_search_batch, and prints
 * one line: puzzles, CPU seconds (best repeat), total guesses, solutions found, checksum.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "solver.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
    FILE *in;
    char line[1024];
    char *buf = NULL, *solutions;
    size_t n = 0, cap = 0, i;
    uint64_t limit, *counts, *guesses, total_guesses = 0, found = 0, checksum = 0;
    int repeat, r;
    double best = 1e300;

    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE [LIMIT] [REPEAT]\n", argv[0]);
        return 2;
    }
    limit = argc > 2 ? strtoull(argv[2], NULL, 10) : 2;
    repeat = argc > 3 ? atoi(argv[3]) : 3;
    if (limit < 1)
        limit = 1;
    if (repeat < 1)
        repeat = 1;
    in = fopen(argv[1], "r");
    if (!in) {
        perror(argv[1]);
        return 2;
    }
    while (fgets(line, sizeof line, in)) {
        if (line[0] == '#' || strlen(line) < SK_CELLS)
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 4096;
            buf = realloc(buf, cap * SK_CELLS);
            if (!buf)
                return 3;
        }
        memcpy(buf + n * SK_CELLS, line, SK_CELLS);
        n++;
    }
    fclose(in);
    sk_init();
    if (sk_find_bad_symbol(buf, n * SK_CELLS) >= 0) {
        fprintf(stderr, "%s: bad symbol\n", argv[1]);
        return 2;
    }
    counts = malloc(n * sizeof *counts);
    guesses = malloc(n * sizeof *guesses);
    solutions = malloc(n * SK_CELLS);
    if (!counts || !guesses || !solutions)
        return 3;
    for (r = 0; r < repeat; r++) {
        const double t0 = now();
        double dt;
        sk_search_batch(buf, n, limit, counts, solutions, guesses);
        dt = now() - t0;
        if (dt < best)
            best = dt;
    }
    for (i = 0; i < n; i++) {
        total_guesses += guesses[i];
        found += counts[i];
        checksum = checksum * 31 + (unsigned char)solutions[i * SK_CELLS + 40] + counts[i];
    }
    printf("%lu %.6f %llu %llu %llu\n", (unsigned long)n, best,
           (unsigned long long)total_guesses, (unsigned long long)found,
           (unsigned long long)checksum);
    free(buf);
    free(counts);
    free(guesses);
    free(solutions);
    return 0;
}
