"""The project's own knowledge base: unit-conversion facts, one per document."""
