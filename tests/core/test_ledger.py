"""The privacy ledger: atomic appends, the lock, the budget check, concurrency."""

import json
import multiprocessing
import os
import uuid

import pytest

from dp_geoprivacy.core.accounting import ledger_store
from dp_geoprivacy.core.accounting.ledger import (
    LEDGER_FORMAT,
    BudgetExceededError,
    Ledger,
    LedgerEntry,
    LedgerError,
)


def _entry(epsilon=1.0, partition="all", fingerprint="f" * 64, release_id=None, **more):
    return LedgerEntry(fingerprint=fingerprint, algorithm="dp_geoprivacy:test", epsilon=epsilon, delta=0.0,
                       unit_of_privacy="one row", partition=partition, output="out.gpkg",
                       release_id=release_id or uuid.uuid4().hex, input_layer="trips", time="2024-01-01T00:00:00",
                       partition_rule=more.pop("partition_rule", "parallel: each unit of privacy is one row"), **more)


def test_append_and_read_back(tmp_path):
    ledger = Ledger(tmp_path / "ledger.json")
    assert ledger.entries() == ()
    first, second = _entry(0.5), _entry(1.5, "day=Mon")
    ledger.append(first)
    ledger.append(second)
    assert Ledger(tmp_path / "ledger.json").entries() == (first, second)
    data = json.loads((tmp_path / "ledger.json").read_text())
    assert data["format"] == LEDGER_FORMAT and "Do not publish" in data["note"]
    assert [e["release_id"] for e in data["entries"]] == [first.release_id, second.release_id]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ledger.json"]  # no lock or temporary file left


def test_budget_check_refuses_with_spent_requested_remaining_and_appends_nothing(tmp_path):
    ledger = Ledger(tmp_path / "ledger.json")
    ledger.reserve(_entry(1.0), budget=2.0)
    ledger.reserve(_entry(0.75), budget=2.0)
    before = (tmp_path / "ledger.json").read_bytes()
    with pytest.raises(BudgetExceededError) as refused:
        ledger.reserve(_entry(0.5), budget=2.0)
    message = str(refused.value)
    assert "spent = 1.75" in message and "requested = 0.5" in message and "remaining = 0.25" in message
    assert (tmp_path / "ledger.json").read_bytes() == before
    reservation = ledger.reserve(_entry(0.25), budget=2.0)  # exactly reaches the budget
    assert reservation.spent_before == 1.75 and reservation.total_after == 2.0
    assert len(ledger.entries()) == 3


def test_budget_is_per_fingerprint(tmp_path):
    ledger = Ledger(tmp_path / "ledger.json")
    ledger.reserve(_entry(2.0, fingerprint="a" * 64), budget=2.0)
    ledger.reserve(_entry(2.0, fingerprint="b" * 64), budget=2.0)
    with pytest.raises(BudgetExceededError):
        ledger.reserve(_entry(0.1, fingerprint="a" * 64), budget=2.0)


def test_budget_with_seed_001_partitions(tmp_path):
    # 56 disjoint day-mode partitions, six releases each (epsilon 1,1,1,1,2,2): total 8 fits a budget of 8.
    ledger = Ledger(tmp_path / "ledger.json")
    entries = [_entry(eps, f"day={d}, mode={m}") for d in range(14) for m in ("bus", "train", "ferry", "rail")
               for eps in (1, 1, 1, 1, 2, 2)]
    ledger.append(*entries[:-1])
    assert ledger.reserve(entries[-1], budget=8).total_after == 8
    with pytest.raises(BudgetExceededError, match="on partition day=3, mode=bus"):
        ledger.reserve(_entry(0.5, "day=3, mode=bus"), budget=8)
    with pytest.raises(BudgetExceededError, match="remaining = 0 "):
        ledger.reserve(_entry(0.5, "day=3"), budget=8)  # overlaps the day's four full partitions
    assert ledger.reserve(_entry(8, "day=14"), budget=8).spent_before == 0  # a new, disjoint day


