"""The misreads each audit found (`tests/unit/data/audit_*_misreads.txt`), one question a line,
for the round tests that check every one is refused."""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).parent / "data"


def misreads(name: str) -> list[str]:
    """The questions of `data/name`, blank lines left out; a line break written `\\n` is one."""
    lines = (DATA / name).read_text().splitlines()
    return [q.replace("\\n", "\n") for q in lines if q.strip()]


def audits_misreads(*names: str) -> list[str]:
    """The misreads of each audit named (`"z"` for `data/audit_z_misreads.txt`), in order."""
    return [q for name in names for q in misreads(f"audit_{name}_misreads.txt")]
