"""Line breaking for text with Chinese, Japanese or Korean in it.

SDL_ttf wraps a text only at spaces: a Japanese or Chinese sentence, which has
none, is broken at the last space before the edge (the one around a number or a
Latin word), leaving lines half empty, and a long run without spaces is cut
anywhere, a line may then begin with "。". :func:`break_lines` breaks such text
the way these languages are set:

- between any two Chinese characters or kana, and at spaces;
- Korean (Hangul) and Latin words, numbers and hex ids (``0207–0308``, ``ZOC``,
  ``+1``) are kept whole, broken at spaces only (a word wider than the line is
  cut by characters);
- closing punctuation (``、。，：）」`` ...) and small kana never begin a line,
  opening brackets (``（「`` ...) never end one (kinsoku).

It returns the text with the line breaks as ``\\n``; the caller renders it.
"""
from __future__ import annotations

import re
from typing import Callable

#: never at the start of a line
NO_START = set("、。，．・：；？！）」』】〕｝〉》”’ー々ゝゞぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ"
               "…‥〜～％,.:;!?)]}%·")
#: never at the end of a line
NO_END = set("（「『【〔｛〈《“‘([{")

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]")


def has_cjk(text: str) -> bool:
    """Does ``text`` hold any Chinese, Japanese or Korean character?"""
    return _CJK.search(text) is not None


def _breaks_inside(ch: str) -> bool:
    """May a line break before and after ``ch`` (a Chinese character or kana, or
    full-width punctuation)?"""
    o = ord(ch)
    return (0x3000 <= o <= 0x30FF or 0x3400 <= o <= 0x4DBF or 0x4E00 <= o <= 0x9FFF
            or 0xF900 <= o <= 0xFAFF or 0xFF00 <= o <= 0xFFEF)


def units(paragraph: str) -> list[tuple[bool, str]]:
    """The unbreakable pieces of a paragraph, each with whether a space came before it.
    A Chinese character, a kana or a full-width mark is a piece; a run of anything else
    (Latin, digits, Hangul, ASCII punctuation) is one word; closing marks are glued to
    the piece before, opening ones to the piece after."""
    out: list[tuple[bool, str]] = []
    word = ""
    space = False

    def push(piece: str) -> None:
        nonlocal space
        if out and (piece[0] in NO_START or (not space and out[-1][1][-1] in NO_END)):
            sp, prev = out[-1]
            out[-1] = (sp, prev + (" " if space else "") + piece)
        else:
            out.append((space, piece))
        space = False

    for ch in paragraph:
        if ch == " ":
            if word:
                push(word)
                word = ""
            space = True
        elif _breaks_inside(ch):
            if word:
                push(word)
                word = ""
            push(ch)
        else:
            word += ch
    if word:
        push(word)
    return out


def break_lines(text: str, width: int, measure: Callable[[str], int]) -> str:
    """``text`` with ``\\n`` where its lines end when set ``width`` pixels wide;
    ``measure(s)`` is the width of ``s`` in pixels."""
    lines: list[str] = []
    known: dict[str, int] = {}

    def w(s: str) -> int:
        v = known.get(s)
        if v is None:
            v = known[s] = measure(s)
        return v
    gap = w(" ")

    def flush(line: str) -> None:
        while len(line) > 1 and w(line) > width:          # a word wider than the line: cut it
            cut = len(line) - 1
            while cut > 1 and measure(line[:cut]) > width:
                cut -= 1
            lines.append(line[:cut])
            line = line[cut:]
        lines.append(line)
    for para in text.split("\n"):
        line, used = "", 0
        for space, piece in units(para):
            add = (gap if space and line else 0) + w(piece)     # (the widths add up: no kerning across a break)
            if not line or used + add <= width:
                line += (" " if space and line else "") + piece
                used += add
                continue
            flush(line)
            line, used = piece, w(piece)
        flush(line)
    return "\n".join(lines)
