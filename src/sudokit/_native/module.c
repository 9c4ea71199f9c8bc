/*
 * sudokit._native: the CPython binding of the C core (solver.c for classic 9x9, general.c
 * for every size and rules, given as tables through one geometry object per rules).
 *
 * This is the boundary of rule 1 (validate at the edge, trust inside): every length and
 * symbol is checked here before the core sees it, and errors are ValueErrors. The
 * Python wrapper (sudokit/solvers/native.py) turns them into ParseErrors that name the
 * puzzle, row and column. The GIL is released while solving, so threads can share work.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "als.h"
#include "chains.h"
#include "fill.h"
#include "forcing.h"
#include "franken.h"
#include "general.h"
#include "solver.h"

#ifndef SK_BUILD_FLAGS
#define SK_BUILD_FLAGS "unknown flags"
#endif
#if defined(__clang__)
#define SK_COMPILER "clang " __clang_version__
#elif defined(__GNUC__)
#define SK_COMPILER "gcc " __VERSION__
#elif defined(_MSC_VER)
#define SK_COMPILER "msvc " Py_STRINGIFY(_MSC_VER)
#else
#define SK_COMPILER "unknown compiler"
#endif

/* A limit >= 1 from a Python int; larger than any count can reach is the same as "all". */
static int get_positive(PyObject *obj, const char *name, uint64_t *limit)
{
    int overflow = 0;
    long long value;
    if (!PyLong_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, not %.100s", name,
                     Py_TYPE(obj)->tp_name);
        return 0;
    }
    value = PyLong_AsLongLongAndOverflow(obj, &overflow);
    if (value == -1 && PyErr_Occurred())
        return 0;
    if (overflow > 0) {
        *limit = UINT64_MAX;
        return 1;
    }
    if (overflow < 0 || value < 1) {
        PyErr_Format(PyExc_ValueError, "%s must be at least 1", name);
        return 0;
    }
    *limit = (uint64_t)value;
    return 1;
}

static int get_limit(PyObject *obj, uint64_t *limit)
{
    return get_positive(obj, "limit", limit);
}

/* Copy `expected` cell values of at most `most` from a buffer object into `out`; 0 with a
 * ValueError naming the first bad cell (or the length) otherwise. */
static int read_cells(PyObject *obj, uint8_t *out, Py_ssize_t expected, unsigned most)
{
    Py_buffer view;
    Py_ssize_t i;
    if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
        return 0;
    if (view.len != expected) {
        PyErr_Format(PyExc_ValueError, "expected %zd cell values, got %zd", expected, view.len);
        PyBuffer_Release(&view);
        return 0;
    }
    for (i = 0; i < expected; i++) {
        const uint8_t v = ((const uint8_t *)view.buf)[i];
        if (v > most) {
            PyErr_Format(PyExc_ValueError, "cell %zd: value %u is out of range 0-%u", i,
                         (unsigned)v, most);
            PyBuffer_Release(&view);
            return 0;
        }
        out[i] = v;
    }
    PyBuffer_Release(&view);
    return 1;
}

/* --- the rules as tables: one geometry object per rules ----------------------------- */

#define GEO_NAME "sudokit._native.Geometry"

static void geo_free(PyObject *capsule)
{
    PyMem_Free(PyCapsule_GetPointer(capsule, GEO_NAME));
}

/* The tables inside a geometry object, or NULL with a TypeError. */
static const GnGeo *get_geo(PyObject *obj)
{
    if (!PyCapsule_IsValid(obj, GEO_NAME)) {
        PyErr_Format(PyExc_TypeError,
                     "expected the rules' geometry (sudokit.solvers.native.geometry(rules)), "
                     "not %.100s", Py_TYPE(obj)->tp_name);
        return NULL;
    }
    return (const GnGeo *)PyCapsule_GetPointer(obj, GEO_NAME);
}

/* A cell index 0..ncells-1 from a Python int; -1 with an exception naming `what`. */
static int get_cell(PyObject *obj, unsigned ncells, const char *what, Py_ssize_t index)
{
    const long v = PyLong_AsLong(obj);
    if (v < 0 || v >= (long)ncells) {
        if (!PyErr_Occurred() || PyErr_ExceptionMatches(PyExc_OverflowError) ||
            PyErr_ExceptionMatches(PyExc_TypeError)) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "%s %zd: not a cell index 0-%u", what, index,
                         ncells - 1);
        }
        return -1;
    }
    return (int)v;
}

/* For each of the ncells cells, a sequence of cells: flat into out[at[c] .. at[c+1]-1]. */
static int read_cell_lists(PyObject *obj, unsigned ncells, unsigned most, const char *what,
                           uint16_t *at, uint8_t *out)
{
    PyObject *seq = PySequence_Fast(obj, "expected a sequence of cell lists");
    Py_ssize_t c, i;
    unsigned used = 0;
    if (!seq)
        return 0;
    if (PySequence_Fast_GET_SIZE(seq) != (Py_ssize_t)ncells) {
        PyErr_Format(PyExc_ValueError, "%s: expected %u cell lists, got %zd", what, ncells,
                     PySequence_Fast_GET_SIZE(seq));
        Py_DECREF(seq);
        return 0;
    }
    for (c = 0; c < (Py_ssize_t)ncells; c++) {
        PyObject *cells = PySequence_Fast(PySequence_Fast_GET_ITEM(seq, c),
                                          "expected a sequence of cell indices");
        Py_ssize_t k;
        at[c] = (uint16_t)used;
        if (!cells) {
            Py_DECREF(seq);
            return 0;
        }
        k = PySequence_Fast_GET_SIZE(cells);
        if (k > (Py_ssize_t)most) {
            PyErr_Format(PyExc_ValueError, "%s of cell %zd: more than %u cells", what, c, most);
            Py_DECREF(cells);
            Py_DECREF(seq);
            return 0;
        }
        for (i = 0; i < k; i++) {
            const int p = get_cell(PySequence_Fast_GET_ITEM(cells, i), ncells, what, c);
            if (p < 0) {
                Py_DECREF(cells);
                Py_DECREF(seq);
                return 0;
            }
            out[used++] = (uint8_t)p;
        }
        Py_DECREF(cells);
    }
    at[ncells] = (uint16_t)used;
    Py_DECREF(seq);
    return 1;
}

/* The cages argument of geometry(): (cells, total or None) pairs, flat into cells[at[k] ..
 * at[k+1]-1] and totals[k] (0: none); *ncages their number. 0 with a ValueError or
 * TypeError naming the cage otherwise. */
static int read_cages(PyObject *obj, unsigned ncells, unsigned *ncages, uint16_t *at,
                      uint8_t *cells, uint16_t *totals)
{
    PyObject *seq = PySequence_Fast(obj, "cages must be a sequence of (cells, total) pairs");
    Py_ssize_t k, i, count;
    unsigned used = 0;
    if (!seq)
        return 0;
    count = PySequence_Fast_GET_SIZE(seq);
    if (count > GN_MAXCAGES) {
        PyErr_Format(PyExc_ValueError, "more than %d cages", GN_MAXCAGES);
        goto fail;
    }
    for (k = 0; k < count; k++) {
        PyObject *pair = PySequence_Fast_GET_ITEM(seq, k), *members, *total;
        Py_ssize_t size;
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) {
            PyErr_Format(PyExc_TypeError, "cage %zd: expected a (cells, total) pair", k);
            goto fail;
        }
        at[k] = (uint16_t)used;
        total = PyTuple_GET_ITEM(pair, 1);
        if (total == Py_None) {
            totals[k] = 0;
        } else {
            long v;
            if (!PyLong_Check(total)) {
                PyErr_Format(PyExc_TypeError, "cage %zd: the sum must be an int or None, not %.100s",
                             k, Py_TYPE(total)->tp_name);
                goto fail;
            }
            v = PyLong_AsLong(total);
            if (v == -1 && PyErr_Occurred()) {
                PyErr_Clear();
                PyErr_Format(PyExc_ValueError, "cage %zd: the sum is out of range", k);
                goto fail;
            }
            if (v < 1) {
                PyErr_Format(PyExc_ValueError, "cage %zd: the sum must be at least 1, got %ld", k,
                             v);
                goto fail;
            }
            totals[k] = (uint16_t)(v > 65535 ? 65535 : v); /* any sum above 136 is impossible */
        }
        if (!(members = PySequence_Fast(PyTuple_GET_ITEM(pair, 0),
                                        "a cage's cells must be a sequence of cell indices")))
            goto fail;
        size = PySequence_Fast_GET_SIZE(members);
        if (size < 1 || used + (size_t)size > GN_MAXCAGECELLS / 2) {
            PyErr_Format(PyExc_ValueError, "cage %zd: %s", k,
                         size < 1 ? "no cells" : "too many cells in the cages");
            Py_DECREF(members);
            goto fail;
        }
        for (i = 0; i < size; i++) {
            const int c = get_cell(PySequence_Fast_GET_ITEM(members, i), ncells, "cage", k);
            if (c < 0) {
                Py_DECREF(members);
                goto fail;
            }
            cells[used++] = (uint8_t)c;
        }
        Py_DECREF(members);
    }
    at[count] = (uint16_t)used;
    *ncages = (unsigned)count;
    Py_DECREF(seq);
    return 1;
