"""Analytics process: wiring only. A faust app: results, events and dead letters → facts (keyed
by dimension) → tumbling 1-minute and 1-hour tables → rows on `rmesh.stats.v1`.
`python -m reasoning_mesh.analytics`.

At least once, on purpose: input offsets are committed after the facts they made are sent, and
table updates after the facts are counted, so a replica killed in between counts some inputs
again (a figure a little high after a crash; the limits are in docs/analytics.md). faust's
exactly-once mode has open bugs, and counters do not need it; without it faust reads
uncommitted records, so a result whose transaction a crash aborted (the mesh writes it again)
is counted twice, too. The tables are backed by changelog topics: a replica that takes over a
partition (a rebalance, a restart) reads the partition's windows back before it counts more.
"""

from __future__ import annotations

import asyncio
import logging
import os
from datetime import timedelta
from typing import Any

import faust
from faust.windows import TumblingWindow

from reasoning_mesh.analytics import domain, gaps
from reasoning_mesh.analytics.pending import Pending
from reasoning_mesh.analytics.settings import AnalyticsSettings
from reasoning_mesh.analytics.watchdog import StallWatch
from reasoning_mesh.contracts import analytics_facts, analytics_tallies, dlq, events, results, stats
from reasoning_mesh.contracts.analytics_facts import AnalyticsFact
from reasoning_mesh.contracts.dlq import DeadLetter
from reasoning_mesh.contracts.stats import StatsRow
from reasoning_mesh.errors import InvalidMessageError
from reasoning_mesh.runtime.context import Record
from reasoning_mesh.runtime.dlq import dead_letter
from reasoning_mesh.runtime.kafka import ensure_topics
from reasoning_mesh.runtime.service import configure_logging, hard_exit
from reasoning_mesh.settings import KafkaSettings
from reasoning_mesh.telemetry import health, setup_telemetry
from reasoning_mesh.telemetry.metrics import ANALYTICS_RECORDS, ANALYTICS_ROWS, READY

log = logging.getLogger(__name__)

SERVICE = "analytics"
#: What the service reads and writes (the ACL test holds its broker rights to exactly these).
SOURCES = (results.TOPIC, events.TOPIC, dlq.TOPIC)
INPUTS = (*SOURCES, analytics_facts.TOPIC)
READS = (*INPUTS, *analytics_tallies.TOPICS)
WRITES = (analytics_facts.TOPIC, stats.TOPIC, dlq.TOPIC, *analytics_tallies.TOPICS)


def _credentials(settings: AnalyticsSettings) -> Any:
    kafka = settings.kafka
    if kafka.security_protocol == "PLAINTEXT":
        return None
    options = kafka.client_options()
    return faust.SASLCredentials(
        username=kafka.sasl_username,
        password=kafka.sasl_password.get_secret_value(),
        mechanism=kafka.sasl_mechanism,
        ssl_context=options.get("ssl_context"),
    )


