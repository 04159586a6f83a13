"""Shoot Out's rules: state, actions, outcomes and transitions.

Citations are to the rulebook ``shoot-out.txt`` by section ("Setup", "The
Game", "Moving", "Shooting", "The End of the Duel", "The End of the Game",
"Variants") and to the binding rulings (RULINGS.md, Shoot Out 1-10).

The street: each pawn stays on its own side, on spaces ``back`` (20) down
to ``front`` (5), then the shared centre, written here as space 0
(ruling 1).
"""

from __future__ import annotations

import enum
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from saloon.core.action import Action, Event, Outcome, check_notation_length
from saloon.core.errors import IllegalAction, NotationError, shown
from saloon.core.numerals import is_digits, parse_int
from saloon.core.state import CHANCE, Result, State
from saloon.games.shootout.options import ShootOutOptions

if TYPE_CHECKING:
    from saloon.core.game import Game

#: The centre space; a pawn that reaches it wins the duel (ruling 1).
CENTRE = 0
DIE = 20

Weapon = Literal["colt", "winchester"]


# -- actions and outcomes -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Advance one space toward the centre; ends the turn ("Moving")."""

    def __str__(self) -> str:
        return "move"


@dataclass(frozen=True, slots=True)
class Shoot(Action):
    """Fire the Colt (a black bullet) or the Winchester (a red one, +bonus)."""

    weapon: Weapon

    def __str__(self) -> str:
        return self.weapon


@dataclass(frozen=True, slots=True)
class Retreat(Action):
    """Give up the duel at the start of one's turn ("The End of the Duel")."""

    def __str__(self) -> str:
        return "retreat"


@dataclass(frozen=True, slots=True)
class FirstPlayer(Outcome):
    """Who starts the first duel: a 50/50 chance node (ruling 6). 0-based."""

    player: int

    def __str__(self) -> str:
        return f"first p{self.player + 1}"


@dataclass(frozen=True, slots=True)
class Card(Outcome):
    """The card turned face up for a duel, drawn from the cards left (ruling 6)."""

    value: int

    def __str__(self) -> str:
        return f"card {self.value}"


@dataclass(frozen=True, slots=True)
class Roll(Outcome):
    """The d20 of a shot ("Shooting")."""

    face: int

    def __str__(self) -> str:
        return f"d20 {self.face}"


MOVE = Move()
RETREAT = Retreat()
COLT = Shoot("colt")
WINCHESTER = Shoot("winchester")
ROLLS = tuple(Roll(f) for f in range(1, DIE + 1))
_ROLL_OUTCOMES = tuple((r, 1.0 / DIE) for r in ROLLS)

_WORDS: dict[str, Action] = {
    "move": MOVE,
    "m": MOVE,
    "advance": MOVE,
    "retreat": RETREAT,
    "r": RETREAT,
    "colt": COLT,
    "c": COLT,
    "shoot colt": COLT,
    "winchester": WINCHESTER,
    "w": WINCHESTER,
    "shoot winchester": WINCHESTER,
}


def parse_action(text: str) -> Action:
    """Read an action or outcome from its notation.

    >>> parse_action("winchester")
    Shoot(weapon='winchester')
    >>> parse_action("d20 14"), parse_action("card 7"), parse_action("first p2")
    (Roll(face=14), Card(value=7), FirstPlayer(player=1))
    """
    check_notation_length(text)
    t = " ".join(text.strip().lower().split())
    if t in _WORDS:
        return _WORDS[t]
    head, _, tail = t.partition(" ")
    if (head == "d20" and is_digits(tail)) or is_digits(t):
        face = parse_int(tail if head == "d20" else t)
        if face is None or not 1 <= face <= DIE:
            raise NotationError(f"a d20 shows 1 to 20, not {shown(tail if head == 'd20' else t)}")
        return ROLLS[face - 1]
    if head == "card" and is_digits(tail):
        value = parse_int(tail)
        if value is None:
            raise NotationError(f"no card is worth {shown(tail)}")
        return Card(value)
    if head == "first" and tail in ("p1", "p2"):
        return FirstPlayer(int(tail[1]) - 1)
    raise NotationError(
        f"cannot read {shown(text)}: say move, colt, winchester or retreat "
        "(outcomes: 'd20 N', 'card N', 'first p1|p2')"
    )


