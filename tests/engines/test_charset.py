"""decode_body: BOM, header, meta, lies, detection and the WHATWG label table."""

from __future__ import annotations

import codecs

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from webdata.engines.charset import decode_body, is_textual

RUSSIAN = "Привет, мир! Это тестовая страница на русском языке для проверки кодировки. " * 3
FRENCH = "Les élèves étaient très fatigués après la journée; ils ont mangé une crème brûlée."


def page(text: str, head: str = "") -> str:
    return f"<html><head>{head}<title>t</title></head><body><p>{text}</p></body></html>"


def test_empty_body() -> None:
    assert decode_body(b"", "text/html") == ("", "utf-8")


@pytest.mark.parametrize(
    ("bom", "codec", "expected"),
    [
        (codecs.BOM_UTF8, "utf-8", "utf-8"),
        (codecs.BOM_UTF16_LE, "utf-16-le", "utf-16-le"),
        (codecs.BOM_UTF16_BE, "utf-16-be", "utf-16-be"),
    ],
)
def test_bom_is_authoritative(bom: bytes, codec: str, expected: str) -> None:
    body = bom + page("Grüße ✓").encode(codec)
    text, encoding = decode_body(body, "text/html; charset=windows-1251")
    assert encoding == expected
    assert text == page("Grüße ✓")


@pytest.mark.parametrize(
    "header",
    [
        "text/html; charset=utf-8",
        "text/html; charset=UTF-8",
        'text/html; charset="utf-8"',
        "text/html;charset='utf8' ",
        "text/html; foo=bar; charset = utf-8; boundary=x",
    ],
)
def test_header_charset_spellings(header: str) -> None:
    assert decode_body("é ✓".encode(), header) == ("é ✓", "utf-8")


@pytest.mark.parametrize(
    ("label", "source_codec", "text", "expected"),
    [
        ("iso-8859-1", "cp1252", "“smart” quotes — 5 €", "cp1252"),
        ("latin-1", "cp1252", "“smart” quotes — 5 €", "cp1252"),
        ("latin1", "cp1252", "café", "cp1252"),
        ("ascii", "cp1252", "café", "cp1252"),
        ("us-ascii", "cp1252", "café", "cp1252"),
        ("windows-1252", "cp1252", "café", "cp1252"),
        ("gbk", "gbk", "中文网页欢迎光临", "gb18030"),
        ("gb2312", "gb2312", "中文网页欢迎光临", "gb18030"),
        ("shift_jis", "cp932", "日本語のページ～①", "cp932"),  # noqa: RUF001
        ("sjis", "cp932", "日本語のページ～①", "cp932"),  # noqa: RUF001
        ("x-sjis", "cp932", "日本語のページ", "cp932"),
        ("euc-kr", "cp949", "한국어 페이지입니다", "cp949"),
        ("euc-jp", "euc_jp", "日本語のページ", "euc_jp"),
        ("big5", "big5hkscs", "繁體中文網頁", "big5hkscs"),
        ("windows-1251", "cp1251", RUSSIAN, "cp1251"),
        ("koi8-r", "koi8_r", RUSSIAN, "koi8-r"),
        ("iso-8859-9", "cp1254", "Türkçe ğüşıöç", "cp1254"),
        ("iso-8859-2", "iso8859_2", "Zażółć gęślą jaźń", "iso8859-2"),
    ],
)
def test_whatwg_label_mapping(label: str, source_codec: str, text: str, expected: str) -> None:
    body = page(text).encode(source_codec)
    decoded, encoding = decode_body(body, f"text/html; charset={label}")
    assert encoding == expected
    assert text in decoded


def test_undefined_cp1252_bytes_become_c1_controls() -> None:
    text, encoding = decode_body(b"caf\xe9 \x81\x8d\x8f\x90\x9d", "text/html; charset=iso-8859-1")
    assert encoding == "cp1252"
    assert text == "café \x81\x8d\x8f\x90\x9d"


@pytest.mark.parametrize("label", ["bogus", "x-unknown-charset", "rot13", "base64", "utf-7", ""])
def test_unknown_or_refused_labels_fall_through(label: str) -> None:
    body = page("Grüße ✓").encode()
    assert decode_body(body, f"text/html; charset={label}") == (page("Grüße ✓"), "utf-8")


def test_refused_label_in_meta_falls_through() -> None:
    body = page("Grüße +ADw-script+AD4-", '<meta charset="utf-7">').encode()
    text, encoding = decode_body(body, "text/html")
    assert encoding == "utf-8"
    assert "+ADw-script+AD4-" in text


def test_meta_charset() -> None:
    body = page("日本語のページです", '<meta charset="shift_jis">').encode("cp932")
    assert decode_body(body, "text/html") == (
        page("日本語のページです", '<meta charset="shift_jis">'),
        "cp932",
    )


def test_meta_http_equiv() -> None:
    head = '<meta http-equiv="Content-Type" content="text/html; charset=windows-1251">'
    body = page(RUSSIAN, head).encode("cp1251")
    text, encoding = decode_body(body, None)
    assert (encoding, RUSSIAN in text) == ("cp1251", True)


def test_xml_declaration() -> None:
    body = '<?xml version="1.0" encoding="ISO-8859-1"?><doc>Ça marche</doc>'.encode("latin-1")
    text, encoding = decode_body(body, "application/xml")
    assert (text.endswith("<doc>Ça marche</doc>"), encoding) == (True, "cp1252")


def test_meta_beyond_prescan_window_is_ignored() -> None:
    body = (" " * 5000 + '<meta charset="windows-1251">' + "plain ascii").encode()
    assert decode_body(body, None)[1] == "utf-8"


