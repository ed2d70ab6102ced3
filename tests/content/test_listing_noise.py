"""onlyMainContent on collection and listing pages: the item grid stays, its chrome goes."""

from __future__ import annotations

from tests.content.pages import html_markdown

URL = "https://shop.example.com/c/sneakers"


def markdown(html: str) -> str:
    return html_markdown(html, URL)


def page(inner: str) -> str:
    return f"<html><head><title>T</title></head><body>{inner}</body></html>"


def card(i: int) -> str:
    return (
        f"<article><a href='/p/{i}'><img src='/i/{i}.jpg' alt=''>"
        f"<dl><dd>Brand{i}</dd><dd>Runner model {i} lightweight shoe</dd>"
        f"<dd>${50 + i}.00</dd></dl></a></article>"
    )


def test_grid_inside_a_facets_wrapper_with_the_headline_is_kept() -> None:
    # the whole result area sits in a wrapper named after its filters: made of links (the
    # cards are links), but it holds the page's headline, so it is the grid, not a menu
    cards = "".join(card(i) for i in range(12))
    html = page(
        "<header class='site-header'><a href='/'>SHOP_HOME</a></header>"
        "<main id='main'><div class='searchWrapper searchFacets'>"
        f"<h1>Women's sneakers</h1><div class='grid'>{cards}</div></div></main>"
    )
    md = markdown(html)
    assert "Women's sneakers" in md
    assert "Runner model 3 lightweight shoe" in md
    assert "SHOP_HOME" not in md


def action_card(i: int) -> str:
    return (
        f"<li class='tile'><a href='/p/{i}'><img src='/i/{i}.jpg' alt=''>"
        f"<h3>Trail jacket model {i}</h3></a><p>${80 + i}.00</p>"
        "<div class='actions'><span>Quick view</span><a href='/compare'>Compare</a></div></li>"
    )


def test_card_actions_repeated_on_the_grid_go() -> None:
    cards = "".join(action_card(i) for i in range(6))
    html = page(f"<main><h1>Jackets</h1><ul class='grid'>{cards}</ul></main>")
    md = markdown(html)
    assert "Trail jacket model 4" in md
    assert "$84.00" in md
    assert "Quick view" not in md
    assert "Compare" not in md


def test_a_lone_action_phrase_in_prose_stays() -> None:
    prose = "<p>Compare</p><p>Two ways to pack a tent, one of them much better than the other.</p>"
    html = page(f"<main><h1>Packing</h1>{prose}<p>More text about tents and poles.</p></main>")
    assert "Compare" in markdown(html)


def test_card_field_labels_go_and_their_values_stay() -> None:
    cards = (
        "".join(card(i) for i in range(6))
        .replace("<dl>", "<dl><dt>Brand name</dt>")
        .replace("<dd>$", "<dt>Price</dt><dd>$")
    )
    html = page(f"<main><h1>Sneakers</h1><div class='grid'>{cards}</div></main>")
    md = markdown(html)
    assert "Brand name" not in md
    assert "Price" not in md
    assert "Brand3" in md
    assert "$53.00" in md


def test_definition_lists_of_documentation_keep_their_terms() -> None:
    entries = "".join(
        f"<h3>method_{i}</h3><dl><dt>signature:</dt><dd>method_{i}(a, b) -> int</dd></dl>"
        for i in range(6)
    )
    md = markdown(page(f"<main><h1>API</h1>{entries}</main>"))
    assert md.count("signature:") == 6


def promo_card(i: int) -> str:
    return (
        f"<div class='tile'><a href='/p/{i}'><img src='/i/{i}.jpg' alt=''>"
        f"<span>Top rated</span><h3>Carry-on spinner {i}</h3></a><span>${200 + i}.99</span>"
        "<div class='promo'><span>Extra 17% off with code LUCKY17</span>"
        "<span>+ Free shipping</span></div><span>Save $20</span></div>"
    )


def test_badges_and_promotions_repeated_on_cards_go_discounts_stay() -> None:
    cards = "".join(promo_card(i) for i in range(5))
    md = markdown(page(f"<main><h1>Carry-ons</h1><div class='grid'>{cards}</div></main>"))
    assert "Carry-on spinner 2" in md
    assert "$202.99" in md
    assert "Save $20" in md  # the card's discount is price information
    assert "Top rated" not in md
    assert "LUCKY17" not in md
    assert "Free shipping" not in md