def test_inherited_releases_are_added_once(tmp_path):
    ledger = Ledger(tmp_path / "ledger.json")
    histogram = _entry(1.0, release_id="histogram")
    ledger.reserve(_entry(0.5), inherited=[histogram])
    ledger.reserve(_entry(0.5), inherited=[histogram])
    assert [e.release_id for e in ledger.entries()].count("histogram") == 1
    # Used for another source (e.g. the histogram came from trip points, the trips are a table): counted there too.
    ledger.reserve(_entry(0.5, fingerprint="c" * 64), inherited=[histogram])
    assert sorted(e.fingerprint[0] for e in ledger.entries() if e.release_id == "histogram") == ["c", "f"]
    with pytest.raises(BudgetExceededError, match="requested = 1.5"):
        Ledger(tmp_path / "other.json").reserve(_entry(0.5), budget=1.0, inherited=[histogram])


def test_crash_while_writing_keeps_the_old_ledger(tmp_path, monkeypatch):
    ledger = Ledger(tmp_path / "ledger.json")
    ledger.append(_entry(1.0))
    before = (tmp_path / "ledger.json").read_bytes()

    def crash(*args):
        raise OSError("disk full")

    monkeypatch.setattr(ledger_store.os, "replace", crash)
    with pytest.raises(OSError, match="disk full"):
        ledger.append(_entry(2.0))
    monkeypatch.undo()
    assert (tmp_path / "ledger.json").read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ledger.json"]
    ledger.append(_entry(3.0))  # the lock was released
    assert [e.epsilon for e in ledger.entries()] == [1.0, 3.0]


def test_a_held_lock_times_out_with_a_clear_message(tmp_path):
    ledger = Ledger(tmp_path / "ledger.json", lock_timeout=0.2)
    ledger.lock_path.write_text("pid 1 on elsewhere since earlier")
    with pytest.raises(LedgerError, match="locked by another run .pid 1 on elsewhere.*delete .*ledger.json.lock"):
        ledger.append(_entry())
    assert not (tmp_path / "ledger.json").exists()
    assert ledger.lock_path.exists()  # never broken automatically


@pytest.mark.parametrize("content", ["{not json", json.dumps({"entries": []}), json.dumps([1, 2])])
def test_a_file_that_is_not_a_ledger_is_never_overwritten(tmp_path, content):
    path = tmp_path / "ledger.json"
    path.write_text(content)
    with pytest.raises(LedgerError, match="not a dp_geoprivacy ledger"):
        Ledger(path).append(_entry())
    assert path.read_text() == content


def _append_many(path, worker, count):
    ledger = Ledger(path, lock_timeout=60, poll=0.001)
    for i in range(count):
        ledger.append(_entry(release_id=f"{worker}-{i}"))


def _reserve_one(path, worker):
    try:
        Ledger(path, lock_timeout=60, poll=0.001).reserve(_entry(1.0, release_id=f"r{worker}"), budget=10)
        return True
    except BudgetExceededError:
        return False


def test_concurrent_appends_lose_nothing(tmp_path):
    path = str(tmp_path / "ledger.json")
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_append_many, args=(path, w, 25)) for w in range(6)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(120)
        assert worker.exitcode == 0
    ids = [e.release_id for e in Ledger(path).entries()]
    assert sorted(ids) == sorted(f"{w}-{i}" for w in range(6) for i in range(25))
    assert sorted(os.listdir(tmp_path)) == ["ledger.json"]


def test_concurrent_reservations_never_overspend(tmp_path):
    path = str(tmp_path / "ledger.json")
    with multiprocessing.get_context("spawn").Pool(6) as pool:
        granted = pool.starmap(_reserve_one, [(path, w) for w in range(16)])
    assert sum(granted) == 10
    assert len(Ledger(path).entries()) == 10


