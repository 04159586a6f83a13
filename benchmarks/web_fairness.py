"""The web table's fairness: one visitor's heavy work against another's light request.

Two measures, each against ``saloon serve`` started on a loopback port with a
fresh database (two worker processes):

1. **Replays off the event loop.** A long game (Cowboys' O.K. Corral, random
   bots) is played to its end; then four clients fetch replay frames of it at
   random steps as fast as they can, while a fifth times ``GET /api/catalog``
   every 50 ms. The catalog's latency is reported alone and under the replays.
2. **Bots no visitor can starve.** Two games of D6 whose seats are searches
   (``mcts``, each decision up to the server's budget) keep both worker
   processes busy; meanwhile games of Shoot Out between ``random`` bots are
   played to the end, and their time is reported beside the same games on an
   idle server.

    .venv/bin/python benchmarks/web_fairness.py
"""

from __future__ import annotations

import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).parent))
from web_load import free_port, start_server


def h(token: str) -> dict[str, str]:
    return {"X-Saloon-Token": token}


def host_of(made: dict[str, Any]) -> str:
    return next(link["token"] for link in made["links"] if link["host"])


async def finished(client: httpx.AsyncClient, gid: str, token: str, timeout: float) -> float:
    """Seconds until the game is over (polling its view)."""
    began = time.monotonic()
    while time.monotonic() - began < timeout:
        view = (await client.get(f"/api/games/{gid}", headers=h(token))).json()
        if view["pending"] == "over":
            return time.monotonic() - began
        await asyncio.sleep(0.02)
    raise RuntimeError(f"game {gid} not over in {timeout} s")


async def catalog_times(client: httpx.AsyncClient, seconds: float) -> list[float]:
    out: list[float] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        began = time.perf_counter()
        r = await client.get("/api/catalog")
        r.raise_for_status()
        out.append((time.perf_counter() - began) * 1000)
        await asyncio.sleep(0.05)
    return out


async def replays(url: str) -> None:
    async with httpx.AsyncClient(base_url=url, timeout=120) as client:
        body = {
            "game": "cowboys",
            "options": {"scenario": "ok-corral"},
            "seats": ["random", "random"],
            "seed": 3,
            "pace": 0,
        }
        made = (await client.post("/api/games", json=body)).json()
        gid, token = made["id"], host_of(made)
        await finished(client, gid, token, 600)
        steps = (await client.get(f"/api/games/{gid}", headers=h(token))).json()["move"]
        alone = await catalog_times(client, 5)
        stop = False

        async def replayer(seed: int) -> int:
            rng = random.Random(seed)
            n = 0
            async with httpx.AsyncClient(base_url=url, timeout=120) as mine:
                while not stop:
                    step = rng.randrange(steps + 1)
                    r = await mine.get(
                        f"/api/games/{gid}/replay", params={"step": step}, headers=h(token)
                    )
                    r.raise_for_status()
                    n += 1
            return n

        tasks = [asyncio.create_task(replayer(k)) for k in range(4)]
        await asyncio.sleep(1)
        loaded = await catalog_times(client, 10)
        stop = True
        frames = sum(await asyncio.gather(*tasks))
    print(f"Replays: a game of {steps} steps; {frames} frames fetched by four clients in 10 s")
    print(table({"catalog alone": alone, "catalog under four replayers": loaded}))


async def starving(url: str) -> None:
    async with httpx.AsyncClient(base_url=url, timeout=120) as client:

        async def quick_games(n: int) -> list[float]:
            out = []
            for k in range(n):
                body = {"game": "shootout", "seats": ["random", "random"], "seed": k, "pace": 0}
                made = (await client.post("/api/games", json=body)).json()
                out.append(await finished(client, made["id"], host_of(made), 120) * 1000)
            return out

        idle = await quick_games(10)
        search = "mcts:iterations=100000,seconds=10"
        for seed in (1, 2):
            body = {"game": "dungeons", "seats": [search, search], "seed": seed, "pace": 0}
            (await client.post("/api/games", json=body)).raise_for_status()
        await asyncio.sleep(2)  # both workers busy with the searches
        busy = await quick_games(10)
    print("Random bots' games of Shoot Out, start to end:")
    print(table({"on an idle server": idle, "while two D6 searches fill both workers": busy}))


def table(rows: dict[str, list[float]]) -> str:
    lines = ["| | n | p50 ms | p90 ms | max ms |", "|---|---|---|---|---|"]
    for name, values in rows.items():
        values = sorted(values)
        p90 = values[min(len(values) - 1, int(0.9 * len(values)))]
        lines.append(
            f"| {name} | {len(values)} | {statistics.median(values):.1f} | {p90:.1f} | "
            f"{values[-1]:.1f} |"
        )
    return "\n".join(lines)


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        process = start_server(Path(tmp) / "fair.db", port)
        try:
            url = f"http://127.0.0.1:{port}"
            asyncio.run(replays(url))
            asyncio.run(starving(url))
        finally:
            process.terminate()
            process.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
