/*
 * sudokit's C core for 9x9 Sudoku: a bit-board solver with no allocation in the search.
 *
 * The core trusts its input (DESIGN.md: validate at the edge, trust inside). Callers
 * validate with sk_find_bad_symbol() before the text entry points, or pass cell values
 * in 0..9 to sk_search(). Nothing here keeps state between calls except the constant
 * tables filled by sk_init(), so every entry point is re-entrant once sk_init() ran.
 */
#ifndef SUDOKIT_SOLVER_H
#define SUDOKIT_SOLVER_H

#include <stddef.h>
#include <stdint.h>

#define SK_CELLS 81

/* Fill the lookup tables. Idempotent; call once before any other function (not
 * thread-safe itself: call it before starting threads). */
void sk_init(void);

/*
 * Count solutions of one puzzle up to `limit` (>= 1) and keep the first one found.
 *   cells:    81 values, 0 = empty, 1..9 = given (trusted).
 *   solution: 81 bytes written with digits 1..9 when the count is >= 1; may be NULL.
 *   guesses:  receives the number of trial assignments made at branch points; may be NULL.
 * Duplicate givens are not an error: the puzzle simply has no solution.
 */
uint64_t sk_search(const uint8_t *cells, uint64_t limit, uint8_t *solution, uint64_t *guesses);

/*
 * A way to stop a long search: `stop(arg)` is called every few thousand guesses (and, in
 * a batch, puzzles); once it returns non-zero, `stopped` is set and the search returns at
 * once with the count so far. Zero `ticks` and `stopped` before the first use.
 */
typedef struct {
    int (*stop)(void *arg);
    void *arg;
    uint32_t ticks;
    int stopped;
} SkPoll;

/* sk_search, polling `poll` (which may be NULL). */
uint64_t sk_search_polled(const uint8_t *cells, uint64_t limit, uint8_t *solution,
                          uint64_t *guesses, SkPoll *poll);

/* Index of the first byte of buf[0..len) that is not '.', '0'..'9', or -1 if none. */
ptrdiff_t sk_find_bad_symbol(const char *buf, size_t len);

/*
 * Solve `n` puzzles stored back to back as 81-byte records of '.', '0'..'9' (trusted:
 * check them with sk_find_bad_symbol first). For puzzle i, counts[i] and guesses[i]
 * receive the count (capped at limit) and the guesses; solutions[81*i ..] receives the
 * first solution as ASCII digits, or 81 '.' when there is none. `solutions` may be NULL.
 */
void sk_search_batch(const char *records, size_t n, uint64_t limit, uint64_t *counts,
                     char *solutions, uint64_t *guesses);

/* sk_search_batch, polling `poll` (which may be NULL); when it stops, the outputs of the
 * puzzles from the one under way on are left as they were. */
void sk_search_batch_polled(const char *records, size_t n, uint64_t limit, uint64_t *counts,
                            char *solutions, uint64_t *guesses, SkPoll *poll);

#endif