# --- the file: links, devices, mode (issue 21 §2) ------------------------------------------------------------


def test_a_symbolic_link_is_appended_through_to_the_shared_file(tmp_path):
    shared = tmp_path / "team" / "ledger.json"
    shared.parent.mkdir()
    Ledger(shared).append(_entry(1.0))
    link = tmp_path / "my_ledger.json"
    link.symlink_to(shared)
    Ledger(link).append(_entry(2.0))
    assert link.is_symlink()  # still a link, not a private copy
    assert [e.epsilon for e in Ledger(shared).entries()] == [1.0, 2.0]
    assert sorted(p.name for p in shared.parent.iterdir()) == ["ledger.json"]  # the lock was next to the real file


def test_a_hard_linked_ledger_is_refused_and_left_as_it_was(tmp_path):
    path = tmp_path / "ledger.json"
    Ledger(path).append(_entry(1.0))
    os.link(path, tmp_path / "other_name.json")
    before = path.read_bytes()
    with pytest.raises(LedgerError, match="2 hard links"):
        Ledger(path).append(_entry(2.0))
    assert path.read_bytes() == before and os.stat(path).st_nlink == 2


def test_a_device_is_refused_never_replaced():
    with pytest.raises(LedgerError, match="device or special file"):
        Ledger("/dev/null").reserve(_entry(1.0), budget=5)
    assert not os.path.isfile("/dev/null")


def test_an_append_keeps_the_file_mode(tmp_path):
    path = tmp_path / "ledger.json"
    Ledger(path).append(_entry(1.0))
    os.chmod(path, 0o664)
    Ledger(path).append(_entry(2.0))
    Ledger(path).reserve(_entry(0.5), budget=10)
    assert oct(os.stat(path).st_mode & 0o777) == oct(0o664)


# --- damaged ledgers: a clear LedgerError, the file untouched (issue 21 §2) -----------------------------------

_GOOD = {"fingerprint": "f" * 64, "algorithm": "a", "epsilon": 1.0, "delta": 0.0, "unit_of_privacy": "one row",
         "partition": "all", "output": "o", "release_id": "r1"}


def _ledger_text(*entries):
    return json.dumps({"format": LEDGER_FORMAT, "entries": list(entries)})


DAMAGED = {
    "truncated line": _ledger_text(_GOOD)[:-20],
    "invalid JSON": "{format: ledger}",
    "top level is a list": json.dumps([_GOOD]),
    "another format": json.dumps({"format": "something/2", "entries": []}),
    "entries is an object": json.dumps({"format": LEDGER_FORMAT, "entries": {"a": _GOOD}}),
    "entry is a number": _ledger_text(7),
    "entry without epsilon": _ledger_text({k: v for k, v in _GOOD.items() if k != "epsilon"}),
    "epsilon as text": _ledger_text({**_GOOD, "epsilon": "one"}),
    "epsilon NaN": _ledger_text(_GOOD).replace('"epsilon": 1.0', '"epsilon": NaN'),
    "epsilon Infinity": _ledger_text(_GOOD).replace('"epsilon": 1.0', '"epsilon": Infinity'),
    "negative delta": _ledger_text({**_GOOD, "delta": -0.1}),
    "release_id a number": _ledger_text({**_GOOD, "release_id": 12}),
    "partition malformed": _ledger_text({**_GOOD, "partition": "day"}),
    "partition a list": _ledger_text({**_GOOD, "partition": ["day=Mon"]}),
    "duplicate ids that disagree": _ledger_text(_GOOD, {**_GOOD, "epsilon": 0.1}),
    "binary garbage": b"\x00\xff\xfe\x80garbage\x01",
    "a GeoPackage": b"SQLite format 3\x00" + bytes(range(256)) * 8,
    "empty file": b"",
    "deeply nested": "[" * 100000 + "]" * 100000,
    "seeded not a boolean": _ledger_text({**_GOOD, "seeded": "no"}),
}


