"""The learner's durable memory of feedback: one JSONL file per skill under `<home>/learner/`.

Appended (and fsynced) before the consumed offset commits; replays after a crash append the same
prompt again, and reading keeps the last label per prompt, so a replay changes nothing.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from reasoning_mesh.models.reasoner.data import Example


class Journal:
    def __init__(self, root: Path) -> None:
        self.root = root
        self._counts: dict[str, set[str]] = {}

    def _file(self, skill: str, suffix: str = ".jsonl") -> Path:
        return self.root / f"{skill}{suffix}"

    def append(self, ex: Example, source: str) -> int:
        """Record one example; returns the skill's number of distinct prompts."""
        self.root.mkdir(parents=True, exist_ok=True)
        line = json.dumps({"prompt": ex.prompt, "answer": ex.answer, "source": source})
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

    def examples(self, skill: str) -> list[Example]:
        path = self._file(skill)
        if not path.exists():
            return []
        latest: dict[str, str] = {}
        for line in path.read_text().splitlines():
            try:
                rec = json.loads(line)
            except ValueError:
                continue  # a torn last line after a crash
            latest[rec["prompt"]] = rec["answer"]
        return [Example(p, a, skill) for p, a in latest.items()]

    def skills(self) -> list[str]:
        if not self.root.is_dir():
            return []
        return sorted(p.stem for p in self.root.glob("*.jsonl"))

    def last_job(self, skill: str) -> int:
        path = self._file(skill, ".job")
        return int(path.read_text()) if path.exists() else 0

    def mark_job(self, skill: str, count: int) -> None:
        self._file(skill, ".job").write_text(str(count))
