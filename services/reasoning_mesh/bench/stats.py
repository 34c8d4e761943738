"""Small statistics helpers for benchmark reports."""

from __future__ import annotations

import statistics
from collections.abc import Sequence


def pct(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0-100) by linear interpolation; NaN for no values."""
    if not values:
        return float("nan")
    if len(values) == 1:
        return float(values[0])
    return float(
        statistics.quantiles(values, n=1000, method="inclusive")[min(998, max(0, round(q * 10) - 1))]
    )
