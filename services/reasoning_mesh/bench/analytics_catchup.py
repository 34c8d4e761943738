"""How fast the analytics service works off a backlog, and whether its committed offsets keep up.

`python -m reasoning_mesh.bench.analytics_catchup --bootstrap 127.0.0.1:39092` (a broker of its
own with `--broker-home DIR --port P`). The backlog is written the way the mesh writes it: by
transactional producers, one request's records per (small) transaction, so the input topics
carry a commit marker every few offsets; most of it progress events, some refused and verified
results, throttle reports and a few dead letters, all within the last minute of event time.
Then one analytics replica is started (its own topic prefix and consumer group) and sampled
every second: the input records its `explode` agent has read (`rmesh_analytics_records_total`),
its CPU time, and the group's committed lag per topic (end offset minus committed offset, as
`bench.lag.catch_up` and `infra.stack.consumer_lag` count it). Read rate and commit rate are
then side by side: a group that reads fast and commits slowly shows records read running ahead
of offsets committed. `--live` writes the records while the replica runs (a burst: the lag at
its end, and how long the group takes to catch up). At the end the mesh rows of the 1-minute
windows on `rmesh.stats.v1` are added up against what was written (`counts.exact`); a replica
that ends (its watchdog: exit 70) is started again, as the supervisor would (`restarts`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from aiokafka import AIOKafkaConsumer, TopicPartition
from aiokafka.admin import AIOKafkaAdminClient
from aiokafka.errors import KafkaError

from reasoning_mesh.contracts import analytics_facts, dlq, events, results, stats
from reasoning_mesh.contracts.dlq import DeadLetter
from reasoning_mesh.contracts.events import RequestEvent
from reasoning_mesh.contracts.results import MeshResult
from reasoning_mesh.runtime.kafka import ensure_topics, make_producer, read_to_end
from reasoning_mesh.settings import KafkaSettings

#: The share of transactions of each kind (a request's progress events; a refusal; a verified
#: result with its last event; a throttle report; a dead letter), roughly an overloaded mesh's.
MIX = {"progress": 0.74, "refused": 0.14, "verified": 0.085, "throttled": 0.03, "dlq": 0.005}
TENANTS = ("acme", "beta", "gamma", "delta")
SKILLS = ("linear", "arithmetic", "conversion", "retrieve")


Txn = list[tuple[str, str, bytes]]


def _event(rng: random.Random, rid: str, tenant: str, ts: float, name: str, **detail: Any) -> bytes:
    stage = rng.choice(("gateway", "planner", "retriever", "reasoner"))
    event = RequestEvent(
        request_id=rid,
        tenant=tenant,
        stage=stage,
        event=name,
        detail=detail or {"step": rng.randint(0, 9)},
        ts=ts,
    )
    return event.model_dump_json().encode()


def _result(rng: random.Random, rid: str, tenant: str, ts: float, status: str) -> bytes:
    verified = status == "verified"
    result = MeshResult(
        request_id=rid,
        tenant=tenant,
        kind="reason" if verified else "retrieve",
        status=status,  # type: ignore[arg-type]
        answer="7" if verified else None,
        reasoning_trace=(
            {"shape": rng.choice(SKILLS), "budget": {"model_calls": 3, "samples": 12}}
            if verified
            else None
        ),
        submitted_at=ts - rng.uniform(0.05, 3.0),
        completed_at=ts,
    )
    return result.model_dump_json().encode()


def _letter(rng: random.Random, ts: float) -> bytes:
    letter = DeadLetter(
        reason="invalid_message",
        message="bench",
        service="planner",
        source_topic="rmesh.requests.v1",
        partition=0,
        offset=rng.randint(0, 10**6),
        value_b64="e30=",
        ts=ts,
    )
    return letter.model_dump_json().encode()


def _transaction(rng: random.Random, now: float) -> Txn:
    """One request's records of one kind (`MIX`), all keyed by its id, event time within the
    last minute."""
    kind = rng.choices(list(MIX), list(MIX.values()))[0]
    rid = f"r{uuid.UUID(int=rng.getrandbits(128)).hex[:16]}"
    tenant, ts = rng.choice(TENANTS), now - rng.uniform(0, 60)
    if kind == "progress":
        names = ("admitted", "planned", "evidence", "step", "verifying")
        return [
            (events.TOPIC, rid, _event(rng, rid, tenant, ts, rng.choice(names)))
            for _ in range(rng.randint(1, 3))
        ]
    if kind == "refused":
        return [(results.TOPIC, rid, _result(rng, rid, tenant, ts, "refused"))]
    if kind == "verified":
        return [
            (results.TOPIC, rid, _result(rng, rid, tenant, ts, "verified")),
            (events.TOPIC, rid, _event(rng, rid, tenant, ts, "completed")),
        ]
    if kind == "throttled":
        count = rng.randint(1, 40)
        throttled = _event(rng, rid, tenant, ts, "throttled", reason="rate", count=count, door="http")
        return [(events.TOPIC, rid, throttled)]
    return [(dlq.TOPIC, rid, _letter(rng, ts))]


def _transactions(n_records: int, now: float, rng: random.Random) -> list[Txn]:
    """Transactions of (logical topic, key, value) until `n_records` records are made."""
    out: list[Txn] = []
    made = 0
    while made < n_records:
        out.append(_transaction(rng, now))
        made += len(out[-1])
    return out


async def fill(kafka: KafkaSettings, n_records: int, producers: int, seed: int = 7) -> dict[str, Any]:
    """Write about `n_records` records in small transactions, `producers` transactional
    producers side by side (as a stage has one per input partition)."""
    rng = random.Random(seed)
    txns = _transactions(n_records, time.time(), rng)
    tag = uuid.uuid4().hex[:8]
    started = time.monotonic()

    async def one(i: int) -> None:
        producer = make_producer(kafka, f"bench-fill-{i}", transactional_id=f"bench-fill.{tag}.{i}")
        await producer.start()
        try:
            for txn in txns[i::producers]:
                async with producer.transaction():
                    futures = [
                        await producer.send(kafka.physical(t), key=k.encode(), value=v)
                        for t, k, v in txn
                    ]
                    await asyncio.gather(*futures)
        finally:
            await producer.stop()

    await asyncio.gather(*(one(i) for i in range(producers)))
    return {
        "records": sum(len(t) for t in txns),
        "expected": _expected(txns),
        "transactions": len(txns),
        "by_topic": {
            t: sum(1 for txn in txns for rec in txn if rec[0] == t)
            for t in (results.TOPIC, events.TOPIC, dlq.TOPIC)
        },
        "fill_s": round(time.monotonic() - started, 1),
    }


def _expected(txns: list[Txn]) -> dict[str, Any]:
    """What the mesh rows of the 1-minute windows must add up to."""
    statuses: dict[str, int] = {}
    throttles = letters = 0
    for topic, _key, value in (rec for txn in txns for rec in txn):
        doc = json.loads(value)
        if topic == results.TOPIC:
            statuses[doc["status"]] = statuses.get(doc["status"], 0) + 1
        elif topic == events.TOPIC and doc["event"] == "throttled":
            throttles += doc["detail"]["count"]
        elif topic == dlq.TOPIC:
            letters += 1
    return {
        "requests": sum(statuses.values()),
        "statuses": dict(sorted(statuses.items())),
        "throttles": throttles,
        "dead_letters": letters,
    }


async def _counted(kafka: KafkaSettings) -> dict[str, Any]:
    """The mesh rows of the 1-minute windows on the stats topic, added up (of two copies of a
    row, the one with more facts)."""
    rows: dict[str, dict[str, Any]] = {}
    async for record in read_to_end(kafka, kafka.physical(stats.TOPIC)):
        key = (record.key or b"").decode()
        if not key.startswith("1m|") or not key.endswith("|mesh") or record.value is None:
            continue
        row = json.loads(record.value)
        if key not in rows or row["facts"] >= rows[key]["facts"]:
            rows[key] = row
    statuses: dict[str, int] = {}
    for row in rows.values():
        for status, n in row["statuses"].items():
            statuses[status] = statuses.get(status, 0) + n
    return {
        "requests": sum(r["requests"] for r in rows.values()),
        "statuses": dict(sorted(statuses.items())),
        "throttles": sum(sum(r["throttles"].values()) for r in rows.values()),
        "dead_letters": sum(sum(r["dead_letters"].values()) for r in rows.values()),
    }


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _records_read(port: int) -> float | None:
    """The sum of `rmesh_analytics_records_total` (None: the endpoint is not up yet)."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=2) as resp:
            text = resp.read().decode()
    except OSError:
        return None
    return sum(
        float(line.rsplit(" ", 1)[1])
        for line in text.splitlines()
        if line.startswith("rmesh_analytics_records_total{")
    )


