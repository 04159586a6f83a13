"""Load on the web table: many clients playing many games with bots, on loopback.

    python benchmarks/web_load.py                     # 50 clients, 200 games
    python benchmarks/web_load.py --clients 10 --games 20

Starts ``saloon serve`` on a free loopback port with a fresh database (or
uses ``--url``), then ``--clients`` concurrent clients each create games of
Shoot Out (a person against the ``random`` bot, no pause between moves) and
play them to the end, choosing at random among the legal actions, until
``--games`` games are done. Every request is timed. At the end every game's
record is fetched and replayed: it must be over and must hold, in order,
every action the server acknowledged. Prints the latency percentiles of
each kind of request (an action's time is the server's answer to a
person's move, which includes the dice it sets rolling and the commit, but
not the bot's reply), both as the client waited for it and as the server
spent on it (its ``Server-Timing`` header), and exits non-zero on any 5xx, any lost or corrupted
game. The run is bounded: ``--games`` games, at most ``--timeout`` seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from saloon.core import GameRecord

#: Seconds a client waits before looking again while a bot moves (a browser
#: is told by the event stream instead).
POLL = 0.02


@dataclass
class Report:
    """What a load run measured."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    statuses: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    games: int = 0
    actions: int = 0
    bad_games: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def server_errors(self) -> int:
        return sum(n for status, n in self.statuses.items() if status >= 500)

    def percentiles(self, kind: str) -> dict[str, float]:
        values = sorted(self.latencies[kind])
        if not values:
            return {}

        def pick(q: float) -> float:
            return values[min(len(values) - 1, int(q * len(values)))] * 1000

        return {
            "n": len(values),
            "p50": pick(0.50),
            "p90": pick(0.90),
            "p99": pick(0.99),
            "max": values[-1] * 1000,
        }

    def table(self) -> str:
        lines = [
            f"{'request':<10} {'n':>7} {'p50 ms':>8} {'p90 ms':>8} {'p99 ms':>8} {'max ms':>8}"
        ]
        for kind in ("create", "view", "action", "record", "server view", "server action"):
            p = self.percentiles(kind)
            if p:
                cells = " ".join(f"{p[k]:>8.1f}" for k in ("p50", "p90", "p99", "max"))
                lines.append(f"{kind:<14} {p['n']:>7} {cells}")
        return "\n".join(lines)


async def _timed(report: Report, kind: str, request: Any) -> httpx.Response:
    began = time.perf_counter()
    response: httpx.Response = await request
    report.latencies[kind].append(time.perf_counter() - began)
    timing = response.headers.get("server-timing", "")
    if timing.startswith("app;dur="):
        report.latencies["server " + kind].append(float(timing[8:]) / 1000)
    report.statuses[response.status_code] += 1
    return response


async def play_one(
    client: httpx.AsyncClient, report: Report, rng: random.Random, deadline: float
) -> None:
    """Create one game and play it to the end; then check its record."""
    body = {
        "game": "shootout",
        "seats": ["human", "random"],
        "pace": 0,
        "seed": rng.randrange(2**31),
    }
    r = await _timed(report, "create", client.post("/api/games", json=body))
    if r.status_code != 201:
        report.bad_games.append(f"create answered {r.status_code}: {r.text[:200]}")
        return
    made = r.json()
    gid, token = made["id"], made["links"][0]["token"]
    headers = {"X-Saloon-Token": token}
    acknowledged: list[tuple[int, str]] = []
    view = made["view"]
    while view["pending"] != "over":
        if time.monotonic() > deadline:
            report.bad_games.append(f"{gid}: not over when time ran out")
            return
        if view["your_turn"]:
            action = rng.choice(view["actions"])["notation"]
            r = await _timed(
                report,
                "action",
                client.post(
                    f"/api/games/{gid}/actions",
                    json={"move": view["move"], "action": action},
                    headers=headers,
                ),
            )
            if r.status_code == 200:
                acknowledged.append((view["move"], action))
                report.actions += 1
                view = r.json()
                continue
            if r.status_code != 409:
                report.bad_games.append(f"{gid}: action answered {r.status_code}: {r.text[:200]}")
                return
        else:
            await asyncio.sleep(POLL)
        r = await _timed(report, "view", client.get(f"/api/games/{gid}", headers=headers))
        if r.status_code != 200:
            report.bad_games.append(f"{gid}: view answered {r.status_code}")
            return
        view = r.json()
    r = await _timed(report, "record", client.get(f"/api/games/{gid}/record", headers=headers))
    try:
        record = GameRecord.from_json(r.json())
        state = record.replay()
    except Exception as exc:  # a corrupted game is what this run looks for
        report.bad_games.append(f"{gid}: record does not replay: {exc}")
        return
    moves = record.moves
    for step, action in acknowledged:
        if step >= len(moves) or moves[step] != (0, action):
            report.bad_games.append(
                f"{gid}: acknowledged {action!r} at step {step} is not in the record"
            )
            return
    if not state.is_over:
        report.bad_games.append(f"{gid}: the record is not over")
        return
    report.games += 1


async def run(url: str, clients: int, games: int, timeout: float, seed: int = 1) -> Report:
    """``clients`` concurrent clients play ``games`` games in all."""
    report = Report()
    began = time.monotonic()
    deadline = began + timeout
    todo = iter(range(games))
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)

    async def worker(n: int) -> None:
        rng = random.Random(seed * 1000 + n)
        async with httpx.AsyncClient(base_url=url, timeout=30, limits=limits) as client:
            for _ in todo:
                if time.monotonic() > deadline:
                    return
                await play_one(client, report, rng, deadline)

    await asyncio.gather(*(worker(n) for n in range(clients)))
    report.seconds = time.monotonic() - began
    return report


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(db: Path, port: int) -> subprocess.Popen[bytes]:
    """``saloon serve`` on loopback; returns once it answers."""
    script = Path(sys.executable).with_name("saloon")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "saloon.cli.main"]
    process = subprocess.Popen(
        [*command, "serve", "--port", str(port), "--db", str(db)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ},
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/catalog", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("saloon serve did not start")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--timeout", type=float, default=300.0, help="stop after this many seconds")
    parser.add_argument("--url", help="a running server (default: start one on loopback)")
    args = parser.parse_args()
    process = None
    with tempfile.TemporaryDirectory() as tmp:
        url = args.url
        if url is None:
            port = free_port()
            process = start_server(Path(tmp) / "load.db", port)
            url = f"http://127.0.0.1:{port}"
        try:
            report = asyncio.run(run(url, args.clients, args.games, args.timeout))
        finally:
            if process is not None:
                process.terminate()
                process.wait(10)
    print(
        f"{args.clients} clients, {report.games}/{args.games} games over and checked, "
        f"{report.actions} actions in {report.seconds:.1f} s"
    )
    print(report.table())
    print("statuses:", dict(sorted(report.statuses.items())))
    for problem in report.bad_games[:20]:
        print("problem:", problem)
    failed = report.server_errors or report.bad_games or report.games < args.games
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