fail:
    Py_DECREF(seq);
    return 0;
}

PyDoc_STRVAR(geometry_doc,
"geometry(n, units, extra_peers, neighbours, cages=(), /) -> Geometry\n\n"
"The rules of an n x n puzzle as tables for the C core, built once per rules (see\n"
"sudokit.solvers.native.geometry, which caches one per Rules value).\n"
"units: sequences of n cell indices that hold every digit once: rows, columns, boxes or\n"
"regions (3n), then any extra units (diagonals, windows).\n"
"extra_peers: for each cell, the cells it may not share a digit with beyond its units.\n"
"neighbours: for each cell, its orthogonal neighbours whose digit may not differ by one.\n"
"cages: (cells, total) pairs, total an int or None: cells whose digits differ and, with a\n"
"total, sum to it (killer).\n"
"Raises ValueError naming what is wrong.");

static PyObject *geometry(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    uint8_t units[GN_MAXUNITS * GN_MAXN];
    uint8_t extra[GN_MAXCELLS * GN_MAXPEERS], near[GN_MAXCELLS * GN_MAXNEAR];
    uint16_t extra_at[GN_MAXCELLS + 1], near_at[GN_MAXCELLS + 1];
    uint16_t cage_at[GN_MAXCAGES + 1] = {0}, totals[GN_MAXCAGES];
    uint8_t cage_cells[GN_MAXCAGECELLS / 2];
    unsigned ncages = 0;
    PyObject *seq, *capsule;
    GnGeo *G;
    Py_ssize_t nunits, u, i;
    const char *bad;
    long n;
    (void)self;
    if (nargs != 4 && nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "geometry() takes 4 or 5 arguments (n, units, "
                                         "extra_peers, neighbours, cages)");
        return NULL;
    }
    n = PyLong_AsLong(args[0]);
    if (n == -1 && PyErr_Occurred())
        return NULL;
    if (!gn_classic((int)n)) {
        PyErr_Format(PyExc_ValueError, "no %ldx%ld grid: the side must be 4, 6, 9, 12 or 16", n,
                     n);
        return NULL;
    }
    if (!(seq = PySequence_Fast(args[1], "units must be a sequence of cell lists")))
        return NULL;
    nunits = PySequence_Fast_GET_SIZE(seq);
    if (nunits < 3 * n || nunits > GN_MAXUNITS) {
        PyErr_Format(PyExc_ValueError, "expected %ld to %d units, got %zd", 3 * n, GN_MAXUNITS,
                     nunits);
        Py_DECREF(seq);
        return NULL;
    }
    for (u = 0; u < nunits; u++) {
        PyObject *cells = PySequence_Fast(PySequence_Fast_GET_ITEM(seq, u),
                                          "each unit must be a sequence of cell indices");
        if (!cells) {
            Py_DECREF(seq);
            return NULL;
        }
        if (PySequence_Fast_GET_SIZE(cells) != n) {
            PyErr_Format(PyExc_ValueError, "unit %zd: expected %ld cells, got %zd", u, n,
                         PySequence_Fast_GET_SIZE(cells));
            Py_DECREF(cells);
            Py_DECREF(seq);
            return NULL;
        }
        for (i = 0; i < n; i++) {
            const int c = get_cell(PySequence_Fast_GET_ITEM(cells, i), (unsigned)(n * n), "unit",
                                   u);
            if (c < 0) {
                Py_DECREF(cells);
                Py_DECREF(seq);
                return NULL;
            }
            units[u * n + i] = (uint8_t)c;
        }
        Py_DECREF(cells);
    }
    Py_DECREF(seq);
    if (!read_cell_lists(args[2], (unsigned)(n * n), GN_MAXPEERS, "extra peers", extra_at,
                         extra) ||
        !read_cell_lists(args[3], (unsigned)(n * n), GN_MAXNEAR, "neighbours", near_at, near))
        return NULL;
    if (nargs == 5 &&
        !read_cages(args[4], (unsigned)(n * n), &ncages, cage_at, cage_cells, totals))
        return NULL;
    if (!(G = PyMem_Malloc(sizeof *G)))
        return PyErr_NoMemory();
    bad = gn_build(G, (unsigned)n, (unsigned)nunits, units, extra_at, extra, near_at, near,
                   ncages, cage_at, cage_cells, totals);
    if (bad != NULL) {
        PyMem_Free(G);
        PyErr_Format(PyExc_ValueError, "rules tables: %s", bad);
        return NULL;
    }
    if (!(capsule = PyCapsule_New(G, GEO_NAME, geo_free)))
        PyMem_Free(G);
    return capsule;
}

PyDoc_STRVAR(geometry_info_doc,
"geometry_info(geometry, /) -> (n, units, classic, peers)\n\n"
"What a geometry holds: its side, number of units, whether it is the plain rules of its\n"
"shape (rows, columns, usual boxes), and the number of peers of each cell.");

static PyObject *geometry_info(PyObject *self, PyObject *arg)
{
    const GnGeo *G = get_geo(arg);
    PyObject *peers;
    unsigned c;
    (void)self;
    if (!G)
        return NULL;
    if (!(peers = PyList_New(G->ncells)))
        return NULL;
    for (c = 0; c < G->ncells; c++)
        PyList_SET_ITEM(peers, c, PyLong_FromLong((long)GN_NPEERS(G, c)));
    return Py_BuildValue("(IION)", G->n, G->nunits, G->classic ? Py_True : Py_False, peers);
}

static int interrupted(void *arg);

/* The 9x9 kernel with the GIL released and Ctrl-C polled: 1 with *count set, or 0 with
 * KeyboardInterrupt (or the exception a signal handler raised) when it was stopped. */
static int kernel9(const uint8_t *cells, uint64_t limit, uint8_t *solution, uint64_t *guesses,
                   uint64_t *count)
{
    SkPoll poll = {interrupted, NULL, 0, 0};
    Py_BEGIN_ALLOW_THREADS
    *count = sk_search_polled(cells, limit, solution, guesses, &poll);
    Py_END_ALLOW_THREADS
    if (poll.stopped && !PyErr_Occurred())
        PyErr_SetNone(PyExc_KeyboardInterrupt);
    return !poll.stopped;
}

PyDoc_STRVAR(run_doc,
"run(cells, limit, /) -> (count, solution, guesses)\n\n"
"Count the solutions of one 9x9 puzzle up to limit (>= 1) and keep the first.\n"
"cells: 81 bytes of cell values 0..9 (0 = empty), e.g. bytes(grid.cells).\n"
"solution: 81 bytes of digits 1..9, or None when there is no solution.\n"
"guesses: the number of trial assignments the search made.\n"
"Ctrl-C (SIGINT) stops a long search with KeyboardInterrupt.");

static PyObject *run(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    uint64_t limit, count, guesses = 0;
    uint8_t cells[SK_CELLS], solution[SK_CELLS];
    (void)self;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "run() takes exactly 2 arguments (cells, limit)");
        return NULL;
    }
    if (!get_limit(args[1], &limit))
        return NULL;
    if (!read_cells(args[0], cells, SK_CELLS, 9))
        return NULL;
    if (!kernel9(cells, limit, solution, &guesses, &count))
        return NULL;
    if (count == 0)
        return Py_BuildValue("(KOK)", (unsigned long long)count, Py_None,
                             (unsigned long long)guesses);
    return Py_BuildValue("(Ky#K)", (unsigned long long)count, (const char *)solution,
                         (Py_ssize_t)SK_CELLS, (unsigned long long)guesses);
}

/* Polled by the cores every few thousand nodes while the GIL is released: takes
 * the GIL for a moment and lets Python's signal handlers run, so Ctrl-C stops a long
 * search. A pending exception (KeyboardInterrupt) stops it; the caller raises it. */
static int interrupted(void *arg)
{
    int stop;
    PyGILState_STATE state;
    (void)arg;
    state = PyGILState_Ensure();
    stop = PyErr_CheckSignals() < 0;
    PyGILState_Release(state);
    return stop;
}

/* The general kernel with the GIL released and Ctrl-C polled: 1 with *count set, or 0
 * with KeyboardInterrupt (or the exception a signal handler raised) when it was stopped. */
static int general_kernel(const GnGeo *G, const uint8_t *cells, uint64_t limit,
                          uint8_t *solution, uint64_t *guesses, uint64_t budget, uint64_t *count)
{
    int stopped = 0;
    Py_BEGIN_ALLOW_THREADS
    *count = gn_search_budget(G, cells, limit, solution, guesses, interrupted, NULL, &stopped,
                              budget);
    Py_END_ALLOW_THREADS
    if (stopped && !PyErr_Occurred())
        PyErr_SetNone(PyExc_KeyboardInterrupt);
    return !stopped;
}

/* The kernel for these rules: the 9x9 one for classic 9x9, the general one otherwise. */
static int any_kernel(const GnGeo *G, const uint8_t *cells, uint64_t limit, uint8_t *solution,
                      uint64_t *guesses, uint64_t *count)
{
    if (G->classic && G->n == 9)
        return kernel9(cells, limit, solution, guesses, count);
    return general_kernel(G, cells, limit, solution, guesses, GN_FIRST_BUDGET, count);
}