def _cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Lag:
    """The group's committed lag per (logical) topic: end offset minus committed offset."""

    def __init__(self, kafka: KafkaSettings, group: str) -> None:
        self.kafka, self.group = kafka, group
        self.admin = AIOKafkaAdminClient(**kafka.client_options())
        self.consumer = AIOKafkaConsumer(**kafka.client_options(), isolation_level="read_committed")

    async def __aenter__(self) -> Lag:
        await self.admin.start()
        await self.consumer.start()
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.consumer.stop()
        await self.admin.close()

    async def ends(self, topics: list[str]) -> dict[TopicPartition, int]:
        parts = [
            TopicPartition(self.kafka.physical(t), p)
            for t in topics
            for p in range(self.kafka.topic_partitions)
        ]
        ends: dict[TopicPartition, int] = await self.consumer.end_offsets(parts)
        return ends

    async def now(self, topics: list[str]) -> dict[str, int]:
        ends = await self.ends(topics)
        try:
            offsets = await self.admin.list_consumer_group_offsets(self.group)
        except KafkaError:  # the offsets topic is made at the first group's first call
            offsets = {}
        out: dict[str, int] = {}
        for tp, end in ends.items():
            meta = offsets.get(tp)
            done = meta.offset if meta is not None and meta.offset >= 0 else 0
            name = self.kafka.logical(tp.topic)
            out[name] = out.get(name, 0) + max(0, end - done)
        return out