def test_a_promotion_standing_once_stays() -> None:
    html = page(
        "<main><h1>Moving service</h1><p>We pack, load and move your home in one day.</p>"
        "<div><img src='/truck.jpg' alt=''><p>Free shipping of boxes on every booking.</p></div>"
        "</main>"
    )
    assert "Free shipping of boxes" in markdown(html)


def test_agency_photo_credits_beside_teaser_pictures_go() -> None:
    teasers = "".join(
        f"<li><figure><img src='/t/{i}.jpg' alt=''><figcaption>Jane Roe{i} via Getty Images"
        f"</figcaption></figure><h3><a href='/news/{i}'>Cloud spending rises {i}</a></h3></li>"
        for i in range(4)
    )
    md = markdown(page(f"<main><h1>Cloud</h1><ul class='feed'>{teasers}</ul></main>"))
    assert "Cloud spending rises 2" in md
    assert "Getty" not in md


def test_a_caption_describing_the_picture_stays() -> None:
    html = page(
        "<main><h1>Harbour</h1><figure><img src='/h.jpg' alt=''><figcaption>Boats in the "
        "harbour at dawn, seen from the old pier.</figcaption></figure>"
        "<p>The harbour was rebuilt after the storm of 1953 and shelters forty boats.</p></main>"
    )
    assert "Boats in the harbour at dawn" in markdown(html)


def teaser(i: int, date: str) -> str:
    return (
        f"<article class='post-card'><a href='/blog/{i}'><img src='/i/{i}.jpg' alt=''></a>"
        f"<div class='post-card__date'>{date}</div>"
        f"<h2><a href='/blog/{i}'>How we rebuilt release number {i} of the app</a></h2>"
        f"<p>A short summary of post {i} for the index.</p></article>"
    )


def test_teaser_dates_on_a_blog_index_go() -> None:
    dates = ["Feb 9, 2026", "3 months ago", "7 min read", "22 December 2025"]
    teasers = "".join(teaser(i, dates[i % 4]) for i in range(8))
    md = markdown(page(f"<main><h1>Engineering blog</h1>{teasers}</main>"))
    assert "How we rebuilt release number 5 of the app" in md
    assert "A short summary of post 5" in md
    for date in dates:
        assert date not in md


def test_dates_that_are_permalinks_or_part_of_a_line_stay() -> None:
    # a thread's posts link their dates (permalinks); "Updated 6 days ago" is an item field
    posts = "".join(
        f"<article><img src='/a/{i}.png' alt=''><a href='/u/{i}'>user{i}</a>"
        f"<a href='/t/1/post-{i}'><time>Jul {10 + i}, 2024</time></a>"
        f"<a href='/t/1/post-{i}#r'>Reply to the question number {i}</a></article>"
        for i in range(5)
    )
    models = "".join(
        f"<article><a href='/m/{i}'><img src='/m/{i}.png' alt=''><h4>org/model-{i}</h4>"
        f"<div><span>Updated <time>{i + 2} days ago</time></span></div></a></article>"
        for i in range(5)
    )
    md = markdown(page(f"<main><h1>Thread and models</h1>{posts}{models}</main>"))
    assert "Jul 12, 2024" in md
    assert "4 days ago" in md


def test_a_date_standing_once_stays() -> None:
    teasers = "".join(teaser(i, "Feb 9, 2026" if i == 0 else "") for i in range(8))
    md = markdown(page(f"<main><h1>Engineering blog</h1>{teasers}</main>"))
    assert "Feb 9, 2026" in md


def test_alt_of_a_card_thumbnail_is_dropped_and_other_alts_stay() -> None:
    # a teaser's picture inside its link: the alt describes a photo of the linked page
    teasers = "".join(
        f"<li><a href='/post/{i}'><img src='/i/{i}.jpg' alt='Mascot floating among cubes {i}'>"
        f"<h2>Post title number {i}</h2></a><p>Summary of post {i}.</p></li>"
        for i in range(4)
    )
    html = page(
        "<main><h1>Blog</h1><p>Our news.</p>"
        "<img src='/i/chart.png' alt='Chart of weekly signups'>"
        f"<ul>{teasers}</ul></main>"
    )
    md = markdown(html)
    assert "Post title number 2" in md
    assert "Mascot floating" not in md
    assert "Chart of weekly signups" in md  # not in a link: its alt stays


