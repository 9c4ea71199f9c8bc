/*
 * A small stand-in for libFuzzer's driver, for machines with gcc but no clang: it feeds
 * LLVMFuzzerTestOneInput (fuzz_native.c) with inputs made by mutating a few seeds, for a
 * given time, or replays files (crash reproducers). Build it with AddressSanitizer:
 *
 *   gcc -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=undefined \
 *       fuzz/fuzz_native.c fuzz/standalone.c src/sudokit/_native/solver.c -o fuzz-native
 *   ./fuzz-native -seconds 60 -seed 7       # fuzz for a minute
 *   ./fuzz-native crash-input               # replay a file
 *
 * No coverage feedback: the mutations aim at the interesting shapes instead (valid grids
 * with cells blanked: unique, many-solution and, after one change, no-solution puzzles;
 * bad symbols; lengths around whole records). Use libFuzzer for coverage-guided runs.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const seeds[] = {
    /* a full grid, two well-known puzzles (one very hard), and the empty grid */
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293",
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000",
};

static uint64_t state;

static uint64_t next(void)
{
    /* xorshift64*: any decent generator will do; reproducible from -seed */
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 2685821657736338717ULL;
}

static unsigned below(unsigned n)
{
    return (unsigned)(next() % n);
}

static size_t make_input(uint8_t *buf, size_t cap)
{
    const char *seed = seeds[below(sizeof seeds / sizeof *seeds)];
    size_t size = 81, i, records = 1 + below(4);
    unsigned k, changes;
    memcpy(buf, seed, 81);
    /* blank a random share of the cells: from the full grid this gives unique, then
     * many-solution puzzles */
    changes = below(82);
    for (k = 0; k < changes; k++)
        buf[below(81)] = below(2) ? '.' : '0';
    /* a few other edits: wrong digits (often no solution), random bytes, anything */
    changes = below(4);
    for (k = 0; k < changes; k++) {
        switch (below(4)) {
        case 0:
        case 1:
            buf[below(81)] = (uint8_t)('1' + below(9));
            break;
        case 2:
            buf[below(81)] = (uint8_t)below(256);
            break;
        default:
            buf[below(81)] = (uint8_t)('0' + below(10));
            break;
        }
    }
    for (i = 1; i < records && size + 81 <= cap; i++) {
        memcpy(buf + size, buf, 81);
        buf[size + below(81)] = (uint8_t)(below(2) ? '.' : '1' + below(9));
        size += 81;
    }
    switch (below(6)) {
    case 0: /* a limit byte after the first record */
        if (size == 81)
            buf[size++] = (uint8_t)below(256);
        break;
    case 1: /* cut short */
        size = below((unsigned)size + 1);
        break;
    case 2: /* pure noise */
        size = below((unsigned)cap + 1);
        for (i = 0; i < size; i++)
            buf[i] = (uint8_t)below(256);
        break;
    default:
        break;
    }
    return size;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int replay(const char *path)
{
    static uint8_t buf[1 << 20];
    size_t size;
    FILE *in = fopen(path, "rb");
    if (!in) {
        perror(path);
        return 2;
    }
    size = fread(buf, 1, sizeof buf, in);
    fclose(in);
    LLVMFuzzerTestOneInput(buf, size);
    return 0;
}

int main(int argc, char **argv)
{
    double seconds = 5, start;
    unsigned long runs = 0;
    int i, files = 0;
    uint8_t buf[4 * 81 + 1];
    state = 0x9E3779B97F4A7C15ULL;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-seconds") && i + 1 < argc) {
            seconds = atof(argv[++i]);
        } else if (!strcmp(argv[i], "-seed") && i + 1 < argc) {
            state ^= strtoull(argv[++i], NULL, 10) * 0xD1B54A32D192ED03ULL;
            if (!state)
                state = 1;
        } else {
            files++;
            if (replay(argv[i]))
                return 2;
        }
    }
    if (files)
        return 0;
    start = now();
    do {
        unsigned k;
        for (k = 0; k < 64; k++) {
            const size_t size = make_input(buf, sizeof buf);
            LLVMFuzzerTestOneInput(buf, size);
            runs++;
        }
    } while (now() - start < seconds);
    printf("fuzz_native: %lu inputs in %.1f s, no findings\n", runs, now() - start);
    return 0;
}