# -- the state ------------------------------------------------------------------------


class Phase(enum.IntEnum):
    FIRST = 0  # chance: who starts the first duel
    CARD = 1  # chance: the duel's face-up card
    TURN = 2  # start of a turn: retreat, move or shoot
    AFTER_HIT = 3  # the shooter hit: shoot again or move
    ROLL = 4  # chance: the d20 of a shot
    OVER = 5


class ShootOutState(State):
    """A game of Shoot Out: a series of duels until someone reaches the target."""

    options: ShootOutOptions

    __slots__ = (
        "black",
        "card",
        "deck",
        "duel",
        "ended_by",
        "ending",
        "phase",
        "pos",
        "red",
        "turn",
        "weapon",
        "won",
    )  # fmt: skip

    def __init__(self, game: Game, options: ShootOutOptions) -> None:
        super().__init__(game, options, 2)
        o = options
        self.phase = Phase.FIRST
        self.turn = 0
        # Setup: pawns on the start space, 12 black and 6 red bullets each.
        self.pos = [o.start, o.start]
        self.black = [o.black, o.black]
        self.red = [o.red, o.red]
        self.won: list[list[int]] = [[], []]
        self.deck: tuple[int, ...] = o.deck
        self.card: int | None = None
        self.weapon: Weapon | None = None
        self.duel = 0
        self.ended_by = ""
        #: The game's ending in a sentence, once it is over (:meth:`result`).
        self.ending = ""

    # -- queries -------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        phase = self.phase
        if phase == Phase.TURN or phase == Phase.AFTER_HIT:
            return self.turn
        if phase == Phase.OVER:
            return None
        return CHANCE

    def score(self, player: int) -> int:
        return sum(self.won[player])

    def can_shoot(self, player: int) -> bool:
        return self.black[player] > 0 or self.red[player] > 0

    def legal_actions(self) -> Sequence[Action]:
        if self.phase != Phase.TURN and self.phase != Phase.AFTER_HIT:
            return []
        t = self.turn
        actions: list[Action] = []
        # "The End of the Duel": retreat only at the beginning of a turn.
        if self.phase == Phase.TURN:
            actions.append(RETREAT)
        actions.append(MOVE)
        # "Shooting": either gun, as long as it has bullets (ruling 2).
        if self.black[t] > 0:
            actions.append(COLT)
        if self.red[t] > 0:
            actions.append(WINCHESTER)
        return actions

    def chance_outcomes(self) -> Sequence[tuple[Outcome, float]]:
        if self.phase == Phase.ROLL:
            return _ROLL_OUTCOMES
        if self.phase == Phase.CARD:
            n = len(self.deck)
            counts: dict[int, int] = {}
            for c in self.deck:
                counts[c] = counts.get(c, 0) + 1
            return [(Card(v), k / n) for v, k in counts.items()]
        if self.phase == Phase.FIRST:
            return [(FirstPlayer(0), 0.5), (FirstPlayer(1), 0.5)]
        return super().chance_outcomes()

    def sample_chance(self, rng: np.random.Generator) -> Outcome:
        if self.phase == Phase.ROLL:
            return ROLLS[int(rng.integers(DIE))]
        if self.phase == Phase.CARD:
            return Card(self.deck[int(rng.integers(len(self.deck)))])
        if self.phase == Phase.FIRST:
            return FirstPlayer(int(rng.integers(2)))
        return super().sample_chance(rng)

    def chance_prompt(self) -> str:
        if self.phase == Phase.ROLL:
            extra = (
                f"; +{self.options.bonus} is added for the Winchester"
                if self.weapon == "winchester"
                else ""
            )
            return f"the d20, 1-20, e.g. 14{extra}"
        if self.phase == Phase.CARD:
            left = " ".join(str(c) for c in sorted(self.deck))
            return f"the card turned up (the deck holds {left}), e.g. {max(self.deck)}"
        return "who starts the first duel, 1 or 2"

    def parse(self, text: str) -> Action:
        """The game's notation, or at a chance node the number alone: the d20
        (``14``), the card (``5``), the starting player (``1``)."""
        t = text.strip().lower()
        if self.phase == Phase.CARD and t.isascii() and t.isdigit() and len(t) <= 3:
            return Card(int(t))
        if self.phase == Phase.FIRST and t in ("1", "2", "p1", "p2"):
            return FirstPlayer(int(t[-1]) - 1)
        return self.game.parse_action(text)

    def hit_chance(self, player: int, weapon: Weapon) -> float:
        """The chance that ``player``'s shot hits from where he stands.

        "Shooting": a hit when the d20 (+bonus for the Winchester) is at
        least the number of the shooter's own space (ruling 3).
        """
        need = self.pos[player] - (self.options.bonus if weapon == "winchester" else 0)
        return min(DIE, max(0, DIE + 1 - max(need, 1))) / DIE

    # -- transitions -------------------------------------------------------------------

    def apply_unchecked(self, action: Action) -> None:
        phase = self.phase
        if phase == Phase.ROLL:
            assert isinstance(action, Roll)
            self._resolve_shot(action.face)
        elif phase == Phase.CARD:
            assert isinstance(action, Card)
            self._turn_up(action.value)
        elif phase == Phase.FIRST:
            assert isinstance(action, FirstPlayer)
            # "The Game": a start player is chosen at random for the first duel.
            self.turn = action.player
            self.log.append(
                Event("first", f"Player {action.player + 1} starts the first duel.", action.player)
            )
            self.phase = Phase.CARD
        elif action is MOVE or isinstance(action, Move):
            self._move(self.turn)
        elif isinstance(action, Shoot):
            self._shoot(action.weapon)
        elif isinstance(action, Retreat):
            self._retreat(self.turn)
        else:  # pragma: no cover - apply() checks legality first
            raise AssertionError(action)

    def _turn_up(self, value: int) -> None:
        """ "The Game": each duel turns up the top card of the deck (ruling 6)."""
        deck = list(self.deck)
        deck.remove(value)
        self.deck = tuple(deck)
        self.card = value
        self.duel += 1
        self.phase = Phase.TURN
        left = " ".join(str(c) for c in sorted(self.deck)) or "none"
        self.log.append(
            Event(
                "card",
                f"Duel {self.duel}: the card {value} is turned up (left in the deck: {left}); "
                f"player {self.turn + 1} starts.",
            )
        )

    def _move(self, player: int) -> None:
        """ "Moving": one space toward the centre; the turn ends (ruling 1)."""
        o = self.options
        here = self.pos[player]
        there = CENTRE if here <= o.front else here - 1
        self.pos[player] = there
        if there == CENTRE:
            self.log.append(Event("move", f"Player {player + 1} reaches the centre.", player))
            other = 1 - player
            why = f"he reached the centre with Player {other + 1} still on space {self.pos[other]}"
            self._end_duel(winner=player, by="centre", why=why)
            return
        self.log.append(Event("move", f"Player {player + 1} moves to space {there}.", player))
        self.turn = 1 - player
        self.phase = Phase.TURN

    def _shoot(self, weapon: Weapon) -> None:
        """ "Shooting": discard a bullet of the gun's colour, then roll the d20."""
        t = self.turn
        if weapon == "colt":
            self.black[t] -= 1
        else:
            self.red[t] -= 1
        self.weapon = weapon
        self.phase = Phase.ROLL

    def _resolve_shot(self, face: int) -> None:
        """A hit when the total reaches the shooter's own space (ruling 3).

        A hit pushes the target back ``pushback`` spaces, never beyond
        ``back``; the shooter then shoots again or moves, and with no
        bullets left he moves. A miss ends the turn.
        """
        o = self.options
        t = self.turn
        weapon = self.weapon
        self.weapon = None
        bonus = o.bonus if weapon == "winchester" else 0
        total = face + bonus
        gun = "Winchester" if weapon == "winchester" else "Colt"
        left = self.red[t] if weapon == "winchester" else self.black[t]
        colour = "red" if weapon == "winchester" else "black"
        roll = f"d20 {face}" + (f" + {bonus} = {total}" if bonus else "")
        shot = f"Player {t + 1} fires the {gun} from space {self.pos[t]}: {roll}"
        why = f"{self.pos[t]} needed; {left} {colour} bullet{'s' if left != 1 else ''} left"
        if total < self.pos[t]:
            self.log.append(Event("miss", f"{shot}, a miss ({why}).", t))
            self.turn = 1 - t
            self.phase = Phase.TURN
            return
        target = 1 - t
        before = self.pos[target]
        self.pos[target] = min(o.back, self.pos[target] + o.pushback)
        self.log.append(
            Event(
                "hit",
                f"{shot}, a hit ({why}). "
                + (
                    f"Player {target + 1} is pushed back from space {before} to {self.pos[target]}."
                    if self.pos[target] != before
                    else f"Player {target + 1} is at the back already (space {before})."
                ),
                t,
            )
        )
        if self.can_shoot(t):
            self.phase = Phase.AFTER_HIT
        else:
            self._move(t)

    def _retreat(self, player: int) -> None:
        """ "The End of the Duel": the opponent wins the duel and the card.

        The retreating player reloads ``reload`` black bullets if the
        opponent stands on ``reload_from`` (6) or farther, never above the
        starting number (ruling 4).
        """
        o = self.options
        other = 1 - player
        here = self.pos[player]
        text = f"Player {player + 1} retreats from space {here}."
        before = self.black[player]
        gain = min(o.black, before + o.reload) - before
        if gain > 0 and self.pos[other] < o.reload_from:
            text += (
                f" No reload: Player {other + 1} stands on space {self.pos[other]}, "
                f"nearer than space {o.reload_from}."
            )
        elif gain > 0:
            self.black[player] = before + gain
            text += f" He reloads {_count(gain, 'black bullet')} ({before} → {before + gain})."
        self.log.append(Event("retreat", text, player))
        self._end_duel(
            winner=other, by="retreat", why=f"Player {player + 1} retreated from space {here}"
        )

    def _end_duel(self, winner: int, by: str, why: str) -> None:
        """The winner takes the card; the game ends at the target ("The End
        of the Game", ruling 7); the loser starts the next duel (ruling 6).
        ``why`` says how the duel was won, for the log and the ending."""
        o = self.options
        card = self.card
        assert card is not None
        self.won[winner].append(card)
        mine, theirs = self.score(winner), self.score(1 - winner)
        if mine > theirs:
            standing = f"leads, {_points(mine)} to {theirs}"
        elif mine < theirs:
            standing = f"trails, {_points(mine)} to {theirs}"
        else:
            standing = f"is level, {_points(mine)} each"
        self.log.append(
            Event(
                "duel",
                f"Player {winner + 1} wins the duel: {why}. "
                f"Player {winner + 1} takes the card {card} and {standing}.",
                winner,
            )
        )
        self.card = None
        self.ended_by = by
        if mine >= o.goal:
            self.phase = Phase.OVER
            past = "to" if mine == o.goal else "past"
            took = "him" if why.startswith("he ") else f"Player {winner + 1}"
            self.ending = (
                f"Player {winner + 1} wins the game, {mine} points to {theirs}: {why}, "
                f"and the card {card} took {took} {past} the {o.goal} needed."
            )
            self.log.append(Event("game", self.ending, winner))
            return
        self.turn = 1 - winner
        self.pos = [o.start, o.start]
        self.phase = Phase.CARD

    # -- results and keys -------------------------------------------------------------------

    def winner(self) -> int | None:
        if self.phase != Phase.OVER:
            return None
        return 0 if self.score(0) >= self.options.goal else 1

    def returns(self) -> tuple[float, ...]:
        w = self.winner()
        if w is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if w == 0 else (-1.0, 1.0)

    def result(self) -> Result:
        w = self.winner()
        return Result(
            returns=self.returns(),
            scores=(float(self.score(0)), float(self.score(1))),
            winners=() if w is None else (w,),
            category=self.ended_by,
            details={"duels": self.duel, "bullets_left": [self.black[:], self.red[:]]},
            text=self.ending,
        )

    def key(self) -> Hashable:
        return (
            int(self.phase), self.turn, self.pos[0], self.pos[1],
            self.black[0], self.red[0], self.black[1], self.red[1],
            self.score(0), self.score(1), self.deck, self.card, self.weapon,
        )  # fmt: skip

    def view(self, player: int | None) -> dict[str, Any]:
        """Everything in Shoot Out is public; the deck's order is a chance node."""
        return {
            "phase": self.phase.name.lower(),
            "to_move": self.to_move,
            "turn": self.turn,
            "duel": self.duel,
            "card": self.card,
            "deck": sorted(self.deck),
            "positions": list(self.pos),
            "black": list(self.black),
            "red": list(self.red),
            "won": [list(w) for w in self.won],
            "scores": [self.score(0), self.score(1)],
            "target": self.options.goal,
            "weapon": self.weapon,
        }

    def clone(self) -> ShootOutState:
        new = ShootOutState.__new__(ShootOutState)
        new.game = self.game
        new.options = self.options
        new.num_players = 2
        new.history = self.history[:]
        new.log = self.log[:]
        new.quiet = self.quiet
        new.phase = self.phase
        new.turn = self.turn
        new.pos = self.pos[:]
        new.black = self.black[:]
        new.red = self.red[:]
        new.won = [self.won[0][:], self.won[1][:]]
        new.deck = self.deck
        new.card = self.card
        new.weapon = self.weapon
        new.duel = self.duel
        new.ended_by = self.ended_by
        new.ending = self.ending
        return new

    # -- words ---------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """As :meth:`State.apply`; once the game is over, the refusal says how
        it ended (:meth:`explain_illegal`)."""
        if self.phase == Phase.OVER:
            raise IllegalAction(self.explain_illegal(action))
        super().apply(action)

    def explain_illegal(self, action: Action) -> str:
        """Why ``action`` cannot be played now, with the rule and what can.

        >>> from saloon.core import get_game
        >>> game = get_game("shootout")
        >>> state = game.new_state()
        >>> for step in ("first p1", "card 7", "colt", "d20 20"):
        ...     state.apply(game.parse_action(step))
        >>> print(state.explain_illegal(game.parse_action("retreat")))
        Player 1 cannot retreat now: a retreat comes only at the very start of a turn, \
