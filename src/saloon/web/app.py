"""The web table's HTTP API and pages, on FastAPI.

Every route is listed, with its request and answer shapes, on the OpenAPI
page (``/docs``) of a running server; ``docs/web.md`` describes the design.
A seat's token travels in the ``X-Saloon-Token`` header (or, for the live
event stream, which a browser cannot give headers, the ``token`` query
parameter); the pages keep it in the link's ``#`` part, which browsers
never send to a server.

Every refusal is a 4xx whose body is ``{"detail": "one sentence"}``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import os
import time
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Header, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response, StreamingResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field

from saloon import __version__
from saloon.core.errors import SaloonError
from saloon.core.record import GameRecord
from saloon.core.registry import all_games, get_game
from saloon.core.session import HUMAN, Session
from saloon.web import workers
from saloon.web.store import Store
from saloon.web.tables import MAX_PACE, Refused, Table, Tables, agent_maker, web_agent
from saloon.web.views import (
    catalog_entry,
    record_allowed,
    replay_frame,
    table_view,
)

log = logging.getLogger("saloon.web")

#: The largest request body accepted, in bytes (a long record fits easily).
MAX_BODY = 2_000_000
#: Seconds between keep-alive comments on a quiet event stream.
KEEPALIVE = 15.0

STATIC = Path(str(resources.files("saloon.web") / "static"))

Token = Annotated[
    str | None,
    Header(alias="X-Saloon-Token", description="the seat token from the game's link"),
]


# -- request and answer shapes ---------------------------------------------------------------


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class CreateGame(_Strict):
    """A new game."""

    game: str = Field(description="the game's id, e.g. shootout")
    options: dict[str, str | int | float | bool | list[int] | None] = Field(
        default_factory=dict, description="option name -> value (see /api/catalog)"
    )
    seats: list[str] = Field(
        min_length=1, max_length=16, description='"human" or an agent spec, one per player'
    )
    dice: Literal["random", "manual"] = Field(
        "random", description="random: the server rolls; manual: a referee types real dice"
    )
    hands: Literal["hotseat", "per_seat"] = Field(
        "hotseat",
        description="hotseat: one link for every person; per_seat: a link per person "
        "plus a host link (referee's dice, watching, deleting)",
    )
    seed: int | None = Field(None, ge=0, lt=2**63, description="the dice and bots' seed")
    pace: float = Field(0.8, ge=0, le=MAX_PACE, description="seconds between bots' moves")


class ImportRecord(_Strict):
    """A saved record to load as a game."""

    record: dict[str, Any] = Field(description="a Saloon record (saloon-record/1)")
    seats: list[str] | None = Field(
        None, description="who sits where now; by default the record's bots stay bots"
    )
    dice: Literal["random", "manual"] = "random"
    hands: Literal["hotseat", "per_seat"] = "hotseat"
    pace: float = Field(0.8, ge=0, le=MAX_PACE)


class Act(_Strict):
    """A person's action, or the referee's dice, in the game's notation."""

    move: int = Field(description="the move number of the view the choice was made on")
    action: str = Field(min_length=1, max_length=500, description="notation, e.g. 'colt'")


class Undo(_Strict):
    move: int = Field(description="the move number of the view undo was pressed on")


class Link(BaseModel):
    token: str
    seats: list[int]
    referee: bool
    url: str


class Created(BaseModel):
    id: str
    links: list[Link]
    view: dict[str, Any]


# -- the app --------------------------------------------------------------------------------


def make_pool(kind: str, workers_count: int) -> Executor:
    """The pool where bots and advisors think: processes (``spawn``, so no
    lock of the server is inherited) or threads."""
    if kind == "thread":
        return ThreadPoolExecutor(max_workers=workers_count, thread_name_prefix="saloon-bot")
    context = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(
        max_workers=workers_count,
        mp_context=context,
        initializer=workers.watch_parent,
        initargs=(os.getpid(),),
    )


