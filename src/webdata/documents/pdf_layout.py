"""Page layout from text runs: rows, simple tables, columns and reading order.

Runs on one page's :class:`Line` runs (top-left coordinates) and returns lines and tables in
reading order: top to bottom, and on multi-column parts every column fully before the next.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from statistics import median

from webdata.documents.pdf_model import Item, Line, Table

# Neighbours on a row closer than this many em are one run (word spacing, font changes).
JOIN_GAP_EM = 1.0
# A list marker and its text are one run even when the marker hangs this far out.
MARKER_GAP_EM = 4.0
# Rows that start (end) within this fraction of the page height from its top (bottom) are
# margins: running headers and footers, never part of a column.
MARGIN = 0.1

MIN_TABLE_ROWS = 3
MAX_TABLE_COLUMNS = 30  # beyond this, scattered labels (a chart), and quadratic to check
MIN_TABLE_FILL = 0.6
MAX_CELL_CHARS = 40
MAX_CELL_WORDS = 6

_MARKER_RE = re.compile(
    r"^(?:[•●○◦▪▫■□‣\u2043∙·\-\u2013\u2014*\uf0b7\uf0a7➢►▶✓✔]|\(?\d{1,3}[.)]|\(?[a-z][.)])$"
)


@dataclass(slots=True)
class Row:
    """Runs sharing a baseline band, left to right, separated by wide gaps."""

    cells: list[Line]
    top: float
    bottom: float


@dataclass(slots=True)
class _Box:
    """A cell or a table, for column analysis; ``row`` keeps cells of one row together."""

    x0: float
    top: float
    x1: float
    bottom: float
    row: int
    item: Line | Table


def layout_page(lines: list[Line], width: float, height: float) -> list[Item]:
    """Lines and tables of one page in reading order."""
    if not lines:
        return []
    elements = find_tables(build_rows(lines), width)
    head, foot = _margin_rows(elements, height)
    body = len(elements) - foot
    boxes = [_boxes(i, e) for i, e in enumerate(elements)]
    return (
        _as_items([b for group in boxes[:head] for b in group])
        + _order([b for group in boxes[head:body] for b in group], 0.0, width, 0)
        + _as_items([b for group in boxes[body:] for b in group])
    )


def _boxes(index: int, element: Row | Table) -> list[_Box]:
    if isinstance(element, Table):
        return [_Box(element.x0, element.top, element.x1, element.bottom, index, element)]
    return [_Box(c.x0, c.top, c.x1, c.bottom, index, c) for c in element.cells]


def _margin_rows(elements: list[Row | Table], height: float) -> tuple[int, int]:
    """How many rows at the top and at the bottom are running heads or feet: inside the
    margin band and set apart from the body by a gap. They are kept out of column analysis,
    which would otherwise file a right-aligned page number under the right column."""
    head = 0
    while (
        head < len(elements)
        and _is_row(elements[head])
        and elements[head].bottom <= MARGIN * height
    ):
        head += 1
    while head and head < len(elements) and not _apart(elements[head - 1], elements[head]):
        head -= 1
    foot = 0
    n = len(elements)
    while (
        foot < n - head
        and _is_row(elements[n - 1 - foot])
        and elements[n - 1 - foot].top >= (1 - MARGIN) * height
    ):
        foot += 1
    while foot and foot < n - head and not _apart(elements[n - 1 - foot], elements[n - foot]):
        foot -= 1
    return head, foot


def _is_row(element: Row | Table) -> bool:
    return isinstance(element, Row)


def _apart(upper: Row | Table, lower: Row | Table) -> bool:
    """Whether a gap of at least about one line separates two elements."""
    line = min(upper.bottom - upper.top, lower.bottom - lower.top)
    return lower.top - upper.bottom >= 0.9 * line


def build_rows(lines: list[Line]) -> list[Row]:
    """Group runs into rows by vertical overlap, then join runs that are close on a row."""
    ordered = sorted(lines, key=lambda ln: ln.top + ln.bottom)
    rows: list[Row] = []
    members: list[Line] = []
    anchor_top = anchor_bottom = 0.0
    for line in ordered:
        if members:
            overlap = min(anchor_bottom, line.bottom) - max(anchor_top, line.top)
            if overlap >= 0.5 * min(anchor_bottom - anchor_top, line.height):
                members.append(line)
                continue
            rows.append(_make_row(members))
        members = [line]
        anchor_top, anchor_bottom = line.top, line.bottom
    if members:
        rows.append(_make_row(members))
    return rows


def _make_row(members: list[Line]) -> Row:
    members.sort(key=lambda ln: ln.x0)
    cells = [members[0]]
    for line in members[1:]:
        prev = cells[-1]
        gap = line.x0 - prev.x1
        em = max(prev.size, line.size, 1.0)
        if gap < JOIN_GAP_EM * em or (gap < MARKER_GAP_EM * em and _MARKER_RE.match(prev.text)):
            cells[-1] = _join(prev, line, gap > 0.15 * em)
        else:
            cells.append(line)
    return Row(cells, min(c.top for c in cells), max(c.bottom for c in cells))


def _join(a: Line, b: Line, space: bool) -> Line:
    longer = a if len(a.text) >= len(b.text) else b
    return Line(
        text=a.text + (" " if space else "") + b.text,
        x0=min(a.x0, b.x0),
        top=min(a.top, b.top),
        x1=max(a.x1, b.x1),
        bottom=max(a.bottom, b.bottom),
        size=longer.size,
        bold=a.bold and b.bold,
        hyphen=b.hyphen,
        mono=a.mono and b.mono,
    )


def find_tables(rows: list[Row], width: float) -> list[Row | Table]:
    """Replace runs of grid-aligned multi-cell rows by tables; other rows pass through."""
    out: list[Row | Table] = []
    run: list[Row] = []
    for row in [*rows, None]:
        if row is not None and len(row.cells) >= 2:
            if not run:
                run = [row]
                continue
            fit = _fit(run, row)
            if fit == "same":
                run.append(row)
                continue
            if fit == "tighter":  # the run's first row stood apart: the grid starts after it
                out.append(run[0])
                run = [run[1], row]
                continue
        if run:
            table = _as_table(run, width)
            out.extend(run if table is None else [table])
            run = []
        if row is not None:
            if len(row.cells) >= 2:
                run = [row]
            else:
                out.append(row)
    return out


def _fit(run: list[Row], row: Row) -> str:
    """How ``row`` follows the run: at its row spacing ("same"), much closer than the run's
    only gap ("tighter"), or apart ("apart": too far, or a wider gap than the run's)."""
    em = max(c.size for c in row.cells)
    gap = row.top - run[-1].bottom
    if gap > 2.0 * em:
        return "apart"
    if len(run) < 2:
        return "same"
    spacing = max(run[-1].top - run[-2].bottom, 0.0)
    if gap > 1.5 * spacing + 0.2 * em:
        return "apart"
    if len(run) == 2 and spacing > 1.5 * max(gap, 0.0) + 0.2 * em:
        return "tighter"
    return "same"


def _as_table(run: list[Row], width: float) -> Table | None:
    if len(run) < MIN_TABLE_ROWS:
        return None
    columns = _column_spans([c for row in run for c in row.cells])
    if not 2 <= len(columns) <= MAX_TABLE_COLUMNS:
        return None
    grid: list[list[str]] = []
    fitted = filled = words = chars = 0
    for row in run:
        cells = [""] * len(columns)
        for cell in row.cells:
            col = next(i for i, (a, b) in enumerate(columns) if a <= cell.x0 <= b)
            if cells[col]:
                return None  # two cells in one column: not a grid
            cells[col] = cell.text
            a, b = columns[col]
            fitted += cell.width >= 0.85 * (b - a)
            filled += 1
            words += len(cell.text.split())
            chars += len(cell.text)
        grid.append(cells)
    if filled < MIN_TABLE_FILL * len(run) * len(columns):
        return None
    if chars > MAX_CELL_CHARS * filled or words > MAX_CELL_WORDS * filled:
        return None  # cells this long are text columns, not a table
    if fitted >= 0.7 * filled and words >= 3 * filled:
        return None  # every run fills its column: flowing text in narrow columns
    if len(columns) == 2 and all(b - a > 0.25 * width for a, b in columns):
        return None  # two wide columns of text
    return Table(
        rows=grid,
        x0=min(a for a, _ in columns),
        top=run[0].top,
        x1=max(b for _, b in columns),
        bottom=run[-1].bottom,
    )


def _column_spans(cells: list[Line]) -> list[tuple[float, float]]:
    """Horizontal spans of the grid's columns: overlapping cell extents merged."""
    spans: list[tuple[float, float]] = []
    for cell in sorted(cells, key=lambda c: c.x0):
        if spans and cell.x0 <= spans[-1][1] + 1.0:
            spans[-1] = (spans[-1][0], max(spans[-1][1], cell.x1))
        else:
            spans.append((cell.x0, cell.x1))
    return spans


def _order(boxes: list[_Box], left: float, right: float, depth: int) -> list[Item]:
    """Reading order of ``boxes`` between ``left`` and ``right``, splitting at gutters."""
    gutter = _find_gutter(boxes, left, right) if depth < 2 and len(boxes) >= 6 else None
    if gutter is None:
        return _as_items(boxes)
    items: list[Item] = []
    lefts: list[_Box] = []
    rights: list[_Box] = []
    for box in sorted(boxes, key=lambda b: (b.top, b.x0)):
        if box.x1 <= gutter:
            lefts.append(box)
        elif box.x0 >= gutter:
            rights.append(box)
        else:  # spans the gutter: ends the columns above it
            items += _order(lefts, left, gutter, depth + 1)
            items += _order(rights, gutter, right, depth + 1)
            lefts, rights = [], []
            items += _as_items([box])
    items += _order(lefts, left, gutter, depth + 1)
    items += _order(rights, gutter, right, depth + 1)
    return items


def _find_gutter(boxes: list[_Box], left: float, right: float) -> float | None:
    """The x of a vertical gap between two text columns, if the boxes have one."""
    span = right - left
    lo, hi = left + 0.2 * span, left + 0.8 * span
    events = sorted([(b.x0, 1) for b in boxes] + [(b.x1, -1) for b in boxes])
    # Sweep: coverage between consecutive edges; keep the widest gap of least coverage.
    best: tuple[int, float, float, float] | None = None  # (coverage, -width, start, end)
    cover, x_prev = 0, left
    run_start: float | None = None
    run_cover = -1
    for x, delta in [*events, (right, 0)]:
        a, b = max(x_prev, lo), min(x, hi)
        if b > a:
            if run_start is None or cover != run_cover:
                run_start, run_cover = a, cover
            candidate = (cover, -(b - run_start), run_start, b)
            if best is None or candidate < best:
                best = candidate
        elif x > x_prev and run_start is not None:
            run_start = None
        cover += delta
        x_prev = max(x_prev, x)
    if best is None or -best[1] < 4.0 or best[0] > 0.5 * len(boxes):
        return None
    gutter = (best[2] + best[3]) / 2
    lefts = [b for b in boxes if b.x1 <= gutter]
    rights = [b for b in boxes if b.x0 >= gutter]
    if len(lefts) < 3 or len(rights) < 3:
        return None
    if median(b.x1 - b.x0 for b in lefts) < 0.3 * (gutter - left):
        return None  # short labels on the left: a form or a list, not a column
    if median(b.x1 - b.x0 for b in rights) < 0.3 * (right - gutter):
        return None
    top = max(min(b.top for b in lefts), min(b.top for b in rights))
    bottom = min(max(b.bottom for b in lefts), max(b.bottom for b in rights))
    return gutter if bottom - top > 0 else None


def _as_items(boxes: list[_Box]) -> list[Item]:
    """One item per row: the row's cells joined left to right; tables as they are."""
    items: list[Item] = []
    groups: dict[int, list[_Box]] = {}
    for box in boxes:
        groups.setdefault(box.row, []).append(box)
    for key in sorted(groups):
        group = sorted(groups[key], key=lambda b: b.x0)
        line: Line | None = None
        for box in group:
            if isinstance(box.item, Table):
                items.append(box.item)
            elif line is None:
                line = box.item
            else:
                line = _join(line, box.item, True)
        if line is not None:
            items.append(line)
    return items