PyDoc_STRVAR(run_general_doc,
"run_general(geometry, cells, limit, budget=1000, /) -> (count, solution, guesses)\n\n"
"Count the solutions of one puzzle under the rules of geometry (see geometry()) up to\n"
"limit (>= 1) with the general kernel, and keep the first.\n"
"cells: n*n bytes of cell values 0..n (0 = empty).\n"
"solution: n*n bytes of digits 1..n, or None when there is no solution.\n"
"guesses: the number of trial assignments the search made, over all its runs.\n"
"budget: the guesses of the first run before the search restarts in another order\n"
"(for tests; the count does not depend on it).\n"
"Ctrl-C (SIGINT) stops a long search with KeyboardInterrupt.");

static PyObject *run_general(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    uint64_t limit, count, guesses = 0, budget = GN_FIRST_BUDGET;
    uint8_t cells[GN_MAXCELLS], solution[GN_MAXCELLS];
    const GnGeo *G;
    (void)self;
    if (nargs != 3 && nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "run_general() takes 3 or 4 arguments (geometry, "
                                         "cells, limit, budget)");
        return NULL;
    }
    if (!(G = get_geo(args[0])))
        return NULL;
    if (nargs == 4 && !get_positive(args[3], "budget", &budget))
        return NULL;
    if (!get_limit(args[2], &limit))
        return NULL;
    if (!read_cells(args[1], cells, (Py_ssize_t)G->ncells, G->n))
        return NULL;
    if (!general_kernel(G, cells, limit, solution, &guesses, budget, &count))
        return NULL;
    if (count == 0)
        return Py_BuildValue("(KOK)", (unsigned long long)count, Py_None,
                             (unsigned long long)guesses);
    return Py_BuildValue("(Ky#K)", (unsigned long long)count, (const char *)solution,
                         (Py_ssize_t)G->ncells, (unsigned long long)guesses);
}

/* The side of a grid of n cells (4, 6, 9, 12 or 16), or 0 for any other number. */
static int side_of(Py_ssize_t n)
{
    switch (n) {
    case 16: return 4;
    case 36: return 6;
    case 81: return 9;
    case 144: return 12;
    case 256: return 16;
    default: return 0;
    }
}

/* Cell values from a tuple or list of ints (what Grid.cells is) without a bytes copy,
 * or from any buffer; *side is the grid's side, from the number of cells. 0 with an
 * exception naming the first bad cell (or the count) otherwise. */
static int read_any_cells(PyObject *obj, uint8_t *out, int *side)
{
    const int sequence = PyTuple_Check(obj) || PyList_Check(obj);
    PyObject **items;
    Py_ssize_t i, n;
    if (sequence) {
        n = PySequence_Fast_GET_SIZE(obj);
    } else {
        Py_buffer view;
        if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
            return 0;
        n = view.len;
        PyBuffer_Release(&view);
    }
    *side = side_of(n);
    if (!*side) {
        PyErr_Format(PyExc_ValueError, "expected 16, 36, 81, 144 or 256 cell values, got %zd", n);
        return 0;
    }
    if (!sequence)
        return read_cells(obj, out, n, (unsigned)*side);
    items = PySequence_Fast_ITEMS(obj);
    for (i = 0; i < n; i++) {
        long v;
        if (!PyLong_Check(items[i])) {
            PyErr_Format(PyExc_TypeError, "cell %zd: expected an int, not %.100s", i,
                         Py_TYPE(items[i])->tp_name);
            return 0;
        }
        v = PyLong_AsLong(items[i]);
        if (v < 0 || v > *side) {
            if (!PyErr_Occurred() || PyErr_ExceptionMatches(PyExc_OverflowError)) {
                PyErr_Clear();
                PyErr_Format(PyExc_ValueError, "cell %zd: value is out of range 0-%d", i, *side);
            }
            return 0;
        }
        out[i] = (uint8_t)v;
    }
    return 1;
}

/* [d1, d2, ...] from n digit bytes, the small ints shared. */
static PyObject *digit_list(const uint8_t *digits, Py_ssize_t n)
{
    PyObject *list = PyList_New(n);
    Py_ssize_t i;
    if (!list)
        return NULL;
    for (i = 0; i < n; i++)
        PyList_SET_ITEM(list, i, PyLong_FromLong(digits[i])); /* cached: never fails */
    return list;
}

PyDoc_STRVAR(search_doc,
"search(cells, limit, geometry=None, /) -> (count, solution, guesses)\n\n"
"The one-puzzle entry of sudokit.search: count the solutions up to limit (>= 1) and\n"
"keep the first. Without geometry, classic rules: the shape follows from the number of\n"
"cells (16, 36, 81, 144 or 256, with the usual boxes). With it, its rules (see\n"
"geometry()). Classic 9x9 goes to its own kernel, everything else to the general one.\n"
"cells: a tuple or list of ints 0..n, or a buffer of bytes 0..n (0 = empty).\n"
"solution: a list of digits 1..n, or None when there is no solution.\n"
"Ctrl-C (SIGINT) stops a long search with KeyboardInterrupt.");

static PyObject *search_one(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    uint64_t limit, count, guesses = 0;
    uint8_t cells[GN_MAXCELLS], solution[GN_MAXCELLS];
    const GnGeo *G;
    PyObject *sol;
    int side;
    (void)self;
    if (nargs != 2 && nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "search() takes 2 or 3 arguments (cells, limit, geometry)");
        return NULL;
    }
    if (!get_limit(args[1], &limit))
        return NULL;
    if (!read_any_cells(args[0], cells, &side))
        return NULL;
    if (nargs == 3 && args[2] != Py_None) {
        if (!(G = get_geo(args[2])))
            return NULL;
        if ((int)G->n != side) {
            PyErr_Format(PyExc_ValueError, "expected %u cell values, got %d", G->ncells,
                         side * side);
            return NULL;
        }
    } else {
        G = gn_classic(side);
    }
    if (!any_kernel(G, cells, limit, solution, &guesses, &count))
        return NULL;
    if (count == 0) {
        sol = Py_None;
        Py_INCREF(sol);
    } else if (!(sol = digit_list(solution, (Py_ssize_t)side * side))) {
        return NULL;
    }
    return Py_BuildValue("(KNK)", (unsigned long long)count, sol, (unsigned long long)guesses);
}

/* The geometry (classic rules) and candidate masks of the logic helpers. */
static const GnGeo *read_masks(PyObject *const *args, uint16_t *cands)
{
    const GnGeo *G = get_geo(args[0]);
    PyObject *seq;
    Py_ssize_t i, count;
    const long n = G ? (long)G->n : 0;
    if (!G)
        return NULL;
    if (!G->classic) {
        PyErr_SetString(PyExc_ValueError, "the C logic helpers take classic rules only");
        return NULL;
    }
    if (PyBytes_Check(args[1])) { /* native uint16 masks, as a caller keeps them */
        if (PyBytes_GET_SIZE(args[1]) != n * n * (Py_ssize_t)sizeof *cands) {
            PyErr_Format(PyExc_ValueError, "expected %ld candidate masks", n * n);
            return NULL;
        }
        memcpy(cands, PyBytes_AS_STRING(args[1]), (size_t)(n * n) * sizeof *cands);
        for (i = 0; i < n * n; i++)
            if (cands[i] >> n) {
                PyErr_Format(PyExc_ValueError, "cell %zd: not a candidate mask of %ld digits", i,
                             n);
                return NULL;
            }
        return G;
    }
    if (!(seq = PySequence_Fast(args[1], "cands must be a sequence of ints")))
        return NULL;
    count = PySequence_Fast_GET_SIZE(seq);
    if (count != n * n) {
        PyErr_Format(PyExc_ValueError, "expected %ld candidate masks, got %zd", n * n, count);
        Py_DECREF(seq);
        return NULL;
    }
    for (i = 0; i < count; i++) {
        const long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (v < 0 || v >= (1L << n)) {
            if (!PyErr_Occurred() || PyErr_ExceptionMatches(PyExc_OverflowError) ||
                PyErr_ExceptionMatches(PyExc_TypeError)) {
                PyErr_Clear();
                PyErr_Format(PyExc_ValueError, "cell %zd: not a candidate mask of %ld digits", i,
                             n);
            }
            Py_DECREF(seq);
            return NULL;
        }
        cands[i] = (uint16_t)v;
    }
    Py_DECREF(seq);
    return G;
}

/* The arguments (geometry, cands, value) of the logic helpers below: NULL with an
 * exception (`usage` when their number is wrong, `range` naming a value out of lo..hi). */
static const GnGeo *read_logic_args(PyObject *const *args, Py_ssize_t nargs, const char *usage,
                                    uint16_t *cands, long *value, long lo, long hi,
                                    const char *range)
{
    const GnGeo *G;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, usage);
        return NULL;
    }
    if (!(G = read_masks(args, cands)))
        return NULL;
    *value = PyLong_AsLong(args[2]);
    if (*value == -1 && PyErr_Occurred())
        return NULL;
    if (*value < lo || *value > hi) {
        PyErr_Format(PyExc_ValueError, range, *value);
        return NULL;
    }
    return G;
}

PyDoc_STRVAR(basic_first_doc,
"basic_first(geometry, cands, /) -> (int, int, int, int)\n\n"
"Which of pointing, claiming, a naked pair, a hidden pair and an X-Wing (1 to 5, in this\n"
"order, as the logic engine finds them) is the first to remove something from these\n"
"candidate masks; 0 none (classic rules). For pointing and claiming, then, the first\n"
"instance the engine's finder yields: the unit the digit is confined in, the unit it\n"
"leaves, the digit (1..n); -1 for each otherwise.");

