"""The combination helper of a killer game: the digit sets the selected cell's cage can
hold, those the board already rules out crossed out.

:func:`cage_help` is pure (the board's digits and notes in, plain values out); the
status line draws it with :func:`draw_cage_help` when nothing else is said there. A
combination is ruled out when the cage's cells cannot hold its digits one per cell:
a digit placed in the cage that it lacks, a digit placed where every cell that could
take it sees it, or the player's notes in a cell that leave it no digit of the set.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ..geometry import Rules
from ..killer import combinations, fitting, mask_digits
from .layout import Rect
from .theme import Theme, fonts


@dataclass(frozen=True, slots=True)
class Combination:
    """One digit set of a cage: its digits and whether the board still allows it."""

    digits: tuple[int, ...]
    possible: bool

    @property
    def text(self) -> str:
        return "".join("123456789ABCDEFG"[d - 1] for d in self.digits)


@dataclass(frozen=True, slots=True)
class CageHelp:
    """The selected cage's combinations: its sum and size, each set with whether the
    board allows it. ``title`` reads ``Cage 15 in 3 cells``."""

    total: int | None
    size: int
    combinations: tuple[Combination, ...]

    @property
    def title(self) -> str:
        what = "Cage" if self.total is None else f"Cage {self.total}"
        return f"{what} in {self.size} cells"

    @property
    def possible(self) -> tuple[Combination, ...]:
        return tuple(c for c in self.combinations if c.possible)


def cage_help(
    rules: Rules, digits: Sequence[int], notes: Sequence[int] | None, cell: int | None
) -> CageHelp | None:
    """The combinations of the cage holding ``cell`` under ``rules``, with the board's
    ``digits`` (0: empty) and the player's ``notes`` (masks; 0: none) deciding which are
    still possible; None when the cell is in no cage (or no cell is selected)."""
    if cell is None or not rules.cages:
        return None
    index = rules.cage_of[cell]
    if index < 0:
        return None
    cage = rules.cages[index]
    n, full = rules.n, rules.all_mask
    masks = []
    for c in cage.cells:
        if digits[c]:
            masks.append(1 << (digits[c] - 1))
            continue
        allowed = notes[c] if notes is not None and notes[c] else full
        for p in rules.peers[c]:
            if digits[p]:
                allowed &= ~(1 << (digits[p] - 1))
        masks.append(allowed)
    combos = combinations(len(cage.cells), cage.total, n)
    if cage.total is None and len(combos) > 40:
        combos = ()  # a cage without a sum: every set of its size, too many to list
    ok = set(fitting(combos, masks))
    return CageHelp(
        cage.total,
        len(cage.cells),
        tuple(
            sorted(
                (Combination(tuple(mask_digits(m)), m in ok) for m in combos),
                key=lambda c: c.digits,
            )
        ),
    )


def draw_cage_help(
    surface: pygame.Surface,
    help: CageHelp,
    area: Rect | pygame.Rect,
    size: int,
    theme: Theme,
) -> pygame.Rect:
    """The helper in one line in ``area`` (the status line's free part), in ``size``
    pixels or smaller to fit: the title, then every combination, the ruled-out ones
    muted and struck through. When they cannot all fit, the ruled-out ones go first,
    then the line ends with ``+k``. Returns the rectangle drawn."""
    f = fonts()
    gap_of = max(6, size // 2)
    title = f"{help.title}:"
    shown = list(help.combinations)

    def width(items: Sequence[Combination], fs: int) -> int:
        words = [f.size(c.text, fs)[0] for c in items]
        return f.size(title, fs, True)[0] + sum(words) + max(6, fs // 2) * (len(words) + 1)

    fs = size
    while fs > 11 and width(shown, fs) > area.w:
        fs -= 1
    more = 0
    if width(shown, fs) > area.w:
        shown = [c for c in shown if c.possible]
        more = len(help.combinations) - len(shown)
        while shown and width(shown, fs) + f.size(f"+{more}", fs)[0] > area.w:
            shown.pop()
            more += 1
    gap_of = max(6, fs // 2)
    y = area.y + area.h // 2
    glyph = f.render(title, fs, theme.text, True)
    x = area.x
    surface.blit(glyph, glyph.get_rect(midleft=(x, y)))
    x += glyph.get_width() + gap_of
    if not help.combinations:
        glyph = f.render("no digit set adds up to it", fs, theme.error)
        surface.blit(glyph, glyph.get_rect(midleft=(x, y)))
        return pygame.Rect(area.x, area.y, x + glyph.get_width() - area.x, area.h)
    for combo in shown:
        color = theme.text if combo.possible else theme.faint
        glyph = f.render(combo.text, fs, color)
        box = glyph.get_rect(midleft=(x, y))
        surface.blit(glyph, box)
        if not combo.possible:
            line = max(1, fs // 10)
            pygame.draw.line(
                surface, theme.error, (box.x - 1, box.centery), (box.right, box.centery), line
            )
        x = box.right + gap_of
    if more:
        glyph = f.render(f"+{more}", fs, theme.muted)
        surface.blit(glyph, glyph.get_rect(midleft=(x, y)))
        x += glyph.get_width()
    return pygame.Rect(area.x, area.y, x - area.x, area.h)


__all__ = ["CageHelp", "Combination", "cage_help", "draw_cage_help"]
