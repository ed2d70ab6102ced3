"""The brand profile from hand-written style samples: color normalising and blending, font
names, the color scheme, palette roles, spacing and URLs, and the SDK's model accepting it."""

from __future__ import annotations

from typing import Any

import pytest
from firecrawl.v2.types import BrandingProfile

from webdata.extract.branding import (
    base_unit,
    blend,
    branding_profile,
    font_family,
    parse_color,
    to_hex,
)

URL = "https://shop.example/products/trowel"


def profile(raw: dict[str, Any], url: str = URL) -> dict[str, Any]:
    result = branding_profile(raw, url)
    BrandingProfile.model_validate(result)
    return result


def text(color: str, chars: int, **style: str) -> dict[str, Any]:
    return {"tag": "p", "chars": chars, "color": color, "fontFamily": "Inter, sans-serif",
            "fontSize": "16px", "fontWeight": "400", "lineHeight": "24px", **style}  # fmt: skip


def button(background: str, color: str, **style: Any) -> dict[str, Any]:
    return {"tag": "button", "background": background, "color": color,
            "borderColor": "rgba(0, 0, 0, 0)", "borderWidth": "0px", "borderStyle": "none",
            "borderRadius": "6px", "padding": "8px 16px", "classes": "", **style}  # fmt: skip


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("rgb(22, 163, 74)", "#16a34a"),
        ("rgb(22 163 74)", "#16a34a"),
        ("rgba(22, 163, 74, 1)", "#16a34a"),
        ("#ABC", "#aabbcc"),
        ("#16a34aff", "#16a34a"),
        ("rgb(100%, 0%, 50%)", "#ff0080"),
    ],
)
def test_colors_are_normalised_to_hex(value: str, expected: str) -> None:
    parsed = parse_color(value)
    assert parsed is not None and to_hex(parsed) == expected


def test_unknown_color_syntaxes_are_not_guessed() -> None:
    # The page script converts these (canvas); Python only reads sRGB.
    for value in ("oklch(0.6 0.2 150)", "color(srgb 1 0 0)", "rebeccapurple", "", None, 7):
        assert parse_color(value) is None
    assert parse_color("transparent") == (0.0, 0.0, 0.0, 0.0)


def test_translucent_colors_blend_over_what_they_sit_on() -> None:
    half_black = parse_color("rgba(0, 0, 0, 0.5)")
    assert half_black is not None
    assert to_hex(blend(half_black, (255.0, 255.0, 255.0, 1.0))) == "#808080"
    assert to_hex(blend(half_black, (0.0, 0.0, 255.0, 1.0))) == "#000080"


def test_rgba_text_and_backgrounds_are_blended_over_the_page() -> None:
    raw = {
        "backgrounds": {"html": "rgba(0, 0, 0, 0)", "body": "rgb(16, 16, 16)", "points": []},
        "texts": [
            text("rgba(255, 255, 255, 0.9)", 900),
            text("rgba(255, 255, 255, 0.5)", 300),
        ],
        "buttons": [button("rgba(37, 99, 235, 0.5)", "rgb(255, 255, 255)")],
    }
    colors = profile(raw)["colors"]
    assert colors["background"] == "#101010"
    # 255 * 0.9 + 16 * 0.1 = 231.1; 255 * 0.5 + 16 * 0.5 = 135.5
    assert colors["textPrimary"] == "#e7e7e7"
    assert colors["textSecondary"] == "#888888"
    # 37 * 0.5 + 16 * 0.5 = 26.5, 99 -> 57.5, 235 -> 125.5 (half to even)
    assert colors["primary"] == "#1a3a7e"


def test_a_half_transparent_body_blends_over_the_canvas() -> None:
    raw = {"backgrounds": {"html": "rgba(0, 0, 0, 0)", "body": "rgba(0, 0, 0, 0.5)"}}
    assert profile(raw)["colors"]["background"] == "#808080"


