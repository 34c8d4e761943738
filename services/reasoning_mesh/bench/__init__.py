"""Benchmarks behind `rmesh bench ...` (figures, never timed tests)."""
