"""A safe server: no visitor's path read, content kept with its game, bots
bounded in time and fair between games, damage named in one line.

The file probes run the server in this process with every file access
watched (Python's audit hook for opens and folder listings, and ``os.stat``
for the existence checks): a path a visitor names must never be touched.
"""

from __future__ import annotations

import contextlib
import os
import random
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from saloon.core import content
from saloon.core.record import GameRecord
from saloon.core.registry import get_game
from saloon.web.app import create_app
from saloon.web.pool import OverBudget, Pool
from saloon.web.store import Store, StoreError

from .conftest import count_games, play_out, wait_for

# -- watching the disk --------------------------------------------------------------------

_WATCHED: list[str] = []
_TOUCHED: list[str] = []


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if not _WATCHED or event not in ("open", "os.listdir", "os.scandir", "glob.glob"):
        return
    target = str(args[0]) if args else ""
    if any(w in target for w in _WATCHED):
        _TOUCHED.append(f"{event} {target}")


sys.addaudithook(_audit)


@contextlib.contextmanager
def watching(marker: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every open, listing or stat of a path holding ``marker``, meanwhile."""
    real_stat = os.stat

    def stat(path: Any, *args: Any, **kwargs: Any) -> Any:
        if marker in str(path):
            _TOUCHED.append(f"stat {path}")
        return real_stat(path, *args, **kwargs)

    _TOUCHED.clear()
    _WATCHED.append(marker)
    monkeypatch.setattr(os, "stat", stat)
    try:
        yield _TOUCHED
    finally:
        _WATCHED.remove(marker)
        monkeypatch.setattr(os, "stat", real_stat)


def h(token: str) -> dict[str, str]:
    return {"X-Saloon-Token": token}


@pytest.fixture
def secrets_on_disk(tmp_path: Path) -> dict[str, Path]:
    """A file and a folder a visitor might probe for (both exist)."""
    folder = tmp_path / "probe-secret-folder"
    folder.mkdir()
    (folder / "A.toml").write_text('key = "the server\'s secret"\n')
    file = tmp_path / "probe-secret.toml"
    file.write_text('password = "hunter2"\n')
    return {"file": file, "folder": folder}


#: Every option of every game that names a file or a folder.
FILE_OPTIONS = [
    (game_id, key, kind, seats)
    for game_id, seats in (
        ("cowboys", ["human", "random"]),
        ("d6shooters", ["human"]),
        ("dungeons", ["human", "random"]),
    )
    for key, kind in get_game(game_id).options_type.FILES.items()
]


def test_every_file_option_is_declared() -> None:
    names = {(g, k) for g, k, _, _ in FILE_OPTIONS}
    assert names == {
        ("cowboys", "scenario"),
        ("cowboys", "boards"),
        ("cowboys", "cards"),
        ("cowboys", "chart"),
        ("d6shooters", "map"),
        ("d6shooters", "events_file"),
        ("dungeons", "content"),
    }


@pytest.mark.parametrize(("game_id", "key", "kind", "seats"), FILE_OPTIONS)
def test_no_path_a_visitor_names_is_read(
    client: TestClient,
    secrets_on_disk: dict[str, Path],
    monkeypatch: pytest.MonkeyPatch,
    game_id: str,
    key: str,
    kind: str,
    seats: list[str],
) -> None:
    """A path in the options, or in an imported record's options: refused in
    one line, and the path never opened, listed or even looked at."""
    before = count_games(client)
    for probe in (secrets_on_disk[kind], secrets_on_disk["file"], Path("/etc/shadow")):
        with watching("probe-secret", monkeypatch) as touched:
            r = client.post(
                "/api/games", json={"game": game_id, "seats": seats, "options": {key: str(probe)}}
            )
            assert r.status_code == 422, r.text
            detail = r.json()["detail"]
            assert f"option '{key}' names a file" in detail and "reads no file" in detail
            assert "hunter2" not in detail and 'secret"' not in detail
            record = {
                "format": "saloon-record/1",
                "game": game_id,
                "options": {key: str(probe)},
                "seats": seats,
                "moves": [],
            }
            r = client.post("/api/games/import", json={"record": record})
            assert r.status_code == 422, r.text
            assert f"the record's option '{key}' names a file" in r.json()["detail"]
        assert touched == [], touched
    assert count_games(client) == before
    # The watch sees a read: the command line, which keeps its paths, reads it.
    with watching("probe-secret", monkeypatch) as touched, contextlib.suppress(Exception):
        game = get_game(game_id)
        game.new_state(game.options_from_dict({key: str(secrets_on_disk[kind])}))
    assert touched, "the watch saw nothing: it would not see a probe either"


def test_a_scenario_is_sent_as_text_and_kept_with_its_game(client: TestClient) -> None:
    text = (
        resources.files("saloon.games.cowboys")
        .joinpath("content", "scenarios", "01-hickok-tutt.toml")
        .read_text(encoding="utf-8")
    ).replace("Wild Bill and Davis Tutt", "A Duel of Our Own")
    body = {"game": "cowboys", "seats": ["human", "random"], "seed": 2, "pace": 0}
    made = client.post("/api/games", json={**body, "content": {"scenario": text}})
    assert made.status_code == 201, made.text
    gid, token = made.json()["id"], made.json()["links"][0]["token"]
    view = wait_for(client, gid, token)
    # Forgotten by this process (as after a restart), read back from the database.
    tables = client.app.state.tables  # type: ignore[attr-defined]
    tables.tables.clear()
    content._BUNDLES.clear()
    again = client.get(f"/api/games/{gid}", headers=h(token)).json()
    assert again["move"] == view["move"] and again["svg"] == view["svg"]
    final = play_out(client, gid, token)
    record = client.get(f"/api/games/{gid}/record", headers=h(token)).json()
    assert record["content"] and record["content"][0]["name"] == "upload:scenario"
    assert record["options"]["scenario"].startswith("upload:scenario#sha256=")
    content._BUNDLES.clear()
    replayed = GameRecord.from_json(record).replay()
    assert replayed.is_over and len(replayed.history) == final["move"]
    # The record carries its content: it imports and replays on the server too.
    content._BUNDLES.clear()
    imported = client.post("/api/games/import", json={"record": record})
    assert imported.status_code == 201, imported.text


@pytest.mark.parametrize(
    ("upload", "words"),
    [
        ({"scenario": "this is [not toml"}, "not valid TOML"),
        ({"scenario": 'id = "x"\n'}, "upload:scenario"),
        ({"scenario": "x" * (1024 * 1024 + 1)}, "larger than 1024 KiB"),
        ({"boards": "not a folder"}, "must be the folder's files"),
        ({"boards": {"../../etc/passwd.toml": "x = 1"}}, "is not a content file's name"),
        ({"moves_first": "x"}, "not an option of cowboys that takes content"),
    ],
)
def test_bad_content_is_refused_in_one_line(
    client: TestClient, upload: dict[str, Any], words: str
) -> None:
    before = count_games(client)
    r = client.post(
        "/api/games", json={"game": "cowboys", "seats": ["human", "random"], "content": upload}
    )
    assert r.status_code in (413, 422), r.text
    detail = r.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail
    if r.status_code == 422:
        assert words in detail, detail
    assert count_games(client) == before


def test_a_content_folder_is_sent_as_files(client: TestClient) -> None:
    prices = (
        resources.files("saloon.games.dungeons")
        .joinpath("content", "prices.toml")
        .read_text(encoding="utf-8")
    )
    body = {"game": "dungeons", "seats": ["human", "random"], "pace": 0}
    r = client.post("/api/games", json={**body, "content": {"content": {"prices.toml": prices}}})
    assert r.status_code == 201, r.text
    wrong = {"content": {"content": {"jokes.toml": "x = 1"}}}
    r = client.post("/api/games", json={**body, **wrong})
    assert r.status_code == 422 and "is not a D6 content file" in r.json()["detail"]


# -- the bots' budget and fairness ------------------------------------------------------------


def test_a_seat_asking_for_more_than_the_budget_is_refused(client: TestClient) -> None:
    r = client.post(
        "/api/games", json={"game": "shootout", "seats": ["human", "mcts:seconds=3600"]}
    )
    assert r.status_code == 422
    assert r.json()["detail"] == (
        "this server gives a bot at most 10 s a decision, and 'mcts:seconds=3600' asks for "
        "3600 s (play it from the command line)"
    )
    ok = client.post("/api/games", json={"game": "shootout", "seats": ["human", "mcts:seconds=2"]})
    assert ok.status_code == 201


@pytest.fixture
def process_client(tmp_path: Path) -> Iterator[TestClient]:
    """The server with one worker process for the searches."""
    app = create_app(tmp_path / "web.db", pool="process", workers_count=1)
    with TestClient(app) as c:
        yield c


def test_a_random_bot_moves_while_another_game_searches(process_client: TestClient) -> None:
    """One worker, busy with a long search of one game: another game's random
    bots still play (light bots think at once, never queued behind it); and
    deleting the searching game stops its search."""
    c = process_client
    slow = c.post(
        "/api/games",
        json={
            "game": "dungeons",
            "seats": ["mcts:iterations=100000,seconds=8", "mcts:iterations=100000,seconds=8"],
            "pace": 0,
        },
    ).json()
    pool = c.app.state.tables.pool  # type: ignore[attr-defined]
    deadline = time.monotonic() + 20
    while not pool.busy and time.monotonic() < deadline:
        time.sleep(0.05)
    assert pool.busy, "the search never started"
    began = time.monotonic()
    quick = c.post(
        "/api/games", json={"game": "shootout", "seats": ["random", "random"], "pace": 0}
    ).json()
    host = next(link["token"] for link in quick["links"] if link["host"])
    assert wait_for(c, quick["id"], host, until="over", timeout=8)["pending"] == "over"
    assert time.monotonic() - began < 5
    # Deleting the searching game stops its worker's search at once.
    running = pool.busy[0].process
    slow_host = next(link["token"] for link in slow["links"] if link["host"])
    assert c.delete(f"/api/games/{slow['id']}", headers=h(slow_host)).status_code == 200
    running.join(3)
    assert not running.is_alive() and not pool.busy


def test_a_job_past_its_budget_is_stopped_and_games_take_turns() -> None:
    import asyncio

    async def main() -> None:
        pool = Pool("process", 1, grace=0.2)
        try:
            with pytest.raises(OverBudget):
                await pool.heavy("a", time.sleep, 30, budget=0.3)
            assert await pool.heavy("a", abs, -3, budget=5) == 3  # a fresh worker took over
            # Game a queues three jobs, then game b one: b's goes second, not last.
            order: list[str] = []

            async def job(game: str, n: int) -> None:
                await pool.heavy(game, time.sleep, 0.2, budget=5)
                order.append(f"{game}{n}")

            tasks = [asyncio.create_task(job("a", n)) for n in range(3)]
            await asyncio.sleep(0)
            tasks.append(asyncio.create_task(job("b", 0)))
            await asyncio.gather(*tasks)
            assert order.index("b0") <= 2, order
        finally:
            await pool.close()

    asyncio.run(main())


# -- damage named ---------------------------------------------------------------------------------


def _garbage_pages(path: Path) -> None:
    data = bytearray(path.read_bytes())
    for k in range(4096 * 2, min(len(data), 4096 * 4)):
        data[k] = (k * 7919) % 251
    path.write_bytes(bytes(data))


def test_a_damaged_games_database_is_named_in_one_line(tmp_path: Path) -> None:
    # Garbage pages.
    db = tmp_path / "web.db"
    store = Store(db)
    store.db.execute("PRAGMA foreign_keys=OFF")
    for i in range(400):
        store.db.execute("INSERT INTO tokens VALUES (?,?,?,?,?)", (f"t{i}" * 20, "g", "[]", 0, 0))
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    _garbage_pages(db)
    before = db.read_bytes()
    with pytest.raises(StoreError, match=r"is damaged .*move it aside to start afresh"):
        Store(db)
    assert db.read_bytes() == before  # nothing written
    # Not a database at all.
    junk = tmp_path / "junk.db"
    junk.write_text("hello")
    with pytest.raises(StoreError, match="file is not a database"):
        Store(junk)
    # A dropped table.
    dropped = tmp_path / "dropped.db"
    Store(dropped).close()
    with sqlite3.connect(dropped) as con:
        con.execute("DROP TABLE steps")
    with pytest.raises(StoreError, match="its table steps is missing"):
        Store(dropped)
    # A lock held by another writer: a bounded wait, then one line.
    locked = tmp_path / "locked.db"
    Store(locked).close()
    holder = sqlite3.connect(locked, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        began = time.monotonic()
        with pytest.raises(StoreError, match="is locked by another process"):
            Store(locked, busy=0.3)
        assert time.monotonic() - began < 5
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_serve_refuses_a_damaged_database_in_one_line(tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    junk.write_text("not a database")
    script = Path(sys.executable).with_name("saloon")
    done = subprocess.run(
        [str(script), "serve", "--db", str(junk), "--port", "1"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"error: the games database {junk} is damaged (file is not a database): "
        "move it aside to start afresh, or restore a copy"
    ]


def test_a_game_damaged_under_a_running_server_is_one_json_line(client: TestClient) -> None:
    made = client.post("/api/games", json={"game": "shootout", "seats": ["human", "human"]})
    gid, token = made.json()["id"], made.json()["links"][0]["token"]
    other = client.post("/api/games", json={"game": "shootout", "seats": ["human", "human"]})
    tables = client.app.state.tables  # type: ignore[attr-defined]
    tables.store.db.execute("UPDATE steps SET move = 'fly away' WHERE game_id = ?", (gid,))
    tables.tables.clear()
    r = client.get(f"/api/games/{gid}", headers=h(token))
    assert r.status_code == 500 and r.headers["content-type"] == "application/json"
    assert f"game {gid} is damaged in the database" in r.json()["detail"]
    ok = client.get(
        f"/api/games/{other.json()['id']}", headers=h(other.json()["links"][0]["token"])
    )
    assert ok.status_code == 200
    tables.store.db.execute("DROP TABLE steps")
    tables.tables.clear()
    r = client.get(f"/api/games/{other.json()['id']}", headers=h(other.json()["links"][0]["token"]))
    assert r.status_code == 503 and "the games database" in r.json()["detail"]


def test_a_forced_pass_in_a_hidden_game_waits_like_a_choice(client: TestClient) -> None:
    """D6 asks every player in a card window alike (DG-R4); a person with
    nothing to play there is passed for by the table after the pause a
    move takes, and the others see only that he is deciding."""
    made = client.post(
        "/api/games",
        json={
            "game": "dungeons",
            "seats": ["human", "human"],
            "hands": "per_seat",
            "seed": 3,
            "pace": 0.4,
        },
    ).json()
    gid = made["id"]
    tokens = {link["seats"][0]: link["token"] for link in made["links"] if link["seats"]}
    rng = random.Random(1)
    for _ in range(400):
        views = {p: client.get(f"/api/games/{gid}", headers=h(t)).json() for p, t in tokens.items()}
        mover = views[0]["to_move"]
        if views[0]["pending"] == "over":
            break
        if not isinstance(mover, int):
            time.sleep(0.02)
            continue
        mine, other = views[mover], views[1 - mover]
        if mine.get("forced"):
            # The mover is told; the other sees a decision like any other.
            assert not mine["your_turn"] and mine["actions"] is None
            assert other["pending"] == "person" and "forced" not in other
            move = mine["move"]
            time.sleep(0.1)
            assert client.get(f"/api/games/{gid}", headers=h(tokens[0])).json()["move"] == move
            deadline = time.monotonic() + 5
            while client.get(f"/api/games/{gid}", headers=h(tokens[0])).json()["move"] == move:
                assert time.monotonic() < deadline, "the forced pass was never taken"
                time.sleep(0.05)
            return
        if not mine["your_turn"]:
            time.sleep(0.02)
            continue
        action = rng.choice(mine["actions"])["notation"]
        r = client.post(
            f"/api/games/{gid}/actions",
            json={"move": mine["move"], "action": action},
            headers=h(tokens[mover]),
        )
        assert r.status_code in (200, 409), r.text
    pytest.fail("no forced pass met in 400 steps")
