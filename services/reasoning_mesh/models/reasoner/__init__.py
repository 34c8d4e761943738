"""The reasoner: a small gated-depth decoder trained here on generated maths data.

Pure torch: nothing in this package imports Triton, so every piece is unit-testable and the
Triton backend (`model_repository/reasoner/1/model.py`) stays a thin wrapper.
"""
