"""SudokuPad's compact ("zipped") JSON, the form its ``scl`` links compress: keys
shortened (``cells`` → ``ce``, ``regions`` → ``re``, ``cages`` → ``ca``, ``value`` → ``v``…)
and unquoted, strings in single quotes, ``t``/``f`` for true/false, colours without their
``#`` (``#0``, ``#F`` for black and white), keys holding empty lists left out, whole-number
strings written as numbers, and empty objects in arrays left out (``[,,]`` is three ``{}``).

Read as SudokuPad reads it (plain JSON first), written byte for byte as its own zipper
writes it, except that a ``"``, a backslash and ``’`` in a string are written as ``\\u``
escapes so that SudokuPad's quote swapping gives them back unchanged.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..errors import ParseError

# --- the compact ("zipped") JSON ------------------------------------------------------------

#: SudokuPad's short names for keys, as its compact form writes them.
SHORT_KEYS = {
    "color": "c",
    "cages": "ca",
    "center": "ct",
    "borderColor": "c1",
    "backgroundColor": "c2",
    "cells": "ce",
    "cellSize": "cs",
    "arrows": "a",
    "overlays": "o",
    "underlays": "u",
    "width": "w",
    "height": "h",
    "value": "v",
    "videos": "vd",
    "lines": "l",
    "rounded": "r",
    "regions": "re",
    "fontSize": "fs",
    "thickness": "th",
    "headLength": "hl",
    "wayPoints": "wp",
    "title": "t",
    "text": "te",
    "duration": "d",
    "d": "d2",
}
_LONG_KEYS = {short: long for long, short in SHORT_KEYS.items()}
_BARE_KEY = re.compile(r"[a-zA-Z0-9]+\Z")
_HEX6 = re.compile(r"[0-9a-fA-F]{6}\Z")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r",
            "t": "\t", "'": "'"}  # fmt: skip


def unzip_json(text: str) -> Any:
    """The value of a SudokuPad JSON text, plain or compact (as SudokuPad reads it: plain
    JSON first, else the compact form with its short keys made long again). Raises
    :class:`~sudokit.errors.ParseError` naming the character where it stops making sense."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        pass
    value = _CompactReader(text).document()
    return _lengthen(value)


