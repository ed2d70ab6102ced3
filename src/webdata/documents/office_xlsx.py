"""XLSX -> markdown with openpyxl: one ``## <sheet>`` section and GFM table per worksheet.

Read-only streaming mode with cached values (``data_only``): formulas show their last computed
value, or nothing when the file was never recalculated. Merged cells are not known in this
mode: a merged range shows its value in its first cell only.
"""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

import openpyxl
from openpyxl.utils.exceptions import InvalidFileException

from webdata.documents.office_base import (
    MAX_TABLE_COLS,
    MAX_TABLE_ROWS,
    Draft,
    OfficeError,
    require_ooxml,
)
from webdata.documents.office_md import escape_text, heading, render_table, trim_table


def cell_text(value: Any) -> str:
    """A cell value as escaped markdown text: ISO dates, no float noise, TRUE/FALSE."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, dt.datetime):
        if value.time() == dt.time(0) and value.tzinfo is None:
            return value.date().isoformat()
        return value.isoformat()
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, float):
        # 15 significant digits is what Excel shows; repr would print 0.30000000000000004.
        return format(value, ".15g") if value == value else ""
    return escape_text(str(value))


def _sheet_rows(ws: Any, name: str, warnings: list[str]) -> list[list[str]]:
    rows: list[list[str]] = []
    wide = False
    # The stored dimension is often stale (or "A1"); forget it and read what is there.
    ws.reset_dimensions()
    for values in ws.iter_rows(max_col=MAX_TABLE_COLS + 1, values_only=True):
        if values.count(None) == len(values):
            continue  # openpyxl fills gaps with blank rows: a cell at row 1048576 makes a million
        cells = [cell_text(v) for v in values[:MAX_TABLE_COLS]]
        wide = wide or (len(values) > MAX_TABLE_COLS and values[MAX_TABLE_COLS] is not None)
        if not any(cells):
            continue
        if len(rows) == MAX_TABLE_ROWS:
            warnings.append(
                f"sheet {name!r} truncated to its first {MAX_TABLE_ROWS} non-empty rows"
            )
            break
        rows.append(cells)
    if wide:
        warnings.append(f"sheet {name!r} truncated to its first {MAX_TABLE_COLS} columns")
    return trim_table(rows)


def convert_xlsx(data: bytes, draft: Draft) -> None:
    """Fill ``draft`` with one section per worksheet of a .xlsx file."""
    require_ooxml(data, "xlsx", "xl/", draft.max_unpacked)
    try:
        wb = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except InvalidFileException as exc:
        raise OfficeError(f"not an XLSX file: {exc}") from exc
    try:
        draft.title = (wb.properties.title or "").strip() or None
        sheets = wb.worksheets
        draft.num_pages = len(sheets)
        for ws in sheets:
            name = ws.title
            rows = _sheet_rows(ws, name, draft.warnings)
            draft.add(heading(2, escape_text(name)) + "\n\n" + render_table(rows))
    finally:
        wb.close()
