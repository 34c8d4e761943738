"""The learner's durable memory of feedback: one JSONL file per skill under
`<home>/learner/<base>/`, where `<base>` is the base checkpoint's digest (`journal_dir`): an
example a model verified, or a label written for one base, never trains adapters for another.

Each record keeps its source (`user` or `verified`, the tenant and the request it came from), so
what an adapter learnt from can be traced back. Appended (and fsynced) before the consumed offset
commits; replays after a crash append the same prompt again, and reading keeps the last label per
prompt, so a replay changes nothing.

The durable journal is the Kafka topic `rmesh.learner.journal.v1` (`entry_of` says what to write
there, in the feedback's transaction); these files are its local cache, rebuilt from the topic
(`rebuild`) whenever a learner may have missed entries another replica wrote.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

from reasoning_mesh.contracts.learner_journal import JournalEntry
from reasoning_mesh.models.reasoner.data import Example


def journal_dir(home: Path, base_sha384: str) -> Path:
    """Where the journal of feedback for one base checkpoint lives."""
    return home / "learner" / base_sha384[:16]


class Journal:
    def __init__(self, root: Path) -> None:
        self.root = root
        #: The base checkpoint digest this journal belongs to (its directory's name).
        self.base = root.name
        self._counts: dict[str, set[str]] = {}

    def entry_of(
        self, ex: Example, source: str, tenant: str = "", request_id: str | None = None
    ) -> JournalEntry:
        return JournalEntry(
            base=self.base,
            skill=ex.kind,
            prompt=ex.prompt,
            answer=ex.answer,
            source=source,
            tenant=tenant,
            request_id=request_id,
        )

    def job_entry(self, skill: str, count: int) -> JournalEntry:
        return JournalEntry(kind="job", base=self.base, skill=skill, job_examples=count)

    def rebuild(self, entries: list[JournalEntry]) -> int:
        """Merge `entries` (the topic's, in log order; other bases' skipped) into the cache:
        the topic's label wins for a prompt it has; a prompt only the cache has stays (its
        transaction may still be committing); a job mark is the larger of the two. Returns how
        many entries were this base's."""
        mine = [e for e in entries if e.base == self.base]
        self.root.mkdir(parents=True, exist_ok=True)
        lines: dict[str, list[str]] = {}
        jobs: dict[str, int] = {s: self.last_job(s) for s in self.skills()}
        in_topic = {(e.skill, e.prompt) for e in mine if e.kind == "example"}
        for skill in self.skills():
            for prompt, rec in self._latest(skill).items():
                if (skill, prompt) not in in_topic:
                    lines.setdefault(skill, []).append(json.dumps(rec))
        for e in mine:
            if e.kind == "job":
                jobs[e.skill] = max(jobs.get(e.skill, 0), e.job_examples or 0)
            elif e.prompt is not None and e.answer is not None:
                record = {"prompt": e.prompt, "answer": e.answer, "source": e.source}
                record |= {"tenant": e.tenant} | ({"request_id": e.request_id} if e.request_id else {})
                lines.setdefault(e.skill, []).append(json.dumps(record))
        for old in self.root.glob("*.jsonl"):
            if old.stem not in lines:
                old.unlink()
        for skill, rows in lines.items():
            tmp = self._file(skill, ".tmp")
            tmp.write_text("".join(r + "\n" for r in rows))
            tmp.replace(self._file(skill))
        for old in self.root.glob("*.job"):
            if old.stem not in jobs:
                old.unlink()
        for skill, count in jobs.items():
            self.mark_job(skill, count)
        self._counts.clear()
        return len(mine)

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
