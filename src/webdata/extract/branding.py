"""The brand profile of a page (``data.branding``) from the raw style samples the browser took
(``webdata.browser.branding``). Pure: no I/O, any input shape tolerated (the samples come
from a page that may have tampered with the DOM APIs).

Judgement calls, kept in one place:

- Colors are ``#rrggbb``; a translucent color is blended over what it sits on (the page
  background; the background over the canvas).
- The page background is ``<body>`` over ``<html>`` over the canvas, unless most of the
  viewport shows one neutral wrapper color instead (apps that paint a full-page ``div``).
- ``colorScheme`` is ``dark`` when the background is darker than the main text (or, with no
  text, darker than mid grey).
- Palette roles: ``primary`` is the most used saturated color of buttons and links (filled
  button backgrounds weigh most); ``secondary`` the secondary button's own saturated color,
  else the next one of buttons, links and headings; ``accent`` the next saturated color
  anywhere (surfaces, badges, headings, text), the link color only as a last resort.
  ``textPrimary``/``textSecondary`` are the two most used neutral text colors by text
  length. ``success``/``warning``/``error`` come only from elements named so.
- Font names are the first non-generic family of the stack, quotes stripped.
- ``baseUnit`` is the largest unit from 16 down to 2 that divides at least 3/4 of the
  common spacings (paddings, margins, gaps), so noise does not pull it down to 1.
"""

from __future__ import annotations

import base64
import math
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any
from urllib.parse import urljoin, urlsplit

__all__ = [
    "base_unit",
    "blend",
    "branding_profile",
    "font_family",
    "parse_color",
    "to_hex",
]

RGBA = tuple[float, float, float, float]

WHITE: RGBA = (255.0, 255.0, 255.0, 1.0)
# Chromium's canvas under `color-scheme: dark` with no background of the page's own.
DARK_CANVAS: RGBA = (18.0, 18.0, 18.0, 1.0)

# (max - min) / 255 at or above which a color is a brand color rather than a grey.
SATURATED = 0.15
# RGB distances: colors closer than these are one color (anti-aliasing, hover shades).
SAME_COLOR = 16.0
SAME_ROLE = 40.0

GENERIC_FAMILIES = frozenset(
    {"serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-serif",
     "ui-sans-serif", "ui-monospace", "ui-rounded", "math", "emoji", "fangsong", "inherit",
     "initial", "unset", "revert", "-apple-system", "blinkmacsystemfont"}
)  # fmt: skip
_NAMED = {"transparent": (0.0, 0.0, 0.0, 0.0), "white": WHITE, "black": (0.0, 0.0, 0.0, 1.0)}
_STATUS_WORDS = (
    ("success", ("success", "valid", "positive")),
    ("warning", ("warn", "caution")),
    ("error", ("error", "danger", "invalid", "negative", "destructive")),
)
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_FAMILY_TOKEN = re.compile(r"\"[^\"]*\"|'[^']*'|[^,]+")
_COLOR_IN_TEXT = re.compile(r"rgba?\([^)]*\)|#[0-9a-fA-F]{3,8}\b")


# -- values ---------------------------------------------------------------------------------


def _str(value: object) -> str | None:
    return value.strip() if isinstance(value, str) and value.strip() else None


def _num(value: object) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        number = float(value)
    elif isinstance(value, str):
        match = re.match(r"\s*(-?\d+(?:\.\d+)?)", value)
        if match is None:
            return None
        number = float(match.group(1))
    else:
        return None
    return number if math.isfinite(number) else None


