"""A long, realistic page for the PII engine's speed: the linearity test in ``test_pii.py`` and
``benchmarks/pii.py`` time redaction on the same text."""

from __future__ import annotations


def realistic_page(size: int) -> str:
    """Release notes (dates, versions, prices, tables, code) with a little PII per block,
    ``size`` characters long."""
    block = (
        "# Release notes for Widget 3.2.1\n\nPublished 2024-05-01, updated 12/05/2024 10:30.\n"
        "The Pro plan costs $19.99 (was $24.99); see [the guide](https://docs.widget.io/m?from=3.1)."
        "\n\n```bash\npip install widget==3.2.1\nwidget --port 8080 --workers 4\n```\n\n"
        "| Version | Released | Downloads |\n|---|---|---|\n| 3.2.1 | 2024-05-01 | 1,204,332 |\n"
        "| 3.1.9 | 2023-12-02 | 5,120,004 |\n\nOrder WID-2024-000123, ISBN 978-3-16-148410-0, "
        "build 10.0.19041.1 on 127.0.0.1:8080. Thanks to Acme Corporation and everyone else.\n\n"
    )
    pii = [
        "Contact Jane Doe at jane.doe@corp.io or +44 20 7946 0958.\n\n",
        "Card on file: 4111 1111 1111 1111.\n\n",
        "Posted by Dr. Priya Patel from 81.2.69.160.\n\n",
        "Callback https://hooks.acme.io/cb?token=a8F3kL9qPz2xW7 for tests.\n\n",
    ]
    parts: list[str] = []
    total = 0
    i = 0
    while total < size:
        piece = block + pii[i % len(pii)]
        parts.append(piece)
        total += len(piece)
        i += 1
    return "".join(parts)[:size]
