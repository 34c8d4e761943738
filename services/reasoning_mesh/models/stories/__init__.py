"""The story model: a question told as a story → one expression over its own numbers."""
