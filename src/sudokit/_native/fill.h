/*
 * The generator's random full grid (sudokit.generator_fill.random_solution) in C: the same
 * search, step for step, as the pure-Python reference, so that a seed gives the same grid
 * with or without the C core. The algorithm is specified in fill.c.
 */
#ifndef SUDOKIT_FILL_H
#define SUDOKIT_FILL_H

#include <stdint.h>

#include "general.h"

/* What gn_fill found. */
#define FILL_FOUND 0
#define FILL_NONE 1   /* no grid keeps the rules */
#define FILL_BUDGET 2 /* `limit` guesses spent without an answer */
#define FILL_MEMORY 3 /* out of memory */

/*
 * A random complete grid under G's rules (cages, if any, are ignored: the caller passes
 * rules without them), drawn from `seed`; out: n*n digits when FILL_FOUND. `limit`: the
 * guesses of all runs together; `run`: the guesses of the first run (later runs get it
 * times the Luby sequence).
 */
int gn_fill(const GnGeo *G, uint64_t seed, uint64_t limit, uint64_t run, uint8_t *out);

#endif
