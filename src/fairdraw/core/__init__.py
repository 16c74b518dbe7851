"""The pure core: the one model every system shares, the registry, errors."""
