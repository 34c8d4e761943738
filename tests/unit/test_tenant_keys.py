"""Tenant API keys: made, checked, rotated with a grace period, revoked; only hashes are kept."""

from __future__ import annotations

import pytest
from fastapi import HTTPException

from reasoning_mesh.errors import InvalidMessageError, UnknownTenantError
from reasoning_mesh.gateway import keys
from reasoning_mesh.gateway.domain import Admission
from reasoning_mesh.gateway.http import scoped, unscoped
from reasoning_mesh.gateway.keys import KeyRing
from reasoning_mesh.gateway.settings import TenantLimit
from reasoning_mesh.gateway.tenant_feed import apply, read_record


def test_a_key_names_its_tenant_and_nothing_else_does() -> None:
    key, record = keys.add("acme", 5, 10, now=100.0)
    ring = KeyRing()
    ring.apply(record)
    assert ring.tenant_for(key, now=101.0) == "acme"
    secret_part = key[21:]  # rmk_ + 16 hex + _
    assert secret_part not in record.model_dump_json() and key not in repr(ring)  # hashes only
    wrong = key[:-1] + ("A" if key[-1] != "A" else "B")
    for bad in (wrong, "", "Bearer", key + "x", "rmk_" + "0" * 16 + "_" + "a" * 43):
        assert ring.tenant_for(bad, now=101.0) is None


def test_keys_are_random_and_long() -> None:
    made = {keys.new_key(0.0)[0] for _ in range(50)}
    assert len(made) == 50
    assert all(len(k[21:]) == 43 for k in made)  # 256 bits, base64url


def test_a_rotated_key_works_through_its_grace_period_then_not() -> None:
    old, record = keys.add("acme", 5, 10, now=0.0)
    new, rotated = keys.rotate(record, grace_s=60, now=100.0)
    ring = KeyRing()
    ring.apply(rotated)
    assert ring.tenant_for(old, now=159.0) == "acme"
    assert ring.tenant_for(new, now=159.0) == "acme"
    assert ring.tenant_for(old, now=160.0) is None
    assert ring.tenant_for(new, now=10_000.0) == "acme"
    # A second rotation drops keys already expired and shortens no later grace.
    _, again = keys.rotate(rotated, grace_s=60, now=200.0)
    assert len(again.keys) == 2


def test_revoking_refuses_every_key_at_once_and_stops_admission() -> None:
    key, record = keys.add("acme", 5, 10, now=0.0)
    ring, admission = KeyRing(), Admission({})
    apply(record, "acme", ring, admission)
    admission.admit("acme")
    apply(keys.revoke(record, now=1.0), "acme", ring, admission)
    assert ring.tenant_for(key, now=2.0) is None
    with pytest.raises(UnknownTenantError):
        admission.admit("acme")
    with pytest.raises(keys.TenantRegistryError):
        keys.rotate(keys.revoke(record, now=1.0), grace_s=1, now=3.0)


def test_a_tombstone_forgets_the_tenant() -> None:
    key, record = keys.add("acme", 5, 10, now=0.0)
    ring, admission = KeyRing(), Admission({})
    apply(record, "acme", ring, admission)
    apply(None, "acme", ring, admission)
    assert ring.tenant_for(key, now=1.0) is None and "acme" not in ring.tenants


def test_changed_limits_take_effect_and_unchanged_ones_keep_the_bucket() -> None:
    admission = Admission({}, clock=lambda: 0.0)
    admission.set_limit("acme", TenantLimit(rate=1, burst=1))
    admission.admit("acme")
    admission.set_limit("acme", TenantLimit(rate=1, burst=1))  # same: the spent token stays spent
    with pytest.raises(Exception, match="acme"):
        admission.admit("acme")
    admission.set_limit("acme", TenantLimit(rate=1, burst=5))
    admission.admit("acme")


def test_revoking_a_registry_tenant_keeps_a_configured_one_of_the_same_name() -> None:
    key, record = keys.add("default", 5, 10, now=0.0)
    ring, admission = KeyRing(), Admission({"default": TenantLimit(rate=0)})
    apply(record, "default", ring, admission)
    apply(keys.revoke(record, now=1.0), "default", ring, admission)
    assert ring.tenant_for(key, now=2.0) is None  # no HTTP key any more
    admission.admit("default")  # the trusted Kafka path keeps its configured tenant


def test_http_ids_are_scoped_to_their_tenant_and_shown_as_given() -> None:
    assert scoped("acme", "q1") == "acme:q1"
    assert unscoped('{"request_id": "acme:q1", "status": "ok"}', "q1") == {
        "request_id": "q1",
        "status": "ok",
    }
    with pytest.raises(HTTPException) as too_long:
        scoped("acme", "x" * 124)
    assert too_long.value.status_code == 422


def test_a_registry_record_is_read_the_same_way_by_every_reader() -> None:
    _, record = keys.add("acme", 5, 10, now=0.0)
    value = record.model_dump_json().encode()
    assert read_record(b"acme", value) == ("acme", record)
    assert read_record(b"acme", None) == ("acme", None)  # a tombstone
    with pytest.raises(InvalidMessageError, match="named 'acme'"):
        read_record(b"beta", value)
    with pytest.raises(InvalidMessageError, match="record for 'acme'"):
        read_record(b"acme", b"{not json")
