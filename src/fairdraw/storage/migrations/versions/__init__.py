"""Migration scripts, one per schema change, oldest first."""
