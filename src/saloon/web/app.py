"""The web table's HTTP API and pages, on FastAPI.

Every route is listed, with its request and answer shapes, on the API page
(``/docs``, served from the package, its data at ``/openapi.json``) of a
running server; ``docs/web.md`` describes the design and who may do what
with which link. A link's token travels in the ``X-Saloon-Token`` header
(or, for the live event stream and the record's download, which a browser
opens without headers, the ``token`` query parameter); the pages keep it in
the link's ``#`` part, which browsers never send to a server.

Every refusal is a 4xx whose body is ``{"detail": "one sentence"}``; a
failure of the server's own (a damaged database) is a 5xx of the same shape.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Header, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response, StreamingResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field

from saloon import __version__
from saloon.core import content
from saloon.core.errors import SaloonError, printable, shown
from saloon.core.game import Game
from saloon.core.record import GameRecord
from saloon.core.registry import all_games, get_game
from saloon.core.session import HUMAN, Session
from saloon.web.pool import Pool
from saloon.web.reviews import WAIT_SECONDS
from saloon.web.store import Hand, Store, damage
from saloon.web.tables import (
    MAX_PACE,
    Refused,
    Table,
    Tables,
    agent_maker,
    refuse_files,
    web_agent,
)
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


#: What a person's content looks like in a request: a file's TOML text, or
#: a folder's files by their names inside it.
Upload = str | dict[str, str]


class CreateGame(_Strict):
    """A new game."""

    game: str = Field(description="the game's id, e.g. shootout")
    options: dict[str, str | int | float | bool | list[int] | list[str] | None] = Field(
        default_factory=dict, description="option name -> value (see /api/catalog)"
    )
    content: dict[str, Upload] = Field(
        default_factory=dict,
        description="your own content for an option that names a file on the command line "
        "(scenario, boards, cards, chart, map, events_file, content): the file's TOML text, "
        "or a folder's files as {name: text}; kept with the game",
    )
    advisor: bool | None = Field(
        None,
        description="the advisor's values at this table: on for one person by default, "
        "off for several unless the table turns it on",
    )
    practice_undo: bool = Field(
        False, description="undo back past rolls too (one person only; the record says so)"
    )
    seats: list[str] = Field(
        min_length=1, max_length=16, description='"human" or an agent spec, one per player'
    )
    dice: Literal["random", "manual"] = Field(
        "random", description="random: the server rolls; manual: a referee types real dice"
    )
    hands: Literal["hotseat", "per_seat"] = Field(
        "hotseat",
        description="hotseat: one link for every person, the host's; per_seat: a link per "
        "person plus the host's (referee's dice, spectators' links, deleting)",
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
    advisor: bool | None = None
    practice_undo: bool = False


class ForkGame(_Strict):
    """A new game from a step of this one ("play from here")."""

    step: int = Field(ge=0, le=10**9, description="the steps of this game the new one keeps")
    seats: list[str] | None = Field(
        None, description="who sits where in the new game; by default as in this one"
    )
    hands: Literal["hotseat", "per_seat"] = "hotseat"
    pace: float = Field(0.8, ge=0, le=MAX_PACE)
    advisor: bool | None = None
    keep_hidden: bool = Field(
        False,
        description="keep the hands as they were (a finished game, every seat a person); "
        "otherwise the cards a seat could not see are drawn again",
    )


class Mine(_Strict):
    """The links a browser holds."""

    tokens: list[str] = Field(max_length=500, description="tokens of the links this browser holds")


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
    host: bool
    kind: str
    url: str


class Created(BaseModel):
    id: str
    links: list[Link]
    view: dict[str, Any]


# -- the app --------------------------------------------------------------------------------


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
        workers = Pool(pool, workers_count)
        tables = Tables(store, workers)
        state["tables"] = tables
        app.state.tables = tables
        await tables.resume()
        try:
            yield
        finally:
            await tables.close()
            await workers.close()
            store.close()

    app = FastAPI(
        title="Saloon web table",
        version=__version__,
        description="Play Saloon's games in the browser: the lobby, the table, replays. "
        "A link's token goes in the X-Saloon-Token header.",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
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

    @app.exception_handler(sqlite3.Error)
    async def database(request: Request, exc: sqlite3.Error) -> JSONResponse:
        log.error("the games database failed on %s: %s", request.url.path, exc)
        return JSONResponse({"detail": damage(str(db), exc)}, status_code=503)

    @app.exception_handler(Exception)
    async def failure(request: Request, exc: Exception) -> JSONResponse:
        log.exception("failed on %s", request.url.path)
        return JSONResponse(
            {"detail": f"the server failed: {printable(str(exc))[:200] or type(exc).__name__}"},
            status_code=500,
        )

    # -- the catalog ---------------------------------------------------------------------

    @app.get("/api/catalog", tags=["games"], summary="Every game, its options and its bots")
    async def catalog() -> dict[str, Any]:
        return _catalog(tuple(all_games()))

    # -- games ---------------------------------------------------------------------------------

    @app.post(
        "/api/games/mine",
        tags=["games"],
        summary="The games this browser holds links to, latest first",
    )
    async def list_games(body: Mine) -> dict[str, Any]:
        rows = tables().store.games_of(body.tokens)
        return {"games": [{**row.summary(), "link": hand.kind} for row, hand in rows]}

    @app.post(
        "/api/games",
        tags=["games"],
        status_code=201,
        summary="Start a game",
        response_model=Created,
    )
    async def create(body: CreateGame) -> Created:
        game = get_game(body.game)
        refuse_files(game, body.options)
        options = game.options_from_dict({**body.options, **uploads(game, body.content)})
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
            advisor=body.advisor,
            practice_undo=body.practice_undo,
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
            advisor=body.advisor,
            practice_undo=body.practice_undo,
        )
        return _created(table, hands)

    @app.post(
        "/api/games/{game_id}/fork",
        tags=["games"],
        status_code=201,
        summary="A new game from one of this game's steps (play from here)",
        response_model=Created,
    )
    async def fork(game_id: str, body: ForkGame, token: Token = None) -> Created:
        t = tables()
        table = await t.load(game_id)
        t.hand(table, token)
        record = await asyncio.to_thread(
            t.forked, table, body.step, body.seats, keep_hidden=body.keep_hidden
        )
        made, hands = t.import_record(
            record, record.seats, manual_dice=False, pace=body.pace,
            hotseat=body.hands == "hotseat", advisor=body.advisor,
        )  # fmt: skip
        return _created(made, hands)

    @app.get(
        "/api/games/{game_id}",
        tags=["play"],
        summary="The game as this token's seat sees it",
        response_class=JSONResponse,
    )
    async def view(game_id: str, token: Token = None) -> JSONResponse:
        t = tables()
        table = await t.load(game_id)
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
        table = await t.load(game_id)
        hand = t.hand(table, token)
        await t.act(table, hand, body.move, body.action)
        return JSONResponse(table_view(table, hand))

    @app.post("/api/games/{game_id}/undo", tags=["play"], summary="Back to your previous decision")
    async def undo(game_id: str, body: Undo, token: Token = None) -> dict[str, Any]:
        t = tables()
        table = await t.load(game_id)
        hand = t.hand(table, token)
        taken = await t.undo(table, hand, body.move)
        return {"undone": taken, "view": table_view(table, hand)}

    @app.post("/api/games/{game_id}/skip", tags=["play"], summary="Skip the pauses between bots")
    async def skip(game_id: str, token: Token = None) -> dict[str, Any]:
        t = tables()
        table = await t.load(game_id)
        t.skip(table, t.hand(table, token))
        return {"skipping": True}

    @app.post(
        "/api/games/{game_id}/spectators",
        tags=["games"],
        status_code=201,
        summary="A new spectator's link (the host's link only)",
        response_model=Link,
    )
    async def spectators(game_id: str, token: Token = None) -> Link:
        t = tables()
        table = await t.load(game_id)
        made, hand = t.spectator(table, t.hand(table, token))
        return _link(table, made, hand)

    @app.get(
        "/api/games/{game_id}/advice", tags=["play"], summary="The advisor's value of each action"
    )
    async def advice(
        game_id: str, move: Annotated[int, Query()], token: Token = None
    ) -> dict[str, Any]:
        t = tables()
        table = await t.load(game_id)
        hand = t.hand(table, token)
        answer: dict[str, Any] = await t.advise(table, hand, move)
        return {"move": move, **answer}

    @app.get(
        "/api/games/{game_id}/record",
        tags=["records"],
        summary="The game's record (saloon-record/1)",
        response_class=JSONResponse,
    )
    async def record(
        game_id: str,
        token: Token = None,
        query_token: Annotated[str | None, Query(alias="token")] = None,
    ) -> JSONResponse:
        t = tables()
        table = await t.load(game_id)
        t.hand(table, token or query_token)
        if not record_allowed(table):
            raise Refused(403, "this game hides information: its record is given once it is over")
        record = await asyncio.to_thread(lambda: table.session.record().to_json())
        return JSONResponse(
            record,
            headers={"Content-Disposition": f'attachment; filename="saloon-{table.id}.json"'},
        )

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
        table = await t.load(game_id)
        hand = t.hand(table, token)
        if not record_allowed(table):
            raise Refused(403, "this game hides information: its replay is shown once it is over")
        if step > table.session.step:
            raise Refused(422, f"step {step} is past the end (the game has {table.session.step})")
        if seat is not None and seat >= len(table.session.seats):
            raise Refused(422, f"there is no seat {seat} (seats 0-{len(table.session.seats) - 1})")
        if seat is None and hand.seats:
            seat = hand.seats[0]
        state = await t.state_at(table, step)
        return await asyncio.to_thread(replay_frame, table, state, step, seat)

    @app.get(
        "/api/games/{game_id}/review",
        tags=["records"],
        summary="The game reviewed: every decision judged by the game's advisor "
        "(200: the review; 202 while it is made: poll again)",
        description="The review of `saloon review --json` (steps with marks and costs, each "
        "seat's accuracy, the win-probability curve, the costliest decisions), made in the "
        "server's worker pool in parts, between other games' jobs, once for the game's "
        "current number of steps and then kept. A request waits up to "
        f"{WAIT_SECONDS:g} s for it; until it is made the answer is 202 with "
        '`{"status": "running", "done": decisions judged, "total": decisions, '
        '"seconds": since it began}`: ask again (a second request never starts a second '
        "review). Refused (403) where the replay is: a game hiding information, before its "
        "end.",
        response_class=JSONResponse,
        responses={202: {"description": "the review is being made: its progress"}},
    )
    async def review(game_id: str, token: Token = None) -> JSONResponse:
        t = tables()
        table = await t.load(game_id)
        t.hand(table, token)
        if not record_allowed(table):
            raise Refused(403, "this game hides information: its review is given once it is over")
        answer = await t.review(table, WAIT_SECONDS)
        return JSONResponse(answer, status_code=200 if answer["status"] == "done" else 202)

    @app.delete("/api/games/{game_id}", tags=["games"], summary="Delete a saved game")
    async def delete(game_id: str, token: Token = None) -> dict[str, Any]:
        t = tables()
        table = await t.load(game_id)
        await t.delete(table, t.hand(table, token))
        return {"deleted": game_id}

    @app.get(
        "/api/games/{game_id}/events",
        tags=["play"],
        summary="Server-sent events: the move number whenever the game changes",
        response_class=StreamingResponse,
    )
    async def events(game_id: str, token: Annotated[str | None, Query()] = None) -> Response:
        t = tables()
        table = await t.load(game_id)
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

    @app.get("/docs", include_in_schema=False)
    async def api_page() -> FileResponse:
        return FileResponse(STATIC / "api.html", headers={"Cache-Control": "no-store"})

    return app


@cache
def _catalog(games: tuple[Game, ...]) -> dict[str, Any]:
    """The games for the lobby (made once for each set of registered games)."""
    return {"games": [catalog_entry(g) for g in games]}


def uploads(game: Game, sent: dict[str, Upload]) -> dict[str, str]:
    """A visitor's content (:class:`CreateGame`'s ``content``), each checked
    by the limits and kept in this process as a bundle: the options that
    stand for it (each loader then validates it as it would a file)."""
    files = game.options_type.FILES
    values: dict[str, str] = {}
    for key, upload in sent.items():
        kind = files.get(key)
        if kind is None:
            known = ", ".join(files) or "none"
            raise Refused(
                422,
                f"content.{shown(key)} is not an option of {game.id} that takes content "
                f"(those are: {known})",
            )
        name = f"upload:{key}"
        if kind == "file":
            if not isinstance(upload, str):
                raise Refused(422, f"content.{key} must be the file's text")
            bundle = content.Bundle.of_text(name, upload)
        else:
            if not isinstance(upload, dict):
                raise Refused(422, f"content.{key} must be the folder's files, as name: text")
            bundle = content.Bundle.of_folder(name, upload)
        values[key] = content.register(bundle.check(what=f"content.{key}"))
    return values


def _link(table: Table, token: str, hand: Hand) -> Link:
    return Link(
        token=token,
        seats=list(hand.seats),
        referee=hand.referee,
        host=hand.host,
        kind=hand.kind,
        url=f"/table/{table.id}#{token}",
    )


def _created(table: Table, links: list[tuple[str, Hand]]) -> Created:
    return Created(
        id=table.id,
        links=[_link(table, token, hand) for token, hand in links],
        view=table_view(table, links[0][1]),
    )


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
