"""The fixture website the tests scrape over real HTTP on 127.0.0.1."""