@pytest.mark.parametrize(
    ("stack", "expected"),
    [
        ('"Inter", system-ui, sans-serif', "Inter"),
        ("'Helvetica Neue', Arial, sans-serif", "Helvetica Neue"),
        ('-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, sans-serif', "Segoe UI"),
        ("system-ui, ui-sans-serif, sans-serif", None),
        ("monospace", None),
        ("  Georgia  ", "Georgia"),
        ("", None),
    ],
)
def test_font_names_are_the_first_real_family(stack: str, expected: str | None) -> None:
    assert font_family(stack) == expected


def test_generic_only_fonts_are_left_out_of_the_profile() -> None:
    raw = {
        "body": {"fontFamily": "sans-serif", "fontSize": "16px"},
        "texts": [text("rgb(0, 0, 0)", 500, fontFamily="system-ui, sans-serif")],
        "headings": [{"tag": "h1", "chars": 10, "fontFamily": '"Playfair Display", serif',
                      "fontSize": "48px", "fontWeight": "800", "lineHeight": "52.8px"}],
        "code": ["ui-monospace, monospace"],
    }  # fmt: skip
    result = profile(raw)
    assert result["fonts"] == [{"family": "Playfair Display"}]
    families = result["typography"]["fontFamilies"]
    assert families == {"heading": "Playfair Display"}
    assert result["typography"]["fontSizes"] == {"h1": "48px", "body": "16px"}
    assert result["typography"]["fontWeights"] == {"regular": 400, "bold": 800}
    assert result["typography"]["lineHeights"] == {"heading": "1.1", "body": "1.5"}


def test_dark_scheme_from_a_dark_background_under_light_text() -> None:
    raw = {
        "colorScheme": "normal",
        "backgrounds": {"html": "rgba(0, 0, 0, 0)", "body": "rgb(17, 24, 39)"},
        "texts": [text("rgb(229, 231, 235)", 800)],
    }
    result = profile(raw)
    assert result["colorScheme"] == "dark"
    assert result["colors"]["background"] == "#111827"


def test_dark_scheme_from_a_full_page_wrapper() -> None:
    wrapper = "rgb(24, 24, 27)"
    raw = {
        "backgrounds": {"html": "rgba(0, 0, 0, 0)", "body": "rgba(0, 0, 0, 0)",
                        "points": [wrapper] * 7 + [None, "rgb(255, 0, 0)"]},
        "texts": [text("rgb(250, 250, 250)", 800)],
    }  # fmt: skip
    result = profile(raw)
    assert (result["colorScheme"], result["colors"]["background"]) == ("dark", "#18181b")


def test_a_saturated_hero_is_not_the_page_background() -> None:
    raw = {
        "backgrounds": {"html": "rgb(255, 255, 255)", "body": "rgba(0, 0, 0, 0)",
                        "points": ["rgb(37, 99, 235)"] * 9},
        "texts": [text("rgb(17, 17, 17)", 800)],
    }  # fmt: skip
    result = profile(raw)
    assert (result["colorScheme"], result["colors"]["background"]) == ("light", "#ffffff")


def test_no_text_dark_canvas_is_dark() -> None:
    raw = {"colorScheme": "dark", "backgrounds": {"html": "rgba(0, 0, 0, 0)"}}
    result = profile(raw)
    assert result["colorScheme"] == "dark"
    assert result["colors"]["background"] == "#121212"


