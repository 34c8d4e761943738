"""The metrics port also answers Kubernetes' probes: `/livez` (the process serves HTTP; a stuck
member is ended by the service's watchdog, not by the probe) and `/readyz` (200 once every stage
consumes and produces, 503 before and while draining); every other path is Prometheus' metrics,
as before."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from typing import Any
from wsgiref.simple_server import make_server

from prometheus_client import make_wsgi_app
from prometheus_client.exposition import ThreadingWSGIServer, _SilentHandler

#: Set by the service runtime when its stages run (and cleared when they stop).
ready = threading.Event()

StartResponse = Callable[..., Any]


def app(metrics: Callable[[dict[str, Any], StartResponse], Iterable[bytes]]) -> Any:
    def serve(environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "")
        if path in ("/livez", "/readyz"):
            ok = path == "/livez" or ready.is_set()
            start_response(
                "200 OK" if ok else "503 Service Unavailable", [("Content-Type", "text/plain")]
            )
            return [b"ok\n" if ok else b"not ready\n"]
        return metrics(environ, start_response)

    return serve


def start_server(port: int, host: str = "127.0.0.1") -> None:
    """Serve metrics and probes on `host:port` from a daemon thread."""
    httpd = make_server(host, port, app(make_wsgi_app()), ThreadingWSGIServer, _SilentHandler)
    threading.Thread(target=httpd.serve_forever, name="metrics", daemon=True).start()