def test_alt_of_a_figure_linked_to_its_full_size_file_stays() -> None:
    # article editors link a figure to its own file (a zoom): the picture is content
    html = page(
        "<main><h1>Results</h1><p>Signups grew all year, as the chart shows.</p>"
        "<a href='/uploads/signups-full.png?v=2'>"
        "<img src='/uploads/signups-640.png' alt='Chart of weekly signups'></a>"
        "<p>More text about the results of the year.</p></main>"
    )
    assert "Chart of weekly signups" in markdown(html)


def test_a_cards_title_linked_twice_is_written_once() -> None:
    # each card lays a link over itself, then links its heading to the same post
    cards = "".join(
        f"<div class='story'><div><a href='/post/{i}'>Story headline {i}</a></div>"
        f"<h2><a href='/post/{i}'>Story headline {i}</a></h2><p>By author {i}</p></div>"
        for i in range(4)
    )
    md = markdown(page(f"<main><h1>Latest</h1>{cards}</main>"))
    assert md.count("Story headline 2") == 1
    assert "## [Story headline 2]" in md  # the heading's copy stays


def test_a_link_repeated_in_prose_stays() -> None:
    prose = "".join(
        f"<p>Call <a href='/api#f{i}'>f{i}()</a> first, then <a href='/api#f{i}'>f{i}()</a>.</p>"
        for i in range(4)
    )
    md = markdown(page(f"<main><h1>Guide</h1>{prose}</main>"))
    assert md.count("f2()") == 2


def test_price_superscripts_are_written_inline_and_footnote_marks_stay() -> None:
    cards = "".join(
        f"<li><h2>Camera {i}</h2><p><sup>$</sup>1,89{i}<sup>.00</sup> or "
        f"$99{i}<sup>99</sup></p></li>"
        for i in range(3)
    )
    md = markdown(
        page(f"<main><h1>Cameras</h1><ul>{cards}</ul><p>Sensor size<sup>2</sup> here.</p></main>")
    )
    assert "$1,892.00" in md
    assert "$992.99" in md
    assert "<sup>2</sup>" in md  # an exponent or a note stays a superscript


def test_a_power_of_ten_is_not_read_as_cents() -> None:
    md = markdown(page("<main><h1>Moles</h1><p>One mole holds 6.022 times 10<sup>23</sup> "
                       "atoms; the lab kit costs $10<sup>99</sup>.</p></main>"))  # fmt: skip
    assert "10<sup>23</sup> atoms" in md
    assert "$10.99" in md


def test_alts_of_list_items_pictures_go_when_several_items_hold_one() -> None:
    teasers = "".join(
        f"<li><h2><a href='/n/{i}'>News item {i}</a></h2>"
        f"<img src='/i/{i}.jpg' alt='Minister speaking at a podium {i}'></li>"
        for i in range(3)
    )
    html = page(
        "<main><h1>Economy</h1><p>Intro.</p>"
        "<figure><img src='/i/map.png' alt='Map of the trade routes'></figure>"
        f"<ul>{teasers}</ul></main>"
    )
    md = markdown(html)
    assert "News item 1" in md
    assert "Minister speaking" not in md
    assert "Map of the trade routes" in md  # not a list item's picture


def test_captions_of_a_results_toolbar_go() -> None:
    # the sort and view pickers are controls (gone); their captions stood beside them
    toolbar = (
        "<div class='x1'><span>Sort by:</span><select><option>Best match</option></select>"
        "<div><span>View:</span><button>Grid</button></div></div>"
    )
    cards = "".join(action_card(i) for i in range(4))
    head = "<div><h1>Jackets</h1><p>51 products</p></div>"
    html = page(f"<main>{head}{toolbar}<ul class='grid'>{cards}</ul></main>")
    md = markdown(html)
    assert "Sort by" not in md
    assert "View:" not in md
    assert "51 products" in md  # beside the headline, the size of the list is the reader's
    assert "Trail jacket model 2" in md


def test_the_header_row_of_a_result_list_goes() -> None:
    # class names hashed: the row is found by its text, a count beside sort/filter controls
    row = (
        "<div class='h3f2a'><div class='h77c1'><span>22 products</span></div>"
        "<div><span>Sort:</span><a href='#'>Featured</a></div><a href='#'>Filter</a></div>"
    )
    cards = "".join(action_card(i) for i in range(4))
    html = page(f"<main><h1>Candles</h1>{row}<ul class='hb09e'>{cards}</ul></main>")
    md = markdown(html)
    assert "22 products" not in md and "Featured" not in md and "Filter" not in md
    assert "Candles" in md and "Trail jacket model 2" in md


