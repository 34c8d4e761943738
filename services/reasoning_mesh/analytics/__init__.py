"""The analytics service: windowed tables of the mesh's results, throttling and dead letters."""
