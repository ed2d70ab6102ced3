"""The pure layout and assembly steps, on hand-made text runs (no PDF involved)."""

from __future__ import annotations

from tests.documents import pdf_samples as samples
from webdata.documents.blocks import Block, PageBlocks, assemble, blocks_to_dicts, page_marker
from webdata.documents.pdf import PdfOptions, parse_pdf
from webdata.documents.pdf_furniture import PageItems, find_furniture
from webdata.documents.pdf_layout import build_rows, find_tables, layout_page
from webdata.documents.pdf_markdown import doc_style, page_blocks
from webdata.documents.pdf_model import Line, Table

WIDTH, HEIGHT = 612.0, 792.0


def run(text: str, x0: float, top: float, *, size: float = 10.0, width: float = 0.0) -> Line:
    """A run of text at (x0, top); about 0.5 em a character unless ``width`` is given."""
    width = width or len(text) * size * 0.5
    return Line(text, x0, top, x0 + width, top + size * 1.2, size, False)


def texts(items: list[Line | Table]) -> list[str]:
    return [
        i.text if isinstance(i, Line) else f"<table {len(i.rows)}x{len(i.rows[0])}>" for i in items
    ]


def test_rows_join_close_runs_and_keep_wide_gaps() -> None:
    rows = build_rows(
        [
            run("world", 103, 100.5),  # same baseline, 3 pt after "hello": one run
            run("hello", 72, 100, width=28),
            run("far away", 300, 101),  # a wide gap: its own cell
            run("next line", 72, 114),
        ]
    )
    assert [[c.text for c in r.cells] for r in rows] == [["hello world", "far away"], ["next line"]]


def test_list_marker_hanging_left_joins_its_text() -> None:
    [row] = build_rows([run("\u2022", 72, 100, width=4), run("Item text", 100, 100)])
    assert [c.text for c in row.cells] == ["\u2022 Item text"]


def test_grid_of_short_cells_is_a_table() -> None:
    cells = [("Name", "Qty", "Price"), ("Apple", "3", "1.20"), ("Pear", "12", "0.50")]
    lines = [
        run(t, x, 100 + 15 * i)
        for i, row in enumerate(cells)
        for x, t in zip((72, 220, 340), row, strict=True)
    ]
    [table] = find_tables(build_rows(lines), WIDTH)
    assert isinstance(table, Table)
    assert table.rows == [list(r) for r in cells]


def test_two_rows_are_not_a_table() -> None:
    lines = [run(t, x, 100 + 15 * i) for i in range(2) for x, t in ((72, "a"), (220, "b"))]
    assert not any(isinstance(e, Table) for e in find_tables(build_rows(lines), WIDTH))


def test_columns_of_prose_are_not_a_table() -> None:
    sentence = "words of running text that fill the column"
    lines = [run(sentence, x, 100 + 12 * i, width=230) for i in range(8) for x in (72, 320)]
    assert not any(isinstance(e, Table) for e in find_tables(build_rows(lines), WIDTH))


def test_two_columns_are_read_one_after_the_other() -> None:
    lines = [run("Title across the page", 72, 60, width=460)]
    lines += [run(f"left {i}", 72, 100 + 12 * i, width=220) for i in range(6)]
    lines += [run(f"right {i}", 320, 100 + 12 * i, width=220) for i in range(6)]
    lines += [run("Footer across the page", 72, 200, width=460)]
    assert texts(layout_page(lines, WIDTH, HEIGHT)) == [
        "Title across the page",
        *(f"left {i}" for i in range(6)),
        *(f"right {i}" for i in range(6)),
        "Footer across the page",
    ]


def test_label_value_rows_stay_paired() -> None:
    # Short labels left, values far right: a key/value grid, not two columns of text.
    lines = []
    for i in range(6):
        lines += [
            run(f"Label {i}:", 72, 100 + 14 * i, width=40),
            run(f"value {i}", 400, 100 + 14 * i),
        ]
    [table] = layout_page(lines, WIDTH, HEIGHT)
    assert isinstance(table, Table)
    assert table.rows == [[f"Label {i}:", f"value {i}"] for i in range(6)]


def test_ragged_single_column_is_not_split() -> None:
    widths = [460, 300, 460, 120, 460, 460, 200, 460]
    lines = [run(f"line {i}", 72, 100 + 12 * i, width=w) for i, w in enumerate(widths)]
    assert texts(layout_page(lines, WIDTH, HEIGHT)) == [f"line {i}" for i in range(8)]


