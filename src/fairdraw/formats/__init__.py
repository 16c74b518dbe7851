"""Adapters between files and the core model (players, schedules, TRF16)."""