def build_app(settings: AnalyticsSettings) -> faust.App:
    gaps.install()
    kafka = settings.kafka
    datadir = settings.home / "analytics" / settings.instance_id
    datadir.mkdir(parents=True, exist_ok=True)
    app = faust.App(
        # The app id is the consumer group: under ACLs, the service's own group.
        f"{settings.analytics_group_prefix}.{SERVICE}",
        broker=[f"kafka://{h.strip()}" for h in kafka.bootstrap_servers.split(",")],
        broker_credentials=_credentials(settings),
        store="memory://",
        processing_guarantee="at_least_once",
        # Every topic is the mesh's, provisioned with the others (`rmesh up`, Strimzi
        # KafkaTopics): the service needs no right to create topics, and has none.
        topic_allow_declare=False,
        topic_disable_leader=True,
        topic_partitions=kafka.topic_partitions,
        topic_replication_factor=kafka.replication_factor,
        broker_session_timeout=settings.analytics_session_timeout_s,
        broker_heartbeat_interval=1.0,
        # A killed replica counts again what it read since its last commit: keep that short.
        broker_commit_interval=1.0,
        consumer_auto_offset_reset="earliest",
        producer_acks=-1,
        # The stages' sizes: faust's 1 MiB fetch default stalled a partition behind an
        # oversized record (the fuzz bench found it), and a dead letter carries it whole.
        producer_max_request_size=kafka.request_bytes,
        consumer_max_fetch_size=kafka.fetch_bytes,
        # The memory store rebuilds from the changelog on takeover: a standby copy would only
        # double memory.
        table_standby_replicas=0,
        web_enabled=False,
        datadir=str(datadir),
        broker_client_id=f"{SERVICE}-{settings.instance_id}",
        # Static membership: a replica restarted under its instance id takes its partitions
        # back at once, without the two rebalances (the dead member's session ending, then its
        # return) during which faust was seen to leave a partition paused after recovery.
        consumer_group_instance_id=f"{SERVICE}-{settings.instance_id}",
    )
    physical = kafka.physical
    sources = app.topic(
        *(physical(t) for t in SOURCES),
        key_serializer="raw",
        value_serializer="raw",
    )
    facts = app.topic(physical(analytics_facts.TOPIC), key_type=str, value_serializer="json")
    published = app.topic(physical(stats.TOPIC), key_type=str, value_serializer="raw")
    dead = app.topic(physical(dlq.TOPIC), key_serializer="raw", value_serializer="raw")
    tables = {
        "1m": _table(
            app, "tally_1m", analytics_tallies.TOPIC_1M, 60, settings.analytics_expires_1m_s, physical
        ),
        "1h": _table(
            app, "tally_1h", analytics_tallies.TOPIC_1H, 3600, settings.analytics_expires_1h_s, physical
        ),
    }
    pending = Pending()
    facts_topic = physical(analytics_facts.TOPIC)

    def owned() -> set[int]:
        return {tp.partition for tp in app.consumer.assignment() if tp.topic == facts_topic}

    # Each agent runs at concurrency 1, so each partition's records are acked in order: faust's
    # commit (`_new_offset`) takes the lowest acked offset as the start of what is done, and
    # acks out of order would let it commit past a record not yet counted.
    @app.agent(sources)
    async def explode(stream: Any) -> None:
        # In batches, combined per dimension and minute (`domain.combine`): under a flood of
        # refusals, one fact per record and dimension cost more CPU than the requests served.
        # faust acks a batch's records only after this body has sent its facts.
        batches = stream.take_events(settings.analytics_batch_max, settings.analytics_batch_s)
        async for batch in batches:
            try:
                await _send_batch(kafka, batch, dead, facts)
            except Exception:
                # faust acks a batch when its body ends, raised or not: its offsets would be
                # committed with facts unsent. Ending the process commits nothing; the next
                # replica reads the batch again (at least once).
                log.exception("a batch's facts could not be sent")
                hard_exit("a batch's facts could not be sent: ending before its offsets commit")

    @app.agent(facts)
    async def tally(stream: Any) -> None:
        async for event in stream.events():
            dimension, fact, partition = event.key, event.value, event.message.partition
            try:
                ts = float(fact["ts"])
                for window, table in tables.items():
                    # `value()`, not `current()`: `current()` reads the window of the record's
                    # Kafka timestamp, `value()` the window of the fact's time (as writes do).
                    row = domain.add(table[dimension].value(), fact)
                    table[dimension] = row
                    _owns(table, dimension, ts, partition)
                    start = domain.window_start(ts, domain.WINDOWS[window])
                    key = domain.row_key(window, start, dimension)
                    pending.put(key, partition, (window, start, dimension, row))
            except Exception:  # a fact only this service writes: never expected, never fatal
                log.exception("a fact could not be counted: %r", fact)
                ANALYTICS_RECORDS.labels(analytics_facts.TOPIC, "invalid").inc()

    @app.timer(interval=settings.analytics_publish_interval_s)  # type: ignore[untyped-decorator]
    async def publish() -> None:
        # The worker runs its agents and timers: ready (the supervisor's and Kubernetes' probes).
        READY.labels(SERVICE).set(1)
        health.ready.set()
        for key, made_of in pending.due(owned()):
            fields = domain.row_fields(*made_of)
            try:
                await published.send(key=key, value=StatsRow(**fields).model_dump_json().encode())
            except Exception:  # noqa: BLE001 - the broker away a moment: the row stays due
                log.warning(
                    "could not publish %s; again in %.1fs", key, settings.analytics_publish_interval_s
                )
                return
            ANALYTICS_ROWS.inc()
            pending.sent(key, made_of)

    _add_housekeeping(app, {physical(t) for t in INPUTS}, [*tables.values()])

    for window, table in tables.items():
        table.on_recover(_republisher(window, table, pending))
    return app


async def _send_batch(kafka: KafkaSettings, batch: list[Any], dead: Any, facts: Any) -> None:
    """A batch of input records: their dead letters, then their facts, combined."""
    found: list[AnalyticsFact] = []
    for event in batch:
        read, letter = _read(kafka, event.message)
        if letter is not None:
            await dead.send(key=event.message.key, value=letter.model_dump_json().encode())
        found += read.facts
    for fact in domain.combine(found):
        await facts.send(key=fact.dimension, value=fact.model_dump(exclude_none=True))


def _read(kafka: KafkaSettings, msg: Any) -> tuple[domain.Found, DeadLetter | None]:
    """One input record's facts, and its dead letter when it cannot be counted (never a raise:
    one record must not stop the agent)."""
    topic = kafka.logical(msg.topic)
    try:
        found = domain.facts_of(topic, msg.value, kafka.max_message_bytes)
    except Exception as exc:
        log.exception("a record could not be counted")
        found = domain.Found("invalid", [], InvalidMessageError(f"not countable: {exc!r}"))
    ANALYTICS_RECORDS.labels(topic, found.outcome).inc()
    if found.error is None:
        return found, None
    headers = tuple(msg.headers or ())
    record = Record(msg.topic, msg.partition, msg.offset, msg.key, msg.value, headers)
    return found, dead_letter(record, found.error, SERVICE)