static PyObject *basic_first(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    uint16_t cands[GN_MAXCELLS];
    const GnGeo *G;
    int rule, at[3];
    (void)self;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError,
                        "basic_first() takes exactly 2 arguments (geometry, cands)");
        return NULL;
    }
    if (!(G = read_masks(args, cands)))
        return NULL;
    rule = fc_basic_first(G, cands, at);
    return Py_BuildValue("(iiii)", rule, at[0], at[1], at[2]);
}

PyDoc_STRVAR(chain_find_doc,
"chain_find(geometry, cands, max_nodes, /) -> tuple[int, ...] | None\n\n"
"The chain the logic engine's search for an alternating inference chain without grouped\n"
"nodes, of at most max_nodes nodes, picks in these candidate masks (classic rules): its\n"
"nodes from the start (false) to the end (true), each digit * n * n + cell; None when\n"
"there is none.");

static PyObject *chain_find(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    uint16_t cands[GN_MAXCELLS];
    unsigned nodes[1001];
    const GnGeo *G;
    PyObject *out;
    long most;
    int count, i;
    (void)self;
    if (!(G = read_logic_args(args, nargs,
                              "chain_find() takes exactly 3 arguments (geometry, cands, max_nodes)",
                              cands, &most, 2, 1000, "max_nodes must be 2 to 1000, got %ld")))
        return NULL;
    count = fc_chain_find(G, cands, (int)most, nodes);
    if (count < 0)
        return PyErr_NoMemory();
    if (count == 0)
        Py_RETURN_NONE;
    if (!(out = PyTuple_New(count)))
        return NULL;
    for (i = 0; i < count; i++) {
        const unsigned cell = nodes[i] / G->n, digit = nodes[i] % G->n + 1;
        PyObject *v = PyLong_FromUnsignedLong(digit * G->ncells + cell);
        if (!v) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, v);
    }
    return out;
}

#define NR_TEST(set, c) ((set)[(c) >> 6] >> ((c)&63) & 1u)
#define NR_SET(set, c) ((set)[(c) >> 6] |= (uint64_t)1 << ((c)&63))

/* A cell set (a Python int, bit c for cell c) as `w` 64-bit words: -1 with an exception
 * when it is no int of at most `cells` bits. */
static int read_cellset(PyObject *v, uint64_t *out, unsigned w, unsigned cells,
                        const char *what)
{
    unsigned char buf[33];
    unsigned i, j;
    if (!PyLong_Check(v)) {
        PyErr_Format(PyExc_TypeError, "%s: expected an int (a set of cells)", what);
        return -1;
    }
    memset(buf, 0, sizeof buf);
#if PY_VERSION_HEX >= 0x030D0000
    {
        const Py_ssize_t got = PyLong_AsNativeBytes(
            v, buf, sizeof buf, Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER |
                                    Py_ASNATIVEBYTES_REJECT_NEGATIVE);
        if (got < 0 || got > (Py_ssize_t)sizeof buf || buf[32]) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "%s: not a set of %u cells", what, cells);
            return -1;
        }
    }
#else
    if (_PyLong_AsByteArray((PyLongObject *)v, buf, sizeof buf, 1, 0) < 0 || buf[32]) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "%s: not a set of %u cells", what, cells);
        return -1;
    }
#endif
    for (i = 0; i < 4; i++) {
        uint64_t x = 0;
        for (j = 0; j < 8; j++)
            x |= (uint64_t)buf[i * 8 + j] << (8 * j);
        if (i < w)
            out[i] = x;
        else if (x) {
            PyErr_Format(PyExc_ValueError, "%s: not a set of %u cells", what, cells);
            return -1;
        }
    }
    if (cells < 64 * w && out[w - 1] >> (cells - 64 * (w - 1))) {
        PyErr_Format(PyExc_ValueError, "%s: not a set of %u cells", what, cells);
        return -1;
    }
    return 0;
}

/* `nbits` bits of a little-endian bit array as a Python int. */
static PyObject *bits_to_int(const unsigned char *buf, size_t nbytes)
{
#if PY_VERSION_HEX >= 0x030D0000
    return PyLong_FromUnsignedNativeBytes(buf, nbytes, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    return _PyLong_FromByteArray(buf, nbytes, 1, 0);
#endif
}

static PyObject *cells_to_int(const uint64_t *x, unsigned w)
{
    unsigned char buf[32];
    unsigned i, j;
    for (i = 0; i < w; i++)
        for (j = 0; j < 8; j++)
            buf[i * 8 + j] = (unsigned char)(x[i] >> (8 * j));
    return bits_to_int(buf, (size_t)w * 8);
}

/* The arguments (geometry, cands, empty, max_cells, ...) of als_graph and als_chain. */
static const GnGeo *read_als_args(PyObject *const *args, Py_ssize_t nargs, Py_ssize_t want,
                                  const char *usage, uint16_t *cands, uint64_t *empty,
                                  int *max_cells)
{
    const GnGeo *G;
    long v;
    if (nargs != want) {
        PyErr_SetString(PyExc_TypeError, usage);
        return NULL;
    }
    if (!(G = read_masks(args, cands)))
        return NULL;
    memset(empty, 0, AL_WORDS * sizeof *empty);
    if (read_cellset(args[2], empty, (G->ncells + 63) / 64, G->ncells, "empty") < 0)
        return NULL;
    if ((v = PyLong_AsLong(args[3])) == -1 && PyErr_Occurred())
        return NULL;
    if (v < 1 || v >= (long)G->n) {
        PyErr_Format(PyExc_ValueError, "max_cells must be 1 to %u, got %ld", G->n - 1, v);
        return NULL;
    }
    *max_cells = (int)v;
    return G;
}

PyDoc_STRVAR(als_graph_doc,
"als_graph(geometry, cands, empty, max_cells, /) -> (sets, graph)\n\n"
"The almost locked sets of up to max_cells cells (1 to n - 1) among the empty cells (a\n"
"set of cells, bit c for cell c) with these candidate masks (classic rules), and their\n"
"graph, as the logic engine's find_als and _restricted_graph give them: each set as\n"
"(cells, digits, unit, where, seen) (the fields of als.Als), and per set the (index,\n"
"digit) pairs of the sets it shares a restricted common digit with.");

static PyObject *als_graph(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    uint16_t cands[GN_MAXCELLS];
    uint64_t empty[AL_WORDS];
    PyObject *sets = NULL, *graph = NULL, *zero = NULL;
    const GnGeo *G;
    AlSets A;
    unsigned k, d, i;
    int max_cells;
    (void)self;
    if (!(G = read_als_args(args, nargs, 4,
                            "als_graph() takes exactly 4 arguments (geometry, cands, empty, "
                            "max_cells)",
                            cands, empty, &max_cells)))
        return NULL;
    if (al_sets(G, cands, empty, max_cells, &A) < 0)
        return PyErr_NoMemory();
    if (!(sets = PyList_New(A.count)) || !(graph = PyList_New(A.count)) ||
        !(zero = PyLong_FromLong(0)))
        goto fail;
    for (k = 0; k < A.count; k++) {
        PyObject *where = PyTuple_New((Py_ssize_t)G->n + 1), *seen, *item, *list;
        const uint64_t *place = A.place + (size_t)A.at[k] * 2 * A.words;
        if (!where)
            goto fail;
        if (!(seen = PyTuple_New((Py_ssize_t)G->n + 1))) {
            Py_DECREF(where);
            goto fail;
        }
        item = Py_BuildValue("(NiiNN)", cells_to_int(A.cells + (size_t)k * A.words, A.words),
                             (int)A.mask[k], (int)A.unit[k], where, seen);
        if (!item)
            goto fail;
        PyList_SET_ITEM(sets, k, item);
        for (d = 0; d <= G->n; d++) {
            PyObject *w, *s;
            if (d && A.mask[k] >> (d - 1) & 1u) {
                if (!(w = cells_to_int(place, A.words)))
                    goto fail;
                if (!(s = cells_to_int(place + A.words, A.words))) {
                    Py_DECREF(w);
                    goto fail;
                }
                place += 2 * A.words;
            } else {
                Py_INCREF(zero);
                Py_INCREF(zero);
                w = s = zero;
            }
            PyTuple_SET_ITEM(where, d, w);
            PyTuple_SET_ITEM(seen, d, s);
        }
        if (!(list = PyList_New((Py_ssize_t)(A.edge_at[k + 1] - A.edge_at[k]))))
            goto fail;
        PyList_SET_ITEM(graph, k, list);
        for (i = A.edge_at[k]; i < A.edge_at[k + 1]; i++) {
            PyObject *pair = Py_BuildValue("(II)", A.edge[2 * i], A.edge[2 * i + 1]);
            if (!pair)
                goto fail;
            PyList_SET_ITEM(list, i - A.edge_at[k], pair);
        }
    }
    Py_DECREF(zero);
    return Py_BuildValue("(NN)", sets, graph);
fail:
    Py_XDECREF(sets);
    Py_XDECREF(graph);
    Py_XDECREF(zero);
    return NULL;
}

static PyObject *int_tuple(const int *v, int count)
{
    PyObject *out = PyTuple_New(count), *x;
    int i;
    if (!out)
        return NULL;
    for (i = 0; i < count; i++) {
        if (!(x = PyLong_FromLong(v[i]))) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, x);
    }
    return out;
}