def test_a_result_count_away_from_a_control_row_stays() -> None:
    cards = "".join(action_card(i) for i in range(4))
    for head, count in (
        ("<div><h1>Candles</h1><p>22 products</p><a href='#'>Sort by</a></div>", "22 products"),
        ("<div><p>81 results</p><button>Filters</button></div>", "81 results"),  # one control
        (
            "<div><p>Showing 18 results</p><a href='#top'>To top</a><a href='#'>More</a></div>",
            "Showing 18 results",
        ),
    ):
        md = markdown(page(f"<main><h1>Candles</h1>{head}<ul class='hb09e'>{cards}</ul></main>"))
        assert count in md


def test_count_rows_linear_in_page_size() -> None:
    import time

    from selectolax.lexbor import LexborHTMLParser

    from webdata.content.listing_noise import count_row_removals

    row = (
        "<div><span>{i} products</span><span>Sort by:</span><a href='#'>Newest</a>"
        "<a href='#'>Filter</a></div><p>Item {i} is a plain paragraph of some length.</p>"
    )
    html = "<main>" + "".join(row.format(i=i) for i in range(5000)) + "</main>"
    body = LexborHTMLParser(html).body
    assert body is not None
    start = time.process_time()
    assert len(count_row_removals(body)) == 5000
    assert time.process_time() - start < 2


def test_the_count_row_patterns_do_not_backtrack_on_hostile_text() -> None:
    import time

    from webdata.content.listing_noise import _COUNT, _COUNT_HINT, _ROW_CONTROL

    for pattern, text in (
        (_COUNT, "showing " + "1," * 50_000 + " of x"),
        (_COUNT, "1" * 50_000 + " " * 50_000 + "x"),
        (_COUNT, "1 of 2" + " " * 100_000 + "x"),
        (_ROW_CONTROL, "sort" + " " * 100_000 + "!x"),
        (_ROW_CONTROL, "sort by " + "a " * 50_000 + "!x"),
        (_ROW_CONTROL, "filter & " * 20_000 + "!x"),
        (_COUNT_HINT, ("1" * 1000 + " \n") * 100),
        (_COUNT_HINT, " " * 100_000 + "1" * 100_000),
    ):
        start = time.process_time()
        pattern.search(text) if pattern is _COUNT_HINT else pattern.match(text)
        assert time.process_time() - start < 0.5


def test_a_pagers_position_goes() -> None:
    # under a grid loaded in parts, with no sort or filter control beside it (hashed classes)
    cards = "".join(action_card(i) for i in range(4))
    for position in ("Showing 24 of 193 results", "showing 1 - 5 of 52", "Viewing 1-12 of 40"):
        html = page(
            f"<main><h1>Candles</h1><ul class='hb09e'>{cards}</ul>"
            f"<div class='h1'><p>{position}</p><button>Show more</button></div></main>"
        )
        md = markdown(html)
        assert position not in md and "Trail jacket model 2" in md


def test_a_lists_size_stays() -> None:
    cards = "".join(action_card(i) for i in range(4))
    for count in ("Showing 18 results", "Showing 12 of 12 results", "3 of 5", "4 out of 5"):
        html = page(f"<main><h1>Candles</h1><p>{count}</p><ul class='hb09e'>{cards}</ul></main>")
        assert count in markdown(html)


def test_positions_linear_in_page_size() -> None:
    import time

    from selectolax.lexbor import LexborHTMLParser

    from webdata.content.listing_noise import _POSITION, position_removals

    row = "<div><span>Showing {i} of 9000</span></div><p>Item {i} is a plain paragraph.</p>"
    html = "<main>" + "".join(row.format(i=i) for i in range(1, 5001)) + "</main>"
    body = LexborHTMLParser(html).body
    assert body is not None
    start = time.process_time()
    assert len(position_removals(body)) == 5000
    assert time.process_time() - start < 2
    for pattern, text in (
        (_POSITION, "showing " + "1," * 50_000 + " of x"),
        (_POSITION, "showing " + "1" * 50_000 + " " * 50_000 + "x"),
        (_POSITION, "showing 1 - " + "2" * 50_000 + " of x"),
        (_POSITION, "viewing 1 " + " " * 50_000 + "- 2" + " " * 50_000 + "of"),
    ):
        start = time.process_time()
        pattern.match(text)
        assert time.process_time() - start < 0.5