@pytest.mark.parametrize("kind", sorted(DAMAGED))
def test_a_damaged_ledger_gives_a_clear_error_and_is_never_harmed(tmp_path, kind):
    path = tmp_path / "ledger.json"
    content = DAMAGED[kind]
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    before = path.read_bytes()
    for attempt in (lambda: Ledger(path).entries(), lambda: Ledger(path).reserve(_entry(0.1), budget=5),
                    lambda: Ledger(path).append(_entry(0.1))):
        with pytest.raises(LedgerError) as error:
            attempt()
        assert str(path) in str(error.value) or "ledger entry" in str(error.value)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ledger.json"]


def test_a_folder_and_an_unreadable_file_give_clear_errors(tmp_path):
    with pytest.raises(LedgerError, match="is a folder"):
        Ledger(tmp_path).reserve(_entry(0.1))
    path = tmp_path / "ledger.json"
    Ledger(path).append(_entry(1.0))
    os.chmod(path, 0)
    try:
        if os.access(path, os.R_OK):
            pytest.skip("running as root: every file is readable")
        with pytest.raises(LedgerError, match="no permission"):
            Ledger(path).reserve(_entry(0.1))
    finally:
        os.chmod(path, 0o600)
    assert len(Ledger(path).entries()) == 1


def test_duplicate_ids_that_agree_count_once(tmp_path):
    path = tmp_path / "ledger.json"
    path.write_text(_ledger_text(_GOOD, _GOOD))
    assert Ledger(path).reserve(_entry(4.0), budget=5).spent_before == 1.0


# --- sources: lineage and DATASET names (issue 19 item 7); seeded runs (item 6) -------------------------------


def test_lineage_and_dataset_names_join_sources_for_the_budget(tmp_path):
    ledger = Ledger(tmp_path / "ledger.json")
    ledger.append(_entry(1.0, fingerprint="trips"))
    # trip ends prepared from the trips layer: charged to it
    with pytest.raises(BudgetExceededError):
        ledger.reserve(_entry(1.0, fingerprint="ends", parents=("trips",)), budget=1.5)
    assert ledger.reserve(_entry(0.5, fingerprint="ends", parents=("trips",)), budget=1.5).spent_before == 1.0
    # a reprojected copy the fingerprint cannot see, named by DATASET on both
    ledger.append(_entry(1.0, fingerprint="utm copy", dataset="Helsinki GPS"))
    with pytest.raises(BudgetExceededError):
        ledger.reserve(_entry(1.0, fingerprint="wgs84", dataset="helsinki  gps"), budget=1.5)
    assert ledger.reserve(_entry(1.0, fingerprint="other data"), budget=1.5).spent_before == 0


def test_seeded_releases_are_kept_but_outside_the_budget(tmp_path):
    ledger = Ledger(tmp_path / "ledger.json")
    ledger.append(_entry(5.0, seeded=True))
    assert ledger.reserve(_entry(1.0), budget=1.0).spent_before == 0
    assert [e.seeded for e in ledger.entries()] == [True, False]


class _MemoryStore:
    """A second store: the accounting rules need only read, locked and write."""

    def __init__(self):
        self.rows, self.writes = [], 0

    def describe(self):
        return "memory"

    def read(self):
        return [dict(r) for r in self.rows]

    def locked(self):
        import contextlib
        return contextlib.nullcontext(self)

    def write(self, entries):
        self.rows, self.writes = [dict(e) for e in entries], self.writes + 1


def test_another_store_plugs_in():
    store = _MemoryStore()
    ledger = Ledger(store=store)
    ledger.reserve(_entry(0.6), budget=1.0)
    with pytest.raises(BudgetExceededError):
        ledger.reserve(_entry(0.6), budget=1.0)
    assert store.writes == 1 and [e.epsilon for e in ledger.entries()] == [0.6]
