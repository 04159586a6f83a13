"""Shared pieces of the D6 rule tests: games set up by script, scenes laid out by hand.

* :func:`setup_game` plays a game's setup with the classes, boards and stat
  rolls a test names (every other choice the first legal one, every other
  draw the first outcome), and returns the state at the first decision of
  round 1 (the first turn's spawn and gather roll).
* :func:`scene` lays out the middle of a turn: the heroes where a test
  puts them, the enemies it names, nothing else on the board, and the
  active player to decide (his spawn and gather already done).
* :func:`do` applies actions and outcomes written in the notation (or at a
  die's prompt, the face alone), checking each is legal.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from saloon.core.action import Action
from saloon.core.state import CHANCE
from saloon.games.dungeons import GAME
from saloon.games.dungeons.content import Content, load_content
from saloon.games.dungeons.options import DungeonsOptions
from saloon.games.dungeons.rules import board
from saloon.games.dungeons.rules.agenda import advance, push
from saloon.games.dungeons.rules.model import Enemy, Hero, Turn
from saloon.games.dungeons.rules.state import DungeonsState
from saloon.games.dungeons.rules.turn import AfterRound, EndOfTurn, Resume, StartTurn

CONTENT = load_content()


def new_game(players: int = 2, content: Content | None = None, **options: object) -> DungeonsState:
    """A new game (with ``content`` of a test's own, if given)."""
    opts = DungeonsOptions(**options)  # type: ignore[arg-type]
    if content is not None:
        return DungeonsState(GAME, opts, players, content)
    state = GAME.new_state(opts, players)
    assert isinstance(state, DungeonsState)
    return state


def do(s: DungeonsState, *steps: str | Action) -> None:
    """Apply each step (text in the notation, or an action/outcome)."""
    for step in steps:
        action = s.parse(step) if isinstance(step, str) else step
        s.apply(action)


def let_pass(s: DungeonsState) -> int:
    """The other players asked at the windows now open each let them go by
    (``pass``) until the active player decides; how many passes it took.
    A window asks every player who could play there, whatever he holds
    (ruling DG-R4)."""
    n = 0
    while s.to_move is not None and s.to_move >= 0 and s.to_move != s.active:
        do(s, "pass")
        n += 1
    return n


def first(s: DungeonsState) -> Action:
    """The first legal action, or the first possible outcome."""
    if s.to_move == CHANCE:
        return s.chance_outcomes()[0][0]
    return s.legal_actions()[0]


def setup_game(
    players: int = 2,
    classes: Sequence[str] = ("explorer", "mesmerist", "slayer", "woodling"),
    boards: Sequence[str] = ("ember", "frost", "moss", "dusk"),
    stats: Sequence[Sequence[tuple[int, str]]] | None = None,
    content: Content | None = None,
    **options: object,
) -> DungeonsState:
    """A game whose setup is played: seat ``k`` takes ``classes[k]`` and
    ``boards[k]``; ``stats[k]`` lists his four rolls with the stat each goes
    to (default 4, 4, 4, 4); everything else is the first choice."""
    s = new_game(players, content, **options)
    rolls = [list(stats[k]) if stats else [(4, st) for st in _ORDER] for k in range(players)]
    while s.round == 0 and not s.is_over:
        top = type(s.agenda[-1]).__name__
        seat = s.to_move
        if top == "PickClass":
            assert seat is not None
            do(s, f"class {classes[seat]}")
        elif top == "PickBoard":
            assert seat is not None
            do(s, f"board {boards[seat]}")
        elif top == "StatRoll":
            who = s.agenda[-1].seat  # type: ignore[attr-defined]
            face, stat = rolls[who][0]
            s.apply(s.parse(f"d6 {face}"))
            if type(s.agenda[-1]).__name__ == "AssignStat":
                do(s, f"stat {stat}")
            rolls[who].pop(0)
        else:
            s.apply(first(s))
    return s


_ORDER = ("strength", "stealth", "wits", "skill")


def scene(
    s: DungeonsState,
    active: int,
    heroes: dict[int, dict[str, object]] | None = None,
    enemies: Iterable[tuple[str, int] | tuple[str, int, dict[str, object]]] = (),
    turn: dict[str, object] | None = None,
    bounties: Sequence[str] | None = None,
    environments: Sequence[tuple[int, str]] | None = None,
) -> DungeonsState:
    """The middle of ``active``'s turn in round 1: each hero changed as
    ``heroes[seat]`` says (fields of :class:`Hero`), only the ``enemies``
    named on the board (kind, space[, fields]), the turn as ``turn`` says,
    the active player to decide."""
    for seat, changes in (heroes or {}).items():
        s.heroes[seat] = replace(s.heroes[seat], **changes)  # type: ignore[arg-type]
    back = [e.kind for e in s.enemies if not e.is_cube]
    board.bag_add(s, *back)
    s.enemies = []
    for item in enemies:
        kind, space = item[0], item[1]
        extra: dict[str, object] = item[2] if len(item) > 2 else {}  # type: ignore[misc]
        if kind != "cube":
            board.bag_take(s, kind)
        e = board.add_enemy(s, kind, space, owner=extra.pop("owner", None))  # type: ignore[arg-type]
        if extra:
            s.set_enemy(replace(e, **extra))  # type: ignore[arg-type]
    if bounties is not None:
        deck = s.decks["bounty"]
        cards = list(deck.cards) + list(s.bounties)
        for b in bounties:
            cards.remove(b)
        s.decks["bounty"] = replace(deck, cards=tuple(sorted(cards)))
        s.bounties = tuple(bounties)
    if environments is not None:
        s.environments = tuple(sorted(environments))
    s.round = 1
    s.turn = Turn(active, **(turn or {}))  # type: ignore[arg-type]
    s.fight = None
    later = [StartTurn(k) for k in range(active + 1, s.num_players)]
    s.agenda = [AfterRound(1), *reversed(later), EndOfTurn(active)]
    push(s, Resume(active))
    s._legal = None
    advance(s)
    return s


def clear_board(s: DungeonsState) -> None:
    """Every enemy back into the bag."""
    board.bag_add(s, *(e.kind for e in s.enemies if not e.is_cube))
    s.enemies = []


def until(s: DungeonsState, seat: int) -> None:
    """Play the first choices and outcomes until ``seat`` decides."""
    while s.to_move != seat:
        s.apply(first(s))


def hero(s: DungeonsState, seat: int) -> Hero:
    return s.heroes[seat]


def enemy_kinds(s: DungeonsState, space: int) -> list[str]:
    return sorted(e.kind for e in board.enemies_in(s, space))


def legal(s: DungeonsState) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def log_text(s: DungeonsState, since: int = 0) -> str:
    return "\n".join(e.text for e in s.log[since:])


def give_cards(s: DungeonsState, seat: int, *ids: str) -> None:
    """Put cards into a hand from their decks."""
    from saloon.games.dungeons.rules import cards

    for cid in ids:
        deck = cards.deck_of(s, cid)
        d = s.decks[deck]
        pool = list(d.cards)
        pool.remove(cid)
        s.decks[deck] = replace(d, cards=tuple(pool))
        cards.give(s, seat, deck, cid)
    s._legal = None


def enemy_at(s: DungeonsState, kind: str) -> Enemy:
    return next(e for e in s.enemies if e.kind == kind)
