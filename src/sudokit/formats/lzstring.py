"""lz-string's ``compressToBase64`` and ``decompressFromBase64``, as f-puzzles and SudokuPad
use them for the puzzles in their links.

Written from the algorithm's description (an LZW variant over UTF-16 code units, with a
dictionary whose code width grows one bit at a time, packed six bits to a base-64 symbol);
the output is byte for byte that of the JavaScript original, so links made here open there.
"""

from __future__ import annotations

_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_VALUE = {ch: i for i, ch in enumerate(_ALPHABET)}


class LZStringError(ValueError):
    """A payload that is not lz-string's base-64 form (a bad symbol, or codes that stop
    making sense)."""


def _units(text: str) -> list[int]:
    """The UTF-16 code units of ``text``, as JavaScript strings hold them."""
    data = text.encode("utf-16-le", "surrogatepass")
    return [data[i] | data[i + 1] << 8 for i in range(0, len(data), 2)]


def _text(units: list[int]) -> str:
    data = b"".join(u.to_bytes(2, "little") for u in units)
    return data.decode("utf-16-le", "surrogatepass")


class _BitWriter:
    """Bits into base-64 symbols, six to a symbol, the first bit the highest."""

    __slots__ = ("out", "position", "value")

    def __init__(self) -> None:
        self.out: list[str] = []
        self.value = 0
        self.position = 0

    def write(self, value: int, width: int) -> None:
        """``width`` bits of ``value``, lowest first."""
        for _ in range(width):
            self.value = self.value << 1 | (value & 1)
            value >>= 1
            if self.position == 5:
                self.out.append(_ALPHABET[self.value])
                self.value = 0
                self.position = 0
            else:
                self.position += 1

    def finish(self) -> str:
        while True:
            self.value <<= 1
            if self.position == 5:
                self.out.append(_ALPHABET[self.value])
                break
            self.position += 1
        text = "".join(self.out)
        return text + "=" * (-len(text) % 4)


def compress_to_base64(text: str) -> str:
    """``LZString.compressToBase64(text)``: the same symbols, ``=``-padded to fours."""
    units = _units(text)
    dictionary: dict[tuple[int, ...], int] = {}
    fresh: set[tuple[int, ...]] = set()  # single units not yet written out literally
    out = _BitWriter()
    enlarge_in, size, width = 2, 3, 2
    w: tuple[int, ...] = ()

    def emit(w: tuple[int, ...]) -> None:
        nonlocal enlarge_in, width
        if w in fresh:
            unit = w[0]
            if unit < 256:
                out.write(0, width)
                out.write(unit, 8)
            else:
                out.write(1, width)
                out.write(unit, 16)
            enlarge_in -= 1
            if enlarge_in == 0:
                enlarge_in, width = 1 << width, width + 1
            fresh.discard(w)
        else:
            out.write(dictionary[w], width)
        enlarge_in -= 1
        if enlarge_in == 0:
            enlarge_in, width = 1 << width, width + 1

    for unit in units:
        c = (unit,)
        if c not in dictionary:
            dictionary[c] = size
            size += 1
            fresh.add(c)
        wc = w + c
        if wc in dictionary:
            w = wc
        else:
            emit(w)
            dictionary[wc] = size
            size += 1
            w = c
    if w:
        emit(w)
    out.write(2, width)  # the end of the stream
    return out.finish()


def decompress_from_base64(payload: str) -> str:
    """``LZString.decompressFromBase64(payload)``; :class:`LZStringError` when the payload
    is not one (the JavaScript original answers ``null`` or ``""`` then)."""
    payload = payload.rstrip("=")
    if not payload:
        raise LZStringError("empty payload")
    values = []
    for i, ch in enumerate(payload):
        v = _VALUE.get(ch)
        if v is None:
            raise LZStringError(f"{ch!r} at character {i + 1} is not a base-64 symbol")
        values.append(v)
    length = len(values)
    index = 0  # the next symbol to read
    value = 0
    position = 0  # the bit of ``value`` to read next (0: take the next symbol)

    def read(width: int) -> int:
        nonlocal index, value, position
        bits = 0
        for power in range(width):
            if position == 0:
                if index >= length:
                    raise LZStringError("the payload ends in the middle of a code")
                value = values[index]
                index += 1
                position = 32
            if value & position:
                bits |= 1 << power
            position >>= 1
        return bits

    dictionary: list[tuple[int, ...]] = [(), (), ()]
    enlarge_in, width = 4, 3
    kind = read(2)
    if kind == 2:
        return ""
    if kind not in (0, 1):
        raise LZStringError("the payload does not start with a character")
    w: tuple[int, ...] = (read(8 if kind == 0 else 16),)
    dictionary.append(w)
    result: list[int] = list(w)
    while True:
        code = read(width)
        if code in (0, 1):
            dictionary.append((read(8 if code == 0 else 16),))
            code = len(dictionary) - 1
            enlarge_in -= 1
        elif code == 2:
            return _text(result)
        if enlarge_in == 0:
            enlarge_in, width = 1 << width, width + 1
        if code < len(dictionary) and code > 2:
            entry = dictionary[code]
        elif code == len(dictionary):
            entry = w + w[:1]
        else:
            raise LZStringError(f"code {code} refers to nothing yet")
        result.extend(entry)
        dictionary.append(w + entry[:1])
        enlarge_in -= 1
        w = entry
        if enlarge_in == 0:
            enlarge_in, width = 1 << width, width + 1