PyDoc_STRVAR(als_chain_doc,
"als_chain(geometry, cands, empty, max_cells, max_chain, max_work, /)\n"
"    -> (path, rccs, eliminations) | None\n\n"
"The ALS chain of 4 to max_chain (at most 8) sets the logic engine's als_chain picks\n"
"among the sets of als_graph(geometry, cands, empty, max_cells), its search bounded by\n"
"max_work as the engine counts it: the sets' indices, the restricted common digits\n"
"between them, the (cell, digit) eliminations in order; None when there is none.");

static PyObject *als_chain(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    static uint16_t elim[2 * GN_MAXCELLS * GN_MAXN];
    uint16_t cands[GN_MAXCELLS];
    uint64_t empty[AL_WORDS];
    int path[AL_MAXCHAIN], rcc[AL_MAXCHAIN], max_cells, len, nelim = 0, i;
    PyObject *p, *r, *e;
    const GnGeo *G;
    long max_chain;
    long long max_work;
    (void)self;
    if (!(G = read_als_args(args, nargs, 6,
                            "als_chain() takes exactly 6 arguments (geometry, cands, empty, "
                            "max_cells, max_chain, max_work)",
                            cands, empty, &max_cells)))
        return NULL;
    if ((max_chain = PyLong_AsLong(args[4])) == -1 && PyErr_Occurred())
        return NULL;
    if (max_chain < 0 || max_chain > AL_MAXCHAIN) {
        PyErr_Format(PyExc_ValueError, "max_chain must be 0 to %d, got %ld", AL_MAXCHAIN,
                     max_chain);
        return NULL;
    }
    if ((max_work = PyLong_AsLongLong(args[5])) == -1 && PyErr_Occurred())
        return NULL;
    if (max_work < 0 || max_work > (long long)1 << 40) {
        PyErr_Format(PyExc_ValueError, "max_work must be 0 to 2**40, got %lld", max_work);
        return NULL;
    }
    len = al_chain(G, cands, empty, max_cells, (int)max_chain, max_work, path, rcc, &nelim,
                   elim);
    if (len < 0)
        return PyErr_NoMemory();
    if (len == 0)
        Py_RETURN_NONE;
    if (!(p = int_tuple(path, len)))
        return NULL;
    if (!(r = int_tuple(rcc, len - 1))) {
        Py_DECREF(p);
        return NULL;
    }
    if (!(e = PyTuple_New(nelim))) {
        Py_DECREF(p);
        Py_DECREF(r);
        return NULL;
    }
    for (i = 0; i < nelim; i++) {
        PyObject *pair = Py_BuildValue("(ii)", elim[2 * i], elim[2 * i + 1]);
        if (!pair) {
            Py_DECREF(p);
            Py_DECREF(r);
            Py_DECREF(e);
            return NULL;
        }
        PyTuple_SET_ITEM(e, i, pair);
    }
    return Py_BuildValue("(NNN)", p, r, e);
}

/* The cell sets of digits 1..n (index 0 unused) as a tuple, and packed into one int, bit
 * digit * ncells + cell (nets._pack). */
static PyObject *digit_sets(const FcNet *N, uint64_t (*sets)[4], PyObject **packed)
{
    uint64_t words[((GN_MAXN + 1) * GN_MAXCELLS) / 64 + 2];
    unsigned char buf[sizeof words];
    const size_t nwords = ((size_t)(N->n + 1) * N->ncells + 63) / 64;
    PyObject *out = PyTuple_New((Py_ssize_t)N->n + 1);
    unsigned d, i;
    size_t j;
    if (!out)
        return NULL;
    memset(words, 0, (nwords + 1) * sizeof *words);
    for (d = 0; d <= N->n; d++) {
        PyObject *v = cells_to_int(sets[d], N->words);
        if (!v) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, d, v);
        for (i = 0; i < N->words; i++) {
            const size_t at = (size_t)d * N->ncells + i * 64, word = at / 64, shift = at % 64;
            const uint64_t x = sets[d][i];
            if (!x)
                continue;
            words[word] |= x << shift;
            if (shift)
                words[word + 1] |= x >> (64 - shift);
        }
    }
    for (j = 0; j < nwords; j++)
        for (i = 0; i < 8; i++)
            buf[j * 8 + i] = (unsigned char)(words[j] >> (8 * i));
    if (!(*packed = bits_to_int(buf, nwords * 8))) {
        Py_DECREF(out);
        return NULL;
    }
    return out;
}

PyDoc_STRVAR(net_run_doc,
"net_run(geometry, cands, on, off, queue, want_cands, /) -> tuple\n\n"
"Follow a forcing net's links and singles as the logic engine's nets do (classic rules):\n"
"cands the position's candidate masks (a sequence of ints, or bytes of native uint16);\n"
"on, off the cell sets (ints) per digit 0..n of what the net made true and false so far\n"
"(index 0 unused), or None for none; queue the nodes still to follow (+(digit * n * n +\n"
"cell + 1) true, the negative false), already in on or off, or one node (an int): the\n"
"assumption a net starts from, set and recorded here (parent 0, a link).\n"
"Returns (on, off, packed on, packed off, records, contradiction, cands, dcells): records\n"
"the nodes reached, (node, parent, reason) as native int32 triples (reason -1 a link,\n"
"-2 the cell's last candidate, u >= 0 the last place in unit u); contradiction None or\n"
"(node, other) as nets_graph.Net has it; cands and dcells (the candidates left, per cell\n"
"and per digit) when want_cands, else None.");

/* The net and its buffers, kept between calls (callers hold the GIL). */
static FcNet net_state;
static size_t net_cap;

static PyObject *net_run(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    uint16_t cands[GN_MAXCELLS];
    const GnGeo *G;
    FcNet *N = &net_state;
    PyObject *seq = NULL, *on = NULL, *off = NULL, *pon = NULL, *poff = NULL, *recs = NULL,
             *broke = NULL, *cl = NULL, *dl = NULL, *out = NULL;
    Py_ssize_t i, count;
    unsigned n, nc, d, c, w;
    size_t qcap;
    long start = 0;
    int want, r;
    (void)self;
    if (nargs != 6) {
        PyErr_SetString(PyExc_TypeError, "net_run() takes exactly 6 arguments (geometry, cands, "
                                         "on, off, queue, want_cands)");
        return NULL;
    }
    if (!(G = read_masks(args, cands)))
        return NULL;
    if ((want = PyObject_IsTrue(args[5])) < 0)
        return NULL;
    n = G->n;
    nc = G->ncells;
    w = (nc + 63) / 64;
    if (PyLong_Check(args[4])) {
        count = 1;
        if ((start = PyLong_AsLong(args[4])) == -1 && PyErr_Occurred())
            return NULL;
    } else {
        if (!(seq = PySequence_Fast(args[4], "queue must be a sequence of ints or an int")))
            return NULL;
        count = PySequence_Fast_GET_SIZE(seq);
    }
    qcap = 2 * (size_t)nc * n + (size_t)count + 1;
    if (qcap > net_cap) {
        int32_t *q = realloc(N->queue, qcap * sizeof *N->queue);
        if (q)
            N->queue = q;
        q = q ? realloc(N->rec, 3 * qcap * sizeof *N->rec) : NULL;
        if (!q) {
            PyErr_NoMemory();
            goto fail;
        }
        N->rec = q;
        net_cap = qcap;
    }
    N->n = n;
    N->ncells = nc;
    N->words = w;
    N->head = N->tail = N->nrec = 0;
    N->broken = N->a = N->b = 0;
    memset(N->on, 0, sizeof N->on);
    memset(N->off, 0, sizeof N->off);
    memset(N->dcells, 0, sizeof N->dcells);
    for (r = 0; r < 2; r++) {
        PyObject *sets;
        uint64_t (*mine)[4] = r ? N->off : N->on;
        if (args[2 + r] == Py_None)
            continue;
        if (!(sets = PySequence_Fast(args[2 + r], "on and off must be sequences of ints")))
            goto fail;
        if (PySequence_Fast_GET_SIZE(sets) != (Py_ssize_t)n + 1) {
            PyErr_Format(PyExc_ValueError, "%s: expected %u cell sets (digits 0 to %u)",
                         r ? "off" : "on", n + 1, n);
            Py_DECREF(sets);
            goto fail;
        }
        for (d = 0; d <= n; d++)
            if (read_cellset(PySequence_Fast_GET_ITEM(sets, d), mine[d], w, nc,
                           r ? "off" : "on") < 0) {
                Py_DECREF(sets);
                goto fail;
            }
        Py_DECREF(sets);
    }
    if (!seq) { /* a fresh start: on it goes, recorded as the net's first node */
        const unsigned long k = (unsigned long)(start < 0 ? -start : start) - 1;
        if (start == 0 || k >= (unsigned long)(n + 1) * nc || k < nc) {
            PyErr_Format(PyExc_ValueError, "queue: %ld is no candidate's node", start);
            goto fail;
        }
        NR_SET(start > 0 ? N->on[k / nc] : N->off[k / nc], k % nc);
        N->rec[0] = (int32_t)start;
        N->rec[1] = 0;
        N->rec[2] = -1;
        N->nrec = 1;
        N->queue[N->tail++] = (int32_t)start;
    }
    for (c = 0; c < nc; c++) {
        unsigned m = cands[c];
        for (d = 1; d <= n; d++)
            if (NR_TEST(N->off[d], c))
                m &= ~(1u << (d - 1));
        N->cands[c] = (uint16_t)m;
        for (; m; m &= m - 1)
            NR_SET(N->dcells[GN_CTZ(m) + 1], c);
    }
    for (i = 0; seq && i < count; i++) {
        const long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        const unsigned long k = (unsigned long)(v < 0 ? -v : v) - 1;
        if (v == -1 && PyErr_Occurred())
            goto fail;
        if (v == 0 || k >= (unsigned long)(n + 1) * nc || k < nc ||
            !NR_TEST(v > 0 ? N->on[k / nc] : N->off[k / nc], k % nc)) {
            PyErr_Format(PyExc_ValueError, "queue: node %ld is not one the net reached", v);
            goto fail;
        }
        N->queue[N->tail++] = (int32_t)v;
    }
    if (fc_net_run(G, N) < 0) {
        PyErr_NoMemory();
        goto fail;
    }
    if (!(on = digit_sets(N, N->on, &pon)) || !(off = digit_sets(N, N->off, &poff)))
        goto fail;
    if (!(recs = PyBytes_FromStringAndSize((const char *)N->rec,
                                           (Py_ssize_t)N->nrec * 3 * (Py_ssize_t)sizeof *N->rec)))
        goto fail;
    if (N->broken) {
        if (!(broke = Py_BuildValue("(ii)", N->a, N->b)))
            goto fail;
    } else {
        broke = Py_NewRef(Py_None);
    }
    if (want && !N->broken) {
        if (!(cl = PyList_New(nc)) || !(dl = PyList_New((Py_ssize_t)n + 1)))
            goto fail;
        for (c = 0; c < nc; c++) {
            PyObject *v = PyLong_FromLong(N->cands[c]);
            if (!v)
                goto fail;
            PyList_SET_ITEM(cl, c, v);
        }
        for (d = 0; d <= n; d++) {
            PyObject *v = cells_to_int(N->dcells[d], w);
            if (!v)
                goto fail;
            PyList_SET_ITEM(dl, d, v);
        }
    } else {
        cl = Py_NewRef(Py_None);
        dl = Py_NewRef(Py_None);
    }
    out = PyTuple_Pack(8, on, off, pon, poff, recs, broke, cl, dl);
fail:
    Py_XDECREF(seq);
    Py_XDECREF(on);
    Py_XDECREF(off);
    Py_XDECREF(pon);
    Py_XDECREF(poff);
    Py_XDECREF(recs);
    Py_XDECREF(broke);
    Py_XDECREF(cl);
    Py_XDECREF(dl);
    return out;
}