def _list(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def _dicts(value: object) -> list[Mapping[str, Any]]:
    return [item for item in value if isinstance(item, Mapping)] if isinstance(value, list) else []


def _map(value: object) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _px(value: float) -> str:
    return f"{round(value, 2):g}px"


# -- colors ---------------------------------------------------------------------------------


def parse_color(value: object) -> RGBA | None:
    """``#rgb``/``#rrggbb``/``#rrggbbaa``, ``rgb()``/``rgba()`` (comma or space syntax,
    percentages), ``transparent``, ``white``, ``black``; None for anything else."""
    text = _str(value)
    if text is None:
        return None
    text = text.lower()
    if text in _NAMED:
        return _NAMED[text]
    if text.startswith("#"):
        digits = text[1:]
        if not re.fullmatch(r"[0-9a-f]{3,8}", digits) or len(digits) not in (3, 4, 6, 8):
            return None
        if len(digits) in (3, 4):
            digits = "".join(c * 2 for c in digits)
        channels = [int(digits[i : i + 2], 16) for i in range(0, len(digits), 2)]
        alpha = channels[3] / 255 if len(channels) == 4 else 1.0
        return (float(channels[0]), float(channels[1]), float(channels[2]), alpha)
    match = re.fullmatch(r"rgba?\(([^)]*)\)", text)
    if match is None:
        return None
    parts = [p for p in re.split(r"[\s,/]+", match.group(1)) if p]
    if len(parts) not in (3, 4):
        return None
    rgb: list[float] = []
    for part in parts[:3]:
        number = _num(part)
        if number is None:
            return None
        rgb.append(number / 100 * 255 if part.endswith("%") else number)
    alpha = 1.0
    if len(parts) == 4:
        number = _num(parts[3])
        if number is None:
            return None
        alpha = number / 100 if parts[3].endswith("%") else number
    r, g, b = (min(max(c, 0.0), 255.0) for c in rgb)
    return (r, g, b, min(max(alpha, 0.0), 1.0))


def blend(color: RGBA, under: RGBA) -> RGBA:
    """``color`` painted over ``under`` (taken as opaque): an opaque color."""
    alpha = color[3]
    mixed = (color[i] * alpha + under[i] * (1 - alpha) for i in range(3))
    r, g, b = mixed
    return (r, g, b, 1.0)


def to_hex(color: RGBA) -> str:
    return "#" + "".join(f"{round(min(max(c, 0.0), 255.0)):02x}" for c in color[:3])


def _luminance(color: RGBA) -> float:
    """WCAG relative luminance."""

    def linear(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(color[0]) + 0.7152 * linear(color[1]) + 0.0722 * linear(color[2])


def _chroma(color: RGBA) -> float:
    return (max(color[:3]) - min(color[:3])) / 255


def _distance(a: RGBA, b: RGBA) -> float:
    return math.dist(a[:3], b[:3])


def _hex_color(hex_value: str) -> RGBA:
    parsed = parse_color(hex_value)
    assert parsed is not None
    return parsed


class _Palette:
    """Weighted colors, merged when closer than ``radius`` (the heaviest one names a group)."""

    def __init__(self, radius: float = SAME_COLOR) -> None:
        self.radius = radius
        self.weights: dict[str, float] = {}

    def add(self, color: RGBA | None, weight: float = 1.0) -> None:
        if color is not None and weight > 0:
            key = to_hex(color)
            self.weights[key] = self.weights.get(key, 0.0) + weight

    def groups(self) -> list[tuple[str, float]]:
        merged: list[tuple[str, float]] = []
        for hex_value, weight in sorted(self.weights.items(), key=lambda kv: (-kv[1], kv[0])):
            color = _hex_color(hex_value)
            for i, (head, total) in enumerate(merged):
                if _distance(color, _hex_color(head)) < self.radius:
                    merged[i] = (head, total + weight)
                    break
            else:
                merged.append((hex_value, weight))
        return sorted(merged, key=lambda kv: -kv[1])

    def top(self, *, avoid: Iterable[str] = ()) -> str | None:
        avoided = [_hex_color(a) for a in avoid]
        for hex_value, _weight in self.groups():
            if all(_distance(_hex_color(hex_value), a) >= self.radius for a in avoided):
                return hex_value
        return None


# -- fonts ----------------------------------------------------------------------------------


def font_family(stack: object) -> str | None:
    """The first family of a CSS ``font-family`` stack that is not a generic fallback."""
    text = _str(stack)
    if text is None:
        return None
    for token in _FAMILY_TOKEN.findall(text):
        name = str(token).strip().strip("\"'").strip()
        if name and name.lower() not in GENERIC_FAMILIES:
            return name
    return None


def _weight(value: object) -> int | None:
    text = _str(value)
    if text in ("normal", "bold", "lighter", "bolder"):
        return {"normal": 400, "bold": 700, "lighter": 300, "bolder": 700}[text]
    number = _num(value)
    return round(number) if number is not None and 1 <= number <= 1000 else None


def _weight_role(weight: int) -> str:
    if weight < 400:
        return "light"
    if weight < 500:
        return "regular"
    if weight < 600:
        return "medium"
    return "bold"


def _line_height(line_height: object, font_size: object) -> str | None:
    """Unitless (as design systems state it): the computed px over the font size."""
    if _str(line_height) == "normal":
        return "normal"
    height, size = _num(line_height), _num(font_size)
    if height is None or not size or height <= 0:
        return None
    text = str(line_height)
    if text.endswith("px"):
        return f"{round(height / size, 2):g}"
    return f"{round(height, 2):g}"


def _size(value: object) -> str | None:
    number = _num(value)
    return _px(number) if number is not None and number > 0 else None


def _mode(pairs: Iterable[tuple[str | None, float]]) -> str | None:
    counter: dict[str, float] = {}
    order: dict[str, int] = {}
    for value, weight in pairs:
        if value is not None and weight > 0:
            counter[value] = counter.get(value, 0.0) + weight
            order.setdefault(value, len(order))
    if not counter:
        return None
    return max(counter, key=lambda v: (counter[v], -order[v]))


# -- spacing --------------------------------------------------------------------------------


def _radius(value: object) -> str | None:
    """A computed ``border-radius``: one value when the corners agree."""
    text = _str(value)
    if text is None:
        return None
    corners = text.split("/")[0].split()
    if not corners:
        return None
    first = corners[0]
    if any(c != first for c in corners):
        return text
    if first.endswith("%"):
        return first
    number = _num(first)
    return _px(number) if number is not None and number >= 0 else None


def _nonzero_radius(value: object) -> str | None:
    radius = _radius(value)
    return radius if radius is not None and _num(radius) not in (None, 0.0) else None


def _padding(value: object) -> str | None:
    text = _str(value)
    if text is None:
        return None
    sizes = [_num(part) for part in text.split()]
    if not sizes or any(s is None for s in sizes):
        return None
    return " ".join(_px(s) for s in sizes if s is not None)


def base_unit(values: Iterable[float]) -> int | None:
    """The spacing grid: the largest unit in 16..2 dividing 3/4 of the common spacings."""
    counts: Counter[float] = Counter(round(v, 2) for v in values if 2 <= v <= 256)
    if not counts:
        return None
    common = Counter({v: c for v, c in counts.items() if c >= 2}) or counts
    total = sum(common.values())
    for unit in range(16, 1, -1):
        fits = sum(c for v, c in common.items() if min(v % unit, unit - v % unit) <= 0.5)
        if fits >= 0.75 * total:
            return unit
    return 2


def _common(values: Iterable[float], limit: int = 4) -> list[str]:
    counts: Counter[float] = Counter(round(v) for v in values if 1 <= v <= 256)
    frequent = [v for v, c in counts.most_common() if c >= 2][:limit]
    return [_px(v) for v in sorted(frequent)]


def _numbers(value: object) -> list[float]:
    if not isinstance(value, list):
        return []
    return [n for n in (_num(v) for v in value) if n is not None and n > 0]


# -- URLs -----------------------------------------------------------------------------------


def _absolute(value: object, base: str) -> str | None:
    text = _str(value)
    if text is None:
        return None
    if text.startswith("data:image/"):
        return text
    url = urljoin(base, text)
    return url if urlsplit(url).scheme in ("http", "https") else None


def _svg_data_url(markup: str) -> str:
    if "xmlns=" not in markup[:300]:
        markup = markup.replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg"', 1)
    encoded = base64.b64encode(markup.encode("utf-8")).decode("ascii")
    return f"data:image/svg+xml;base64,{encoded}"


def _logo(raw: Mapping[str, Any], base: str) -> str | None:
    best: tuple[float, str] | None = None
    for index, item in enumerate(_dicts(raw.get("logos"))):
        width, height = _num(item.get("width")) or 0.0, _num(item.get("height")) or 0.0
        top = _num(item.get("top"))
        score = 3.0 * bool(item.get("logoHint")) + 1.0 * bool(item.get("brandHint"))
        score += 2.0 * bool(item.get("inHeader")) + 2.0 * bool(item.get("home"))
        score += 1.0 if top is not None and top < 200 else 0.0
        score -= 3.0 * bool(item.get("inButton"))
        score -= 2.0 if min(width, height) < 12 or width > 600 or height > 300 else 0.0
        score -= index * 0.01  # earlier in the document wins a tie
        if not (item.get("logoHint") or item.get("home") or item.get("inHeader")) or score < 3:
            continue
        if item.get("kind") == "svg":
            markup = _str(item.get("svg"))
            url = _svg_data_url(markup) if markup and markup.startswith("<svg") else None
        else:
            url = _absolute(item.get("src"), base)
        if url is not None and (best is None or score > best[0]):
            best = (score, url)
    return best[1] if best else None


def _favicon(raw: Mapping[str, Any], base: str) -> str | None:
    icons = _dicts(raw.get("icons"))

    def rank(item: Mapping[str, Any]) -> int:
        rels = str(item.get("rel", "")).split()
        return 0 if "icon" in rels else 1 if "apple-touch-icon" not in rels else 2

    for item in sorted(icons, key=rank):
        url = _absolute(item.get("href"), base)
        if url is not None:
            return url
    return None


# -- the profile ----------------------------------------------------------------------------


class _Page:
    """The samples and the page background their colors are blended over."""

    def __init__(self, raw: Mapping[str, Any]) -> None:
        self.raw = raw
        self.background = self._background()

    def color(self, value: object, under: RGBA | None = None) -> RGBA | None:
        parsed = parse_color(value)
        if parsed is None or parsed[3] == 0:
            return None
        return blend(parsed, under or self.background)

    def _background(self) -> RGBA:
        raw = self.raw
        schemes = (_str(raw.get("colorScheme")) or "").split()
        canvas = DARK_CANVAS if schemes == ["dark"] else WHITE
        found = _map(raw.get("backgrounds"))
        page = canvas
        for key in ("html", "body"):
            layer = parse_color(found.get(key))
            if layer is not None and layer[3] > 0:
                page = blend(layer, page)
        points = found.get("points")
        if isinstance(points, list) and points:
            shown = Counter(
                to_hex(blend(c, page)) if (c := parse_color(p)) is not None and c[3] > 0 else ""
                for p in points
            )
            color, count = shown.most_common(1)[0]
            wrapper = _hex_color(color) if color else None
            if (
                wrapper is not None
                and count >= 0.6 * len(points)
                and _chroma(wrapper) < SATURATED
                and _distance(wrapper, page) >= SAME_COLOR
            ):
                page = wrapper
        return page


def _text_colors(page: _Page) -> tuple[str | None, str | None]:
    texts = _Palette(radius=12.0)
    for item in _dicts(page.raw.get("texts")):
        texts.add(page.color(item.get("color")), _num(item.get("chars")) or 0.0)
    groups = texts.groups()
    if not groups:
        body = page.color(_map(page.raw.get("body")).get("color"))
        return (to_hex(body) if body else None), None
    primary = groups[0][0]
    total = sum(w for _, w in groups)
    for hex_value, weight in groups[1:]:
        color = _hex_color(hex_value)
        if (
            weight >= 0.03 * total
            and _chroma(color) < SATURATED
            and _distance(color, _hex_color(primary)) >= 24
            and _distance(color, page.background) >= 24
        ):
            return primary, hex_value
    return primary, None


def _links(page: _Page) -> _Palette:
    links = _Palette()
    for item in _dicts(page.raw.get("links")):
        weight = 3.0 if item.get("inText") else 1.0 if item.get("inNav") else 2.0
        links.add(page.color(item.get("color")), weight)
    return links


class _Button:
    def __init__(self, page: _Page, item: Mapping[str, Any]) -> None:
        bg = parse_color(item.get("background"))
        if (bg is None or bg[3] == 0) and (gradient := _str(item.get("backgroundImage"))):
            first = _COLOR_IN_TEXT.search(gradient)
            bg = parse_color(first.group(0)) if first else None
        self.background = blend(bg, page.background) if bg is not None and bg[3] > 0 else None
        under = self.background or page.background
        self.text = page.color(item.get("color"), under)
        border = page.color(item.get("borderColor"), page.background)
        width = _num(item.get("borderWidth")) or 0.0
        style = _str(item.get("borderStyle")) or "none"
        self.border = (
            border
            if border is not None
            and width >= 1
            and style not in ("none", "hidden")
            and _distance(border, under) >= SAME_COLOR
            else None
        )
        self.filled = (
            self.background is not None
            and bg is not None
            and bg[3] >= 0.5
            and _distance(self.background, page.background) >= SAME_COLOR
        )
        self.outline = not self.filled and self.border is not None
        self.radius = _radius(item.get("borderRadius"))
        self.padding = _padding(item.get("padding"))
        classes = str(item.get("classes") or "")
        self.says_primary = "primary" in classes
        self.says_secondary = any(w in classes for w in ("secondary", "outline", "ghost"))
        self.disabled = bool(item.get("disabled"))

    def key(self) -> tuple[str, str, str, str]:
        def h(c: RGBA | None) -> str:
            return to_hex(c) if c is not None else "transparent"

        return (h(self.background), h(self.text), h(self.border), self.radius or "")

    def brand_color(self) -> RGBA | None:
        """The button's own saturated color: its fill, else its border, else its text."""
        for color in (self.background if self.filled else None, self.border, self.text):
            if color is not None and _chroma(color) >= SATURATED:
                return color
        return None


def _pick(buttons: list[_Button], score: Callable[[_Button], float]) -> _Button | None:
    groups: dict[tuple[str, str, str, str], list[_Button]] = {}
    for button in buttons:
        groups.setdefault(button.key(), []).append(button)
    if not groups:
        return None
    best = max(groups.values(), key=lambda group: sum(score(b) for b in group))
    return best[0]


def _status_colors(page: _Page) -> dict[str, str]:
    found: dict[str, _Palette] = {}
    for item in _dicts(page.raw.get("status")):
        words = f"{item.get('classes') or ''} {item.get('role') or ''}".lower()
        kind = next((name for name, keys in _STATUS_WORDS if any(k in words for k in keys)), None)
        if kind is None:
            continue
        background = page.color(item.get("background"))
        candidates = [background, page.color(item.get("color"), background)]
        if (_num(item.get("borderWidth")) or 0) >= 1:
            candidates.append(page.color(item.get("borderColor")))
        colors = [c for c in candidates if c is not None and _chroma(c) >= SATURATED]
        if colors:
            found.setdefault(kind, _Palette()).add(max(colors, key=_chroma))
    return {kind: top for kind, palette in found.items() if (top := palette.top()) is not None}


def _typography(page: _Page) -> tuple[dict[str, Any], list[dict[str, str]]]:
    raw = page.raw
    texts = _dicts(raw.get("texts"))
    headings = _dicts(raw.get("headings"))
    body = _map(raw.get("body"))
    running = [t for t in texts if str(t.get("tag")) not in _HEADINGS]

    def chars(item: Mapping[str, Any]) -> float:
        return _num(item.get("chars")) or 0.0

    primary = _mode((font_family(t.get("fontFamily")), chars(t)) for t in running)
    primary = primary or font_family(body.get("fontFamily"))
    ranked_headings = sorted(headings, key=lambda h: str(h.get("tag")))
    heading = _mode((font_family(h.get("fontFamily")), 1.0) for h in ranked_headings)
    code = _mode((font_family(stack), 1.0) for stack in _list(raw.get("code")))
    families: dict[str, Any] = {"primary": primary, "heading": heading, "code": code}

    sizes: dict[str, Any] = {}
    for tag in ("h1", "h2", "h3"):
        sizes[tag] = _mode((_size(h.get("fontSize")), 1.0) for h in headings if h.get("tag") == tag)
    sizes["body"] = _mode((_size(t.get("fontSize")), chars(t)) for t in running) or _size(
        body.get("fontSize")
    )

    by_role: dict[str, dict[int, float]] = {}
    for item in [*texts, *headings]:
        weight = _weight(item.get("fontWeight"))
        if weight is not None:
            seen = by_role.setdefault(_weight_role(weight), {})
            seen[weight] = seen.get(weight, 0.0) + max(chars(item), 1.0)
    weights = {
        role: max(by_role[role].items(), key=lambda kv: (kv[1], -kv[0]))[0]
        for role in ("light", "regular", "medium", "bold")
        if role in by_role
    }

    first_heading = next(iter(ranked_headings), None)
    line_heights = {
        "heading": (
            _line_height(first_heading.get("lineHeight"), first_heading.get("fontSize"))
            if first_heading
            else None
        ),
        "body": _mode(
            (_line_height(t.get("lineHeight"), t.get("fontSize")), chars(t)) for t in running
        )
        or _line_height(body.get("lineHeight"), body.get("fontSize")),
    }

    used: dict[str, float] = {}
    for t in [*texts, *headings]:
        if family := font_family(t.get("fontFamily")):
            used[family] = used.get(family, 0.0) + max(chars(t), 1.0)
    by_use = sorted(used, key=lambda f: -used[f])
    fonts = [f for f in (primary, heading, code) if f] + by_use
    unique = list(dict.fromkeys(fonts))[:6]
    typography = {
        "fontFamilies": _compact(families),
        "fontSizes": _compact(sizes),
        "fontWeights": weights,
        "lineHeights": _compact(line_heights),
    }
    return _compact(typography), [{"family": f} for f in unique]


def _compact(values: Mapping[str, Any]) -> dict[str, Any]:
    """Drop what was not found (None, empty objects and lists)."""
    return {k: v for k, v in values.items() if v is not None and v != {} and v != []}


def branding_profile(raw: Mapping[str, Any], url: str) -> dict[str, Any]:
    """``data.branding`` from the raw samples of the page at ``url`` (its final URL)."""
    page = _Page(raw)
    base = _str(raw.get("url")) or url
    if urlsplit(base).scheme not in ("http", "https"):
        base = url
    background = to_hex(page.background)

    text_primary, text_secondary = _text_colors(page)
    links = _links(page)
    link = links.top()
    scheme_dark = (
        _luminance(page.background) < _luminance(_hex_color(text_primary))
        if text_primary
        else _luminance(page.background) < 0.18
    )

    buttons = [b for b in (_Button(page, i) for i in _dicts(raw.get("buttons"))) if not b.disabled]
    filled = [b for b in buttons if b.filled]

    def primary_score(b: _Button) -> float:
        saturated = b.background is not None and _chroma(b.background) >= SATURATED
        return (3.0 if saturated else 1.0) + 2.0 * b.says_primary - 1.0 * b.says_secondary

    primary_button = _pick(filled, primary_score)

    def secondary_score(b: _Button) -> float:
        return (2.0 if b.outline else 1.0) + 2.0 * b.says_secondary - 2.0 * b.says_primary

    # Not a variant of the primary one (same fill, another size or radius).
    taken = primary_button.background if primary_button is not None else None
    others = [
        b
        for b in buttons
        if b.outline
        or (b.filled and (taken is None or _distance(b.background or taken, taken) >= SAME_COLOR))
    ]
    secondary_button = _pick(others, secondary_score)

    # primary: buttons and links only (filled backgrounds weigh most).
    actions = _Palette(radius=SAME_ROLE)
    for b in buttons:
        if b.filled and b.background is not None and _chroma(b.background) >= SATURATED:
            actions.add(b.background, 10.0)
        elif b.outline and (color := b.brand_color()) is not None:
            actions.add(color, 5.0)
    for hex_value, weight in links.weights.items():
        color = _hex_color(hex_value)
        if _chroma(color) >= SATURATED:
            actions.add(color, weight)
    primary = actions.top()
    if primary is None and primary_button is not None and primary_button.background:
        primary = to_hex(primary_button.background)  # a neutral brand (black buttons)

    # secondary: the secondary button's own color, else the next color of buttons/links.
    chosen = [c for c in (primary,) if c]
    secondary = None
    own = secondary_button.brand_color() if secondary_button is not None else None
    if own is not None and all(_distance(own, _hex_color(c)) >= SAME_ROLE for c in chosen):
        secondary = to_hex(own)
    decor = _Palette(radius=SAME_ROLE)
    for h in _dicts(raw.get("headings")):
        color = page.color(h.get("color"))
        if color is not None and _chroma(color) >= SATURATED:
            decor.add(color, 2.0)
    if secondary is None:
        secondary = _merge(actions, decor).top(avoid=chosen)
    if secondary:
        chosen.append(secondary)

    # accent: the next saturated color anywhere; the link color only when nothing else is.
    for item in _dicts(raw.get("surfaces")):
        color = page.color(item.get("background"))
        if color is not None and _chroma(color) >= SATURATED:
            decor.add(color, 1.0 + 4.0 * min(_num(item.get("area")) or 0.0, 1.0))
    for item in _dicts(raw.get("texts")):
        color = page.color(item.get("color"))
        if color is not None and _chroma(color) >= SATURATED:
            decor.add(color, min((_num(item.get("chars")) or 0.0) / 200, 3.0))
    accent = _merge(decor, actions).top(avoid=[*chosen, *([link] if link else [])])
    accent = accent or _merge(decor, actions).top(avoid=chosen)

    colors: dict[str, str | None] = {
        "primary": primary,
        "secondary": secondary,
        "accent": accent,
        "background": background,
        "textPrimary": text_primary,
        "textSecondary": text_secondary,
        "link": link,
        **_status_colors(page),
    }

    inputs = [_field_style(page, item) for item in _dicts(raw.get("inputs"))]
    styles = Counter(tuple(i.items()) for i in inputs if i)
    input_component = dict(styles.most_common(1)[0][0]) if styles else None

    components: dict[str, Any] = {}
    if primary_button is not None:
        components["buttonPrimary"] = _compact(
            {
                "background": _hex_or_transparent(primary_button.background),
                "textColor": _hex_or_none(primary_button.text),
                "borderRadius": primary_button.radius,
            }
        )
    if secondary_button is not None:
        components["buttonSecondary"] = _compact(
            {
                "background": _hex_or_transparent(
                    secondary_button.background if secondary_button.filled else None
                ),
                "textColor": _hex_or_none(secondary_button.text),
                "borderColor": _hex_or_transparent(secondary_button.border),
                "borderRadius": secondary_button.radius,
            }
        )
    if input_component:
        components["input"] = input_component

    radii = Counter[str]()
    for b in buttons:
        if (b.filled or b.outline) and (r := _nonzero_radius(b.radius)):
            radii[r] += 3
    for i in inputs:
        if r := _nonzero_radius(i.get("borderRadius")):
            radii[r] += 2
    for value in _list(raw.get("radii")):
        if r := _nonzero_radius(value):
            radii[r] += 1
    # Square corners only when there were boxes to see them on.
    boxes = buttons or inputs or _dicts(raw.get("surfaces"))
    square = "0px" if boxes else None
    spacing_raw = _map(raw.get("spacing"))
    paddings = _numbers(spacing_raw.get("padding"))
    margins = _numbers(spacing_raw.get("margin"))
    gaps = _numbers(spacing_raw.get("gap"))
    spacing = _compact(
        {
            "baseUnit": base_unit([*paddings, *margins, *gaps]),
            "borderRadius": radii.most_common(1)[0][0] if radii else square,
            "padding": _compact(
                {
                    "common": _common(paddings),
                    "button": primary_button.padding if primary_button else None,
                    "input": input_component.get("padding") if input_component else None,
                }
            ),
            "margins": _compact({"common": _common(margins)}),
        }
    )

    typography, fonts = _typography(page)
    logo = _logo(raw, base)
    og_image = _absolute(raw.get("ogImage"), base)
    profile: dict[str, Any] = {
        "colorScheme": "dark" if scheme_dark else "light",
        "logo": logo,
        "colors": _compact(colors),
        "fonts": fonts,
        "typography": typography,
        "spacing": spacing,
        "components": components,
        "images": {"logo": logo, "favicon": _favicon(raw, base), "ogImage": og_image},
    }
    return {k: v for k, v in profile.items() if k == "logo" or v not in (None, {}, [])}


def _merge(*palettes: _Palette) -> _Palette:
    merged = _Palette(radius=palettes[0].radius)
    for palette in palettes:
        for hex_value, weight in palette.weights.items():
            merged.add(_hex_color(hex_value), weight)
    return merged


def _hex_or_none(color: RGBA | None) -> str | None:
    return to_hex(color) if color is not None else None


def _hex_or_transparent(color: RGBA | None) -> str:
    return to_hex(color) if color is not None else "transparent"


def _field_style(page: _Page, item: Mapping[str, Any]) -> dict[str, Any]:
    background = page.color(item.get("background"))
    border_width = _num(item.get("borderWidth")) or 0.0
    has_border = border_width >= 1 and _str(item.get("borderStyle")) not in (None, "none", "hidden")
    border = page.color(item.get("borderColor")) if has_border else None
    return _compact(
        {
            "background": _hex_or_transparent(background),
            "textColor": _hex_or_none(page.color(item.get("color"), background)),
            "borderColor": _hex_or_transparent(border),
            "borderWidth": _px(border_width) if border is not None else None,
            "borderRadius": _radius(item.get("borderRadius")),
            "padding": _padding(item.get("padding")),
            "fontSize": _size(item.get("fontSize")),
        }
    )
