/*
 * Whether the logic engine's search for an alternating inference chain with grouped nodes
 * (sudokit/logic/techniques/chains.py, mode "aic") finds one at all. On the hardest
 * positions it nearly never does, after walking every start to its full depth; the engine
 * asks here first and searches (to build the chain) only when the answer is yes. The
 * answer is the Python search's own (property tests compare them). Like the solvers it
 * trusts its input.
 */
#ifndef SUDOKIT_CHAINS_H
#define SUDOKIT_CHAINS_H

#include <stdint.h>

#include "general.h"

/*
 * G: classic rules (G->classic; for any other rules the answer is 0); cands: n*n candidate
 * masks (digit d is bit d-1; 0 for a filled cell). 1 when chains._search(state, "aic",
 * "aic", max_nodes) finds a chain (an AIC that removes a candidate, or places its start),
 * else 0. The strong links are those of chains._build: bivalue cells, digits with two
 * places in a unit, and grouped nodes (a digit's places in a line falling into exactly
 * two boxes, in a box into exactly two rows or two columns); the weak links and the depth
 * those of chains._walk.
 */
int ac_aic_any(const GnGeo *G, const uint16_t *cands, int max_nodes);

#endif