PyDoc_STRVAR(net_first_doc,
"net_first(geometry, cands, level, /) -> (int, int, int)\n\n"
"What the inner search of a forcing net of level 4, 5 or 6 finds in these candidate\n"
"masks (classic rules), running its nets of level 0, 1 or 2 here: (1, cell, digit) when the\n"
"true-assumption of a\n"
"cell's candidate breaks the rules, the first in the search's order; (2, -1, -1) when none\n"
"does but the nets of a cell's candidates or a digit's places in a unit agree on\n"
"something (or a stall is left to the Python search); (0, -1, -1) when it finds nothing.");

static PyObject *net_first(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    uint16_t cands[GN_MAXCELLS];
    const GnGeo *G;
    int found, cell, digit;
    long level;
    (void)self;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError,
                        "net_first() takes exactly 3 arguments (geometry, cands, level)");
        return NULL;
    }
    if (!(G = read_masks(args, cands)))
        return NULL;
    if ((level = PyLong_AsLong(args[2])) == -1 && PyErr_Occurred())
        return NULL;
    if (level < 0 || level > 2) {
        PyErr_SetString(PyExc_ValueError, "level must be 0, 1 or 2");
        return NULL;
    }
    if ((found = fc_net_first(G, cands, (int)level, &cell, &digit)) < 0)
        return PyErr_NoMemory();
    return Py_BuildValue("(iii)", found, cell, digit);
}

PyDoc_STRVAR(net_offers_doc,
"net_offers(geometry, cands, level, /) -> bytes | None\n\n"
"What a forcing-net search of level 0 to 3 offers in these candidate masks (classic\n"
"rules), its nets run here: native int32s, per offer kind (1 a true-assumption breaks,\n"
"2 a false one, 3 both nets of a candidate agree, 4 the nets of a digit's places in a\n"
"unit, 5 those of a cell's candidates), cell, digit, unit (or -1), the number of places\n"
"and of eliminations, then those candidates (digit * n * n + cell), in the search's\n"
"order; None when a net's stall is left to the Python search.");

static PyObject *net_offers(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    uint16_t cands[GN_MAXCELLS];
    const GnGeo *G;
    const int32_t *out;
    size_t count;
    long level;
    int r;
    (void)self;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError,
                        "net_offers() takes exactly 3 arguments (geometry, cands, level)");
        return NULL;
    }
    if (!(G = read_masks(args, cands)))
        return NULL;
    if ((level = PyLong_AsLong(args[2])) == -1 && PyErr_Occurred())
        return NULL;
    if (level < 0 || level > 3) {
        PyErr_SetString(PyExc_ValueError, "level must be 0 to 3");
        return NULL;
    }
    if (!G->classic) {
        PyErr_SetString(PyExc_ValueError, "net_offers() knows classic rules only");
        return NULL;
    }
    if ((r = fc_net_offers(G, cands, (int)level, &out, &count)) < 0)
        return PyErr_NoMemory();
    if (r > 0)
        Py_RETURN_NONE;
    return PyBytes_FromStringAndSize((const char *)out, (Py_ssize_t)(count * sizeof *out));
}

PyDoc_STRVAR(finned_any_doc,
"finned_any(geometry, cands, size, /) -> bool\n\n"
"Whether the logic engine's search for a finned or sashimi fish of size base lines\n"
"(2 to 4) finds one in these candidate masks (classic rules).");

static PyObject *finned_any(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    uint16_t cands[GN_MAXCELLS];
    const GnGeo *G;
    long size;
    (void)self;
    if (!(G = read_logic_args(args, nargs,
                              "finned_any() takes exactly 3 arguments (geometry, cands, size)",
                              cands, &size, 2, 4, "size must be 2 to 4, got %ld")))
        return NULL;
    return PyBool_FromLong(fc_finned_any(G, cands, (int)size));
}

PyDoc_STRVAR(aic_any_doc,
"aic_any(geometry, cands, max_nodes, /) -> bool\n\n"
"Whether the logic engine's search for an alternating inference chain with grouped nodes,\n"
"of at most max_nodes nodes (0 to 1000), finds one in these candidate masks (classic\n"
"rules). The engine asks before it searches: on the hardest positions there is none.");

static PyObject *aic_any(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    uint16_t cands[GN_MAXCELLS];
    const GnGeo *G;
    long most;
    (void)self;
    if (!(G = read_logic_args(args, nargs,
                              "aic_any() takes exactly 3 arguments (geometry, cands, max_nodes)",
                              cands, &most, 0, 1000, "max_nodes must be 0 to 1000, got %ld")))
        return NULL;
    return PyBool_FromLong(ac_aic_any(G, cands, (int)most));
}

PyDoc_STRVAR(franken_digits_doc,
"franken_digits(geometry, cands, mutant, /) -> int\n\n"
"The digits where the logic engine's search for a Franken fish (mutant 0) or a mutant\n"
"fish (mutant 1) finds one in these candidate masks (classic rules of at most 9x9): bit\n"
"d-1 for digit d when it finds one without fins, bit d+15 when it finds one with fins\n"
"(a digit of more than 64 cells is named both ways, unsearched).");

static PyObject *franken_digits(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    uint16_t cands[GN_MAXCELLS];
    const GnGeo *G;
    long mutant;
    (void)self;
    if (!(G = read_logic_args(args, nargs,
                              "franken_digits() takes exactly 3 arguments (geometry, cands, mutant)",
                              cands, &mutant, 0, 1, "mutant must be 0 or 1, got %ld")))
        return NULL;
    return PyLong_FromUnsignedLong(ff_franken_digits(G, cands, (int)mutant));
}

PyDoc_STRVAR(forcing_search_doc,
"forcing_search(geometry, cands, kinds, /) -> (kind, a, b) or None\n\n"
"The search of sudokit.logic.techniques.forcing (classic rules): the first group of\n"
"assumptions whose chains all agree on something, or the first assumption whose chains\n"
"break.\n"
"cands: n*n candidate masks (digit d is bit d-1; 0 for a filled cell).\n"
"kinds: what to look for, bits 1 (a contradiction), 2 (a cell), 4 (a cell of 3 or 4\n"
"candidates), 8 (a digit in a unit). The answer: (1, cell, digit), (2, cell, -1) or\n"
"(8, unit, digit), or None.");

