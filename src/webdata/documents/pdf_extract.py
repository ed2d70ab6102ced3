"""Read a PDF's embedded text layer with pdfium: runs of text with their boxes, sizes and weight.

Speed: asking pdfium about every character costs about 12 ms a page from Python, so the page
text is read in one call and pdfium is only asked about the first and last characters of each
line (box, size, font), and about the text-object rectangles of the line to find wide gaps
(column gutters, table cells) where one pdfium line must be split into several runs.
"""

from __future__ import annotations

import ctypes
import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

import pypdfium2  # type: ignore[import-untyped]  # noqa: F401  # importing it initialises pdfium
import pypdfium2.raw as pdfium_c  # type: ignore[import-untyped]

from webdata.documents.pdf_errors import (
    PdfCorruptError,
    PdfEmptyError,
    PdfEncryptedError,
    PdfError,
)
from webdata.documents.pdf_model import Line, PageText

# pdfium is not thread-safe (global state shared by all documents): one caller at a time,
# in this process. Other pdfium users (rendering for OCR) should hold this same lock.
PDFIUM_LOCK = threading.Lock()

# A page with more characters than this is read only up to it (a bound on time and memory
# for pathological pages); the page is then reported as partial.
MAX_CHARS_PER_PAGE = 200_000
# A gap between two text objects on one line wider than this many em splits the line.
SPLIT_GAP_EM = 1.0
# Objects looked at to tell a blank page from a scanned one.
_MAX_OBJECTS_SCANNED = 5_000

# One physical line: pdfium ends lines with CRLF, or with U+FFFE where it saw a hyphen that
# breaks a word across lines (and then joins the two lines in its text).
_LINE_RE = re.compile(r"[^\r\n\ufffe]+\ufffe?")
_BAD_CHARS_RE = re.compile(r"[\ufffd\ue000-\uf8ff\x00-\x08\x0b\x0c\x0e-\x1f]")
_CONTROL_RE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffd]")
_BOLD_NAME_RE = re.compile(r"bold|black|heavy|semibold|demi", re.IGNORECASE)
_MONO_NAME_RE = re.compile(
    r"mono(?!type)|courier|consol|menlo|inconsolata|typewriter|sourcecode|firacode|cascadia|"
    r"cmtt|lucidaconsole",
    re.IGNORECASE,
)
# PDF font descriptor flags.
_FIXED_PITCH_FLAG = 1
_FORCE_BOLD_FLAG = 1 << 18

Point = Callable[[float, float], tuple[float, float]]


@dataclass(slots=True)
class Document:
    """An open pdfium document; ``data`` is kept referenced because pdfium reads it in place."""

    raw: Any
    data: bytes
    page_count: int


@contextmanager
def open_document(data: bytes) -> Iterator[Document]:
    """Open ``data`` with pdfium; raise a :class:`PdfError` saying why it cannot be read."""
    with PDFIUM_LOCK:
        raw = pdfium_c.FPDF_LoadMemDocument64(data, len(data), None)
        if not raw:
            raise _load_error(int(pdfium_c.FPDF_GetLastError()))
        count = int(pdfium_c.FPDF_GetPageCount(raw))
        if count < 1:
            pdfium_c.FPDF_CloseDocument(raw)
            raise PdfEmptyError("the PDF has no pages")
    try:
        yield Document(raw=raw, data=data, page_count=count)
    finally:
        with PDFIUM_LOCK:
            pdfium_c.FPDF_CloseDocument(raw)


def page_size(doc: Document, index: int) -> tuple[float, float] | None:
    """The displayed size of a page in points, without loading it (None when unknown)."""
    size = pdfium_c.FS_SIZEF()
    with PDFIUM_LOCK:
        ok = pdfium_c.FPDF_GetPageSizeByIndexF(doc.raw, index, size)
    return (float(size.width), float(size.height)) if ok else None


def extract_page(doc: Document, index: int) -> PageText:
    """The text runs of page ``index`` (0-based); a page pdfium cannot load gets ``error``."""
    number = index + 1
    with PDFIUM_LOCK:
        page = pdfium_c.FPDF_LoadPage(doc.raw, index)
        if not page:
            return PageText(number=number, width=0.0, height=0.0, error="pdfium cannot load it")
        try:
            return _extract_loaded(page, number)
        finally:
            pdfium_c.FPDF_ClosePage(page)


