"""Tables with ``rowspan`` made regular before markdown: an empty cell where a cell spans down.

A GFM table has no spans. The converter writes a spanned-over column as an empty cell, as it
writes the columns a ``colspan`` covers, but it loses count past a row that ends before the
spanned column (``<tr><td>1941</td></tr>`` under a ``rowspan`` in the last column: the span
then runs on into later rows, which get a cell too many), and for a cell spanning rows and
columns at once it leaves out all but one column (the next row's cells land one column
left). So every cell a ``rowspan`` covers is written out here as an empty ``<td>``, as the
HTML table model places it: within its row group, ``rowspan="0"`` to the group's end, a short
row padded up to the last column spanned into it. The ``rowspan`` attributes go.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

_EMPTY = "<td></td>"
_DIGITS = re.compile(r"\s*(\d+)")
# The HTML limits on spans, and on the empty cells written a fragment (a hostile page's
# colspan=1000 rowspan=65534 grid is left to the converter past it).
_MAX_COLSPAN = 1000
_MAX_ROWSPAN = 65534
_MAX_FILLED = 50_000
_ROW_GROUPS = ("thead", "tbody", "tfoot")


def _span(value: str | None, default: int, cap: int) -> int:
    """An HTML span attribute's value (leading digits; ``default`` when there are none)."""
    match = _DIGITS.match(value or "")
    return min(int(match.group(1)), cap) if match else default


def _fill_group(rows: list[LexborNode], budget: int) -> int:
    """Empty cells written into the rows of one row group (at most ``budget``)."""
    filled = 0
    covered: dict[int, int] = {}  # column -> rows below the current one it is still spanned
    for index, row in enumerate(rows):
        spanned = covered  # spanned into this row from above
        covered = {col: left - 1 for col, left in spanned.items() if left > 1}
        out: list[str | LexborNode] = []
        col = written = 0
        for cell in row.iter():
            if cell.tag not in ("td", "th"):
                continue
            while col in spanned:
                out.append(_EMPTY)
                col += 1
                written += 1
            width = _span(cell.attributes.get("colspan"), 1, _MAX_COLSPAN) or 1
            if "rowspan" in cell.attributes:
                down = _span(cell.attributes.get("rowspan"), 1, _MAX_ROWSPAN)
                down = len(rows) - index if down == 0 else down  # 0: to the group's end
                del cell.attrs["rowspan"]
                for spanning in range(col, col + width) if down > 1 else ():
                    covered[spanning] = down - 1
            out.append(cell)
            col += width
        if spanned and max(spanned) >= col:  # a short row: padded up to the spanned column
            written += max(spanned) + 1 - col
            out.extend([_EMPTY] * (max(spanned) + 1 - col))
        if written:
            filled += written
            if filled > budget:
                return filled
            row.inner_html = "".join(
                part if isinstance(part, str) else part.html or "" for part in out
            )
    return filled


def fill_row_spans(root: LexborNode) -> None:
    """Write out the cells that ``rowspan`` covers, in every table under ``root``."""
    filled = 0
    # Innermost first: a row written anew is re-parsed, so a table in it must be done already.
    for table in reversed(root.css("table")):
        if table.css_first("td[rowspan], th[rowspan]") is None:
            continue
        groups = [child for child in table.iter() if child.tag in _ROW_GROUPS]
        for group in groups:
            rows = [row for row in group.iter() if row.tag == "tr"]
            filled += _fill_group(rows, _MAX_FILLED - filled)
            if filled > _MAX_FILLED:
                return
