"""The New-game dialog: a size, a level and the rules, offering only what the generator
can make (a model without pygame, like every dialog of :mod:`sudokit.gui.dialogs`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..game import LEVELS, label, variant_key, variant_label, variant_problem
from ..geometry import SIZES, VARIANTS
from .dialogs import ENTER, Dialog, DialogResult, StartNew
from .interpret import Key
from .layout import Button, Rect, grid_layout


def nearest_level(offered: Sequence[str], level: str) -> str:
    """``level`` if offered, else the nearest offered level below it (a level saved for
    another size may be out of this one's reach): never a request the generator refuses."""
    if level in offered or level not in LEVELS or not offered:
        return level
    below = [lv for lv in offered if LEVELS.index(lv) <= LEVELS.index(level)]
    return below[-1] if below else offered[0]


def reachable_levels(size: int, variant: str = "") -> tuple[str, ...]:
    """The levels the generator can make at this size (under these variants, a
    :func:`~sudokit.game.variant_key`)."""
    from ..generator import levels_for  # loaded when the new-game dialog opens

    return levels_for(size, variant)


#: ``levels_for(size)``: the levels offered for classic puzzles of a size;
#: ``levels_for(size, variant)`` for variant puzzles.
LevelsFor = Callable[..., Sequence[str]]


def offered_levels(levels_for: LevelsFor, size: int, variant: str) -> tuple[str, ...]:
    """The levels ``levels_for`` offers at ``size`` under ``variant`` (``""``: classic)."""
    return tuple(levels_for(size, variant) if variant else levels_for(size))


#: The rules the new-game dialog offers, by button key: classic, then each variant.
RULES_CHOICES = (
    ("classic", "Classic"),
    ("x", "X"),
    ("windoku", "Windoku"),
    ("jigsaw", "Jigsaw"),
    ("anti-knight", "Anti-knight"),
    ("anti-king", "Anti-king"),
    ("non-consecutive", "Non-consecutive"),
    ("killer", "Killer"),
)
#: The switch that adds X's diagonals to the variant chosen.
PLUS_X = "rules:+x"


def split_variant(variant: str) -> tuple[str, bool]:
    """A :func:`~sudokit.game.variant_key` as the dialog shows it: the rules button
    chosen and whether "+ X" is on (classic for what the dialog does not offer)."""
    names = set(variant.split("+")) - {""}
    others = names - {"x"}
    if not others:
        return ("x" if names else "classic"), False
    if len(others) == 1:
        return others.pop(), "x" in names
    return "classic", False


class NewGameDialog(Dialog):
    """Pick a size, a difficulty and the rules: only the levels the chosen size and rules
    can reach, and only the rules a grid of that size can keep (the note says why one is
    greyed out). The rules are classic or one variant, and "+ X" adds the diagonals to a
    variant (X + jigsaw, X + anti-knight...)."""

    title = "New game"
    width = 660
    height = 480

    def __init__(
        self,
        size: int,
        level: str,
        levels_for: LevelsFor = reachable_levels,
        rules: str = "",
    ) -> None:
        super().__init__()
        self.levels_for = levels_for
        self.size = size if size in SIZES else 9
        self.wanted = level  # kept while sizes that cannot reach it are tried
        # The rules asked for, kept while sizes that cannot have them are tried.
        self.wanted_rules, self.wanted_x = split_variant(rules)
        self.size_buttons = [Button(f"size:{s}", f"{s}×{s}", "segment") for s in SIZES]
        self.actions = [Button("cancel", "Cancel"), Button("start", "Start", "primary")]
        self.rules_buttons = [
            Button(f"rules:{key}", text, "segment") for key, text in RULES_CHOICES
        ]
        self.plus_x = Button(PLUS_X, "+ X", "toggle")
        self._levels()

    @property
    def variant(self) -> str:
        """The rules chosen, as a :func:`~sudokit.game.variant_key` (``""``: classic)."""
        names = [] if self.choice == "classic" else [self.choice]
        return variant_key([*names, "x"] if self.with_x else names)

    def _problem(self, choice: str, with_x: bool = False) -> str:
        names = [] if choice == "classic" else [choice]
        return variant_problem(self.size, variant_key([*names, "x"] if with_x else names))

    def _rules(self) -> None:
        """The rules for this size: those asked for when a grid of this size keeps them."""
        self.choice, self.with_x = "classic", False
        if not self._problem(self.wanted_rules):
            self.choice = self.wanted_rules
            self.with_x = self.wanted_x and not self._problem(self.choice, True)
        self.unavailable = {key: why for key, _ in RULES_CHOICES if (why := self._problem(key))}
        for b in self.rules_buttons:
            b.enabled = b.key[6:] not in self.unavailable
        x_problem = self._problem(self.choice, True)
        self.plus_x.enabled = self.choice not in ("classic", "x") and not x_problem
        if self.wanted_x and x_problem and self.choice not in ("classic", "x"):
            self.unavailable["+x"] = x_problem

    def _levels(self) -> None:
        self._rules()
        self.levels = list(offered_levels(self.levels_for, self.size, self.variant)) or list(
            LEVELS[:1]
        )
        if self.wanted in self.levels:
            self.level = self.wanted
        else:  # the hardest this size has, when it cannot go as far as wanted
            order: list[str] = list(LEVELS)
            below = [lv for lv in self.levels if order.index(lv) <= order.index(self.wanted)]
            self.level = below[-1] if below else self.levels[0]
        self.level_buttons = [Button(f"level:{lv}", label(lv), "segment") for lv in self.levels]
        self._sync()
        if self.rect.w:
            self._layout_content()

    def _sync(self) -> None:
        for b in self.size_buttons:
            b.active = b.key == f"size:{self.size}"
        for b in self.level_buttons:
            b.active = b.key == f"level:{self.level}"
        for b in self.rules_buttons:
            b.active = b.key == f"rules:{self.choice}"
        self.plus_x.active = self.with_x
        self.buttons = [
            *self.size_buttons,
            *self.level_buttons,
            *self.rules_buttons,
            self.plus_x,
            *self.actions,
        ]

    def _layout_content(self) -> None:
        px = self.px
        inner = self.rect.inflate(-px(56), 0)
        row = Rect(inner.x, self.rect.y + px(98), inner.w, px(40))
        for b, r in zip(
            self.size_buttons, grid_layout(row, len(SIZES), len(SIZES), px(8)), strict=True
        ):
            b.rect = r
        row = Rect(inner.x, self.rect.y + px(182), inner.w, px(40))
        # One width for every level button, whatever the size offers.
        rects = grid_layout(row, len(LEVELS), len(LEVELS), px(8))[: len(self.level_buttons)]
        for b, r in zip(self.level_buttons, rects, strict=True):
            b.rect = r
        row = Rect(inner.x, self.rect.y + px(266), inner.w, px(76))
        rects = grid_layout(row, len(self.rules_buttons) + 1, 5, px(8))
        for b, r in zip([*self.rules_buttons, self.plus_x], rects, strict=True):
            b.rect = r
        self._bottom_buttons(self.actions)

    @property
    def note(self) -> str:
        """A line or two under the choices, about the chosen puzzle: the levels it
        offers, the rules greyed out here and why, what the rules are."""
        said = []
        if len(self.levels) < len(LEVELS):  # say what is offered, not what is not
            offered = [label(lv) for lv in self.levels]
            words = " and ".join([", ".join(offered[:-1]), offered[-1]] if offered[1:] else offered)
            what = f"{self.size}×{self.size}"
            what += f" {variant_label(self.variant)}" if self.variant else ""
            said.append(f"A {what} grid offers {words} only.")
        why = self.unavailable.get("+x") or self.unavailable.get(self.wanted_rules)
        if why:  # the rules asked for are not to be had at this size
            said.append(why)
        elif len(self.unavailable) > 1:  # only at 4×4: no grid keeps them
            names = " or ".join(variant_label(key) for key in self.unavailable)
            said.append(f"No {self.size}×{self.size} grid keeps {names} rules.")
        elif self.unavailable:
            said.extend(self.unavailable.values())
        if not said and self.variant:
            said.append(self._describe())
        if not said and self.size >= 12:
            said.append("Big puzzles can take a while to make; you can cancel while you wait.")
        return " ".join(said)

    def _describe(self) -> str:
        names = self.variant.split("+")
        words = [VARIANTS[v].split(" (")[0] for v in names]
        rules = [VARIANTS[v].split(" (", 1)[1].rstrip(")") for v in names]
        text = "; ".join(rules)
        return f"{' + '.join(words)}: {text[:1].upper()}{text[1:]}."

    def key(self, key: Key) -> DialogResult:
        k = key.name
        if k in ENTER:
            return StartNew(self.size, self.level, self.variant)
        if k in ("left", "right"):
            i = self.levels.index(self.level) + (1 if k == "right" else -1)
            self.level = self.wanted = self.levels[i % len(self.levels)]
        elif k in ("up", "down"):
            i = SIZES.index(self.size) + (1 if k == "down" else -1)
            self.size = SIZES[i % len(SIZES)]
            self._levels()
        else:
            return super().key(key)
        self._sync()
        return None

    def click(self, key: str) -> DialogResult:
        if key.startswith("size:"):
            self.size = int(key[5:])
            self._levels()
        elif key.startswith("level:"):
            self.level = self.wanted = key[6:]
        elif key == PLUS_X:
            self.wanted_rules, self.wanted_x = self.choice, not self.with_x
            self._levels()
        elif key.startswith("rules:"):
            self.wanted_rules, self.wanted_x = key[6:], self.with_x
            self._levels()
        elif key == "start":
            return StartNew(self.size, self.level, self.variant)
        else:
            return super().click(key)
        self._sync()
        return None


__all__ = [
    "PLUS_X",
    "RULES_CHOICES",
    "LevelsFor",
    "NewGameDialog",
    "nearest_level",
    "offered_levels",
    "reachable_levels",
    "split_variant",
]
