"""reasoning-mesh: verified multi-step reasoning served by an event-streaming microservice mesh."""

__version__ = "0.1.0"