def _load_error(code: int) -> PdfError:
    if code == pdfium_c.FPDF_ERR_PASSWORD:
        return PdfEncryptedError(
            "the PDF is encrypted (password-protected) and cannot be read without its password"
        )
    if code == pdfium_c.FPDF_ERR_SECURITY:
        return PdfEncryptedError("the PDF is encrypted with an unsupported security handler")
    return PdfCorruptError("the PDF is corrupt or not a PDF: pdfium cannot open it")


def _extract_loaded(page: Any, number: int) -> PageText:
    transform, width, height = _page_geometry(page)
    result = PageText(number=number, width=width, height=height)
    textpage = pdfium_c.FPDFText_LoadPage(page)
    if not textpage:
        result.error = "pdfium cannot read its text"
        return result
    try:
        _read_text(textpage, transform, result)
    finally:
        pdfium_c.FPDFText_ClosePage(textpage)
    if not result.has_text:
        result.has_graphics = _has_graphics(page)
    return result


def _page_geometry(page: Any) -> tuple[Point, float, float]:
    """A map from PDF user space to displayed top-left coordinates, and the displayed size."""
    rect = pdfium_c.FS_RECTF()
    if not pdfium_c.FPDF_GetPageBoundingBox(page, rect):
        rect.left, rect.bottom = 0.0, 0.0
        rect.right, rect.top = pdfium_c.FPDF_GetPageWidthF(page), pdfium_c.FPDF_GetPageHeightF(page)
    left, bottom, right, top = rect.left, rect.bottom, rect.right, rect.top
    rotation = int(pdfium_c.FPDFPage_GetRotation(page)) % 4  # quarter turns, clockwise
    if rotation == 1:
        return (lambda x, y: (y - bottom, x - left)), top - bottom, right - left
    if rotation == 2:
        return (lambda x, y: (right - x, y - bottom)), right - left, top - bottom
    if rotation == 3:
        return (lambda x, y: (top - y, right - x)), top - bottom, right - left
    return (lambda x, y: (x - left, top - y)), right - left, top - bottom


def _has_graphics(page: Any) -> bool:
    count = min(int(pdfium_c.FPDFPage_CountObjects(page)), _MAX_OBJECTS_SCANNED)
    for i in range(count):
        obj = pdfium_c.FPDFPage_GetObject(page, i)
        if obj and pdfium_c.FPDFPageObj_GetType(obj) != pdfium_c.FPDF_PAGEOBJ_TEXT:
            return True
    return False


def _read_text(textpage: Any, transform: Point, result: PageText) -> None:
    count = int(pdfium_c.FPDFText_CountChars(textpage))
    if count <= 0:
        return
    if count > MAX_CHARS_PER_PAGE:
        count = MAX_CHARS_PER_PAGE
        result.truncated = True
    text = _page_text(textpage, count)
    # Counting with str methods: a Unicode-class regex over the whole page costs 0.5 ms.
    result.bad_chars = len(_BAD_CHARS_RE.findall(text))
    result.text_chars = len("".join(text.split())) - result.bad_chars
    reader = _LineReader(textpage, transform, text, count)
    for match in _LINE_RE.finditer(text):
        reader.read(match.start(), match.end(), result.lines)
    if reader.unmapped and result.lines:
        # Fonts without a Unicode map give letters that are not the ones shown: as unusable
        # as no text at all, in proportion to the lines they touch.
        share = min(reader.unmapped / len(result.lines), 1.0)
        result.bad_chars = max(result.bad_chars, round(share * (result.text_chars + 1)))


def _page_text(textpage: Any, count: int) -> str:
    # UTF-16 output: at most two units a character, plus the terminator.
    buffer = (ctypes.c_ushort * (2 * count + 1))()
    written = int(pdfium_c.FPDFText_GetText(textpage, 0, count, buffer))
    if written <= 1:
        return ""
    return bytes(memoryview(buffer).cast("B")[: 2 * (written - 1)]).decode(
        "utf-16-le", errors="replace"
    )


