"""Message contracts: one module per topic, plus the registry used for schemas and AsyncAPI."""