and after a hit his turn goes on (The End of the Duel); fire either gun again or move
        """
        t = self.turn
        who = f"Player {t + 1}"
        phase = self.phase
        if phase == Phase.OVER:
            ending = self.ending.rstrip(".")
            return f"the game is over; {action} cannot be played (The End of the Game): {ending}"
        if phase not in (Phase.TURN, Phase.AFTER_HIT):
            waits = {
                Phase.ROLL: f"the d20 of {who}'s shot",
                Phase.CARD: "the card turned up for the next duel",
                Phase.FIRST: "the coin toss for who starts the first duel",
            }[phase]
            return f"{action} cannot be played now: the game waits for {waits}, not a player"
        options = self._options_words()
        chance: dict[type, str] = {
            Roll: "a roll is not a choice: the d20 is rolled when a gun is fired (Shooting)",
            Card: "a card is not a choice: the top card of the deck is turned up at the start "
            "of each duel (The Game)",
            FirstPlayer: "who starts is not a choice: a coin decides who starts the first duel "
            "(The Game)",
        }
        why = chance.get(type(action))
        if why is not None:
            legal = ", ".join(str(a) for a in self.legal_actions())
            return f"{action} is not legal for player {t + 1} now: {why}; legal: {legal}"
        if isinstance(action, Retreat):
            return (
                f"{who} cannot retreat now: a retreat comes only at the very start of a turn, "
                f"and after a hit his turn goes on (The End of the Duel); {options}"
            )
        if isinstance(action, Shoot):
            o = self.options
            if action.weapon == "colt":
                if o.black <= 0:
                    return (
                        "this game gives no black bullets (the option black=0), so the Colt "
                        f"cannot fire; {who} can {options}"
                    )
                reload = ""
                if phase == Phase.TURN and o.reload > 0:
                    reload = (
                        f" (a retreat while the opponent stands on space {o.reload_from} or "
                        f"farther reloads {o.reload})"
                    )
                return (
                    f"{who}'s Colt is empty: no black bullets left, and a gun fires only while "
                    f"it has bullets (Shooting){reload}; {who} can {options}"
                )
            if o.red <= 0:
                return (
                    "this game gives no red bullets (the option red=0), so the Winchester "
                    f"cannot fire; {who} can {options}"
                )
            return (
                f"{who}'s Winchester is empty: no red bullets left, and red bullets never come "
                f"back (Shooting; The End of the Duel reloads black ones only); {who} can "
                f"{options}"
            )
        return f"{action} is not a Shoot Out action; {who} can {options}"

    def _options_words(self) -> str:
        """What the player to move can do, in words: ``fire either gun again or move``."""
        legal = self.legal_actions()
        guns = [g for g, a in (("the Colt", COLT), ("the Winchester", WINCHESTER)) if a in legal]
        fire = "fire either gun" if len(guns) == 2 else f"fire {guns[0]}" if guns else ""
        if self.phase == Phase.AFTER_HIT:
            return f"{fire} again or move" if fire else "move"
        parts = ["retreat", "move", *([fire] if fire else [])]
        return ", ".join(parts[:-1]) + " or " + parts[-1]

    def describe_action(self, action: Action) -> str:
        t = self.turn
        if isinstance(action, Shoot):
            p = self.hit_chance(t, action.weapon)
            left = self.black[t] if action.weapon == "colt" else self.red[t]
            gun = "Colt" if action.weapon == "colt" else "Winchester"
            return f"fire the {gun} ({left} left, hits {p:.0%})"
        if isinstance(action, Move):
            here = self.pos[t]
            return (
                "move to the centre and win the duel"
                if here <= self.options.front
                else f"move to space {here - 1}"
            )
        if isinstance(action, Retreat):
            o = self.options
            gain = min(o.black, self.black[t] + o.reload) - self.black[t]
            if o.reload <= 0 or gain <= 0:
                reload = ""
            elif self.pos[1 - t] >= o.reload_from:
                reload = f", reload {_count(gain, 'black bullet')}"
            else:
                reload = f", no reload (Player {2 - t} is nearer than space {o.reload_from})"
            return f"retreat: give up the card {self.card}{reload}"
        return str(action)


def _count(n: int, word: str) -> str:
    """``1 black bullet``, ``2 black bullets``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def _points(n: int) -> str:
    """``1 point``, ``14 points``."""
    return _count(n, "point")


def max_length(o: ShootOutOptions) -> int:
    """An upper bound on the steps of a game (for the conformance suite).

    Every shot takes a bullet, and bullets only come back by a retreat,
    one per duel; every move brings a pawn one space nearer, and only hits
    push it back.
    """
    n = len(o.deck)
    shots = 2 * (o.black + o.red) + o.reload * n
    distance = o.start - o.front + 1
    moves = 2 * n * distance + o.pushback * shots
    return 1 + 2 * n + 2 * shots + moves