static PyObject *forcing_search(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    uint16_t cands[GN_MAXCELLS];
    const GnGeo *G;
    long kinds;
    int found, a = -1, b = -1;
    (void)self;
    if (!(G = read_logic_args(args, nargs,
                              "forcing_search() takes exactly 3 arguments (geometry, cands, kinds)",
                              cands, &kinds, 0, 15,
                              "kinds must be a combination of 1, 2, 4 and 8, got %ld")))
        return NULL;
    found = fc_search(G, cands, (int)kinds, &a, &b);
    if (found < 0)
        return PyErr_NoMemory();
    if (!found)
        Py_RETURN_NONE;
    return Py_BuildValue("(iii)", found, a, b);
}

PyDoc_STRVAR(carve_doc,
"carve(geometry, cells, groups, keep, /) -> list\n\n"
"The generator's carving loop in one call: for each group of cell indices in turn,\n"
"empty its cells, and keep them empty if the puzzle still has exactly one solution and\n"
"at least keep clues are left (a group that would leave fewer is skipped).\n"
"geometry: the rules (see geometry()); cells: a full grid under them, n*n ints as for\n"
"search(); groups: a sequence of\n"
"sequences of cell indices. Returns the puzzle's cells as a list of ints.\n"
"Ctrl-C (SIGINT) stops a long carve on a big grid with KeyboardInterrupt.");

/* The most cells of one group: the symmetries pair a cell with at most three others. */
#define CARVE_GROUP 8

static PyObject *carve(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    uint8_t cells[GN_MAXCELLS], solution[GN_MAXCELLS];
    uint16_t *members = NULL;
    uint8_t *sizes = NULL;
    PyObject *groups = NULL, *result = NULL;
    Py_ssize_t ng, g, i, ncells;
    long keep, clues = 0;
    const GnGeo *G;
    int side;
    (void)self;
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError,
                        "carve() takes exactly 4 arguments (geometry, cells, groups, keep)");
        return NULL;
    }
    if (!(G = get_geo(args[0])))
        return NULL;
    if (!read_any_cells(args[1], cells, &side))
        return NULL;
    if (side != (int)G->n) {
        PyErr_Format(PyExc_ValueError, "expected %u cell values, got %d", G->ncells,
                     side * side);
        return NULL;
    }
    ncells = (Py_ssize_t)side * side;
    keep = PyLong_AsLong(args[3]);
    if (keep == -1 && PyErr_Occurred())
        return NULL;
    if (!(groups = PySequence_Fast(args[2], "groups must be a sequence of sequences")))
        return NULL;
    ng = PySequence_Fast_GET_SIZE(groups);
    members = PyMem_Malloc((size_t)(ng ? ng : 1) * CARVE_GROUP * sizeof *members);
    sizes = PyMem_Malloc((size_t)(ng ? ng : 1));
    if (!members || !sizes) {
        PyErr_NoMemory();
        goto done;
    }
    /* Every index is checked before any search runs. */
    for (g = 0; g < ng; g++) {
        PyObject *group = PySequence_Fast(PySequence_Fast_GET_ITEM(groups, g),
                                          "each group must be a sequence of cell indices");
        Py_ssize_t k;
        if (!group)
            goto done;
        k = PySequence_Fast_GET_SIZE(group);
        if (k < 1 || k > CARVE_GROUP) {
            PyErr_Format(PyExc_ValueError, "group %zd: expected 1 to %d cells, got %zd", g,
                         CARVE_GROUP, k);
            Py_DECREF(group);
            goto done;
        }
        for (i = 0; i < k; i++) {
            Py_ssize_t c = PyLong_AsSsize_t(PySequence_Fast_GET_ITEM(group, i));
            if (c < 0 || c >= ncells) {
                if (!PyErr_Occurred() || PyErr_ExceptionMatches(PyExc_OverflowError)) {
                    PyErr_Clear();
                    PyErr_Format(PyExc_ValueError, "group %zd: cell index out of range 0-%zd",
                                 g, ncells - 1);
                }
                Py_DECREF(group);
                goto done;
            }
            members[g * CARVE_GROUP + i] = (uint16_t)c;
        }
        sizes[g] = (uint8_t)k;
        Py_DECREF(group);
    }
    for (i = 0; i < ncells; i++)
        clues += cells[i] != 0;
    for (g = 0; g < ng; g++) {
        const uint16_t *group = members + g * CARVE_GROUP;
        uint8_t saved[CARVE_GROUP];
        uint64_t count, guesses = 0;
        const int k = sizes[g];
        if (clues - k < keep)
            continue;
        for (i = 0; i < k; i++) {
            saved[i] = cells[group[i]];
            cells[group[i]] = 0;
        }
        if (!any_kernel(G, cells, 2, solution, &guesses, &count))
            goto done;
        if (count == 1) {
            clues -= k;
        } else {
            for (i = 0; i < k; i++)
                cells[group[i]] = saved[i];
        }
    }
    result = digit_list(cells, ncells);
done:
    PyMem_Free(members);
    PyMem_Free(sizes);
    Py_DECREF(groups);
    return result;
}

PyDoc_STRVAR(fill_doc,
"fill(geometry, seed, limit, run, /) -> (status, cells)\n\n"
"The generator's random full grid under the rules (cages ignored), drawn from seed\n"
"(0 <= seed < 2**64) exactly as sudokit.generator_fill.random_solution draws it in Python.\n"
"limit: the guesses of all runs; run: the guesses of the first (later runs get it times\n"
"the Luby sequence). status 0: cells is the grid (a list of digits); 1: no grid keeps\n"
"the rules; 2: the guesses are spent (cells is None for both).");

static PyObject *fill(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    uint8_t out[GN_MAXCELLS];
    const GnGeo *G;
    uint64_t seed, limit, run;
    int status;
    (void)self;
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError,
                        "fill() takes exactly 4 arguments (geometry, seed, limit, run)");
        return NULL;
    }
    if (!(G = get_geo(args[0])))
        return NULL;
    if (!PyLong_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "seed must be an int");
        return NULL;
    }
    seed = PyLong_AsUnsignedLongLong(args[1]);
    if (seed == (uint64_t)-1 && PyErr_Occurred()) {
        PyErr_SetString(PyExc_ValueError, "seed must be in 0..2**64-1");
        return NULL;
    }
    if (!get_positive(args[2], "limit", &limit) || !get_positive(args[3], "run", &run))
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    status = gn_fill(G, seed, limit, run, out);
    Py_END_ALLOW_THREADS
    if (status == FILL_MEMORY)
        return PyErr_NoMemory();
    if (status == FILL_FOUND) {
        PyObject *cells = digit_list(out, (Py_ssize_t)G->ncells);
        return cells ? Py_BuildValue("(iN)", status, cells) : NULL;
    }
    return Py_BuildValue("(iO)", status, Py_None);
}

PyDoc_STRVAR(find_bad_symbol_doc,
"find_bad_symbol(data, /) -> int\n\n"
"Index of the first byte of data that is not '.' or '0'-'9', or -1 if there is none.");

static PyObject *find_bad_symbol(PyObject *self, PyObject *arg)
{
    Py_buffer view;
    ptrdiff_t bad;
    (void)self;
    if (PyObject_GetBuffer(arg, &view, PyBUF_SIMPLE) < 0)
        return NULL;
    bad = sk_find_bad_symbol((const char *)view.buf, (size_t)view.len);
    PyBuffer_Release(&view);
    return PyLong_FromSsize_t((Py_ssize_t)bad);
}

static PyObject *u64_list(const uint64_t *values, Py_ssize_t n)
{
    PyObject *list = PyList_New(n);
    Py_ssize_t i;
    if (!list)
        return NULL;
    for (i = 0; i < n; i++) {
        PyObject *item = PyLong_FromUnsignedLongLong((unsigned long long)values[i]);
        if (!item) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, item);
    }
    return list;
}

/* A batch's answer, (counts, solutions, guesses), or NULL with the error set. */
static PyObject *batch_answer(const uint64_t *counts, PyObject *solutions,
                              const uint64_t *guesses, Py_ssize_t n)
{
    PyObject *count_list = u64_list(counts, n), *guess_list = u64_list(guesses, n);
    PyObject *answer = NULL;
    if (count_list && guess_list)
        answer = PyTuple_Pack(3, count_list, solutions, guess_list);
    Py_XDECREF(count_list);
    Py_XDECREF(guess_list);
    return answer;
}

PyDoc_STRVAR(run_many_doc,
"run_many(data, limit, geometry=None, /) -> (counts, solutions, guesses)\n\n"
"Solve many 9x9 puzzles in one call.\n"
"data: a bytes-like object of 81-byte records back to back, symbols '.', '0'-'9'.\n"
"counts, guesses: lists of ints, one per puzzle (counts capped at limit).\n"
"solutions: bytes, 81 ASCII digits per puzzle: its first solution, or 81 '.' when it\n"
"has none. Raises ValueError for a length that is not a multiple of 81 or a bad symbol.\n"
"With geometry (see geometry()): puzzles under its rules, records of n*n bytes of cell\n"
"values 0..n (0 = empty), and solutions as n*n bytes of digits 1..n per puzzle (n*n zero\n"
"bytes when it has none); each puzzle answered as search() answers it.\n"
"Ctrl-C (SIGINT) stops a long batch with KeyboardInterrupt.");