def create_app(
    db: str | Path = "saloon-web.db",
    *,
    pool: Literal["process", "thread"] = "process",
    workers_count: int = 2,
    durable: bool = False,
) -> FastAPI:
    """The web table over the database ``db``."""
    state: dict[str, Any] = {}

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(db, durable=durable)
        executor = make_pool(pool, workers_count)
        tables = Tables(store, executor)
        state["tables"] = tables
        app.state.tables = tables
        if pool == "process":
            asyncio.get_running_loop().run_in_executor(executor, workers.warm_up)
        tables.resume()
        try:
            yield
        finally:
            await tables.close()
            executor.shutdown(wait=False, cancel_futures=True)
            store.close()

    app = FastAPI(
        title="Saloon web table",
        version=__version__,
        description="Play Saloon's games in the browser: the lobby, the table, replays. "
        "A seat's token goes in the X-Saloon-Token header.",
        lifespan=lifespan,
    )
    app.add_middleware(BodyLimit, limit=MAX_BODY)
    app.add_middleware(ServerTiming)

    def tables() -> Tables:
        t: Tables = state["tables"]
        return t

    # -- errors: one sentence each -----------------------------------------------------

    @app.exception_handler(Refused)
    async def refused(request: Request, exc: Refused) -> JSONResponse:
        return JSONResponse({"detail": exc.message}, status_code=exc.status)

    @app.exception_handler(SaloonError)
    async def bad_input(request: Request, exc: SaloonError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=422)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": validation_message(exc)}, status_code=_status(exc))

    # -- the catalog ---------------------------------------------------------------------

    @app.get("/api/catalog", tags=["games"], summary="Every game, its options and its bots")
    async def catalog() -> dict[str, Any]:
        return {"games": [catalog_entry(g) for g in all_games()]}

    # -- games ---------------------------------------------------------------------------------

    @app.get("/api/games", tags=["games"], summary="The saved games, latest first")
    async def list_games() -> dict[str, Any]:
        return {"games": [row.summary() for row in tables().store.games()]}

    @app.post(
        "/api/games",
        tags=["games"],
        status_code=201,
        summary="Start a game",
        response_model=Created,
    )
    async def create(body: CreateGame) -> Created:
        game = get_game(body.game)
        options = game.options_from_dict(body.options)
        n = len(body.seats)
        fewest, most = game.player_range(options)
        if not fewest <= n <= most:
            players = str(fewest) if fewest == most else f"{fewest}-{most}"
            raise Refused(422, f"{game.id} takes {players} players, not {n}")
        for spec in body.seats:
            if spec != HUMAN:
                web_agent(spec, game, 0, options)  # unknown, or cannot play the variant: a 422
        session = Session(
            game,
            options,
            body.seats,
            seed=body.seed,
            manual_dice=body.dice == "manual",
            agents=agent_maker(game),
        )
        table, hands = tables().create(session, pace=body.pace, hotseat=body.hands == "hotseat")
        return _created(table, hands)

    @app.post(
        "/api/games/import",
        tags=["games"],
        status_code=201,
        summary="Load a record as a game",
        response_model=Created,
    )
    async def import_record(body: ImportRecord) -> Created:
        record = GameRecord.from_json(body.record)
        table, hands = tables().import_record(
            record,
            body.seats,
            manual_dice=body.dice == "manual",
            pace=body.pace,
            hotseat=body.hands == "hotseat",
        )
        return _created(table, hands)

    @app.get(
        "/api/games/{game_id}",
        tags=["play"],
        summary="The game as this token's seat sees it",
        response_class=JSONResponse,
    )
    async def view(game_id: str, token: Token = None) -> JSONResponse:
        t = tables()
        table = t.get(game_id)
        hand = t.hand(table, token)
        t.kick(table)
        return JSONResponse(table_view(table, hand))

    @app.post(
        "/api/games/{game_id}/actions",
        tags=["play"],
        summary="Play an action or enter dice; answers with the new view",
        response_class=JSONResponse,
    )
    async def act(game_id: str, body: Act, token: Token = None) -> JSONResponse:
        t = tables()
        table = t.get(game_id)
        hand = t.hand(table, token)
        if hand is None:
            raise Refused(401, "playing needs a seat's token (open the game from its link)")
        await t.act(table, hand, body.move, body.action)
        return JSONResponse(table_view(table, hand))

    @app.post("/api/games/{game_id}/undo", tags=["play"], summary="Back to your previous decision")
    async def undo(game_id: str, body: Undo, token: Token = None) -> dict[str, Any]:
        t = tables()
        table = t.get(game_id)
        hand = t.hand(table, token)
        taken = await t.undo(table, hand, body.move)
        return {"undone": taken, "view": table_view(table, hand)}

    @app.post("/api/games/{game_id}/skip", tags=["play"], summary="Skip the pauses between bots")
    async def skip(game_id: str, token: Token = None) -> dict[str, Any]:
        t = tables()
        table = t.get(game_id)
        t.hand(table, token)
        t.skip(table)
        return {"skipping": True}

    @app.get(
        "/api/games/{game_id}/advice", tags=["play"], summary="The advisor's value of each action"
    )
    async def advice(
        game_id: str, move: Annotated[int, Query()], token: Token = None
    ) -> dict[str, Any]:
        t = tables()
        table = t.get(game_id)
        hand = t.hand(table, token)
        values, note = await t.advise(table, hand, move)
        if values is None:
            return {"move": move, "values": None, "note": note}
        return {
            "move": move,
            "values": [{"action": a, "value": v} for a, v in values],
            "note": note,
        }

    @app.get(
        "/api/games/{game_id}/record",
        tags=["records"],
        summary="The game's record (saloon-record/1)",
        response_class=JSONResponse,
    )
    async def record(game_id: str) -> JSONResponse:
        table = tables().get(game_id)
        if not record_allowed(table):
            raise Refused(403, "this game hides information: its record is given once it is over")
        return JSONResponse(table.session.record().to_json())

    @app.get(
        "/api/games/{game_id}/replay", tags=["records"], summary="The game after its first steps"
    )
    async def replay(
        game_id: str,
        step: Annotated[int, Query(ge=0, le=MAX_STEP)],
        seat: Annotated[int | None, Query(ge=0, le=MAX_STEP)] = None,
        token: Token = None,
    ) -> dict[str, Any]:
        t = tables()
        table = t.get(game_id)
        hand = t.hand(table, token)
        if not record_allowed(table):
            raise Refused(403, "this game hides information: its replay is shown once it is over")
        if step > table.session.step:
            raise Refused(422, f"step {step} is past the end (the game has {table.session.step})")
        if seat is not None and seat >= len(table.session.seats):
            raise Refused(422, f"there is no seat {seat} (seats 0-{len(table.session.seats) - 1})")
        if seat is None and hand is not None and hand.seats:
            seat = hand.seats[0]
        return replay_frame(table, step, seat)

    @app.delete("/api/games/{game_id}", tags=["games"], summary="Delete a saved game")
    async def delete(game_id: str, token: Token = None) -> dict[str, Any]:
        t = tables()
        table = t.get(game_id)
        if t.hand(table, token) is None:
            raise Refused(401, "deleting a game needs one of its tokens")
        await t.delete(table)
        return {"deleted": game_id}

    @app.get(
        "/api/games/{game_id}/events",
        tags=["play"],
        summary="Server-sent events: the move number whenever the game changes",
        response_class=StreamingResponse,
    )
    async def events(game_id: str, token: Annotated[str | None, Query()] = None) -> Response:
        t = tables()
        table = t.get(game_id)
        t.hand(table, token)
        queue = t.listen(table)
        t.kick(table)

        async def stream() -> AsyncIterator[str]:
            try:
                first = {"move": table.session.step, "pending": table.session.pending}
                yield f"data: {json.dumps(first)}\n\n"
                while True:
                    try:
                        news = await asyncio.wait_for(queue.get(), KEEPALIVE)
                    except TimeoutError:
                        yield ": still here\n\n"
                        continue
                    yield f"data: {json.dumps(news)}\n\n"
                    if news.get("deleted"):
                        return
            finally:
                t.unlisten(table, queue)

        return StreamingResponse(
            stream(),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    # -- pages -----------------------------------------------------------------------------------

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    def page() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return page()

    @app.get("/table/{game_id}", include_in_schema=False)
    async def table_page(game_id: str) -> FileResponse:
        return page()

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str) -> FileResponse:
        return page()

    return app


