"""Verifier: accepts or rejects every step (groundwork for the reasoning loop)."""
