"""Job tests."""