def test_palette_roles_from_buttons_links_and_surfaces() -> None:
    outline = button(
        "rgba(0, 0, 0, 0)",
        "rgb(124, 58, 237)",
        borderColor="rgb(124, 58, 237)",
        borderWidth="1px",
        borderStyle="solid",
        classes="btn btn-outline",
    )
    raw = {
        "backgrounds": {"html": "rgb(255, 255, 255)", "body": "rgb(255, 255, 255)"},
        "texts": [text("rgb(17, 24, 39)", 2000), text("rgb(107, 114, 128)", 300)],
        "buttons": [
            button("rgb(37, 99, 235)", "rgb(255, 255, 255)", classes="btn btn-primary"),
            button("rgb(37, 99, 235)", "rgb(255, 255, 255)"),
            # A neutral filled button and a disabled one do not make the brand.
            button("rgb(229, 231, 235)", "rgb(17, 24, 39)"),
            button("rgb(220, 38, 38)", "rgb(255, 255, 255)", disabled=True),
            outline,
            # Icon-only: no fill, no border.
            button("rgba(0, 0, 0, 0)", "rgb(17, 24, 39)"),
        ],
        "links": [{"color": "rgb(3, 105, 161)", "chars": 20, "inText": True}] * 3
        + [{"color": "rgb(17, 24, 39)", "chars": 5, "inNav": True}],
        "surfaces": [{"background": "rgb(236, 72, 153)", "area": 0.05}],
        "status": [
            {"classes": "alert alert-success", "background": "rgb(220, 252, 231)",
             "color": "rgb(21, 128, 61)"},
            {"classes": "toast-error", "background": "rgb(239, 68, 68)",
             "color": "rgb(255, 255, 255)"},
            {"classes": "alert", "role": "alert", "color": "rgb(202, 138, 4)"},
        ],
    }  # fmt: skip
    result = profile(raw)
    assert result["colors"] == {
        "primary": "#2563eb",
        "secondary": "#7c3aed",
        "accent": "#ec4899",
        "background": "#ffffff",
        "textPrimary": "#111827",
        "textSecondary": "#6b7280",
        "link": "#0369a1",
        "success": "#15803d",
        "error": "#ef4444",
    }
    assert result["components"]["buttonPrimary"] == {
        "background": "#2563eb",
        "textColor": "#ffffff",
        "borderRadius": "6px",
    }
    assert result["components"]["buttonSecondary"] == {
        "background": "transparent",
        "textColor": "#7c3aed",
        "borderColor": "#7c3aed",
        "borderRadius": "6px",
    }
    assert result["spacing"]["borderRadius"] == "6px"


def test_a_gradient_button_counts_with_its_first_color() -> None:
    raw = {
        "backgrounds": {"body": "rgb(255, 255, 255)"},
        "buttons": [
            button(
                "rgba(0, 0, 0, 0)",
                "rgb(255, 255, 255)",
                backgroundImage="linear-gradient(90deg, rgb(99, 91, 255), rgb(0, 212, 255))",
            )
        ],
    }
    result = profile(raw)
    assert result["colors"]["primary"] == "#635bff"
    assert result["components"]["buttonPrimary"]["background"] == "#635bff"


def test_black_buttons_make_a_neutral_primary() -> None:
    raw = {
        "backgrounds": {"body": "rgb(255, 255, 255)"},
        "buttons": [button("rgb(0, 0, 0)", "rgb(255, 255, 255)")],
    }
    assert profile(raw)["colors"]["primary"] == "#000000"


@pytest.mark.parametrize(
    ("values", "unit"),
    [
        ([8, 16, 24, 32, 8, 16, 48], 8),
        ([4, 8, 12, 4, 8, 12, 16], 4),
        ([10, 20, 30, 10, 20], 10),
        ([24, 48, 24, 48], 12),
        ([32, 64, 32, 64], 16),
        ([13, 13, 7, 7], 2),
        # One-off values (seen once) do not count when there are common ones.
        ([8, 8, 16, 16, 13, 21, 0.5, 1], 8),
        ([], None),
    ],
)
def test_base_unit(values: list[float], unit: int | None) -> None:
    assert base_unit(values) == unit


