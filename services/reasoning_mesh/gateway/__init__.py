"""Gateway: admission (per-tenant token buckets), routing, SDK, CLI batch, HTTP + SSE."""
