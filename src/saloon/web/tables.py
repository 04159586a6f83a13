"""The games being played on the server: sessions, locks, bots and listeners.

:class:`Tables` holds every game in play as a :class:`Table`: its
:class:`~saloon.core.session.Session`, a lock that serializes every change
to it, the browsers listening for news, and the task that lets its bots
move. Every change is checked against the move number the client saw (a
stale one is refused with 409), made under the game's lock, saved in one
transaction, and only then answered and announced.

Bots think in the :class:`~saloon.web.pool.Pool`, never on the event loop:
light bots in a thread at once, searches in worker processes shared by
game in turn, each decision within the server's budget, so no visitor's
bot can starve another's. A bot's move is shown no sooner than ``pace``
seconds after the previous step, so a person can follow; a "skip" drops
the pauses until a person is asked again. The dice are rolled by the
server at once, whenever the game reaches a chance node with random dice.

Who may do what (``docs/web.md``): a link is a seat's (it plays that
seat), the host's (it deletes the game, issues spectators' links and, with
manual dice, enters them) or a spectator's (it watches). Watching, the
event stream, the record and the replays take a link of any kind; undo and
advice a seat's; skip a seat's or the host's; delete the host's.

In a game with hidden information, a person's decision with one legal
choice (a card window he cannot play in) is taken after the same pause a
bot's move takes, not at once, so the others cannot tell it from a pass
he chose.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from saloon.agents import make_agent, parse_spec
from saloon.core import content
from saloon.core.agent import Agent
from saloon.core.errors import SaloonError, shown
from saloon.core.fork import fork_record
from saloon.core.game import Game
from saloon.core.options import Options
from saloon.core.record import Fork, GameRecord, at_fork
from saloon.core.registry import get_game
from saloon.core.session import HUMAN, Session
from saloon.core.state import CHANCE
from saloon.web import workers
from saloon.web.pool import BOT_SECONDS, OverBudget, Pool
from saloon.web.reviews import KEEP, PART_SECONDS, ReviewJob, make_review, review_slots
from saloon.web.store import Hand, Store

log = logging.getLogger("saloon.web")

#: How many games are kept in memory at once (others are read back on demand).
CACHE_SIZE = 512
#: The longest pause between bots' moves a game may ask for, in seconds.
MAX_PACE = 10.0
#: The bots quick enough to think in a thread at once (never queued).
LIGHT_AGENTS = frozenset({"random", "heuristic", "solo"})
#: How a seat's name is written in a record Saloon made with no seats
#: given (``GameRecord.from_state``): a person.
_PERSON_NAME = re.compile(r"player [1-9][0-9]{0,3}")


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
    #: States along the game, every :data:`CHECKPOINT` steps, for replays.
    checkpoints: dict[int, Any] = field(default_factory=dict)
    #: The game's reviews, made or being made, by its number of steps.
    reviews: dict[int, ReviewJob] = field(default_factory=dict)

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
    reads a file on the server (``policy:file=PATH``), whose name a visitor
    could use to probe the server's files, nor a search asking for more
    than the server's budget a decision (:data:`BOT_SECONDS`)."""
    try:
        agent = make_agent(spec, game, seed, options, local_files=False)
    except SaloonError as exc:
        raise Refused(422, str(exc)) from None
    seconds = parse_spec(spec)[1].get("seconds")
    if seconds is not None and float(seconds) > BOT_SECONDS:
        raise Refused(
            422,
            f"this server gives a bot at most {BOT_SECONDS:g} s a decision, and {shown(spec)} "
            f"asks for {float(seconds):g} s (play it from the command line)",
        )
    return agent


def budgeted(spec: str) -> str:
    """The spec as the server runs it: a search is bounded in time too, by
    the server's budget (``mcts`` stops at its iterations or then,
    whichever comes first).

    >>> budgeted("mcts:iterations=5000"), budgeted("mcts"), budgeted("heuristic")
    ('mcts:iterations=5000,seconds=10', 'mcts:seconds=10', 'heuristic')
    """
    name, params = parse_spec(spec)
    if name == "mcts" and "seconds" not in params:
        return f"{spec}{',' if ':' in spec else ':'}seconds={BOT_SECONDS:g}"
    return spec


def is_light(spec: str) -> bool:
    """Whether the bot ``spec`` decides in milliseconds (run at once, in a thread)."""
    return parse_spec(spec)[0] in LIGHT_AGENTS