def _start_replica(
    kafka: KafkaSettings, home: Path, group_prefix: str, port: int, extra_env: dict[str, str]
) -> tuple[subprocess.Popen[bytes], Path]:
    env = {
        **os.environ,
        "RMESH_HOME": str(home),
        "RMESH_KAFKA__BOOTSTRAP_SERVERS": kafka.bootstrap_servers,
        "RMESH_KAFKA__TOPIC_PREFIX": kafka.topic_prefix,
        "RMESH_KAFKA__TOPIC_PARTITIONS": str(kafka.topic_partitions),
        "RMESH_ANALYTICS_GROUP_PREFIX": group_prefix,
        "RMESH_ANALYTICS_METRICS_PORT": str(port),
        **extra_env,
    }
    log_path = home / f"analytics-{group_prefix}.log"
    with log_path.open("ab") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "reasoning_mesh.analytics"], env=env, stdout=log, stderr=log
        )
    return proc, log_path


def _stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def _rate(samples: list[dict[str, Any]], since: float | None) -> float | None:
    """Offsets committed per second from `since` to the last sample (the lag's fall)."""
    after = [s for s in samples if since is not None and s["t"] >= since]
    if len(after) < 2 or after[-1]["t"] <= after[0]["t"]:
        return None
    fell = int(after[0]["lag_sources"]) - int(after[-1]["lag_sources"])
    return round(fell / (float(after[-1]["t"]) - float(after[0]["t"])), 1)


SOURCES = [results.TOPIC, events.TOPIC, dlq.TOPIC]
#: Replicas that ended (exit 70: the watchdog) restarted before the run gives up.
MAX_RESTARTS = 20


