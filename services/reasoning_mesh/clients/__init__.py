"""Adapters for backing services shared by several stages."""
