"""webdata: a self-hostable web data service (the v2 scrape API)."""

__version__ = "0.1.0"