def _created(table: Table, hands: list[tuple[str, Any]]) -> Created:
    links = [
        Link(
            token=token,
            seats=list(hand.seats),
            referee=hand.referee,
            url=f"/table/{table.id}#{token}",
        )
        for token, hand in hands
    ]
    return Created(id=table.id, links=links, view=table_view(table, hands[0][1]))


#: The largest step or seat number a request may name (any game is far shorter).
MAX_STEP = 10**9


def validation_message(exc: RequestValidationError) -> str:
    """One sentence for the first thing wrong with a request."""
    errors = exc.errors()
    if not errors:
        return "the request is malformed"
    first = errors[0]
    if first.get("type") == "json_invalid":
        return "the body is not valid JSON"
    where = [
        _short(str(p), 40)
        for p in first.get("loc", ())
        if p not in ("body", "query", "header", "path")
    ]
    place = _short(".".join(where), 120) or "the body"
    message = _short(str(first.get("msg", "is invalid")), 200)
    if first.get("type") == "missing":
        return f"{place} is missing"
    if first.get("type") == "extra_forbidden":
        return f"{place} is not a field of this request"
    return f"{place}: {message}"


def _short(text: str, limit: int) -> str:
    """``text`` printable and at most ``limit`` characters (a field name in a
    message may be anything a client sent)."""
    text = "".join(c if c.isprintable() else "?" for c in text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _status(exc: RequestValidationError) -> int:
    errors = exc.errors()
    if errors and errors[0].get("type") == "json_invalid":
        return 400
    return 422


Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


class BodyLimit:
    """Refuses a request body over ``limit`` bytes with 413, by its
    Content-Length or as it streams in."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]], limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    size = int(value)
                except ValueError:
                    size = self.limit + 1
                if size > self.limit:
                    await _too_large(send, self.limit)
                    return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise _TooLarge
            return message

        try:
            await self.app(scope, limited, send)
        except _TooLarge:
            await _too_large(send, self.limit)


class ServerTiming:
    """Adds ``Server-Timing: app;dur=MS``: the time from a request's arrival
    to its answer's start, i.e. the server's own work (load tests read it
    apart from the time a request waited in the network and queues)."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        began = time.perf_counter()

        async def timed(message: Message) -> None:
            if message["type"] == "http.response.start":
                ms = (time.perf_counter() - began) * 1000
                headers = list(message.get("headers", []))
                headers.append((b"server-timing", f"app;dur={ms:.2f}".encode()))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, timed)


class _TooLarge(Exception):
    pass


async def _too_large(send: Send, limit: int) -> None:
    body = json.dumps({"detail": f"the request body is over {limit} bytes"}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [(b"content-type", b"application/json")],
        }
    )
    await send({"type": "http.response.body", "body": body})