class Run:
    """One replica working off what `fill` wrote, sampled every second."""

    def __init__(self, kafka: KafkaSettings, n_records: int, producers: int, live: bool) -> None:
        self.kafka, self.n_records, self.producers, self.live = kafka, n_records, producers, live
        self.samples: list[dict[str, Any]] = []
        self.marks: dict[str, float | None] = {"first_read": None, "fill_end": None, "all_read": None}
        self.filled: dict[str, Any] = {}
        self.filling: asyncio.Task[dict[str, Any]] | None = None
        self.lag_at_fill_end: int | None = None

    async def sample(self, lag: Lag, t: float, read: float | None, cpu_s: float) -> None:
        """Take a sample at `t` (and mark when the fill ended, the first and the last record
        was read)."""
        behind = await lag.now([*SOURCES, analytics_facts.TOPIC])
        sample: dict[str, Any] = {
            "t": t,
            "read": read,
            "cpu_s": round(cpu_s, 1),
            "lag_sources": sum(behind.get(s, 0) for s in SOURCES),
            "lag_facts": behind.get(analytics_facts.TOPIC, 0),
            "facts_written": sum((await lag.ends([analytics_facts.TOPIC])).values()),
        }
        self.samples.append(sample)
        print(json.dumps(sample), flush=True)
        if self.filling is not None and self.filling.done() and not self.filled:
            self.filled, self.marks["fill_end"] = self.filling.result(), t
            self.lag_at_fill_end = sample["lag_sources"]
        if read and self.marks["first_read"] is None:
            self.marks["first_read"] = t
        if self.filled and read is not None and read >= self.filled["records"]:
            self.marks["all_read"] = self.marks["all_read"] or t

    def summary(self, done_at: float | None, offsets_in: int, env: dict[str, str]) -> dict[str, Any]:
        first, all_read = self.marks["first_read"], self.marks["all_read"]
        begin = self.marks["fill_end"] if self.live else first
        last = self.samples[-1] if self.samples else {}
        return {
            "mode": "live burst" if self.live else "backlog",
            "filled": self.filled,
            "offsets_in_sources": offsets_in,
            "env": env,
            **{f"{k}_s": v for k, v in self.marks.items()},
            "caught_up_s": done_at,
            "lag_at_fill_end": self.lag_at_fill_end,
            "read_per_s": (
                round(self.filled["records"] / (all_read - first), 1)
                if all_read is not None and first is not None and all_read > first
                else None
            ),
            # From the first record read to the end; and after every record was read (what is
            # left then is commits).
            "committed_per_s": None if self.live else _rate(self.samples, first),
            "committed_per_s_after_all_read": _rate(self.samples, all_read),
            "caught_up_after_s": (
                round(done_at - begin, 1) if done_at is not None and begin is not None else None
            ),
            "cpu_s": last.get("cpu_s"),
            "lag_left": {k: last.get(k) for k in ("lag_sources", "lag_facts")},
        }


class Replica:
    """The analytics replica, restarted when it ends (exit 70: its watchdog), as the supervisor
    or Kubernetes would: the same group, its counters carried on."""

    def __init__(self, kafka: KafkaSettings, home: Path, extra_env: dict[str, str]) -> None:
        self.kafka, self.home, self.extra_env = kafka, home, extra_env
        self.group_prefix, self.port = f"b{uuid.uuid4().hex[:8]}", _free_port()
        self.restarts: list[dict[str, Any]] = []
        self.read_before = self.cpu_before = 0.0  # by the replicas before this one
        self.proc, self.log_path = self.start()

    def start(self) -> tuple[subprocess.Popen[bytes], Path]:
        return _start_replica(self.kafka, self.home, self.group_prefix, self.port, self.extra_env)

    def alive(self, t: float, run: Run) -> bool:
        """Whether it runs; if it ended, a new one is started (False: nothing to sample yet)."""
        if self.proc.poll() is None:
            return True
        self.restarts.append({"t": t, "exit": self.proc.returncode})
        if len(self.restarts) > MAX_RESTARTS:
            raise RuntimeError(f"analytics keeps ending: see {self.log_path}")
        # A new one's counters start at zero: `read` counts on (what it reads again too).
        reads = [s["read"] for s in run.samples if s["read"] is not None]
        self.read_before = float(reads[-1]) if reads else self.read_before
        self.cpu_before = run.samples[-1]["cpu_s"] if run.samples else self.cpu_before
        self.proc, self.log_path = self.start()
        return False

    def read(self) -> float | None:
        read = _records_read(self.port)
        return None if read is None else read + self.read_before

    def cpu_s(self) -> float:
        return self.cpu_before + _cpu_s(self.proc.pid)


