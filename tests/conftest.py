"""Shared test configuration: every test process writes spans synchronously to a temp dir."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from reasoning_mesh.telemetry import setup_telemetry

TRACES_DIR = Path(tempfile.mkdtemp(prefix="rmesh-test-traces-"))
os.environ.setdefault("HF_HUB_OFFLINE", "1")


@pytest.fixture(scope="session", autouse=True)
def _telemetry() -> Path:
    setup_telemetry("pytest", TRACES_DIR, sync_export=True)
    return TRACES_DIR


@pytest.fixture(scope="session")
def traces_dir() -> Path:
    return TRACES_DIR
