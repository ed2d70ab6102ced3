"""Tables used for layout, not data, are written as blocks, not as markdown tables.

Old forum software (vBulletin, phpBB 2, SMF) and older sites lay pages out with tables: a post
is a row of two cells, the poster's details and the post's text. As a markdown table the post
becomes one line with ``<br>`` for each of its line breaks, beside the poster's name. Such a
table's cells are turned into ``<div>``s and its rows and groups unwrapped, so the text
reads as paragraphs.

A table is for layout when it says so (``role=presentation`` / ``none``), when it carries a
forum post's id (vBulletin's ``<table id="post123">``), or when it does not
look like data (no header cells, caption, ``<thead>``, summary; few rows and columns, like
readability's test) and holds a cell of prose (``_PROSE_CELL`` characters) or another table.
"""

from __future__ import annotations

from selectolax.lexbor import LexborHTMLParser, LexborNode

from webdata.content.forum_noise import is_post_id

_DATA_MARKS = "th, thead, tfoot, caption, colgroup, col"
_PROSE_CELL = 200  # characters of text in one cell: a post or an article, not a value
_MAX_ROWS = 10
_MAX_COLUMNS = 4
_MAX_CELLS = 10
_GROUPS = ("tr", "tbody", "thead", "tfoot")


def _own_rows(table: LexborNode) -> list[LexborNode]:
    return [r for r in table.css("tr") if _table_of(r) == table.mem_id]


def _table_of(node: LexborNode) -> int | None:
    current = node.parent
    while current is not None:
        if current.tag == "table":
            return current.mem_id
        current = current.parent
    return None


def _data_marks(table: LexborNode) -> bool:
    """Whether the table itself (not a table nested in one of its cells) has header cells,
    a caption or column groups."""
    return any(_table_of(mark) == table.mem_id for mark in table.css(_DATA_MARKS))


def _layout(table: LexborNode) -> bool:
    role = (table.attributes.get("role") or "").lower()
    if role in ("presentation", "none") or is_post_id(table.attributes.get("id") or ""):
        return True  # (a forum post laid out in a table: vBulletin's "post123")
    if table.attributes.get("summary") or _data_marks(table):
        return False
    rows = _own_rows(table)
    cells = [[c for c in r.iter() if c.tag in ("td", "th")] for r in rows]
    columns = max((len(r) for r in cells), default=0)
    if len(rows) >= _MAX_ROWS or columns > _MAX_COLUMNS or len(rows) * columns > _MAX_CELLS:
        return False
    if any(inner.mem_id != table.mem_id for inner in table.css("table")):
        return True  # (lexbor's css() matches the table itself too)
    return any(len(c.text(deep=True, strip=True)) >= _PROSE_CELL for r in cells for c in r)


def unwrap_layout_tables(root: LexborNode) -> bool:
    """Turn the layout tables under ``root`` (see the module's docstring) into blocks;
    whether there was one."""
    own = root.mem_id  # (the block itself stays: its caller serializes it)
    tables = [t for t in root.css("table") if t.mem_id != own and _layout(t)]
    for table in reversed(tables):  # inner tables first
        for row in _own_rows(table):
            for cell in [c for c in row.iter() if c.tag in ("td", "th")]:
                block = LexborHTMLParser(f"<div>{cell.inner_html or ''}</div>").css_first("div")
                if block is not None:
                    cell.replace_with(block)
        for group in [g for g in table.css(", ".join(_GROUPS)) if _table_of(g) == table.mem_id]:
            group.unwrap()
        table.unwrap()
    return bool(tables)
