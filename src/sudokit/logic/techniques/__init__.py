"""The registry of techniques, ordered from easiest to hardest.

Each technique is a pure function ``(State) -> Step | None`` (see
:mod:`sudokit.logic.step`). :data:`TECHNIQUES` lists them in the order the engine tries
them: by level first (so a puzzle's level is the level of the hardest technique it
needs), then by rating within a level.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from ...geometry import Rules
from ..candidates import State, tables
from ..step import Step
from . import (
    aligned,
    als,
    chains,
    colouring,
    colouring_multi,
    exocet,
    fish,
    fish_franken,
    forcing,
    intersections,
    killer,
    killer45,
    medusa,
    msls,
    nets,
    single_digit,
    singles,
    sk_loop,
    subsets,
    sue_de_coq,
    tridagon,
    uniqueness,
    variants,
    wings,
)

Level = Literal["easy", "medium", "hard", "expert", "extreme"]

#: The difficulty levels, easiest first.
LEVELS: tuple[Level, ...] = ("easy", "medium", "hard", "expert", "extreme")


@dataclass(frozen=True, slots=True)
class Technique:
    """One technique of the registry.

    ``rating`` is the base difficulty on the Sudoku Explainer scale (a step may rate
    higher, e.g. a longer chain); ``uniqueness`` techniques need a puzzle known to have
    one solution; ``deep`` ones are tried only then too (they are sound on any puzzle,
    but on one with several solutions they search long for nothing); ``min_size`` is the
    smallest grid size where the technique can say anything that a smaller one cannot;
    ``applies`` says whether the technique is sound under a puzzle's rules (every
    technique is sound under classic rules); ``variant`` ones say something only under
    some variant rules (non-consecutive, jigsaw, killer cages) and are not tried on
    classic puzzles.
    """

    id: str
    name: str
    level: Level
    rating: float
    find: Callable[[State], Step | None]
    uniqueness: bool = False
    min_size: int = 4
    deep: bool = False
    applies: Callable[[Rules], bool] = lambda rules: True
    variant: bool = False


def _deadly_patterns_sound(rules: Rules) -> bool:
    """Uniqueness techniques stand on deadly patterns: a swap of digits that keeps every
    rule. Units alone allow it (each rectangle is checked against every unit, see
    :func:`~sudokit.logic.candidates.rectangle_keeps_units`); knight's and king's moves
    and non-consecutive neighbours do not: there the techniques are off."""
    return tables(rules).uniqueness


_U = "uniqueness"
_DEEP = "deep"
_NC = "non-consecutive"
_JIGSAW = "jigsaw"
_KILLER = "killer"

# (id, name, level, rating, function, options): "uniqueness" needs a unique puzzle, "deep"
# is tried only on one, a number is the smallest size where the technique can say anything
# new.
_TABLE: tuple[tuple[str, str, Level, float, Callable[[State], Step | None], object], ...] = (
    # Easy: singles.
    ("full_house", "Full House", "easy", 1.0, singles.full_house, None),
    ("cage_last_cell", "Last Cage Cell", "easy", 1.1, killer.cage_last_cell, _KILLER),
    ("hidden_single", "Hidden Single", "easy", 1.2, singles.hidden_single, None),
    ("cage_one_combination", "One-Combination Cage", "easy", 2.0,
     killer.cage_one_combination, _KILLER),
    ("cage_combination", "Cage Combination", "easy", 2.2, killer.cage_combination, _KILLER),
    ("naked_single", "Naked Single", "easy", 2.3, singles.naked_single, None),
    # Medium: intersections, pairs and triples; the direct forms first (they place a
    # digit at once, and Sudoku Explainer rates them below a naked single).
    ("direct_pointing", "Direct Pointing", "medium", 1.7, intersections.direct_pointing, None),
    ("direct_claiming", "Direct Claiming", "medium", 1.9, intersections.direct_claiming, None),
    ("direct_hidden_pair", "Direct Hidden Pair", "medium", 2.0, subsets.direct_hidden_pair, None),
    ("cage_hidden_single", "Cage Hidden Single", "medium", 2.4, killer.cage_hidden_single,
     _KILLER),
    ("direct_hidden_triple", "Direct Hidden Triple", "medium", 2.5,
     subsets.direct_hidden_triple, 6),
    ("nonconsecutive_neighbour", "Non-consecutive Neighbour", "medium", 2.5,
     variants.nonconsecutive_neighbour, _NC),
    ("pointing", "Pointing", "medium", 2.6, intersections.pointing, None),
    ("cage_unit_overlap", "Cage/Unit Overlap", "medium", 2.6, killer.cage_unit_overlap,
     _KILLER),
    ("cage_permutation", "Cage Permutation", "medium", 2.7, killer.cage_permutation, _KILLER),
    ("claiming", "Claiming", "medium", 2.8, intersections.claiming, None),
    ("nonconsecutive_pointing", "Non-consecutive Pointing", "medium", 2.8,
     variants.nonconsecutive_pointing, _NC),
    ("cage_pointing", "Cage Pointing", "medium", 2.8, killer.cage_pointing, _KILLER),
    ("innie_outie", "Innie/Outie", "medium", 2.8, killer45.innie_outie, _KILLER),
    ("naked_pair", "Naked Pair", "medium", 3.0, subsets.naked_pair, None),
    ("law_of_leftovers", "Law of Leftovers", "medium", 3.2, variants.law_of_leftovers, _JIGSAW),
    ("hidden_pair", "Hidden Pair", "medium", 3.4, subsets.hidden_pair, None),
    ("innie_outie_pair", "Innie/Outie Pair", "medium", 3.4, killer45.innie_outie_pair, _KILLER),
    ("naked_triple", "Naked Triple", "medium", 3.6, subsets.naked_triple, 6),
    ("hidden_cage", "Hidden Cage", "medium", 3.8, killer45.hidden_cage, _KILLER),
    ("hidden_triple", "Hidden Triple", "medium", 4.0, subsets.hidden_triple, 6),
    # Hard: quads, fish, wings, single-digit patterns, uniqueness.
    ("x_wing", "X-Wing", "hard", 3.2, fish.x_wing, None),
    ("swordfish", "Swordfish", "hard", 3.8, fish.swordfish, 6),
    ("cage_split", "Cage Split", "hard", 4.2, killer45.cage_split, _KILLER),
    ("xy_wing", "XY-Wing", "hard", 4.2, wings.xy_wing, None),
    ("xyz_wing", "XYZ-Wing", "hard", 4.4, wings.xyz_wing, None),
    ("unique_rectangle_1", "Unique Rectangle Type 1", "hard", 4.5,
     uniqueness.unique_rectangle_1, _U),
    ("unique_rectangle_2", "Unique Rectangle Type 2", "hard", 4.5,
     uniqueness.unique_rectangle_2, _U),
    ("unique_rectangle_4", "Unique Rectangle Type 4", "hard", 4.5,
     uniqueness.unique_rectangle_4, _U),
    ("unique_rectangle_5", "Unique Rectangle Type 5", "hard", 4.5,
     uniqueness.unique_rectangle_5, _U),
    ("unique_rectangle_3", "Unique Rectangle Type 3", "hard", 4.6,
     uniqueness.unique_rectangle_3, _U),
    ("unique_rectangle_6", "Unique Rectangle Type 6", "hard", 4.6,
     uniqueness.unique_rectangle_6, _U),
    ("hidden_rectangle", "Hidden Rectangle", "hard", 4.6, uniqueness.hidden_rectangle, _U),
    ("naked_quad", "Naked Quad", "hard", 5.0, subsets.naked_quad, 8),
    ("jellyfish", "Jellyfish", "hard", 5.2, fish.jellyfish, 8),
    ("hidden_quad", "Hidden Quad", "hard", 5.4, subsets.hidden_quad, 8),
    ("bug_plus_one", "BUG+1", "hard", 5.6, uniqueness.bug_plus_one, _U),
    ("aligned_pair_exclusion", "Aligned Pair Exclusion", "hard", 6.2,
     aligned.aligned_pair_exclusion, None),
    ("skyscraper", "Skyscraper", "hard", 6.6, single_digit.skyscraper, None),
    ("two_string_kite", "2-String Kite", "hard", 6.6, single_digit.two_string_kite, None),
    ("turbot_fish", "Turbot Fish", "hard", 6.6, single_digit.turbot_fish, None),
    ("empty_rectangle", "Empty Rectangle", "hard", 6.6, single_digit.empty_rectangle, None),
    ("finned_x_wing", "Finned X-Wing", "hard", 6.6, fish.finned_x_wing, None),
    ("sashimi_x_wing", "Sashimi X-Wing", "hard", 6.6, fish.sashimi_x_wing, None),
    ("finned_swordfish", "Finned Swordfish", "hard", 6.7, fish.finned_swordfish, 6),
    ("sashimi_swordfish", "Sashimi Swordfish", "hard", 6.7, fish.sashimi_swordfish, 6),
    ("finned_jellyfish", "Finned Jellyfish", "hard", 6.8, fish.finned_jellyfish, 8),
    ("sashimi_jellyfish", "Sashimi Jellyfish", "hard", 6.8, fish.sashimi_jellyfish, 8),
    ("w_wing", "W-Wing", "hard", 7.1, wings.w_wing, None),
    # Expert: colouring, chains, ALS.
    ("simple_colouring", "Simple Colouring", "expert", 6.6, colouring.simple_colouring, None),
    ("x_chain", "X-Chain", "expert", 6.6, chains.x_chain, None),
    ("multi_colouring", "Multi-Colouring", "expert", 6.7, colouring_multi.multi_colouring, None),
    ("xy_chain", "XY-Chain", "expert", 6.8, chains.xy_chain, None),
    ("nice_loop", "Continuous Nice Loop", "expert", 7.0, chains.nice_loop, None),
    ("aic", "AIC", "expert", 7.0, chains.aic, None),
    ("medusa", "3D Medusa", "expert", 7.0, medusa.medusa, None),
    ("sue_de_coq", "Sue de Coq", "expert", 7.2, sue_de_coq.sue_de_coq, None),
    ("aligned_triple_exclusion", "Aligned Triple Exclusion", "expert", 7.5,
     aligned.aligned_triple_exclusion, None),
    ("als_xz", "ALS-XZ", "expert", 7.5, als.als_xz, None),
    ("als_xy_wing", "ALS-XY-Wing", "expert", 7.8, als.als_xy_wing, None),
    ("als_chain", "ALS Chain", "expert", 7.9, als.als_chain, None),
    ("death_blossom", "Death Blossom", "expert", 7.9, als.death_blossom, None),
    # Extreme: static patterns first, then forcing chains and nets.
    # Franken and mutant fish: rated below the forcing chains (HoDoKu's order), so tried
    # before them; extreme, so that the expert screen of graded generation, which runs
    # at every candidate, does not search them (see fish_franken.py).
    ("franken_fish", "Franken Fish", "extreme", 7.5, fish_franken.franken_fish, None),
    ("finned_franken_fish", "Finned Franken Fish", "extreme", 7.7,
     fish_franken.finned_franken_fish, None),
    ("mutant_fish", "Mutant Fish", "extreme", 7.9, fish_franken.mutant_fish, None),
    ("finned_mutant_fish", "Finned Mutant Fish", "extreme", 7.9,
     fish_franken.finned_mutant_fish, None),
    # The structures of the hardest puzzles: static, so tried before any forcing.
    ("tridagon", "Tridagon", "extreme", 7.9, tridagon.tridagon, None),
    ("junior_exocet", "Junior Exocet", "extreme", 7.9, exocet.junior_exocet, None),
    ("sk_loop", "SK Loop", "extreme", 7.9, sk_loop.sk_loop, None),
    ("msls", "Multi-Sector Locked Set", "extreme", 7.9, msls.msls, 6),
    ("cell_forcing_chain", "Cell Forcing Chain", "extreme", 8.0, forcing.cell_forcing_chain, None),
    ("unit_forcing_chain", "Unit Forcing Chain", "extreme", 8.0, forcing.unit_forcing_chain, None),
    # Nets at Sudoku Explainer's levels: dynamic, then with simple techniques, then
    # nested chains, forcing chains and nets (see nets.py).
    ("forcing_net", "Forcing Net", "extreme", 8.5, nets.forcing_net, None),
    ("forcing_net_plus", "Forcing Net+", "extreme", 9.0, nets.forcing_net_plus, _DEEP),
    ("nested_chain_net", "Nested Forcing Net (chains)", "extreme", 9.5,
     nets.nested_chain_net, _DEEP),
    ("nested_multiple_net", "Nested Forcing Net (forcing chains)", "extreme", 10.0,
     nets.nested_multiple_net, _DEEP),
    ("nested_net", "Nested Forcing Net (nets)", "extreme", 10.5, nets.nested_net, _DEEP),
    ("nested_net_plus", "Nested Forcing Net (nets+)", "extreme", 10.5, nets.nested_net_plus, _DEEP),
    ("deep_nested_net", "Nested Forcing Net (nested nets)", "extreme", 10.5,
     nets.deep_nested_net, _DEEP),
)  # fmt: skip


def _always(rules: Rules) -> bool:
    return True


#: Under which rules the techniques with these options apply.
_APPLIES: dict[object, Callable[[Rules], bool]] = {
    _U: _deadly_patterns_sound,
    _NC: lambda rules: rules.nonconsecutive,
    _JIGSAW: lambda rules: rules.jigsaw,
    _KILLER: lambda rules: rules.killer,
}


#: Every technique, in the order the engine tries them.
TECHNIQUES: tuple[Technique, ...] = tuple(
    Technique(
        tid,
        name,
        level,
        rating,
        find,
        uniqueness=opt == _U,
        deep=opt == _DEEP,
        applies=_APPLIES.get(opt, _always),
        variant=opt in (_NC, _JIGSAW, _KILLER),
        min_size=opt if isinstance(opt, int) else 4,
    )
    for tid, name, level, rating, find, opt in _TABLE
)

#: Techniques by id.
BY_ID: dict[str, Technique] = {t.id: t for t in TECHNIQUES}


def unknown_technique(tid: str) -> str:
    """What to say of ``tid``, which is not a technique id: the nearest ids (by spelling,
    or by the technique's name: ``xwing``, ``X-Wing``), else every id."""
    import difflib

    def key(text: str) -> str:
        return "".join(ch for ch in text.lower() if ch.isalnum())

    by_key = {key(t.id): t.id for t in TECHNIQUES} | {key(t.name): t.id for t in TECHNIQUES}
    if key(tid) in by_key:  # the id or name spelt otherwise: X-Wing, xwing
        near = [by_key[key(tid)]]
    else:
        found = difflib.get_close_matches(key(tid), by_key, n=3, cutoff=0.75)
        near = list(dict.fromkeys(by_key[k] for k in found))  # an id and its name may match
    if near:
        said = near[0] if len(near) == 1 else f"{', '.join(near[:-1])} or {near[-1]}"
        return f"unknown technique {tid!r}: did you mean {said}?"
    return f"unknown technique {tid!r}: the ids are {', '.join(BY_ID)}"


def level_index(level: str) -> int:
    """The position of a level in :data:`LEVELS` (ValueError for an unknown name)."""
    try:
        return LEVELS.index(level)
    except ValueError:
        raise ValueError(f"unknown level {level!r} (levels: {', '.join(LEVELS)})") from None


__all__ = [
    "BY_ID",
    "LEVELS",
    "TECHNIQUES",
    "Level",
    "Technique",
    "level_index",
    "unknown_technique",
]
