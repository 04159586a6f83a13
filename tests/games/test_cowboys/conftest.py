"""Shared pieces of the Cowboys tests: the boards the tests lay out, games on
the test street, and ways to read a state.

* :data:`STREET`: the test street, open rows 1-4 and 6, and on row 5 a bank
  (b5-e5) with a door above c5 and a window above d5; :func:`street_game`
  starts a two-side game on it with the figures :func:`C` places.
* :data:`SIGHT_TOWN`: the board drawn for the rulebook's examples of line of
  sight and its gunfight example (the pictures are not printed).
* :data:`STREET_LEGEND`: the legend of a street and a bank, for boards built
  square by square.
* :func:`dealt`, :func:`random_states`: scenarios played at random;
  :func:`figure` and :func:`log_text` read a state.

The test modules import these (``from .conftest import ...``), as the web and
fuzz suites do.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np

from saloon.core.state import CHANCE
from saloon.games.cowboys import GAME
from saloon.games.cowboys.actions import Deal, Die, Flip
from saloon.games.cowboys.board import Place, Town, parse_board
from saloon.games.cowboys.options import CowboysOptions
from saloon.games.cowboys.rules.figures import Figure
from saloon.games.cowboys.rules.setup import FigureSetup, Goal, Setup, SideSetup
from saloon.games.cowboys.rules.state import CowboysState

# -- the test street ---------------------------------------------------------------------------

STREET_BOARD = """
letter = "T"
name = "Test street"
art = '''
      a   b   c   d   e   f   g   h
    +   +   +   +   +   +   +   +   +
  1   .   .   .   .   .   .   .   .
    +   +   +   +   +   +   +   +   +
  2   .   .   .   .   .   .   .   .
    +   +   +   +   +   +   +   +   +
  3   .   .   .   .   .   .   .   .
    +   +   +   +   +   +   +   +   +
  4   .   .   .   .   .   .   .   .
    +   +---+-D-+~~~+---+   +   +   +
  5   . | B   B   B   B | .   .   .
    +   +---+---+---+---+   +   +   +
  6   .   .   .   .   .   .   .   .
    +   +   +   +   +   +   +   +   +
'''

[legend]
B = { terrain = "building", name = "Bank" }
"""

STREET = Town.from_board(parse_board(STREET_BOARD, "test"))


def street_game(
    mine: Sequence[FigureSetup],
    theirs: Sequence[FigureSetup],
    *,
    deal: Sequence[str] | None = (),
    cards: tuple[int, int] = (0, 0),
    objects: tuple[tuple[str, str, str], ...] = (),
    goals: tuple[tuple[Goal, ...], tuple[Goal, ...]] = ((Goal("eliminate"),), (Goal("eliminate"),)),
    turns: int = 3,
    exits: tuple[str, ...] = (),
    at_limit: int | None = None,
    forbidden: tuple[str, ...] = (),
    moves_first: bool = True,
    rules: Sequence[str] = (),
    flips: Sequence[str] = (),
    dice: Sequence[int] = (),
) -> CowboysState:
    """A game on the test street, side 1 (``mine``) against side 2
    (``theirs``); ``deal`` is the cards dealt, in the deal's order (a round
    from side 1, then side 2), after which no card is left to deal (``None``:
    nothing is dealt); ``rules``: the Advanced Optional Rules switched on,
    by option name (``fan_fire``); ``flips``: with ``high_card``, the cards
    flipped for the order of play, before the deal; ``dice``: with
    ``random_modifiers``, the cowboys' modifier dice, before the flips."""
    setup = Setup(
        name="test",
        town=STREET,
        sides=(
            SideSetup("Side 1", tuple(mine), cards[0], goals[0]),
            SideSetup("Side 2", tuple(theirs), cards[1], goals[1]),
        ),
        turns=turns,
        objects=objects,  # type: ignore[arg-type]
        exits=exits,  # type: ignore[arg-type]
        at_limit=at_limit,
        forbidden=forbidden,
    )
    state = CowboysState(
        GAME, CowboysOptions(moves_first=moves_first, **dict.fromkeys(rules, True)), setup
    )
    for d in dice:
        state.apply(Die(d))
    for face in flips:
        state.apply(Flip(face))
    if deal is not None:
        for face in deal:
            state.apply(Deal(face))
        assert not state.is_chance
    return state


def C(fid: str, at: str, facing: str = "N", **kw: object) -> FigureSetup:
    """Figure ``fid`` (a cowboy ``C..`` or a town folk ``T..``) on square
    ``at`` of the test street."""
    return FigureSetup(fid, f"T:{at}", facing, **kw)  # type: ignore[arg-type]


