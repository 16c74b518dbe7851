"""Benchmarks run by ``make bench``; results go to docs/PERFORMANCE.md."""
