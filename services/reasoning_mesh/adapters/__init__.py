"""Signed LoRA adapter packages and the stores that hold them (no Kafka, no Triton)."""
