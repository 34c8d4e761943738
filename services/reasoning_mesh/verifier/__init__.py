"""The verifier service: runs each request's state machine, checks every step, backtracks."""
