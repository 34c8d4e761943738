"""Local infrastructure launchers: the real Kafka broker, the real tritonserver, the services."""
