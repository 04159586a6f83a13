"""The games being played on the server: sessions, locks, bots and listeners.

:class:`Tables` holds every game in play as a :class:`Table`: its
:class:`~saloon.core.session.Session`, a lock that serializes every change
to it, the browsers listening for news, and the task that lets its bots
move. Every change is checked against the move number the client saw (a
stale one is refused with 409), made under the game's lock, saved in one
transaction, and only then answered and announced.

Bots think in a pool (processes by default, threads in tests), never on the
event loop, so a slow bot holds up nobody else. A bot's move is shown no
sooner than ``pace`` seconds after the previous step, so a person can
follow; a "skip" drops the pauses until a person is asked again. The dice
are rolled by the server at once, whenever the game reaches a chance node
with random dice.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from saloon.agents import make_agent, reads_local_files
from saloon.core.agent import Agent
from saloon.core.errors import SaloonError, shown
from saloon.core.game import Game
from saloon.core.options import Options
from saloon.core.record import GameRecord
from saloon.core.registry import get_game
from saloon.core.session import HUMAN, Session
from saloon.core.state import CHANCE
from saloon.web import workers
from saloon.web.store import Hand, Store

log = logging.getLogger("saloon.web")

#: How many games are kept in memory at once (others are read back on demand).
CACHE_SIZE = 512
#: The longest pause between bots' moves a game may ask for, in seconds.
MAX_PACE = 10.0


class Refused(Exception):
    """A request the server declines: an HTTP status and one clear sentence."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass
class Table:
    """One game in play."""

    id: str
    session: Session
    pace: float
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: set[asyncio.Queue[dict[str, Any]]] = field(default_factory=set)
    #: Set by "skip": no pauses before bots' moves until a person is asked.
    skipping: bool = False
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    driver: asyncio.Task[None] | None = None
    advice: dict[int, asyncio.Future[Any]] = field(default_factory=dict)
    #: Why the bots stopped, if one of them failed.
    trouble: str | None = None
    #: The drawings of the current step, by seat (``None``: a spectator).
    drawings: dict[int | None, str] = field(default_factory=dict)
    drawn_at: int = -1

    @property
    def game(self) -> Game:
        return self.session.game

    def drawing(self, seat: int | None) -> str:
        """The game's SVG of the current step for ``seat``, drawn once."""
        if self.drawn_at != self.session.step:
            self.drawings.clear()
            self.drawn_at = self.session.step
        svg = self.drawings.get(seat)
        if svg is None:
            svg = self.drawings[seat] = self.game.render_svg(self.session.state, seat)
        return svg


def web_agent(spec: str, game: Game, seed: int | None, options: Options | None = None) -> Agent:
    """The bot ``spec`` names, as the web table seats it: never one that
    reads a file on the server (``policy:file=PATH``), whose name a
    visitor could use to probe the server's files."""
    if reads_local_files(spec):
        raise Refused(
            422, "that agent reads a file on the server; play it from the command line instead"
        )
    return make_agent(spec, game, seed, options)


def agent_maker(game: Game) -> Callable[[str, int], Any]:
    return lambda spec, seed: web_agent(spec, game, seed)


