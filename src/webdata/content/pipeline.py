"""The content stage's one entry point: HTML in, markdown / html / links / images / metadata out.

Composition only; each step lives in its own module. The page is parsed once (lexbor);
the markdown converter parses the (smaller) cleaned fragment again in Rust.

Order of work on the tree:
  metadata, links, images  (whole page, before anything is removed)
  product-page, thread-page, article and documentation-page marks (from metadata, the URL
                            and the raw page, on <html>, read by onlyMainContent)
  includeTags / excludeTags (matched on the page as received)
  remove head, script, style, noscript, meta, link, template
  onlyMainContent           (skipped when includeTags is given; a category description
                             written after a grid-like <main> is first moved into it)
  code languages, absolute URLs, srcset -> largest src, comments (html output)
  layout tables -> blocks (markdown output)
"""

from __future__ import annotations

from dataclasses import dataclass

from selectolax.lexbor import LexborHTMLParser, LexborNode

from webdata.content.absolutize import absolutize
from webdata.content.article_noise import mark_article_page
from webdata.content.category_text import take_in_category_text
from webdata.content.clean import remove_comments, remove_junk
from webdata.content.code_blocks import mark_code_languages
from webdata.content.commerce_noise import mark_product_page
from webdata.content.docs_pages import mark_docs_page
from webdata.content.forum_noise import mark_thread_page
from webdata.content.images import extract_images
from webdata.content.layout_tables import unwrap_layout_tables
from webdata.content.links import extract_links
from webdata.content.main_content import find_main_content
from webdata.content.markdown import html_to_markdown
from webdata.content.metadata import Metadata, extract_metadata
from webdata.content.mojibake import repair_mojibake
from webdata.content.nesting import MAX_DEPTH, limit_nesting
from webdata.content.selectors import apply_tag_filters, check_selectors, validate_selector
from webdata.content.text import process_text
from webdata.content.urls import Resolver, effective_base

__all__ = [
    "ContentOptions",
    "ContentResult",
    "process_html",
    "process_text",
    "validate_selector",
]

NO_MATCH_WARNING = "includeTags matched no element on this page"
FLATTENED_WARNING = (
    f"This page nests HTML elements deeper than {MAX_DEPTH} levels; the deeper tags were"
    " flattened before parsing (their text is kept)"
)
FORMATTING_WARNING = (
    "This page leaves more formatting elements (<b>, <font>...) open than the parser can"
    " reopen cheaply; the excess were closed before parsing (their text is kept)"
)


@dataclass(frozen=True, slots=True)
class ContentOptions:
    only_main_content: bool = True
    include_tags: tuple[str, ...] = ()
    exclude_tags: tuple[str, ...] = ()
    want_markdown: bool = True
    want_html: bool = False
    want_links: bool = False
    want_images: bool = False


@dataclass(frozen=True, slots=True)
class ContentResult:
    markdown: str | None
    html: str | None  # cleaned html (when want_html)
    links: list[str] | None
    images: list[str] | None
    metadata: Metadata  # always computed
    warning: str | None


def _select(tree: LexborHTMLParser, options: ContentOptions) -> tuple[LexborNode, str | None]:
    """The node whose content is the output (the tree is trimmed in place)."""
    matched = apply_tag_filters(tree, options.include_tags, options.exclude_tags)
    remove_junk(tree)
    body = tree.body or tree.root
    assert body is not None  # lexbor always builds a document element
    if not matched:
        return body, NO_MATCH_WARNING
    if options.include_tags or not options.only_main_content or tree.body is None:
        return body, None
    take_in_category_text(body)
    main = find_main_content(body)
    return main.node, main.warning


def _serialize(node: LexborNode) -> str:
    if node.tag in ("body", "html"):
        return node.inner_html or ""
    return node.html or ""


def process_html(html: str, url: str, options: ContentOptions) -> ContentResult:
    """Everything the scrape stage needs from an HTML page.

    Raises ValueError (naming the selector) when an include/exclude selector is invalid.
    """
    check_selectors(options.include_tags)
    check_selectors(options.exclude_tags)
    # Hostile nesting makes the parse quadratic: cap it before lexbor sees the page.
    nesting = limit_nesting(html)
    tree = LexborHTMLParser(nesting.html)
    resolver = Resolver(effective_base(tree, url))
    metadata = extract_metadata(tree, resolver)
    links = extract_links(tree, resolver) if options.want_links else None
    images = extract_images(tree, resolver) if options.want_images else None
    markdown: str | None = None
    cleaned: str | None = None
    warning: str | None = None
    if options.want_markdown or options.want_html:
        if options.only_main_content and not options.include_tags:  # read by its rules only
            mark_product_page(tree, metadata, url)
            mark_thread_page(tree, metadata)
            mark_article_page(tree, metadata, url)
            mark_docs_page(tree, metadata, url)
        root, warning = _select(tree, options)
        mark_code_languages(root)
        absolutize(root, resolver)
        if options.want_html:
            remove_comments(root)
        fragment = _serialize(root)
        cleaned = fragment if options.want_html else None
        # (the cleaned html keeps its layout tables as they came)
        if options.want_markdown and "<table" in fragment and unwrap_layout_tables(root):
            fragment = _serialize(root)
        markdown = repair_mojibake(html_to_markdown(fragment)) if options.want_markdown else None
    for cut, said in (
        (nesting.flattened, FLATTENED_WARNING),
        (nesting.formatting, FORMATTING_WARNING),
    ):
        if cut:
            warning = f"{warning}; {said}" if warning else said
    return ContentResult(markdown, cleaned, links, images, metadata, warning)