def test_margin_lines_come_first_and_last() -> None:
    lines = [run(f"left {i}", 72, 100 + 12 * i, width=220) for i in range(6)]
    lines += [run(f"right {i}", 320, 100 + 12 * i, width=220) for i in range(6)]
    lines += [run("7", 560, 760), run("Running head", 400, 20)]
    out = texts(layout_page(lines, WIDTH, HEIGHT))
    assert out[0] == "Running head"
    assert out[-1] == "7"


def test_body_lines_in_the_bottom_margin_stay_in_their_column() -> None:
    # Tight margins: the columns run into the bottom tenth of the page, with no gap.
    lines = [run(f"left {i}", 72, 640 + 12 * i, width=220) for i in range(11)]
    lines += [run(f"right {i}", 320, 640 + 12 * i, width=220) for i in range(11)]
    assert texts(layout_page(lines, WIDTH, HEIGHT)) == [
        *(f"left {i}" for i in range(11)),
        *(f"right {i}" for i in range(11)),
    ]


def test_furniture_needs_repetition_except_page_numbers() -> None:
    def page(head: str, foot: str) -> PageItems:
        return PageItems(
            HEIGHT, [run(head, 72, 20), run("Body text here", 72, 300), run(foot, 300, 760)]
        )

    marks = find_furniture([page("Report 2024", "- 1 -"), page("Report 2024", "- 2 -")], 10.0)
    assert marks == [{0: "page_header", 2: "page_number"}] * 2
    single = find_furniture([page("Report 2024", "Some closing remark")], 10.0)
    assert single == [{}]


def test_assemble_spans_and_page_markers() -> None:
    pages = [
        PageBlocks(
            1, WIDTH, HEIGHT, blocks=[Block("title", "# T", None), Block("text", "a", None)]
        ),
        PageBlocks(
            2,
            WIDTH,
            HEIGHT,
            blocks=[
                Block("page_header", "Head", None, in_markdown=False),
                Block("text", "- x", None),
                Block("text", "- y", None, tight=True),
            ],
        ),
        PageBlocks(3, WIDTH, HEIGHT),
    ]
    markdown, per_page = assemble(pages, page_markers=True)
    assert page_marker(2) == "\n\n---\n\n<!-- page 2 -->\n\n"
    assert markdown == "# T\n\na" + page_marker(2) + "- x\n- y" + page_marker(3)
    assert per_page == ["# T\n\na", "- x\n- y", ""]
    for page in pages:
        for block in page.blocks:
            if block.in_markdown:
                assert block.span is not None
                assert markdown[block.span[0] : block.span[1]] == block.content
            else:
                assert block.span is None
    plain, _ = assemble(pages, page_markers=False)
    assert plain == "# T\n\na\n\n- x\n- y"
    dicts = blocks_to_dicts(pages)
    assert dicts[1]["items"][0]["markdownSpan"] is None
    assert dicts[1]["items"][1]["markdownSpan"] == [len("# T\n\na\n\n"), len("# T\n\na\n\n- x")]


def test_code_font_lines_become_a_fenced_block() -> None:
    result = parse_pdf(samples.code_pdf(), PdfOptions())
    assert result.markdown == (
        "Define the function like this:\n\n"
        "```\ndef total(items):\n    return sum(items)\n\nprint(total([1, 2]))\n```\n\n"
        "It prints the sum of the list."
    )


def test_page_blocks_join_wrapped_lines() -> None:
    style = doc_style([[run("body", 72, 0)]])
    lines: list[Line | Table] = [
        run("first line of a paragraph", 72, 100),
        run("goes on here.", 72, 112),
        run("中文第一行", 72, 150),
        run("继续", 72, 162),
    ]
    blocks = page_blocks(lines, {}, style, strip_furniture=True)
    assert [b.content for b in blocks] == [
        "first line of a paragraph goes on here.",
        "中文第一行继续",
    ]


def test_paragraph_text_that_looks_like_markdown_is_escaped() -> None:
    style = doc_style([[run("body", 72, 0)]])
    blocks = page_blocks([run("# not a heading", 72, 100)], {}, style, strip_furniture=True)
    assert [b.content for b in blocks] == ["\\# not a heading"]