def new_token() -> str:
    """A seat token: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


class Tables:
    """Every game in play, over one :class:`Store` and one worker pool."""

    def __init__(self, store: Store, pool: Executor) -> None:
        self.store = store
        self.pool = pool
        self.tables: dict[str, Table] = {}
        self.closed = False

    # -- finding a game ------------------------------------------------------------

    def get(self, game_id: str) -> Table:
        """The game ``game_id``, read back from the store if need be;
        404 if there is none."""
        table = self.tables.get(game_id)
        if table is not None:
            return table
        row = self.store.get(game_id)
        if row is None:
            raise Refused(404, f"no game {shown(game_id)} on this server")
        game = get_game(row.game)
        moves, dice_before = self.store.steps(game_id)
        session = Session.from_moves(
            game,
            row.options,
            row.seats,
            moves,
            seed=row.seed,
            manual_dice=row.manual_dice,
            agents=agent_maker(game),
            dice_states=[*dice_before, self.store.dice_state(game_id)],
        )
        table = Table(game_id, session, row.pace)
        self._remember(table)
        return table

    def _remember(self, table: Table) -> None:
        if len(self.tables) >= CACHE_SIZE:
            for key, old in list(self.tables.items()):
                idle = not old.listeners and (old.driver is None or old.driver.done())
                if idle and not old.lock.locked():
                    del self.tables[key]
                    break
        self.tables[table.id] = table

    def hand(self, table: Table, token: str | None) -> Hand | None:
        """What ``token`` holds at ``table`` (``None``: no token, a spectator);
        403 for a token that is not one of this game's."""
        if token is None or token == "":
            return None
        hand = self.store.hand(token)
        if hand is None or hand.game_id != table.id:
            raise Refused(403, "this token is not a seat of this game (check the link)")
        return hand

    # -- creating ----------------------------------------------------------------------

    def create(
        self,
        session: Session,
        *,
        pace: float,
        hotseat: bool,
    ) -> tuple[Table, list[tuple[str, Hand]]]:
        """Save a new game and make its tokens: one for every person (and a
        host token, for the referee's dice, watching and deleting), or one
        for all of them (hotseat)."""
        game_id = secrets.token_urlsafe(9)
        self._roll_on(session)
        humans = tuple(session.humans)
        if hotseat:
            specs: list[tuple[tuple[int, ...], bool]] = [(humans, session.manual_dice)]
        else:
            specs = [((p,), False) for p in humans] + [((), session.manual_dice)]
        tokens = [(new_token(), seats, referee) for seats, referee in specs]
        self.store.create(game_id, session, pace, tokens)
        table = Table(game_id, session, pace)
        self._remember(table)
        self.kick(table)
        return table, [(t, Hand(game_id, seats, referee)) for t, seats, referee in tokens]

    # -- changing a game ------------------------------------------------------------------

    def _roll_on(self, session: Session) -> None:
        """Roll the random dice and take a person's only choice (said in the
        log) until someone has a real decision or the dice must be typed."""
        while session.pending == "chance" or session.only_choice() is not None:
            if session.pending == "chance":
                session.roll()
            else:
                session.take_only_choice()

    def _commit(self, table: Table, since: int) -> None:
        """Save the game from step ``since``; if that fails, forget the
        in-memory copy so the next request reads the last saved one."""
        try:
            self.store.save(table.id, table.session, since)
        except Exception:
            self.tables.pop(table.id, None)
            raise
        if table.session.pending in ("person", "dice", "over"):
            table.skipping = False
        self._notify(table)

    def _check_move(self, table: Table, move: int) -> None:
        step = table.session.step
        if move != step:
            raise Refused(
                409,
                f"move {move} is stale: the game is at move {step} (reload to see what changed)",
            )

    async def act(self, table: Table, hand: Hand | None, move: int, text: str) -> None:
        """A person's action, or the referee's dice, at move ``move``."""
        async with table.lock:
            self._check_move(table, move)
            session = table.session
            pending = session.pending
            mover = session.state.to_move
            since = session.step
            if pending == "person":
                assert mover is not None
                if hand is None or mover not in hand.seats:
                    raise Refused(
                        403,
                        f"it is player {mover + 1}'s turn, and this link does not hold that seat",
                    )
                self._mutate(table, lambda: session.act(mover, text))
            elif pending == "dice":
                if hand is None or not hand.referee:
                    raise Refused(403, "the dice are entered by the referee's link, not this one")
                self._mutate(table, lambda: session.enter_dice(text))
            elif pending == "over":
                raise Refused(409, "the game is over")
            else:
                assert mover is not None and mover != CHANCE
                raise Refused(409, f"player {mover + 1} (a bot) is to move, not you")
            self._roll_on(session)
            self._commit(table, since)
        self.kick(table)

    def _mutate(self, table: Table, change: Callable[[], object]) -> None:
        """Run ``change`` on the session; bad input (:class:`SaloonError`)
        leaves it as it was; anything else means the in-memory copy cannot
        be trusted, so it is dropped and read back from the store."""
        try:
            change()
        except SaloonError:
            raise
        except Exception:
            self.tables.pop(table.id, None)
            raise

    async def undo(self, table: Table, hand: Hand | None, move: int) -> int:
        """Back to the latest decision of the hand's seats (any person's, for
        the referee); refused if another person has decided since, unless
        the hand holds that seat too. Returns the steps taken back."""
        if hand is None:
            raise Refused(401, "undo needs a seat's token (open the game from its link)")
        async with table.lock:
            self._check_move(table, move)
            session = table.session
            players = None if hand.referee else hand.seats
            if not session.humans or (players is not None and not players):
                raise Refused(409, "this link holds no seat whose decision could be taken back")
            back = session.last_decision(players)
            if back is None:
                raise Refused(409, "nothing to undo: no decision of this link's seats yet")
            if players is not None:
                others = sorted(
                    {
                        by
                        for by, _ in session.state.history[back:]
                        if by != CHANCE and session.is_human(by) and by not in players
                    }
                )
                if others:
                    who = ", ".join(f"player {p + 1}" for p in others)
                    raise Refused(
                        409, f"{who} decided since; only a link holding that seat can take it back"
                    )
            taken = 0

            def change() -> None:
                nonlocal taken
                taken = session.undo(players)

            self._mutate(table, change)
            table.advice.clear()
            table.drawn_at = -1
            self._commit(table, session.step)
        self.kick(table)
        return taken

    def skip(self, table: Table) -> None:
        """No pauses before the bots' moves until a person is asked again."""
        table.skipping = True
        table.wake.set()

    async def delete(self, table: Table) -> None:
        async with table.lock:
            self.store.delete(table.id)
            self.tables.pop(table.id, None)
            if table.driver is not None:
                table.driver.cancel()
            for queue in table.listeners:
                queue.put_nowait({"deleted": True})

    def import_record(
        self,
        record: GameRecord,
        seats: Sequence[str] | None,
        *,
        manual_dice: bool,
        pace: float,
        hotseat: bool,
    ) -> tuple[Table, list[tuple[str, Hand]]]:
        """A saved record as a game on this server, to watch or continue."""
        game = get_game(record.game)
        players = record.num_players or len(record.seats)
        if seats is None:
            seats = [_seat_from_name(name, game) for name in record.seats]
        for spec in seats:
            if spec != HUMAN:
                web_agent(spec, game, 0)  # unknown, or one the web does not offer: a 422
        if len(seats) != players:
            raise Refused(
                422, f"the record has {players} players, but {len(seats)} seats were given"
            )
        session = Session.from_moves(
            game,
            record.options,
            seats,
            record.moves,
            seed=record.seed if isinstance(record.seed, int) and record.seed >= 0 else None,
            manual_dice=manual_dice,
            agents=agent_maker(game),
        )
        return self.create(session, pace=pace, hotseat=hotseat)

    # -- advice ------------------------------------------------------------------------------

    async def advise(self, table: Table, hand: Hand | None, move: int) -> Any:
        """The advisor's values for the hand's decision at ``move``."""
        session = table.session
        self._check_move(table, move)
        mover = session.state.to_move
        if session.pending != "person" or mover is None:
            raise Refused(409, "there is no person's decision to advise on now")
        if hand is None or mover not in hand.seats:
            raise Refused(403, f"the advice is for player {mover + 1}'s link only")
        future = table.advice.get(move)
        if future is None:
            loop = asyncio.get_running_loop()
            future = asyncio.ensure_future(
                loop.run_in_executor(self.pool, workers.advice, session.state.clone())
            )
            table.advice[move] = future
        return await asyncio.shield(future)

    # -- bots -----------------------------------------------------------------------------------

    def kick(self, table: Table) -> None:
        """Set the bots going if the game waits for one (and they are not already)."""
        if self.closed or table.session.pending != "bot":
            return
        if table.driver is None or table.driver.done():
            table.driver = asyncio.get_running_loop().create_task(self._drive(table))

    async def _pause(self, table: Table) -> None:
        if table.pace <= 0 or table.skipping:
            return
        table.wake.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(table.wake.wait(), table.pace)

    async def _drive(self, table: Table) -> None:
        loop = asyncio.get_running_loop()
        while True:
            async with table.lock:
                session = table.session
                if session.pending != "bot" or self.tables.get(table.id) is not table:
                    return
                turn = session.bot_turn()
            think = loop.run_in_executor(
                self.pool, workers.bot_choice, turn.spec, turn.seed, turn.state
            )
            try:
                notation, _ = await asyncio.gather(think, self._pause(table))
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # a bot that fails must not take the server down
                log.exception("bot %s failed in game %s", turn.spec, table.id)
                table.trouble = f"the bot {turn.spec} failed: {exc}"
                self._notify(table)
                return
            async with table.lock:
                session = table.session
                if session.step != turn.step or self.tables.get(table.id) is not table:
                    continue  # undone or deleted meanwhile
                since = session.step
                action = session.game.parse_action(notation)
                self._mutate(table, partial(session.apply_bot, turn, action))
                self._roll_on(session)
                self._commit(table, since)

    # -- news -------------------------------------------------------------------------------------

    def listen(self, table: Table) -> asyncio.Queue[dict[str, Any]]:
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(maxsize=64)
        table.listeners.add(queue)
        return queue

    def unlisten(self, table: Table, queue: asyncio.Queue[dict[str, Any]]) -> None:
        table.listeners.discard(queue)

    def _notify(self, table: Table) -> None:
        news = {"move": table.session.step, "pending": table.session.pending}
        for queue in list(table.listeners):
            if queue.full():
                with contextlib.suppress(asyncio.QueueEmpty):
                    queue.get_nowait()
            queue.put_nowait(news)

    def resume(self) -> None:
        """After a restart: set going the games that wait for a bot."""
        for game_id in self.store.waiting_for_bots():
            try:
                self.kick(self.get(game_id))
            except (SaloonError, Refused):
                log.warning("game %s cannot be resumed", game_id, exc_info=True)

    async def close(self) -> None:
        self.closed = True
        tasks = [t.driver for t in self.tables.values() if t.driver is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


def _seat_from_name(name: str, game: Game) -> str:
    """A record's seat name as a seat: a bot if the name is an agent spec
    this game knows, else a person."""
    if name == HUMAN:
        return HUMAN
    try:
        web_agent(name, game, 0)
    except (Refused, SaloonError, ValueError, TypeError):
        return HUMAN
    return name