def test_meta_utf16_means_utf8() -> None:
    body = page("Grüße", '<meta charset="utf-16">').encode()
    assert decode_body(body, "text/html") == (page("Grüße", '<meta charset="utf-16">'), "utf-8")


def test_header_wins_over_meta() -> None:
    body = page("Grüße", '<meta charset="windows-1251">').encode()
    assert decode_body(body, "text/html; charset=utf-8")[1] == "utf-8"


def test_header_lie_latin1_but_utf8() -> None:
    text = "Grüße aus München — 日本"
    assert decode_body(page(text).encode(), "text/html; charset=iso-8859-1") == (
        page(text),
        "utf-8",
    )


def test_header_lie_multibyte_but_utf8() -> None:
    text = "Grüße aus München — ✓"
    assert decode_body(page(text).encode(), "text/html; charset=shift_jis") == (page(text), "utf-8")


def test_declared_utf8_invalid_uses_meta() -> None:
    body = page(RUSSIAN, '<meta charset="windows-1251">').encode("cp1251")
    text, encoding = decode_body(body, "text/html; charset=utf-8")
    assert (encoding, RUSSIAN in text) == ("cp1251", True)


def test_declared_utf8_invalid_uses_detection() -> None:
    text, encoding = decode_body(page(RUSSIAN).encode("cp1251"), "text/html; charset=utf-8")
    assert (encoding, RUSSIAN in text) == ("cp1251", True)


def test_mostly_utf8_with_a_broken_byte_stays_utf8() -> None:
    body = page("Grüße aus München, schöne Straße").encode() + b"\xff"
    text, encoding = decode_body(body, "text/html; charset=utf-8")
    assert encoding == "utf-8"
    assert "Grüße aus München, schöne Straße" in text
    assert text.endswith("\ufffd")


def test_declared_multibyte_with_a_broken_byte_keeps_the_declaration() -> None:
    body = page("中文网页，欢迎光临我们的网站。这是一个测试页面。").encode("gbk") + b"\x81"  # noqa: RUF001
    text, encoding = decode_body(body, "text/html; charset=gbk")
    assert encoding == "gb18030"
    assert "欢迎光临我们的网站" in text


def test_no_declaration_ascii_is_utf8() -> None:
    assert decode_body(b"<p>hello</p>", None) == ("<p>hello</p>", "utf-8")


def test_no_declaration_utf8() -> None:
    assert decode_body(page("Grüße ✓").encode(), "text/html") == (page("Grüße ✓"), "utf-8")


@pytest.mark.parametrize("text", [FRENCH, "Grüße aus München. Über 50 € für Brötchen!", "Café"])
def test_no_declaration_western_is_windows_1252(text: str) -> None:
    assert decode_body(page(text).encode("cp1252"), "text/html") == (page(text), "cp1252")


def test_no_declaration_cyrillic_is_detected() -> None:
    text, encoding = decode_body(page(RUSSIAN).encode("cp1251"), "text/html")
    assert (encoding, RUSSIAN in text) == ("cp1251", True)


def test_large_undeclared_body_is_detected_from_a_sample() -> None:
    body = page(FRENCH * 2000).encode("cp1252")
    assert len(body) > 100_000
    text, encoding = decode_body(body, None)
    assert encoding == "cp1252"
    assert text == page(FRENCH * 2000)


@pytest.mark.parametrize(
    ("content_type", "expected"),
    [
        ("text/html", True),
        ("text/plain; charset=utf-8", True),
        ("TEXT/CSV", True),
        ("application/xhtml+xml", True),
        ("application/xml", True),
        ("application/json", True),
        ("application/ld+json", True),
        ("application/rss+xml", True),
        ("application/javascript", True),
        ("image/svg+xml", True),
        ("application/octet-stream", False),
        ("application/pdf", False),
        ("image/png", False),
        ("", False),
    ],
)
def test_is_textual(content_type: str, expected: bool) -> None:
    assert is_textual(content_type) is expected


LABELS = st.sampled_from(
    [
        "utf-8",
        "iso-8859-1",
        "gbk",
        "shift_jis",
        "euc-kr",
        "utf-16",
        "utf-16be",
        "windows-1251",
        "big5",
        "bogus",
        "rot13",
        "utf-7",
        "",
    ]
)


@given(body=st.binary(max_size=3000), label=LABELS | st.text(max_size=20))
def test_decode_body_never_raises(body: bytes, label: str) -> None:
    text, encoding = decode_body(body, f"text/html; charset={label}")
    assert isinstance(text, str)
    codecs.lookup(encoding)


@given(head=st.sampled_from(["", "<meta charset=", '<?xml encoding="', "<meta charset=utf-16>"]),
       body=st.binary(max_size=500))  # fmt: skip
def test_decode_body_never_raises_with_declarations(head: str, body: bytes) -> None:
    text, _ = decode_body(head.encode() + body, None)
    assert isinstance(text, str)


@given(st.text(max_size=500))
def test_utf8_round_trip(text: str) -> None:
    assume(not text.startswith("\ufeff"))
    assert decode_body(text.encode(), "text/html; charset=utf-8") == (text, "utf-8")
    assert decode_body(text.encode(), None)[0] == text


@given(st.text(alphabet=st.characters(codec="cp1252"), max_size=300))
def test_cp1252_round_trip_unless_it_is_also_utf8(text: str) -> None:
    body = text.encode("cp1252")
    try:
        body.decode("utf-8")
        assume(body.isascii())
    except UnicodeDecodeError:
        pass
    assert decode_body(body, "text/html; charset=iso-8859-1") == (text, "cp1252")