#: A street and a bank, for boards built square by square.
STREET_LEGEND = (Place(".", "open", "street"), Place("B", "building", "Bank"))

# -- the line-of-sight examples ----------------------------------------------------------------
#
# A saloon (S) with a window by Cowboy #1 (f2|g2), a window two squares in
# front of Cowboy #5 (f4|g4), a door by Cowboy #4 (f6|g6), and a door on
# the far side (b4|c4) to #5's left; a trough (the red line above j8-l8)
# in the street just north of cowboy E.

SIGHT_BOARD = """
letter = "L"
name = "Examples of line of sight"
art = '''
      a   b   c   d   e   f   g   h   i   j   k   l   m
    +   +   +   +   +   +   +   +   +   +   +   +   +   +
  1   ,   ,   .   .   .   .   .   .   .   .   .   .   .
    +   +   +---+---+---+---+   +   +   +   +   +   +   +
  2   ,   , | S   S   S   S ~ .   .   .   .   .   .   .
    +   +   +   +   +   +   +   +   +   +   +   +   +   +
  3   ,   , | S   S   S   S | .   .   .   .   .   .   .
    +   +   +   +   +   +   +   +   +   +   +   +   +   +
  4   ,   , D S   S   S   S ~ .   .   .   .   .   .   .
    +   +   +   +   +   +   +   +   +   +   +   +   +   +
  5   ,   , | S   S   S   S | .   .   .   .   .   .   .
    +   +   +   +   +   +   +   +   +   +   +   +   +   +
  6   ,   , | S   S   S   S D .   .   .   .   .   .   .
    +   +   +   +   +   +   +   +   +   +   +   +   +   +
  7   ,   , | S   S   S   S | .   .   .   .   .   .   .
    +   +   +   +   +   +   +   +   +   +###+###+###+   +
  8   ,   , | S   S   S   S | .   .   .   .   .   .   .
    +   +   +---+---+---+---+   +   +   +   +   +   +   +
  9   ,   ,   .   .   .   .   .   .   .   .   .   .   .
    +   +   +   +   +   +   +   +   +   +   +   +   +   +
 10   ,   ,   .   .   .   .   .   .   .   .   .   .   .
    +   +   +   +   +   +   +   +   +   +   +   +   +   +
'''

[legend]
S = { terrain = "building", name = "Saloon" }
"," = { terrain = "open", name = "yard" }
"""

SIGHT_TOWN = Town.from_board(parse_board(SIGHT_BOARD, "sight"))

# -- playing and reading a state ---------------------------------------------------------------


def dealt(scenario: str, seed: int = 1) -> CowboysState:
    """The scenario with its cards dealt at random: the first side to choose."""
    s = GAME.new_state(CowboysOptions(scenario=scenario))
    rng = np.random.default_rng(seed)
    while s.is_chance:
        s.apply(s.sample_chance(rng))
    assert isinstance(s, CowboysState)
    return s


def random_states(options: CowboysOptions, games: int, seed: int) -> Iterator[CowboysState]:
    """Every state of ``games`` games played with uniformly random actions
    and chance outcomes, the last of each game (its end) included."""
    rng = np.random.default_rng(seed)
    for _ in range(games):
        s = GAME.new_state(options)
        assert isinstance(s, CowboysState)
        while not s.is_over:
            yield s
            if s.is_chance:
                s.apply(s.sample_chance(rng))
            else:
                acts = s.legal_actions()
                s.apply(acts[int(rng.integers(len(acts)))])
        yield s


def act(state: CowboysState, *texts: str) -> None:
    """Each action, typed in notation, applied in turn (checked as legal)."""
    for text in texts:
        state.apply(state.parse(text))


def only_pass(state: CowboysState, times: int = 1) -> None:
    """``times`` windows in a row where the side asked has nothing to play:
    each is asked all the same, ``pass`` its only action (CW-T15)."""
    for _ in range(times):
        assert legal(state) == {"pass"}, (state.phase, legal(state))
        state.apply(state.parse("pass"))


def rolls(state: CowboysState, *outcomes: str) -> None:
    """Each chance outcome, typed in notation (``roll 3 4``, ``damage JS``),
    at a chance node."""
    for text in outcomes:
        assert state.to_move == CHANCE, state.phase
        state.apply(state.parse(text))


def legal(state: CowboysState) -> set[str]:
    """The legal actions' notations."""
    return {str(a) for a in state.legal_actions()}


def figure(state: CowboysState, fid: str) -> Figure:
    """Figure ``fid`` as it stands now."""
    return state.figures[state.index[fid]]


def log_text(state: CowboysState) -> str:
    """The game's log so far, a sentence a line."""
    return "\n".join(e.text for e in state.log)