def _add_housekeeping(app: faust.App, inputs: set[str], tables: list[Any]) -> None:
    """Every 5 s: forget the partitions of expired windows (`_owns`), and watch the inputs: a
    replica reading nothing while a partition is behind resumes its partitions after three
    checks and ends the process after six (`watchdog.py`)."""
    watch = StallWatch()

    @app.timer(interval=5.0)  # type: ignore[untyped-decorator]
    async def housekeeping() -> None:
        for windowed in tables:
            store, owners = windowed.table.data, _owners(windowed)
            # faust expires a window's data, not its entry there
            for key in [k for k in owners if k not in store.data]:
                del owners[key]
        if app.in_recovery:  # reading changelogs back: inputs are paused on purpose
            return
        consumer: Any = app.consumer
        assigned = [tp for tp in consumer.assignment() if tp.topic in inputs]
        fetched = _fetch_positions(consumer, assigned)
        positions = {
            tp: (consumer._read_offset.get(tp), fetched.get(tp), consumer.highwater(tp))
            for tp in assigned
        }
        verdict, stalled = watch.check(positions)
        if verdict == "resume":
            log.warning("partitions not read though behind: resuming %s", stalled)
            consumer.resume_partitions(stalled)
            consumer.resume_flow()
            app.flow_control.resume()
        elif verdict == "exit":
            hard_exit(f"partitions still not read after a resume: {stalled}")


def _fetch_positions(consumer: Any, partitions: list[Any]) -> dict[Any, int | None]:
    """The consumer's fetch positions (past the commit markers it has fetched over), read
    without waiting: aiokafka's `position()` waits for a pending offset reset on faust's
    consumer thread and raises the group coordinator's errors, which are not the watchdog's to
    take. The positions are plain numbers that thread writes; {} where they cannot be read."""
    try:
        subscription = consumer._thread._ensure_consumer()._subscription.subscription
        assignment = subscription.assignment if subscription is not None else None
    except Exception as exc:  # noqa: BLE001 - not started, or another faust/aiokafka release
        log.debug("no fetch positions (%r): the last record read decides", exc)
        return {}
    if assignment is None:
        return {}
    found: dict[Any, int | None] = {}
    for tp in partitions:
        state = assignment.state_value(tp)
        found[tp] = state.position if state is not None and state.has_valid_position else None
    return found


def _owners(windowed: Any) -> dict[Any, int]:
    """faust's memory store's (private) map of its keys to their partitions; an empty stand-in
    for a store without one."""
    owners: dict[Any, int] = getattr(windowed.table.data, "_key_partition", {})
    return owners


def _owns(windowed: Any, dimension: str, ts: float, partition: int) -> None:
    """File the window key just written under its partition in faust's memory store, which
    does so only for keys it read back from the changelog: on a rebalance it then drops every
    key of a partition this replica no longer owns, not only the recovered ones."""
    owners = _owners(windowed)
    for window_range in windowed.table._window_ranges(ts):
        owners[(dimension, window_range)] = partition


def _table(app: faust.App, name: str, topic: str, size: int, expires_s: float, physical: Any) -> Any:
    changelog = app.topic(physical(topic), key_serializer="json", value_serializer="json")
    windowed: Any = app.Table(
        name,
        default=dict,
        window=TumblingWindow(size, expires=timedelta(seconds=expires_s)),
        changelog_topic=changelog,
    )
    # Windowing drops the changelog topic given (after the table manager has filed the table
    # under it) for one faust would name, `<app id>-<table>-changelog`: put it back, since the
    # mesh names and provisions every topic it uses.
    windowed.table.changelog_topic = changelog
    # Event time: a window counts what ended in it, however late the fact is read.
    return windowed.relative_to(lambda event: float(event.value["ts"]))


def _republisher(window: str, table: Any, pending: Pending) -> Any:
    async def on_recover() -> None:
        """After a takeover: publish every window this replica now holds (faust has just
        dropped those of partitions it lost), so a row updated by a replica that died before
        publishing it is not left stale (the copy with more facts wins)."""
        owners = _owners(table)
        for key, tally in list(table.table.data.items()):
            dimension, (start, _end) = key
            row_key = domain.row_key(window, start, dimension)
            pending.put(row_key, owners.get(key, -1), (window, start, dimension, tally))

    return on_recover


def main() -> None:
    settings = AnalyticsSettings()
    configure_logging(SERVICE)
    setup_telemetry(
        SERVICE,
        settings.traces_dir(),
        settings.telemetry.otlp_endpoint,
        settings.telemetry.metrics_port or settings.analytics_metrics_port,
        metrics_host=settings.telemetry.metrics_host,
    )
    # Only missing topics are created (compose); under ACLs they are provisioned beforehand.
    asyncio.run(ensure_topics(settings.kafka, {*READS, *WRITES}))
    # faust's worker owns the loop and the signals: SIGTERM stops the agents, flushes what they
    # sent and commits, then exits.
    faust.Worker(
        build_app(settings), loglevel=os.environ.get("RMESH_FAUST_LOGLEVEL", "WARNING"), quiet=True
    ).execute_from_commandline()
