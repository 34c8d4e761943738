"""The planner service: a question → a DAG of sub-goals with budgets, for the verifier."""
