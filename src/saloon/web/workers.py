"""The slow work of the web table, run off the event loop (:mod:`.pool`).

Each function takes and returns plain, picklable values (a state copy, an
agent spec, notation), so it can run in a thread or a worker process;
:func:`serve` is a worker process's loop.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from saloon.agents import make_agent, reads_local_files
from saloon.analysis.review import Review, review
from saloon.core.advice import Advice
from saloon.core.errors import SaloonError, shown
from saloon.core.record import GameRecord
from saloon.core.registry import get_game
from saloon.core.state import State


def bot_choice(spec: str, seed: int, state: State) -> str:
    """The notation of the choice the bot ``spec`` makes at ``state``
    (never a bot that reads the server's files: the seats refuse those)."""
    if reads_local_files(spec):
        raise SaloonError(f"the web table does not seat {shown(spec)}")
    return str(make_agent(spec, state.game, seed).choose(state))


def serve(conn: Connection, parent: int) -> None:
    """A worker process: run each ``(function, arguments)`` sent on
    ``conn`` and send back ``(True, result)`` or ``(False, why)``, until the
    connection closes or the server that started it is gone."""
    watch_parent(parent, every=0.25)
    while True:
        try:
            fn, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[bool, object] = (True, fn(*args))
        except Exception as exc:  # the server reports it; the worker carries on
            answer = (False, f"{type(exc).__name__}: {exc}")
        try:
            conn.send(answer)
        except (OSError, ValueError):
            return


def advice(state: State) -> dict[str, object]:
    """The game's advisor on ``state`` as JSON (:meth:`Advice.to_json`, with
    ``heading``), or ``{"values": None, "note": why there is none}``."""
    try:
        answer = state.game.advice(state)
    except SaloonError as exc:
        return {"values": None, "note": f"the advisor cannot help here: {exc}"}
    if answer is None:
        return {"values": None, "note": state.game.advice_note(state)}
    return {**answer.to_json(), "heading": answer.heading()}


def review_part(record: dict[str, Any], first: int, last: int | None, scale: float) -> Review:
    """Steps ``first`` to ``last`` (from 1, both included; ``None``: to the
    end) of the record ``record`` (its JSON) reviewed by the game's advisor
    at ``scale`` times its budget: one part of a review made in parts
    (:mod:`saloon.web.reviews`). A part that ends before the game's end
    asks nothing about the decision after its last step (the next part
    judges it), so no decision is judged twice."""
    rec = GameRecord.from_json(record)
    game = get_game(rec.game)
    return part_review(rec, first, last, lambda state: game.advice(state, scale=scale), scale)


def part_review(
    record: GameRecord,
    first: int,
    last: int | None,
    advise: Callable[[State], Advice | None],
    scale: float = 1.0,
) -> Review:
    """:func:`review_part` with the judge ``advise``, asked nothing from
    step ``last`` on."""

    def judge(state: State) -> Advice | None:
        if last is not None and len(state.history) >= last:
            return None
        return advise(state)

    return review(record, scale=scale, steps=(first, last), judge=judge)


def watch_parent(parent: int, every: float = 1.0) -> None:
    """A worker process's initializer: leave as soon as the server that
    started it is gone (even killed with SIGKILL, when it could not say so)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(0)

    threading.Thread(target=watch, name="saloon-watch-parent", daemon=True).start()