class _LineReader:
    """Turns one line of the page text into :class:`Line` runs, asking pdfium for geometry."""

    def __init__(self, textpage: Any, transform: Point, text: str, count: int) -> None:
        self.tp = textpage
        self.transform = transform
        self.text = text
        # Python index == pdfium char index, unless pdfium dropped or added characters or the
        # text has characters outside the BMP (two UTF-16 units each).
        last = int(pdfium_c.FPDFText_GetTextIndexFromCharIndex(textpage, count - 1))
        self.simple = len(text) == count and last == count - 1
        self.units: list[int] | None = None
        self.rect = pdfium_c.FS_RECTF()
        self.matrix = pdfium_c.FS_MATRIX()
        self.dx, self.dy = ctypes.c_double(), ctypes.c_double()
        self.dl, self.db = ctypes.c_double(), ctypes.c_double()
        self.dr, self.dt = ctypes.c_double(), ctypes.c_double()
        self.name = ctypes.create_string_buffer(128)
        self.flags = ctypes.c_int()
        self.fonts: dict[tuple[bytes, int], tuple[bool, bool]] = {}
        self.unmapped = 0  # lines whose first character has no Unicode mapping

    def char_index(self, pos: int) -> int:
        if self.simple:
            return pos
        if self.units is None:
            units, total = [0], 0
            for ch in self.text:
                total += 2 if ord(ch) > 0xFFFF else 1
                units.append(total)
            self.units = units
        return int(pdfium_c.FPDFText_GetCharIndexFromTextIndex(self.tp, self.units[pos]))

    def read(self, start: int, end: int, out: list[Line]) -> None:
        span = self.trimmed(start, end)
        if span is None:
            return
        first, last = span
        ca, cb = self.char_index(first), self.char_index(last)
        if ca < 0 or cb < ca:
            return
        if pdfium_c.FPDFText_HasUnicodeMapError(self.tp, ca) == 1:
            self.unmapped += 1
        x0, top, x1, bottom = self.box(ca)
        bx0, btop, bx1, bbottom = self.box(cb)
        x0, x1 = min(x0, bx0), max(x1, bx1)
        top, bottom = min(top, btop), max(bottom, bbottom)
        size, bold, mono = self.style(ca, cb)
        splits = self.split_points(first, last, ca, cb, size)
        if not splits:
            self.emit(first, last, x0, top, x1, bottom, size, bold, mono, out)
            return
        bounds = [first, *(pos for pos, _, _ in splits), last + 1]
        for k in range(len(bounds) - 1):
            piece = self.trimmed(bounds[k], bounds[k + 1])
            if piece is None:
                continue
            px0 = splits[k - 1][2] if k else x0
            px1 = splits[k][1] if k < len(splits) else x1
            size, bold, mono = self.style(self.char_index(piece[0]), self.char_index(piece[1]))
            self.emit(piece[0], piece[1], px0, top, px1, bottom, size, bold, mono, out)

    def trimmed(self, start: int, end: int) -> tuple[int, int] | None:
        """First and last non-blank positions of ``text[start:end]``."""
        chunk = self.text[start:end]
        body = chunk.strip()
        if not body or body == "\ufffe":
            return None
        first = start + len(chunk) - len(chunk.lstrip())
        return first, first + len(body) - 1

    def emit(
        self,
        first: int,
        last: int,
        x0: float,
        top: float,
        x1: float,
        bottom: float,
        size: float,
        bold: bool,
        mono: bool,
        out: list[Line],
    ) -> None:
        raw = self.text[first : last + 1]
        text = " ".join(_CONTROL_RE.sub("", raw.replace("\ufffe", "-")).split())
        if text:
            hyphen = raw.endswith("\ufffe")
            out.append(Line(text, x0, top, x1, bottom, size, bold, hyphen, mono))

    def split_points(
        self, first: int, last: int, ca: int, cb: int, size: float
    ) -> list[tuple[int, float, float]]:
        """Where the line has wide gaps between text objects: (text position, gap x0, gap x1)."""
        n_rects = int(pdfium_c.FPDFText_CountRects(self.tp, ca, cb - ca + 1))
        if n_rects < 2:
            return []
        spans = []
        for k in range(n_rects):
            pdfium_c.FPDFText_GetRect(self.tp, k, self.dl, self.dt, self.dr, self.db)
            ax, _ = self.transform(self.dl.value, self.dt.value)
            bx, _ = self.transform(self.dr.value, self.db.value)
            spans.append((min(ax, bx), max(ax, bx)))
        points: list[tuple[int, float, float]] = []
        lo = first + 1
        for (_, left_end), (right_start, _) in pairwise(spans):
            if right_start - left_end < SPLIT_GAP_EM * max(size, 1.0):
                continue
            pos = self.first_at_or_after(lo, last, (left_end + right_start) / 2)
            if pos is None:
                break  # not left-to-right: keep the line whole
            points.append((pos, left_end, right_start))
            lo = pos + 1
        return points

    def first_at_or_after(self, lo: int, hi: int, x: float) -> int | None:
        """First text position in [lo, hi] whose origin is at or right of ``x`` (binary search)."""
        found = None
        while lo <= hi:
            mid = (lo + hi) // 2
            pdfium_c.FPDFText_GetCharOrigin(self.tp, self.char_index(mid), self.dx, self.dy)
            mx, _ = self.transform(self.dx.value, self.dy.value)
            if mx >= x:
                found, hi = mid, mid - 1
            else:
                lo = mid + 1
        return found

    def box(self, index: int) -> tuple[float, float, float, float]:
        rect = self.rect
        pdfium_c.FPDFText_GetLooseCharBox(self.tp, index, rect)
        ax, ay = self.transform(rect.left, rect.top)
        bx, by = self.transform(rect.right, rect.bottom)
        return min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)

    def style(self, first: int, last: int) -> tuple[float, bool, bool]:
        """The run's em size, and whether it is bold, and fixed-pitch, from end to end.

        The size is the median of the first, a middle and the last character: a bullet,
        a drop cap, a code word or a footnote mark at one end does not set the line's size.
        """
        size = self.size(first)
        if last != first:
            end = self.size(last)
            if end != size:  # ends disagree: a middle character settles it
                mid = self.size(self.middle(first, last))
                size = max(min(size, mid), min(max(size, mid), end))
        bold = self.is_bold(first) and (last == first or self.is_bold(last))
        return round(size, 1), bold, self.is_mono(first, last)

    def middle(self, first: int, last: int) -> int:
        """A non-blank character near the middle of [first, last] (char indices)."""
        if not self.simple:
            return first
        mid = (first + last) // 2
        while mid < last and self.text[mid].isspace():
            mid += 1
        return mid

    def size(self, index: int) -> float:
        size = float(pdfium_c.FPDFText_GetFontSize(self.tp, index))
        m = self.matrix
        if pdfium_c.FPDFText_GetMatrix(self.tp, index, m):
            # Many writers set a 1 pt font and scale it with the text or page matrix.
            size *= abs(m.a * m.d - m.b * m.c) ** 0.5
        return size

    def is_bold(self, index: int) -> bool:
        weight = int(pdfium_c.FPDFText_GetFontWeight(self.tp, index))
        if weight > 0:
            return weight >= 600
        return self.font(index)[0]

    def is_mono(self, first: int, last: int) -> bool:
        return self.font(first)[1] and (last == first or self.font(last)[1])

    def font(self, index: int) -> tuple[bool, bool]:
        """(bold, fixed-pitch) from the font's name and descriptor flags, cached per font."""
        pdfium_c.FPDFText_GetFontInfo(self.tp, index, self.name, 128, self.flags)
        key = (self.name.value, self.flags.value)
        known = self.fonts.get(key)
        if known is None:
            name = key[0].decode("utf-8", "replace")
            bold = bool(_BOLD_NAME_RE.search(name)) or bool(key[1] & _FORCE_BOLD_FLAG)
            mono = bool(_MONO_NAME_RE.search(name)) or bool(key[1] & _FIXED_PITCH_FLAG)
            known = self.fonts[key] = (bold, mono)
        return known
