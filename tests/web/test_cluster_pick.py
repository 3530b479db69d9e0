"""Which process makes a new table (rams.web.cluster, issue 27): the one that plays fewest
live tables, as the processes said last; a card renewed late by less than a lease (a busy
machine) still counts, one a lease older (a process gone) does not."""

from __future__ import annotations

import time
from types import SimpleNamespace
from typing import Any

from rams.web.cluster import Cluster, Peer
from rams.web.live import Settings


def _cluster(playing: int) -> Cluster:
    tables = {f"t{i}": SimpleNamespace(status="playing") for i in range(playing)}
    host: Any = SimpleNamespace(
        store=SimpleNamespace(owner=None, url="sqlite://"), settings=Settings(), tables=tables
    )
    cluster = Cluster(host, "redis://127.0.0.1:1/0", lease_s=30.0, name="me")
    cluster.linked = True
    return cluster


def test_a_new_table_goes_to_the_process_that_plays_fewest_then_turn_about() -> None:
    cluster = _cluster(playing=2)
    now = time.time()
    cluster.peers = {"me": Peer(None, None, 2, now + 30), "b": Peer(8001, None, 0, now + 30)}
    # b plays 0 and I 2: b makes two, then it is even and I make the next.
    assert [cluster.pick() for _ in range(3)] == ["b", "b", "me"]


def test_a_card_renewed_late_counts_within_a_lease_and_not_after() -> None:
    cluster = _cluster(playing=1)
    now = time.time()
    cluster.peers = {"b": Peer(8001, None, 0, now - 10)}  # (10 s late, the lease is 30 s)
    assert cluster.pick() == "b"
    cluster.peers, cluster._given = {"b": Peer(8001, None, 0, now - 31)}, {}
    assert cluster.pick() == "me"


def test_a_process_not_linked_to_redis_makes_its_own_tables() -> None:
    cluster = _cluster(playing=5)
    cluster.peers = {"b": Peer(8001, None, 0, time.time() + 30)}
    cluster.linked = False
    assert cluster.pick() == "me"
