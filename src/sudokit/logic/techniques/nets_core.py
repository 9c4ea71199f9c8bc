"""The outer forcing-net searches the C core runs (``_native.net_offers``): every
candidate's two nets of a level, and what the search offers from them, in its order;
:mod:`.nets` builds the nets of an offer to rate and tell it.
"""

from __future__ import annotations

from array import array

from ...solvers import native
from ..candidates import State
from ..step import Candidate

#: What the core offers, by kind (see :func:`core_offers`).
_KINDS = {1: "false", 2: "true", 3: "double", 4: "unit", 5: "cell"}
#: The order of each kind of offer among offers rated alike (as ``nets._exhaust`` gives it).
ORDER = {"false": 7, "true": 7, "double": 1, "unit": 6, "cell": 5}

Offer = tuple[str, int, int, int, list[Candidate], list[Candidate]]


def core_offers(st: State, level: int) -> list[Offer] | None:
    """What an outer search of ``level`` (0 to ``nets.CORE_TOP``) offers, in its order, as
    ``(kind, cell, digit, unit, placements, eliminations)``: the C core runs every net
    and compares them (most are only asked whether they break and what they agree on);
    None when it leaves a net's stall to the Python search."""
    core = native._core
    assert core is not None
    data = core.net_offers(native.geometry(st.shape.rules), st.cands, level)
    if data is None:
        return None
    ncells = st.tables.ncells
    ints = array("i", data)
    out: list[Offer] = []
    at = 0
    while at < len(ints):
        kind, c, d, u, p, e = ints[at : at + 6]
        at += 6
        places = [(k % ncells, k // ncells) for k in ints[at : at + p]]
        at += p
        elims = [(k % ncells, k // ncells) for k in ints[at : at + e]]
        at += e
        out.append((_KINDS[kind], c, d, u, places, elims))
    return out