def test_a_filters_heading_of_documentation_stays() -> None:
    html = page(
        "<main><h1>Template language</h1><h2>Filters</h2>"
        "<p>Variables can be modified by filters, separated from the variable by a pipe.</p></main>"
    )
    assert "Filters" in markdown(html)


def news_card(i: int, section: str) -> str:
    return (
        f"<div class='item'><a href='/n/{i}'><img src='/i/{i}.jpg' alt=''></a>"
        f"<h2><a href='/n/{i}'>Hotel group opens resort number {i}</a></h2>"
        f"<p>The group opened its resort number {i} after a long renovation of the rooms.</p>"
        f"<div><a href='/list/{section}'>More in this category {section}</a></div>"
        f"<div><a href='/search?q=mlt:{i}'>More like this</a></div></div>"
    )


def test_more_links_repeated_on_news_cards_go() -> None:
    sections = ["Leisure Travel", "Lodging Industry", "Travel Technology", "Sustainability"]
    cards = "".join(news_card(i, s) for i, s in enumerate(sections))
    md = markdown(page(f"<main><h1>Latest news</h1>{cards}</main>"))
    assert "Hotel group opens resort number 2" in md
    assert "More like this" not in md
    assert "More in this category" not in md


def shoe_card(i: int) -> str:
    # a link laid over the card with the item's full description, then the visible link
    return (
        f"<article><a href='/p/{i}'>Brand - Runner {i}. Color Grey. "
        f"On sale for ${60 + i}.00. 4.4 out of 5 stars</a>"
        f"<div><img src='/i/{i}.jpg' alt=''></div>"
        f"<a href='/p/{i}'><span>Brand</span> <span>Runner {i} Women's Grey</span> "
        f"<span>${60 + i}</span></a></article>"
    )


def test_the_second_rendering_of_a_card_goes() -> None:
    cards = "".join(shoe_card(i) for i in range(6))
    md = markdown(page(f"<main><h1>Sneakers</h1><div class='grid'>{cards}</div></main>"))
    assert "Runner 3. Color Grey. On sale for $63.00" in md
    assert "Runner 3 Women's Grey" not in md


def test_a_title_and_a_short_call_to_action_to_the_same_item_stay() -> None:
    cards = "".join(
        f"<li><a href='/p/{i}'>Runner {i} lightweight trail shoe</a> <span>${60 + i}</span>"
        f"<p><a href='/p/{i}'>Shop now</a></p></li>"
        for i in range(6)
    )
    md = markdown(page(f"<main><h1>Sneakers</h1><ul>{cards}</ul></main>"))
    assert "Runner 3 lightweight trail shoe" in md


def test_alts_of_posters_wrapped_deep_in_their_list_items_go() -> None:
    # a component library wraps each card's poster in six divs inside the list item
    wrapped = "<div><div><div><div><div><div>{}</div></div></div></div></div></div>"
    items = "".join(
        "<li>"
        + wrapped.format(f"<img src='/p/{i}.jpg' alt='Actor {i} and Actress {i} in Film {i}'>")
        + f"<h3><a href='/t/{i}'>Film number {i}</a></h3><span>7.{i} rating</span></li>"
        for i in range(5)
    )
    md = markdown(page(f"<main><h1>Most popular films</h1><ul>{items}</ul></main>"))
    assert "Film number 3" in md
    assert "Actress 3" not in md


def test_badges_nested_deep_in_their_cards_go() -> None:
    # the badge sits five wrappers below the element that also holds the card's picture
    deep = (
        "<div><p>Ships free</p><div><p>In stock</p><div><p>Sold online</p><div>"
        "<p>Top brand</p><span>New Arrival</span></div></div></div></div>"
    )
    cards = "".join(
        f"<div class='tile'><img src='/i/{i}.jpg' alt=''><div>{deep}"
        f"<h3><a href='/p/{i}'>Zoom lens model {i} for mirrorless cameras</a></h3></div></div>"
        for i in range(5)
    )
    md = markdown(page(f"<main><h1>Lenses</h1><div class='grid'>{cards}</div></main>"))
    assert "Zoom lens model 2" in md
    assert "New Arrival" not in md