async def measure(
    kafka: KafkaSettings,
    home: Path,
    n_records: int,
    producers: int,
    timeout_s: float,
    extra_env: dict[str, str],
    caught_up: int,
    live: bool = False,
) -> dict[str, Any]:
    """A backlog (`live`: a burst written while the replica runs) and one replica working it
    off: the seconds until every record is read and until the group's committed lag is at most
    `caught_up` offsets (one trailing commit marker per partition stays)."""
    from reasoning_mesh.analytics.app import READS, WRITES

    await ensure_topics(kafka, {*READS, *WRITES})
    run = Run(kafka, n_records, producers, live)
    if not live:
        run.filled = await fill(kafka, n_records, producers)
    done_at: float | None = None
    counted: dict[str, Any] | None = None
    replica = Replica(kafka, home, extra_env)
    async with Lag(kafka, f"{replica.group_prefix}.analytics") as lag:
        started = time.monotonic()
        try:
            while time.monotonic() - started < timeout_s:
                await asyncio.sleep(1.0)
                t = round(time.monotonic() - started, 1)
                if not replica.alive(t, run):
                    continue
                read = replica.read()
                await run.sample(lag, t, read, replica.cpu_s())
                if live and run.filling is None and read is not None:
                    await asyncio.sleep(5.0)  # up: give the group a moment, then write
                    run.filling = asyncio.create_task(fill(kafka, n_records, producers))
                last = run.samples[-1]
                if run.marks["all_read"] is not None and (
                    last["lag_sources"] + last["lag_facts"] <= caught_up
                ):
                    done_at = t
                    await asyncio.sleep(3.0)  # the last rows published (every second)
                    break
            if run.marks["all_read"] is not None:
                counted = await _counted(kafka)  # read, if not committed
        finally:
            _stop(replica.proc)
            if run.filling is not None and not run.filling.done():
                run.filling.cancel()
        offsets_in = sum((await lag.ends(SOURCES)).values())
    summary = run.summary(done_at, offsets_in, extra_env)
    summary["restarts"] = replica.restarts
    expected = run.filled.get("expected")
    summary["counts"] = {"counted": counted, "exact": counted == expected}
    return {**summary, "log": str(replica.log_path)}


@contextlib.contextmanager
def _broker(home: Path | None, port: int) -> Iterator[str]:
    if home is None:
        yield ""
        return
    from reasoning_mesh.infra.kafka import KafkaBroker

    broker = KafkaBroker(home, port=port, controller_port=port + 1)
    broker.start()
    try:
        yield broker.bootstrap
    finally:
        broker.stop()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bootstrap", default="", help="a running broker (else --broker-home)")
    parser.add_argument("--broker-home", type=Path, default=None, help="start a broker here")
    parser.add_argument("--port", type=int, default=39092, help="its port (controller: +1)")
    parser.add_argument("--records", type=int, default=30_000)
    parser.add_argument("--partitions", type=int, default=12)
    parser.add_argument("--producers", type=int, default=12)
    parser.add_argument("--timeout", type=float, default=600.0)
    parser.add_argument("--caught-up", type=int, default=50, help="offsets left that count as done")
    parser.add_argument("--env", action="append", default=[], help="NAME=VALUE for the replica")
    parser.add_argument("--out", type=Path, default=None, help="write the summary (JSON) here")
    parser.add_argument("--live", action="store_true", help="write while the replica runs")
    parser.add_argument("--home", type=Path, default=None, help="the replica's home (kept)")
    args = parser.parse_args(argv)
    extra = dict(e.split("=", 1) for e in args.env)
    with _broker(args.broker_home, args.port) as started:
        bootstrap = args.bootstrap or started
        if not bootstrap:
            parser.error("--bootstrap or --broker-home")
        kafka = KafkaSettings(
            bootstrap_servers=bootstrap,
            topic_prefix=f"ac{uuid.uuid4().hex[:8]}.",
            topic_partitions=args.partitions,
        )
        with contextlib.ExitStack() as stack:
            home = args.home or Path(
                stack.enter_context(tempfile.TemporaryDirectory(prefix="rmesh-ac-"))
            )
            home.mkdir(parents=True, exist_ok=True)
            summary = asyncio.run(
                measure(
                    kafka,
                    home,
                    args.records,
                    args.producers,
                    args.timeout,
                    extra,
                    args.caught_up,
                    args.live,
                )
            )
            log = Path(summary["log"])
            summary["log_tail"] = log.read_text(errors="replace").splitlines()[-20:]
    text = json.dumps(summary, indent=2)
    print(text)
    if args.out is not None:
        args.out.write_text(text)


if __name__ == "__main__":
    main()
