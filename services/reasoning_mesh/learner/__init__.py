"""Continual learning: feedback → LoRA adapters, evaluated, signed and published."""
