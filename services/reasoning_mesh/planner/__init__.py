"""Planner: decomposes a question into a DAG of sub-goals (groundwork for the reasoning loop)."""
