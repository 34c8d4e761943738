"""Model code served by Triton. Pure torch: nothing here imports Triton, so it is unit-testable."""