def agent_maker(game: Game) -> Callable[[str, int], Any]:
    return lambda spec, seed: web_agent(spec, game, seed)


def new_token() -> str:
    """A seat token: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


class Tables:
    """Every game in play, over one :class:`Store` and one :class:`Pool`."""

    def __init__(self, store: Store, pool: Pool) -> None:
        self.store = store
        self.pool = pool
        self.tables: dict[str, Table] = {}
        self.loading: dict[str, asyncio.Future[Table]] = {}
        #: The workers the reviews may take at once (all but one).
        self.review_slots = review_slots(pool)
        self.closed = False

    # -- finding a game ------------------------------------------------------------

    async def load(self, game_id: str) -> Table:
        """The game ``game_id``, read back from the store (replayed in a
        thread, off the event loop) if it is not in memory; 404 if there is
        none, one line for a game whose saved steps cannot be replayed."""
        table = self.tables.get(game_id)
        if table is not None:
            return table
        waiting = self.loading.get(game_id)
        if waiting is None:
            waiting = asyncio.ensure_future(asyncio.to_thread(self._read, game_id))
            self.loading[game_id] = waiting
            waiting.add_done_callback(lambda _: self.loading.pop(game_id, None))
        table = await asyncio.shield(waiting)
        known = self.tables.get(game_id)
        if known is not None:
            return known
        self._remember(table)
        return table

    def _read(self, game_id: str) -> Table:
        row = self.store.get(game_id)
        if row is None:
            raise Refused(404, f"no game {shown(game_id)} on this server")
        try:
            game = get_game(row.game)
            for data in row.content:
                content.register(content.Bundle.from_json(data))
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
                advisor=row.advisor,
                practice_undo=row.practice_undo,
                forks=[Fork.from_json(f) for f in row.forks],
            )
        except SaloonError as exc:
            raise Refused(500, f"game {game_id} is damaged in the database: {exc}") from None
        return Table(game_id, session, row.pace)

    def _remember(self, table: Table) -> None:
        if len(self.tables) >= CACHE_SIZE:
            for key, old in list(self.tables.items()):
                idle = not old.listeners and (old.driver is None or old.driver.done())
                if idle and not old.lock.locked():
                    del self.tables[key]
                    break
        self.tables[table.id] = table

    def hand(self, table: Table, token: str | None) -> Hand:
        """What ``token`` holds at ``table``: 401 for no token (every answer
        about a game takes one of its links), 403 for a token that is not
        one of this game's."""
        if token is None or token == "":
            raise Refused(
                401,
                "this game is seen through one of its links: a seat's, the host's, or a "
                "spectator's (the host gives those)",
            )
        hand = self.store.hand(token)
        if hand is None or hand.game_id != table.id:
            raise Refused(403, "this token is not a link of this game (check the link)")
        return hand

    # -- creating ----------------------------------------------------------------------

    def create(
        self,
        session: Session,
        *,
        pace: float,
        hotseat: bool,
    ) -> tuple[Table, list[tuple[str, Hand]]]:
        """Save a new game and make its links: the host's (deleting, spectators'
        links, the referee's dice), holding every person's seat too at a
        hotseat table; else one for each person and the host's."""
        game_id = secrets.token_urlsafe(9)
        self._roll_on(session)
        humans = tuple(session.humans)
        referee = session.manual_dice
        if hotseat:
            hands = [Hand(game_id, humans, referee, host=True)]
        else:
            hands = [Hand(game_id, (p,), False) for p in humans]
            hands.append(Hand(game_id, (), referee, host=True))
        links = [(new_token(), hand) for hand in hands]
        self.store.create(game_id, session, pace, links)
        table = Table(game_id, session, pace)
        self._remember(table)
        self.kick(table)
        return table, links

    def spectator(self, table: Table, hand: Hand) -> tuple[str, Hand]:
        """A new spectator's link, issued by the host."""
        if not hand.host:
            raise Refused(403, "spectators' links are issued by the host's link")
        link = (new_token(), Hand(table.id, (), False))
        self.store.add_token(*link)
        return link

    # -- changing a game ------------------------------------------------------------------

    def _roll_on(self, session: Session) -> None:
        """Roll the random dice and take a person's only choice (said in the
        log) until someone has a real decision or the dice must be typed.
        In a game with hidden information a person's only choice waits for
        the driver, who takes it after a pause (see the module doc)."""
        while True:
            if session.pending == "chance":
                session.roll()
            elif session.only_choice() is not None and session.game.perfect_information:
                session.take_only_choice()
            else:
                return

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

    async def act(self, table: Table, hand: Hand, move: int, text: str) -> None:
        """A person's action, or the referee's dice, at move ``move``."""
        async with table.lock:
            self._check_move(table, move)
            session = table.session
            pending = session.pending
            mover = session.state.to_move
            since = session.step
            if pending == "person":
                assert mover is not None
                if mover not in hand.seats:
                    raise Refused(
                        403,
                        f"it is player {mover + 1}'s turn, and this link does not hold that seat",
                    )
                self._mutate(table, lambda: session.act(mover, text))
            elif pending == "dice":
                if not hand.referee:
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

    async def undo(self, table: Table, hand: Hand, move: int) -> int:
        """Take back this link's seat's latest decision, by the session's rule
        (never past a roll, a draw, a card shown or another seat's decision,
        but with practice undo; never once the game is over); at a dice
        prompt, the referee's last dice. Returns the steps taken back."""
        async with table.lock:
            self._check_move(table, move)
            session = table.session
            dice = session.pending == "dice" and hand.referee and session.manual_dice
            if not dice and not hand.seats:
                raise Refused(409, "this link holds no seat whose decision could be taken back")
            back = session.dice_undo_point() if dice else session.undo_point(hand.seats)
            if isinstance(back, str):
                raise Refused(409, back)
            taken = 0

            def change() -> None:
                nonlocal taken
                taken = session.undo_dice() if dice else session.undo(hand.seats)

            self._mutate(table, change)
            table.advice.clear()
            table.drawn_at = -1
            table.checkpoints.clear()
            forget_reviews(table)
            self._commit(table, session.step)
        self.kick(table)
        return taken

    def skip(self, table: Table, hand: Hand) -> None:
        """No pauses before the bots' moves until a person is asked again (a
        seat's link or the host's)."""
        if not hand.seats and not hand.host:
            raise Refused(403, "a spectator's link cannot skip ahead: a seat's or the host's can")
        table.skipping = True
        table.wake.set()

    async def delete(self, table: Table, hand: Hand) -> None:
        """Delete the game (the host's link only), stopping its bots' work."""
        if not hand.host:
            raise Refused(403, "a game is deleted with the host's link, not a seat's")
        async with table.lock:
            self.store.delete(table.id)
            self.tables.pop(table.id, None)
            forget_reviews(table)
            if table.driver is not None:
                table.driver.cancel()
            self.pool.cancel(table.id)
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
        advisor: bool | None = None,
        practice_undo: bool = False,
    ) -> tuple[Table, list[tuple[str, Hand]]]:
        """A saved record as a game on this server, to watch or continue.
        Its content must come with it: an option naming a file on this
        server is refused unread."""
        game = get_game(record.game)
        refuse_files(game, record.options, where="the record's option")
        players = record.num_players or len(record.seats)
        if seats is None:
            seats = [_seat_from_name(n, name, game) for n, name in enumerate(record.seats)]
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
            advisor=advisor,
            practice_undo=practice_undo,
            forks=record.forks,
        )
        return self.create(session, pace=pace, hotseat=hotseat)

    def forked(
        self,
        table: Table,
        step: int,
        seats: Sequence[str] | None,
        *,
        keep_hidden: bool = False,
    ) -> GameRecord:
        """The record a new game from ``step`` of ``table``'s starts from
        ("play from here"), with ``seats`` (the same by default), saying
        where it came from, the hidden cards drawn again as
        :mod:`saloon.core.fork` says; :meth:`import_record` makes it a game.
        Offered where the replay is: a game with hidden information once it
        is over. Replays the game: call it in a thread."""
        session = table.session
        if not (session.state.is_over or table.game.perfect_information):  # as the replay
            raise Refused(
                403, "this game hides information: a new game from one of its steps is offered "
                "once it is over",
            )  # fmt: skip
        if step > session.step:
            raise Refused(422, f"step {step} is past the end (the game has {session.step})")
        specs = list(session.seats) if seats is None else list(seats)
        return fork_record(
            session.record(), step, specs, source_name=f"game {table.id}", keep_hidden=keep_hidden
        )

    # -- advice ------------------------------------------------------------------------------

    async def advise(self, table: Table, hand: Hand, move: int) -> Any:
        """The advisor's values for the hand's decision at ``move``, if the
        table has the advisor on."""
        session = table.session
        self._check_move(table, move)
        if not session.advisor:
            raise Refused(403, "the advisor is off at this table (the table chose so)")
        mover = session.state.to_move
        if session.pending != "person" or mover is None:
            raise Refused(409, "there is no person's decision to advise on now")
        if mover not in hand.seats:
            raise Refused(403, f"the advice is for player {mover + 1}'s link only")
        future = table.advice.get(move)
        if future is None:
            future = asyncio.ensure_future(
                self.pool.heavy(table.id, workers.advice, session.state.clone())
            )
            table.advice[move] = future
        try:
            return await asyncio.shield(future)
        except OverBudget:
            table.advice.pop(move, None)
            return {"values": None, "note": f"the advisor found no answer within {BOT_SECONDS:g} s"}

    # -- reviews --------------------------------------------------------------------------------

    async def review(self, table: Table, wait: float) -> dict[str, Any]:
        """The game's review as it stands (every decision judged by the
        game's advisor, :mod:`saloon.web.reviews`): its JSON once made,
        waiting up to ``wait`` seconds for it; until then its progress
        (``status: running``). Made once for each number of steps: a
        second request waits on the same job."""
        async with table.lock:
            step = table.session.step
            job = table.reviews.get(step)
            if job is None:
                record = await asyncio.to_thread(table.session.record)
                job = ReviewJob(total=sum(1 for by, _ in record.moves if by != CHANCE))
                made = make_review(self.pool, self.review_slots, table.id, record, job)
                job.task = asyncio.ensure_future(made)
                job.task.add_done_callback(_seen)
                while len(table.reviews) >= KEEP:
                    _cancel(table.reviews.pop(next(iter(table.reviews))))
                table.reviews[step] = job
        task = job.task
        assert task is not None
        await asyncio.wait({task}, timeout=wait)
        if not task.done():
            return job.progress()
        if task.cancelled():
            table.reviews.pop(step, None)
            raise Refused(404, "this game was deleted while it was reviewed")
        error = task.exception()
        if error is None:
            return task.result()
        table.reviews.pop(step, None)  # the next request tries again
        if isinstance(error, OverBudget):
            raise Refused(
                503,
                f"a part of the review ran past this server's budget of {PART_SECONDS:g} s "
                "and was stopped",
            )
        log.error("the review of game %s failed: %s", table.id, error)
        why = str(error).partition(": ")[2] or str(error)
        raise Refused(503, f"the review failed: {why}")

    # -- replays --------------------------------------------------------------------------------

    async def state_at(self, table: Table, step: int) -> Any:
        """The game after its first ``step`` steps, replayed in a thread
        from the nearest checkpoint (kept every :data:`CHECKPOINT` steps)."""
        return await asyncio.to_thread(self._state_at, table, step)

    def _state_at(self, table: Table, step: int) -> Any:
        session = table.session
        history = session.state.history
        base = max((k for k in table.checkpoints if k <= step), default=0)
        if base:
            state = table.checkpoints[base].clone()
        else:
            state = at_fork(
                session.game.new_state(session.options, len(session.seats)), 0, session.forks
            )
        for k in range(base, step):
            state.apply(history[k][1])
            state = at_fork(state, k + 1, session.forks)
            if (k + 1) % CHECKPOINT == 0 and (k + 1) not in table.checkpoints:
                table.checkpoints[k + 1] = state.clone()
        return state

    # -- bots -----------------------------------------------------------------------------------

    def kick(self, table: Table) -> None:
        """Set the bots going if the game waits for one, or for a person's
        only choice in a hidden-information game (and they are not already)."""
        if self.closed or not self._driven(table.session):
            return
        if table.driver is None or table.driver.done():
            table.driver = asyncio.get_running_loop().create_task(self._drive(table))

    @staticmethod
    def _driven(session: Session) -> bool:
        """Whether the next step is the driver's: a bot's, or (in a game with
        hidden information) a person's only choice."""
        if session.pending == "bot":
            return True
        return session.pending == "person" and session.only_choice() is not None

    async def _pause(self, table: Table, *, forced: bool = False) -> None:
        """The pause before a bot's move (``pace``, unless skipping). A
        person's only choice waits the same, with a random share of it more,
        as a person's own pass might, skip or not: the others see nothing
        that tells the two apart."""
        if table.pace <= 0 or (table.skipping and not forced):
            return
        delay = table.pace * (1 + secrets.randbelow(1000) / 1000) if forced else table.pace
        table.wake.clear()
        with contextlib.suppress(TimeoutError):
            if forced:
                await asyncio.sleep(delay)
            else:
                await asyncio.wait_for(table.wake.wait(), delay)

    async def _drive(self, table: Table) -> None:
        while True:
            async with table.lock:
                session = table.session
                if not self._driven(session) or self.tables.get(table.id) is not table:
                    return
                if session.pending == "person":
                    step = session.step
                else:
                    turn = session.bot_turn()
            if session.pending == "person":
                await self._pause(table, forced=True)
                async with table.lock:
                    if session.step != step or self.tables.get(table.id) is not table:
                        continue
                    self._mutate(table, session.take_only_choice)
                    self._roll_on(session)
                    self._commit(table, step)
                continue
            spec = budgeted(turn.spec)
            if is_light(turn.spec):
                think = self.pool.light(workers.bot_choice, spec, turn.seed, turn.state)
            else:
                think = self.pool.heavy(table.id, workers.bot_choice, spec, turn.seed, turn.state)
            try:
                notation, _ = await asyncio.gather(think, self._pause(table))
            except asyncio.CancelledError:
                raise
            except OverBudget:
                table.trouble = (
                    f"the bot {turn.spec} ran past this server's budget of {BOT_SECONDS:g} s a "
                    "decision and was stopped; seat a lighter bot"
                )
                self._notify(table)
                return
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

    async def resume(self) -> None:
        """After a restart: set going the games that wait for a bot (a game
        that cannot be read back is logged and left)."""
        for game_id in self.store.waiting_for_bots():
            try:
                self.kick(await self.load(game_id))
            except (SaloonError, Refused):
                log.warning("game %s cannot be resumed", game_id, exc_info=True)

    async def close(self) -> None:
        self.closed = True
        for table in self.tables.values():
            forget_reviews(table)
        tasks = [t.driver for t in self.tables.values() if t.driver is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


#: Replays keep a copy of the state every this many steps.
CHECKPOINT = 64


def forget_reviews(table: Table) -> None:
    """Drop the table's reviews, stopping those still being made."""
    for job in table.reviews.values():
        _cancel(job)
    table.reviews.clear()


def _cancel(job: ReviewJob) -> None:
    if job.task is not None and not job.task.done():
        job.task.cancel()


def _seen(task: asyncio.Task[Any]) -> None:
    """Mark a review's failure as seen (the next request reports it)."""
    if not task.cancelled():
        task.exception()


def refuse_files(game: Game, values: Mapping[str, object], *, where: str = "option") -> None:
    """Refuse (422, one line, nothing read) any option among ``values`` that
    names a file or folder on the server (or a reference to content this
    request does not bring): a visitor sends his content as text."""
    for key, value in values.items():
        if game.options_type.names_file(key, value) and not _brought(value):
            raise Refused(
                422,
                f"{where} {shown(key)} names a file ({shown(value)}), and this server reads no "
                f"file a visitor names: send the file's text as content.{key} instead",
            )


def _brought(value: object) -> bool:
    """Whether ``value`` is a reference to a bundle held here (a record's
    own content, registered when the record was read)."""
    if not content.is_reference(value):
        return False
    try:
        content.bundle_of(str(value))
    except SaloonError:
        return False
    return True


def _seat_from_name(n: int, name: str, game: Game) -> str:
    """A record's seat name as a seat: a person (``human``, or ``player N``
    as Saloon names unnamed seats), or a bot this server seats; anything
    else is refused, never quietly made a person."""
    if name == HUMAN or _PERSON_NAME.fullmatch(name):
        return HUMAN
    try:
        web_agent(name, game, 0)
    except Refused as exc:
        raise Refused(
            422,
            f"the record's seat {n + 1} is {shown(name)}, which this server does not seat "
            f"({exc.message}); say who sits where with seats",
        ) from None
    return name
