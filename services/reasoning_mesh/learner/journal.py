"""The learner's durable memory of feedback: one JSONL file per skill under
`<home>/learner/<base>/`, where `<base>` is the base checkpoint's digest (`journal_dir`): an
example a model verified, or a label written for one base, never trains adapters for another.

Each record keeps its source (`user` or `verified`, the tenant and the request it came from), so
what an adapter learnt from can be traced back. Appended (and fsynced) before the consumed offset
commits; replays after a crash append the same prompt again, and reading keeps the last label per
prompt, so a replay changes nothing.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

from reasoning_mesh.models.reasoner.data import Example


def journal_dir(home: Path, base_sha384: str) -> Path:
    """Where the journal of feedback for one base checkpoint lives."""
    return home / "learner" / base_sha384[:16]


class Journal:
    def __init__(self, root: Path) -> None:
        self.root = root
        self._counts: dict[str, set[str]] = {}

    def _file(self, skill: str, suffix: str = ".jsonl") -> Path:
        return self.root / f"{skill}{suffix}"

    def append(self, ex: Example, source: str, tenant: str = "", request_id: str | None = None) -> int:
        """Record one example; returns the skill's number of distinct prompts."""
        self.root.mkdir(parents=True, exist_ok=True)
        record = {"prompt": ex.prompt, "answer": ex.answer, "source": source, "tenant": tenant}
        line = json.dumps(record | ({"request_id": request_id} if request_id else {}))
        with self._file(ex.kind).open("a") as f:
            f.write(line + "\n")
            f.flush()
            os.fsync(f.fileno())
        seen = self._seen(ex.kind)
        seen.add(ex.prompt)
        return len(seen)

    def _seen(self, skill: str) -> set[str]:
        if skill not in self._counts:
            self._counts[skill] = {e.prompt for e in self.examples(skill)}
        return self._counts[skill]

    def _latest(self, skill: str) -> dict[str, dict[str, str]]:
        path = self._file(skill)
        if not path.exists():
            return {}
        latest: dict[str, dict[str, str]] = {}
        for line in path.read_text().splitlines():
            try:
                rec = json.loads(line)
            except ValueError:
                continue  # a torn last line after a crash
            latest[rec["prompt"]] = rec
        return latest

    def examples(self, skill: str) -> list[Example]:
        return [Example(p, rec["answer"], skill) for p, rec in self._latest(skill).items()]

    def sources(self, skill: str, prompts: list[str] | None = None) -> Counter[str]:
        """Distinct prompts of the skill (or those of `prompts`) per source."""
        latest = self._latest(skill)
        chosen = latest.values() if prompts is None else (latest[p] for p in prompts if p in latest)
        return Counter(str(rec.get("source", "user")) for rec in chosen)

    def skills(self) -> list[str]:
        if not self.root.is_dir():
            return []
        return sorted(p.stem for p in self.root.glob("*.jsonl"))

    def last_job(self, skill: str) -> int:
        path = self._file(skill, ".job")
        return int(path.read_text()) if path.exists() else 0

    def mark_job(self, skill: str, count: int) -> None:
        self._file(skill, ".job").write_text(str(count))
