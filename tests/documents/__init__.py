"""Tests of document parsing (src/webdata/documents); PDFs are generated at test time."""
