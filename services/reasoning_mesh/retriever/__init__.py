"""Retriever service: knowledge-base ingestion and RAG evidence (Triton embeddings + Qdrant)."""
