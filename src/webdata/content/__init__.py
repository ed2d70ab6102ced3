"""content."""