/* run_many under the rules of geometry `geo`: records of cell values, answered in turn by
 * the kernel search() picks (the 9x9 one for classic 9x9), all with the GIL released. */
static PyObject *run_many_rules(PyObject *geo, PyObject *data, uint64_t limit)
{
    Py_buffer view;
    uint64_t *counts = NULL, *guesses = NULL;
    PyObject *solutions = NULL, *result = NULL;
    const GnGeo *G = get_geo(geo);
    Py_ssize_t n = 0, i, size;
    int stopped = 0;
    if (!G)
        return NULL;
    if (PyObject_GetBuffer(data, &view, PyBUF_SIMPLE) < 0)
        return NULL;
    size = (Py_ssize_t)G->ncells;
    if (view.len % size != 0) {
        PyErr_Format(PyExc_ValueError,
                     "buffer of %zd bytes is not a whole number of %zd-byte records", view.len,
                     size);
        goto done;
    }
    for (i = 0; i < view.len; i++) {
        const unsigned v = ((const uint8_t *)view.buf)[i];
        if (v > G->n) {
            PyErr_Format(PyExc_ValueError, "puzzle %zd, cell %zd: value %u is out of range 0-%u",
                         i / size + 1, i % size, v, G->n);
            goto done;
        }
    }
    n = view.len / size;
    counts = PyMem_Malloc((size_t)(n ? n : 1) * sizeof *counts);
    guesses = PyMem_Malloc((size_t)(n ? n : 1) * sizeof *guesses);
    solutions = PyBytes_FromStringAndSize(NULL, n * size);
    if (!counts || !guesses || !solutions) {
        if (!PyErr_Occurred())
            PyErr_NoMemory();
        goto done;
    }
    {
        /* The new bytes object is ours alone until returned: safe to fill without the GIL. */
        uint8_t *out = (uint8_t *)PyBytes_AS_STRING(solutions);
        const uint8_t *in = (const uint8_t *)view.buf;
        const int nine = G->classic && G->n == 9;
        SkPoll poll = {interrupted, NULL, 0, 0};
        Py_BEGIN_ALLOW_THREADS
        for (i = 0; i < n && !stopped; i++) {
            uint8_t *sol = out + i * size;
            guesses[i] = 0;
            if (nine) {
                counts[i] = sk_search_polled(in + i * size, limit, sol, &guesses[i], &poll);
                stopped = poll.stopped;
            } else {
                counts[i] = gn_search_budget(G, in + i * size, limit, sol, &guesses[i],
                                             interrupted, NULL, &stopped, GN_FIRST_BUDGET);
            }
            if (!counts[i])
                memset(sol, 0, (size_t)size);
        }
        Py_END_ALLOW_THREADS
        if (stopped) {
            if (!PyErr_Occurred())
                PyErr_SetNone(PyExc_KeyboardInterrupt);
            goto done;
        }
    }
    result = batch_answer(counts, solutions, guesses, n);
done:
    PyBuffer_Release(&view);
    PyMem_Free(counts);
    PyMem_Free(guesses);
    Py_XDECREF(solutions);
    return result;
}

static PyObject *run_many(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    Py_buffer view;
    uint64_t limit, *counts = NULL, *guesses = NULL;
    PyObject *solutions = NULL, *result = NULL;
    Py_ssize_t n;
    ptrdiff_t bad;
    (void)self;
    if (nargs != 2 && nargs != 3) {
        PyErr_SetString(PyExc_TypeError,
                        "run_many() takes 2 or 3 arguments (data, limit, geometry)");
        return NULL;
    }
    if (!get_limit(args[1], &limit))
        return NULL;
    if (nargs == 3 && args[2] != Py_None)
        return run_many_rules(args[2], args[0], limit);
    /* The buffer stays exported until released, so a bytearray cannot be resized under
     * us while the GIL is released. */
    if (PyObject_GetBuffer(args[0], &view, PyBUF_SIMPLE) < 0)
        return NULL;
    if (view.len % SK_CELLS != 0) {
        PyErr_Format(PyExc_ValueError,
                     "buffer of %zd bytes is not a whole number of %d-byte records", view.len,
                     SK_CELLS);
        goto done;
    }
    bad = sk_find_bad_symbol((const char *)view.buf, (size_t)view.len);
    if (bad >= 0) {
        PyObject *symbol = PyBytes_FromStringAndSize((const char *)view.buf + bad, 1);
        if (symbol) {
            PyErr_Format(PyExc_ValueError,
                         "byte %zd (puzzle %zd, cell %zd): %R is not a symbol (. or 0-9)",
                         (Py_ssize_t)bad, (Py_ssize_t)bad / SK_CELLS + 1,
                         (Py_ssize_t)bad % SK_CELLS, symbol);
            Py_DECREF(symbol);
        }
        goto done;
    }
    n = view.len / SK_CELLS;
    counts = PyMem_Malloc((size_t)(n ? n : 1) * sizeof *counts);
    guesses = PyMem_Malloc((size_t)(n ? n : 1) * sizeof *guesses);
    solutions = PyBytes_FromStringAndSize(NULL, n * SK_CELLS);
    if (!counts || !guesses || !solutions) {
        if (!PyErr_Occurred())
            PyErr_NoMemory();
        goto done;
    }
    {
        /* The new bytes object is ours alone until returned: safe to fill without the GIL. */
        char *out = PyBytes_AS_STRING(solutions);
        const char *in = (const char *)view.buf;
        SkPoll poll = {interrupted, NULL, 0, 0};
        Py_BEGIN_ALLOW_THREADS
        sk_search_batch_polled(in, (size_t)n, limit, counts, out, guesses, &poll);
        Py_END_ALLOW_THREADS
        if (poll.stopped) {
            if (!PyErr_Occurred())
                PyErr_SetNone(PyExc_KeyboardInterrupt);
            goto done;
        }
    }
    result = batch_answer(counts, solutions, guesses, n);
done:
    PyBuffer_Release(&view);
    PyMem_Free(counts);
    PyMem_Free(guesses);
    Py_XDECREF(solutions);
    return result;
}

static PyMethodDef methods[] = {
    {"run", (PyCFunction)(void (*)(void))run, METH_FASTCALL, run_doc},
    {"run_many", (PyCFunction)(void (*)(void))run_many, METH_FASTCALL, run_many_doc},
    {"run_general", (PyCFunction)(void (*)(void))run_general, METH_FASTCALL, run_general_doc},
    {"search", (PyCFunction)(void (*)(void))search_one, METH_FASTCALL, search_doc},
    {"carve", (PyCFunction)(void (*)(void))carve, METH_FASTCALL, carve_doc},
    {"fill", (PyCFunction)(void (*)(void))fill, METH_FASTCALL, fill_doc},
    {"forcing_search", (PyCFunction)(void (*)(void))forcing_search, METH_FASTCALL,
     forcing_search_doc},
    {"basic_first", (PyCFunction)(void (*)(void))basic_first, METH_FASTCALL, basic_first_doc},
    {"net_offers", (PyCFunction)(void (*)(void))net_offers, METH_FASTCALL, net_offers_doc},
    {"chain_find", (PyCFunction)(void (*)(void))chain_find, METH_FASTCALL, chain_find_doc},
    {"net_run", (PyCFunction)(void (*)(void))net_run, METH_FASTCALL, net_run_doc},
    {"net_first", (PyCFunction)(void (*)(void))net_first, METH_FASTCALL, net_first_doc},
    {"finned_any", (PyCFunction)(void (*)(void))finned_any, METH_FASTCALL, finned_any_doc},
    {"aic_any", (PyCFunction)(void (*)(void))aic_any, METH_FASTCALL, aic_any_doc},
    {"als_graph", (PyCFunction)(void (*)(void))als_graph, METH_FASTCALL, als_graph_doc},
    {"als_chain", (PyCFunction)(void (*)(void))als_chain, METH_FASTCALL, als_chain_doc},
    {"franken_digits", (PyCFunction)(void (*)(void))franken_digits, METH_FASTCALL,
     franken_digits_doc},
    {"find_bad_symbol", find_bad_symbol, METH_O, find_bad_symbol_doc},
    {"geometry", (PyCFunction)(void (*)(void))geometry, METH_FASTCALL, geometry_doc},
    {"geometry_info", geometry_info, METH_O, geometry_info_doc},
    {NULL, NULL, 0, NULL},
};

static int exec_module(PyObject *module)
{
    sk_init();
    gn_init();
    if (PyModule_AddIntConstant(module, "CELLS", SK_CELLS) < 0)
        return -1;
    if (PyModule_AddStringConstant(module, "BUILD", SK_COMPILER ", " SK_BUILD_FLAGS) < 0)
        return -1;
    /* geometry() takes killer cages (their sums propagated by the general kernel) */
    if (PyModule_AddIntConstant(module, "KILLER", 1) < 0)
        return -1;
    return 0;
}

static PyModuleDef_Slot slots[] = {
    {Py_mod_exec, (void *)exec_module},
    {0, NULL},
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT,
    "sudokit._native",
    "sudokit's C core: classic 9x9 and every size and rules given as tables (see\n"
    "sudokit.solvers.native for the Python API).",
    0,
    methods,
    slots,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC PyInit__native(void)
{
    return PyModuleDef_Init(&moduledef);
}
