"""Tests of the fetch engines (src/webdata/engines)."""
