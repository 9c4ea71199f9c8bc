"""The game's settings, kept in the store: theme, timer, errors shown, interface size,
row and column labels, the last size, level and rules asked for. Without pygame.

A value that is missing or not understood (an older or newer version wrote it, or a hand
edit) falls back to its default: settings never stop the game from starting.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from dataclasses import dataclass

from ..errors import RulesError, SaveFileError
from ..game import DEFAULT_LEVEL, LEVELS, Checking, Store, variant_key
from ..geometry import SIZES

log = logging.getLogger(__name__)

THEMES = ("system", "light", "dark")
TIMERS = ("shown", "hidden")
#: Row and column numbers round the board (the names hints use: r3c5 is row 3, column 5).
LABELS = ("shown", "hidden")
#: Interface sizes: ``auto`` follows the display; the others are fixed factors.
SCALES = ("auto", "1", "1.25", "1.5", "2")


@dataclass(slots=True)
class Settings:
    theme: str = "system"
    timer: str = "shown"
    checking: Checking = Checking.CONFLICTS
    scale: str = "auto"
    size: int = 9
    level: str = DEFAULT_LEVEL
    labels: str = "shown"
    #: The rules of a new game: ``""`` (classic) or variant names (``x+jigsaw``).
    rules: str = ""

    @classmethod
    def load(cls, store: Store) -> Settings:
        def pick(key: str, allowed: tuple[str, ...], default: str) -> str:
            value = store.get_setting(key, default)
            return value if value in allowed else default

        s = cls()
        s.theme = pick("theme", THEMES, s.theme)
        s.timer = pick("timer", TIMERS, s.timer)
        s.labels = pick("labels", LABELS, s.labels)
        s.scale = pick("scale", SCALES, s.scale)
        s.checking = Checking(pick("checking", tuple(Checking), s.checking.value))
        size = pick("size", tuple(str(n) for n in SIZES), str(s.size))
        s.size = int(size)
        s.level = pick("level", tuple(LEVELS), s.level)
        try:
            s.rules = variant_key(store.get_setting("rules", s.rules))
        except RulesError:  # a variant this version does not know
            s.rules = ""
        return s

    def save(self, store: Store, key: str) -> None:
        """Save one setting (a failure is logged: the game goes on with it unsaved)."""
        value = getattr(self, key)
        if key == "rules" and not value:
            value = "classic"  # plainer in the file than an empty text
        try:
            store.set_setting(key, value.value if isinstance(value, Checking) else str(value))
        except SaveFileError as err:
            log.warning("cannot save the setting %s: %s", key, err)


def system_prefers_dark() -> bool | None:
    """Whether the desktop asks for dark windows: True, False, or None when it cannot
    be told. ``SUDOKIT_THEME=dark|light`` overrides; then GNOME's and GTK's settings,
    macOS's appearance and Windows' app mode are read (no extra package needed)."""
    forced = os.environ.get("SUDOKIT_THEME", "").strip().lower()
    if forced in ("dark", "light"):
        return forced == "dark"
    if sys.platform == "win32":
        return _windows_dark()
    if sys.platform == "darwin":
        out = _run(["defaults", "read", "-g", "AppleInterfaceStyle"])
        return out is not None and "dark" in out.lower()
    gtk = os.environ.get("GTK_THEME", "")
    if gtk:
        return gtk.lower().endswith((":dark", "-dark"))
    scheme = _run(["gsettings", "get", "org.gnome.desktop.interface", "color-scheme"])
    if scheme is not None and scheme.strip():
        return "dark" in scheme.lower()
    return None


def _run(command: list[str]) -> str | None:
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=1.0, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout if done.returncode == 0 else ("" if command[0] == "defaults" else None)


def _windows_dark() -> bool | None:  # pragma: no cover - Windows only
    try:
        import winreg

        key = winreg.OpenKey(  # type: ignore[attr-defined,unused-ignore]
            winreg.HKEY_CURRENT_USER,  # type: ignore[attr-defined,unused-ignore]
            r"Software\Microsoft\Windows\CurrentVersion\Themes\Personalize",
        )
        value, _ = winreg.QueryValueEx(key, "AppsUseLightTheme")  # type: ignore[attr-defined,unused-ignore]
        return bool(value == 0)
    except OSError:
        return None


def resolve_theme(choice: str, system_dark: bool | None) -> str:
    """``light`` or ``dark`` for a setting (``system`` follows the desktop, else light)."""
    if choice in ("light", "dark"):
        return choice
    return "dark" if system_dark else "light"


__all__ = [
    "LABELS",
    "SCALES",
    "THEMES",
    "TIMERS",
    "Settings",
    "resolve_theme",
    "system_prefers_dark",
]
