"""CSV -> one GFM table: encoding and delimiter sniffed, the first row as header."""

from __future__ import annotations

import csv
import io

from charset_normalizer import from_bytes

from webdata.documents.office_base import MAX_TABLE_COLS, MAX_TABLE_ROWS, Draft, OfficeError
from webdata.documents.office_md import escape_text, render_table, trim_table

_SNIFF_CHARS = 50_000
_DELIMITERS = ",;\t|"


def decode(data: bytes) -> str:
    """The text of ``data``: UTF-8 (with or without BOM), UTF-16 with BOM, else sniffed."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", "replace")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    results = from_bytes(data[:1_000_000])
    best = results.best()
    if best is None:
        return data.decode("latin-1")
    encoding = best.encoding
    # Short Western text scores the same in several code pages; windows-1252 is by far the
    # most common of them (and the web's fallback), so it wins ties.
    for match in results:
        same = (match.chaos, match.coherence) == (best.chaos, best.coherence)
        if same and "cp1252" in match.could_be_from_charset:
            encoding = "cp1252"
            break
    return data.decode(encoding, "replace")


def _width_score(sample: str, delimiter: str) -> tuple[int, int]:
    """(rows agreeing on the most common field count, that count) when split on ``delimiter``."""
    try:
        counts = [len(row) for row in csv.reader(io.StringIO(sample), delimiter=delimiter)]
    except csv.Error:
        return (0, 0)
    counts = [c for c in counts if c > 1]
    if not counts:
        return (0, 0)
    width = max(set(counts), key=counts.count)
    return (counts.count(width), width)


def sniff_delimiter(text: str) -> str:
    """The delimiter among ``,;\t|`` that splits the first lines into the steadiest columns.

    csv.Sniffer gives up on short or quoted samples; parsing with each candidate and keeping
    the one whose rows agree on a width is simpler and sturdier.
    """
    sample = text[:_SNIFF_CHARS]
    if len(text) > _SNIFF_CHARS and "\n" in sample:
        sample = sample[: sample.rfind("\n")]  # no half line at the end
    scores = {d: _width_score(sample, d) for d in _DELIMITERS}
    best = max(_DELIMITERS, key=lambda d: scores[d])  # ties: the earlier, comma first
    return best if scores[best][0] else ","


def convert_csv(data: bytes, draft: Draft) -> None:
    """Fill ``draft`` with the table of a .csv file."""
    if b"\x00" in data[:8192] and not data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise OfficeError("not a CSV file: it holds binary data")
    text = decode(data)
    delimiter = sniff_delimiter(text)
    rows: list[list[str]] = []
    wide = False
    try:
        for record in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter):
            if not any(field.strip() for field in record):
                continue
            if len(rows) == MAX_TABLE_ROWS:
                draft.warnings.append(f"CSV truncated to its first {MAX_TABLE_ROWS} rows")
                break
            wide = wide or len(record) > MAX_TABLE_COLS
            rows.append([escape_text(field) for field in record[:MAX_TABLE_COLS]])
    except csv.Error as exc:
        raise OfficeError(f"malformed CSV: {exc}") from exc
    if wide:
        draft.warnings.append(f"CSV truncated to its first {MAX_TABLE_COLS} columns")
    draft.add(render_table(trim_table(rows)))
