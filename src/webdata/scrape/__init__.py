"""scrape."""
