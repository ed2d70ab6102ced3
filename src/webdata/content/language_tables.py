"""The table of supported languages on a software or game product page.

Stores show which languages a program speaks as a grid of check marks: a row per language
("English", "Spanish - Spain", "Simplified Chinese"), a column per kind of support
("Interface", "Full Audio", "Subtitles"), each cell a check mark or nothing. It is the
store's data sheet beside the product, not its description, and runs to dozens of rows.
Found by its text, whatever the theme calls it: on a product page
(:func:`commerce_noise.is_product_page`), a table of at least :data:`_MIN_ROWS` rows, most
of them (:data:`_ROW_SHARE`) a language's name followed by cells holding only check marks
or nothing, goes, with the wrapper that adds only its caption ("Languages:", "See all 25
supported languages": at most :data:`_CAPTION_CHARS` characters).
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.commerce_noise import is_product_page
from webdata.content.dom import deep_text, text_len

_MIN_ROWS = 4
_ROW_SHARE = 0.8
_CAPTION_CHARS = 100
_MAX_TABLE_CHARS = 4000  # about a hundred languages; a longer table is something else
# English names of the languages stores list (a row names one, maybe with a region).
_LANGUAGES = frozenset(
    {
        "english", "french", "german", "italian", "spanish", "portuguese", "russian",
        "japanese", "korean", "chinese", "polish", "turkish", "czech", "hungarian", "dutch",
        "swedish", "danish", "norwegian", "finnish", "greek", "arabic", "thai", "vietnamese",
        "ukrainian", "romanian", "bulgarian", "indonesian", "hebrew", "hindi", "malay",
        "catalan", "croatian", "serbian", "slovak", "slovenian", "lithuanian", "latvian",
        "estonian", "persian", "filipino", "bengali", "tamil", "icelandic", "basque",
        "galician", "georgian", "kazakh", "urdu", "afrikaans", "swahili",
    }
)  # fmt: skip
_CELLS = frozenset({"td", "th"})
_WORD = re.compile(r"[^\W\d_]+")
_MARKS = re.compile(r"^[\s\u2713\u2714\u2715\u2716\u2717\u2718\u00d7xX*\-\u2013\u2014]*$")


def _language_row(row: LexborNode) -> bool:
    """Whether ``row`` is a language's name and then check marks or nothing."""
    cells = [cell for cell in row.iter() if cell.tag in _CELLS]
    if len(cells) < 2:
        return False
    words = _WORD.findall(deep_text(cells[0]).lower())
    if not words or _LANGUAGES.isdisjoint(words):
        return False
    return all(_MARKS.match(deep_text(cell)) for cell in cells[1:])


def _language_table(table: LexborNode) -> bool:
    rows = [row for row in table.css("tr") if text_len(row)]
    if len(rows) < _MIN_ROWS:
        return False
    others = len(rows) - _ROW_SHARE * (len(rows) - 1)  # rows not of a language, at most
    languages = 0
    for row in rows:
        if _language_row(row):
            languages += 1
        else:
            others -= 1
            if others < 0:
                return False  # (most tables: found out at their first rows)
    return languages >= _MIN_ROWS


def _widened(table: LexborNode, scope: LexborNode) -> LexborNode:
    """``table`` with the wrappers that add only a caption to it."""
    size = text_len(table)
    best = table
    current = table.parent
    while current is not None and current.mem_id != scope.mem_id:
        if text_len(current) > size + _CAPTION_CHARS:
            break
        best = current
        current = current.parent
    return best


def language_table_removals(scope: LexborNode) -> list[LexborNode]:
    """Tables of supported languages under ``scope`` on a product page."""
    if not is_product_page(scope):
        return []
    out: list[LexborNode] = []
    for table in scope.css("table"):
        if text_len(table) <= _MAX_TABLE_CHARS and _language_table(table):
            out.append(_widened(table, scope))
    return out