def test_spacing_and_components() -> None:
    raw = {
        "backgrounds": {"body": "rgb(255, 255, 255)"},
        "buttons": [button("rgb(37, 99, 235)", "rgb(255, 255, 255)", padding="12px 24px")],
        "inputs": [
            {"background": "rgb(255, 255, 255)", "color": "rgb(17, 24, 39)",
             "borderColor": "rgb(209, 213, 219)", "borderWidth": "1px", "borderStyle": "solid",
             "borderRadius": "4px 4px 4px 4px", "padding": "8px 12px", "fontSize": "14px"},
        ] * 2,
        "spacing": {"padding": [12, 24, 12, 24, 8, 16, 8, 16], "margin": [16, 16, 32, 7],
                    "gap": [8, 8]},
    }  # fmt: skip
    result = profile(raw)
    # 12 is a sixth of the common values: 8 fits the rest.
    assert result["spacing"] == {
        "baseUnit": 8,
        "borderRadius": "4px",
        "padding": {
            "common": ["8px", "12px", "16px", "24px"],
            "button": "12px 24px",
            "input": "8px 12px",
        },
        "margins": {"common": ["16px"]},
    }
    assert result["components"]["input"] == {
        "background": "#ffffff",
        "textColor": "#111827",
        "borderColor": "#d1d5db",
        "borderWidth": "1px",
        "borderRadius": "4px",
        "padding": "8px 12px",
        "fontSize": "14px",
    }


def test_logo_favicon_and_og_image_are_absolute() -> None:
    raw = {
        "url": "https://shop.example/products/",
        "logos": [
            # A menu icon in the header: inside a button, so not the logo.
            {"kind": "svg", "svg": "<svg></svg>", "inHeader": True, "inButton": True,
             "top": 10, "width": 24, "height": 24},
            {"kind": "img", "src": "/static/partner-logo.png", "logoHint": True, "top": 900,
             "width": 80, "height": 40},
            {"kind": "img", "src": "img/acme.svg", "inHeader": True, "home": True, "top": 12,
             "width": 120, "height": 32},
        ],
        "icons": [
            {"rel": "apple-touch-icon", "href": "https://shop.example/touch.png"},
            {"rel": "shortcut icon", "href": "https://shop.example/favicon.ico"},
        ],
        "ogImage": "../og/cover.png",
    }  # fmt: skip
    result = profile(raw)
    assert result["logo"] == "https://shop.example/products/img/acme.svg"
    assert result["images"] == {
        "logo": "https://shop.example/products/img/acme.svg",
        "favicon": "https://shop.example/favicon.ico",
        "ogImage": "https://shop.example/og/cover.png",
    }


def test_inline_svg_logo_is_a_data_url_and_scripts_are_not_urls() -> None:
    raw = {
        "logos": [
            {"kind": "img", "src": "javascript:alert(1)", "logoHint": True, "inHeader": True,
             "width": 100, "height": 30, "top": 0},
            {"kind": "svg", "svg": '<svg class="logo"><rect/></svg>', "logoHint": True,
             "inHeader": True, "width": 100, "height": 30, "top": 0},
        ],
        "ogImage": "javascript:alert(1)",
    }  # fmt: skip
    result = profile(raw)
    assert result["logo"] is not None and result["logo"].startswith("data:image/svg+xml;base64,")
    assert result["images"]["ogImage"] is None


def test_missing_or_malformed_samples_give_a_small_valid_profile() -> None:
    assert profile({}) == {
        "colorScheme": "light",
        "logo": None,
        "colors": {"background": "#ffffff"},
        "images": {"logo": None, "favicon": None, "ogImage": None},
    }
    garbage = {
        "backgrounds": "nope",
        "texts": [1, None, {"color": 5, "chars": "many"}],
        "buttons": {"a": 1},
        "links": [{"color": "rgb(1, 2)"}],
        "headings": [{"tag": "h1", "fontSize": "big", "fontWeight": "heavy"}],
        "spacing": {"padding": ["x", -4, True]},
        "logos": [{"kind": "svg", "svg": 12}],
        "radii": "8px",
        "code": "monospace",
        "icons": [{"href": None}],
    }
    result = profile(garbage)
    assert result["colors"] == {"background": "#ffffff"}
