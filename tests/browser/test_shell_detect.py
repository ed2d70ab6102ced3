"""App-shell detection: pure, on HTML strings."""

from __future__ import annotations

import pytest

from webdata.scrape.shell_detect import is_app_shell, might_be_shell

FILLER = "Plenty of server-rendered words about gardening and soil. " * 10
SCRIPT = "<script src='/app.js'></script>"


@pytest.mark.parametrize(
    "html",
    [
        f"<html><body><div id='root'></div>{SCRIPT}</body></html>",
        f'<html><body><div id="__next"></div>{SCRIPT}</body></html>',
        f"<html><body><div id='app'>  </div>{SCRIPT}</body></html>",
        f"<html><body><div data-reactroot></div>{SCRIPT}</body></html>",
        f"<html><body><app-root></app-root>{SCRIPT}</body></html>",
        "<html><body><noscript>Please enable JavaScript to continue.</noscript>"
        f"<div id='x'></div>{SCRIPT}</body></html>",
        "<html><body><noscript>You need to enable JavaScript to run this app.</noscript>"
        f"<div id='root'></div>{SCRIPT}</body></html>",
    ],
)
def test_shells(html: str) -> None:
    assert is_app_shell(html)


@pytest.mark.parametrize(
    "html",
    [
        f"<html><body><article><p>{FILLER}</p></article></body></html>",
        # Server-rendered app: the mount point holds the content.
        f"<html><body><div id='root'><p>{FILLER}</p></div>{SCRIPT}</body></html>",
        # Little text but no script: nothing would render it anyway.
        "<html><body><div id='root'></div></body></html>",
        # A noscript tracking pixel on a real page.
        f"<html><body><noscript><img src='/px'></noscript><p>{FILLER}</p>{SCRIPT}</body></html>",
        # A short page without mount point or noscript plea.
        f"<html><body><p>Short note.</p>{SCRIPT}</body></html>",
        "",
        "not html at all",
    ],
)
def test_not_shells(html: str) -> None:
    assert not is_app_shell(html)


def test_precheck_rules_out_plain_pages_without_parsing() -> None:
    assert not might_be_shell(f"<html><body><p>{FILLER}</p></body></html>")
    assert might_be_shell(f"<div ID=root></div>{SCRIPT}")