def _lengthen(value: Any) -> Any:
    # As SudokuPad's unzipper does after parsing: every string of six hex digits, quoted
    # or not, member or array item, becomes a colour (a title 'deface' reads as '#deface').
    if isinstance(value, dict):
        return {_LONG_KEYS.get(k, k): _lengthen(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_lengthen(v) for v in value]
    if isinstance(value, str) and _HEX6.match(value):
        return "#" + value  # a colour written without its '#'
    return value


class _CompactReader:
    """A reader of the compact form: JSON with bare keys, ``'`` quotes (when the text has no
    ``"``), ``t``/``f``, ``#0``/``#F`` and bare colours, and empty array items as ``{}``."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0
        self.quote = '"' if '"' in text else "'"
        self.depth = 0

    def fail(self, what: str) -> ParseError:
        return ParseError(
            f"SudokuPad: the puzzle's JSON is damaged: {what} at character {self.at + 1}"
        )

    def peek(self) -> str:
        text, at = self.text, self.at
        while at < len(text) and text[at] in " \t\r\n":
            at += 1
        self.at = at
        return text[at] if at < len(text) else ""

    def document(self) -> Any:
        value = self.value()
        if self.peek():
            raise self.fail(f"{self.text[self.at]!r} after the end")
        return value

    def value(self, *, member: bool = False) -> Any:
        ch = self.peek()
        if ch == "{":
            return self.nested(self.members)
        if ch == "[":
            return self.nested(self.items)
        if ch == self.quote:
            return self.string()
        return self.word(member)

    def nested(self, read: Any) -> Any:
        self.depth += 1
        if self.depth > 200:
            raise self.fail("nesting too deep")
        self.at += 1
        value = read()
        self.depth -= 1
        return value

    def members(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.peek() == "}":
            self.at += 1
            return out
        while True:
            ch = self.peek()
            if ch == self.quote:
                key = self.string()
            else:
                start = self.at
                while self.at < len(self.text) and (
                    self.text[self.at].isascii() and self.text[self.at].isalnum()
                ):
                    self.at += 1
                if self.at == start:
                    raise self.fail(f"expected a key, found {ch or 'the end'!r}")
                key = self.text[start : self.at]
            if self.peek() != ":":
                raise self.fail(f"expected ':' after the key {key!r}")
            self.at += 1
            out[key] = self.value(member=True)
            ch = self.peek()
            self.at += 1
            if ch == "}":
                return out
            if ch != ",":
                self.at -= 1
                raise self.fail(f"expected ',' or '}}', found {ch or 'the end'!r}")

    def items(self) -> list[Any]:
        out: list[Any] = []
        while True:
            ch = self.peek()
            out.append({} if ch in (",", "]") else self.value())  # an empty item is {}
            ch = self.peek()
            self.at += 1
            if ch == "]":
                return out
            if ch != ",":
                self.at -= 1
                raise self.fail(f"expected ',' or ']', found {ch or 'the end'!r}")

    def string(self) -> str:
        text, quote_char = self.text, self.quote
        self.at += 1
        out: list[str] = []
        while True:
            if self.at >= len(text):
                raise self.fail("a string that never ends")
            ch = text[self.at]
            self.at += 1
            if ch == quote_char:
                joined = "".join(out)
                if any("\ud800" <= x <= "\udfff" for x in joined):  # \u escapes of a pair
                    data = joined.encode("utf-16-le", "surrogatepass")
                    joined = data.decode("utf-16-le", "surrogatepass")
                return joined
            if ch != "\\":
                out.append(ch)
                continue
            code = text[self.at : self.at + 1]
            self.at += 1
            if code == "u":
                digits = text[self.at : self.at + 4]
                if not _HEX4.match(digits):
                    raise self.fail(f"a bad escape \\u{digits}")
                out.append(chr(int(digits, 16)))
                self.at += 4
            elif code in _ESCAPES:
                out.append(_ESCAPES[code])
            else:
                raise self.fail(f"a bad escape \\{code}")

    def word(self, member: bool) -> Any:
        text, start = self.text, self.at
        end = start
        while end < len(text) and text[end] not in ",:]}[{ \t\r\n":
            end += 1
        word = text[start:end]
        self.at = end
        if word in ("t", "true"):
            return True
        if word in ("f", "false"):
            return False
        if word == "null":
            return None
        if word == "#0":
            return "#000000"
        if word == "#F":
            return "#FFFFFF"
        if member and _HEX6.match(word):
            return "#" + word  # a colour (a member's value only, as SudokuPad reads it)
        if _NUMBER.fullmatch(word):
            number = float(word)
            return int(number) if number.is_integer() and "." not in word else number
        self.at = start
        raise self.fail(f"{word or text[start : start + 1] or 'the end'!r} is not a value")


_HEX4 = re.compile(r"[0-9a-fA-F]{4}\Z")


def zip_json(value: Any) -> str:
    """``value`` in SudokuPad's compact form, as its own zipper writes it: keys shortened
    and unquoted, keys with empty lists left out, whole-number strings as numbers,
    ``t``/``f``, colours without ``#``, empty objects in arrays left out, ``'`` quotes.

    Strings are written so that every SudokuPad reads them back unchanged (a ``"``, a
    backslash and ``’`` as ``\\u`` escapes, which its quote swapping leaves alone). A value
    holding a string of six hex digits that is not a colour (a title ``deface``) is written
    as plain JSON instead: SudokuPad's compact reader would make it ``#deface``, while it
    reads plain JSON first and as it is."""
    if _has_bare_hex(value):
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return _zip(value, member=False)


def _has_bare_hex(value: Any) -> bool:
    if isinstance(value, dict):
        return any(_has_bare_hex(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_bare_hex(v) for v in value)
    return isinstance(value, str) and _HEX6.match(value) is not None


def _zip(value: Any, *, member: bool) -> str:
    if isinstance(value, dict):
        kept = [(k, v) for k, v in value.items() if not (isinstance(v, list) and not v)]
        # SudokuPad renames a key by adding the short one last: renamed keys follow the others.
        ordered = [(k, v) for k, v in kept if k not in SHORT_KEYS]
        ordered += [(SHORT_KEYS[k], v) for k, v in kept if k in SHORT_KEYS]
        parts = []
        for key, item in ordered:
            name = key if _BARE_KEY.match(key) else _zip_string(key)
            parts.append(f"{name}:{_zip(item, member=True)}")
        return "{" + ",".join(parts) + "}"
    if isinstance(value, list):
        return (
            "[" + ",".join("" if item == {} else _zip(item, member=False) for item in value) + "]"
        )
    if value is True:
        return "t" if member else "true"
    if value is False:
        return "f" if member else "false"
    if value is None:
        return "null"
    if isinstance(value, int):
        text = str(value)
        # SudokuPad reads six hex digits after a ':' as a colour: keep such a number one.
        return text + "e0" if member and _HEX6.match(text) else text
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    if isinstance(value, str):
        if re.fullmatch(r"-?[1-9][0-9]*|0", value) and abs(int(value)) < 2**53:
            return value  # SudokuPad writes whole-number strings as numbers
        if member and value.startswith("#") and _HEX6.match(value[1:]):
            return {"#000000": "#0", "#FFFFFF": "#F"}.get(value, value[1:])
        return _zip_string(value)
    raise TypeError(f"cannot write {type(value).__name__} in SudokuPad's JSON")


def _zip_string(text: str) -> str:
    body = json.dumps(text, ensure_ascii=False)[1:-1]
    body = body.replace('\\"', "\\u0022").replace("\\\\", "\\u005c").replace("’", "\\u2019")
    return "'" + body.replace("'", "\\'") + "'"
