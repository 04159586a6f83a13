"""The state of a game in progress: the heart of the core contract.

A game is a state machine with explicit chance nodes, as in OpenSpiel. At
every moment exactly one of these holds:

* ``to_move`` is a player index: that player has a decision, in turn or out
  of turn (an interrupt is a decision node with a ``pass`` action);
* ``to_move`` is :data:`CHANCE`: dice are rolled or a card is drawn, and
  :meth:`State.chance_outcomes` lists the exact distribution;
* ``to_move`` is ``None``: the game is over and :meth:`State.returns` holds.

:meth:`State.apply` checks legality and raises :class:`IllegalAction`
naming what is legal; :meth:`State.apply_unchecked` is the fast path for
solvers and simulators that only pick from the legal list.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from saloon.core.action import Action, Event, Outcome
from saloon.core.errors import IllegalAction

if TYPE_CHECKING:
    from saloon.core.game import Game
    from saloon.core.options import Options

#: ``State.to_move`` when a chance node (dice, cards) is next.
CHANCE: Final = -1


@dataclass(frozen=True)
class Result:
    """How a finished game came out.

    ``returns`` are the utilities (within the game's declared bounds);
    ``scores`` are the game's own points (card values, a solo score);
    ``winners`` the players who won (empty for a solo loss); ``category``
    the game's own word for how it ended (``"retreat"``, ``"starved"``...);
    ``text`` the ending in a sentence, what happened and why ("Player 2
    wins the duel: Player 1 retreated from space 12"), shown by every
    interface.
    """

    returns: tuple[float, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    category: str = ""
    details: dict[str, Any] = field(default_factory=dict)
    text: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "returns": list(self.returns),
            "scores": list(self.scores),
            "winners": list(self.winners),
            "category": self.category,
            "details": self.details,
            "text": self.text,
        }


@dataclass(frozen=True)
class ActionGroup:
    """A heading and the legal actions under it, for a menu.

    Games group long menus (the d6 Shooters' keeps, a Poker stake) so that
    the choices that matter come first and the rest can be paged; the
    terminal table and the web page show the groups in order.
    """

    title: str
    actions: tuple[Action, ...]


@dataclass(frozen=True)
class Pointer:
    """Where a person points on the board to choose an action.

    ``points`` are marks of the game's drawing (the ``data-point``
    attributes of :meth:`Game.render_svg`), clicked in order: a figure,
    then the square it moves to. Actions with the same points are offered
    together after the last click, each by its ``last`` words (a move's
    four facings: "face north"). ``tag`` is a short note shown by the
    last point before it is clicked (a shot's "54%").

    >>> Pointer(("fig:C1", "sq:3,4"), last="face north").points[-1]
    'sq:3,4'
    """

    points: tuple[str, ...]
    last: str = ""
    tag: str = ""


class State(ABC):
    """A game in progress. Mutable: :meth:`apply` changes it in place.

    Subclasses implement the abstract methods; the base class keeps the
    history (every action and outcome applied, for records and undo) and
    the log (typed events with sentences, for people).
    """

    game: Game
    options: Options

    def __init__(self, game: Game, options: Options, num_players: int) -> None:
        self.game = game
        self.options = options
        self.num_players = num_players
        #: Every ``(player, action)`` applied so far; ``player`` is
        #: :data:`CHANCE` for outcomes.
        self.history: list[tuple[int, Action]] = []
        #: What happened, in order, as typed events with sentences.
        self.log: list[Event] = []
        #: When true, games may skip writing log sentences (batch simulation).
        self.quiet = False

    # -- the contract ----------------------------------------------------------

    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The player with a decision, :data:`CHANCE`, or ``None`` when over."""

    @abstractmethod
    def legal_actions(self) -> Sequence[Action]:
        """The actions open to ``to_move``; never empty while a player is to move."""

    def chance_outcomes(self) -> Sequence[tuple[Outcome, float]]:
        """``(outcome, probability)`` pairs at a chance node, summing to 1."""
        raise IllegalAction("this is not a chance node")

    def sample_chance(self, rng: np.random.Generator) -> Outcome:
        """Draw one outcome from :meth:`chance_outcomes` (games may override
        this with a faster sampler that draws from the same distribution)."""
        outcomes = self.chance_outcomes()
        u = rng.random()
        acc = 0.0
        for outcome, p in outcomes:
            acc += p
            if u < acc:
                return outcome
        return outcomes[-1][0]

    def chance_kind(self) -> Hashable:
        """Which kind of event this chance node is (a die, a deck, a bag).

        A search that compares two ways of play on the same luck (common
        random numbers) gives the ``n``-th event of a kind the same dice on
        both ways, however many events of other kinds either has had. By
        default every chance node is of one kind; games name theirs so that
        the pairing holds where the ways part (one more fight on one way
        does not shift the next turn's roll)."""
        return None

    @abstractmethod
    def apply_unchecked(self, action: Action) -> None:
        """Apply an action or outcome known to be legal (no checks)."""

    @abstractmethod
    def returns(self) -> tuple[float, ...]:
        """One utility per player, within ``game.returns_bounds``; final once over."""

    def estimate(self) -> tuple[float, ...]:
        """A guess at :meth:`returns` from here on: one value per player,
        within ``game.returns_bounds``, what a search reads where it stops
        before the end (a rollout cut by its depth). Once the game is over
        it must be :meth:`returns`. By default it is :meth:`returns` now; a
        game whose returns say nothing mid-game (0 until somebody wins)
        gives a better guess, kept short of the bounds so that a real win
        always weighs more than any estimate."""
        return self.returns()

    @abstractmethod
    def key(self) -> Hashable:
        """A hashable key: equal keys mean equal futures (for solvers)."""

    @abstractmethod
    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see, JSON-able; ``None`` is a spectator."""

    # -- provided ------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.to_move is None

    @property
    def is_chance(self) -> bool:
        return self.to_move == CHANCE

    def apply(self, action: Action) -> None:
        """Apply an action or chance outcome after checking it is legal.

        Raises :class:`IllegalAction` naming what was wrong and what is legal.
        """
        mover = self.to_move
        if mover is None:
            raise IllegalAction(self.explain_illegal(action))
        if mover == CHANCE:
            allowed: Sequence[Action] = [o for o, _ in self.chance_outcomes()]
            if action not in allowed:
                # Where information is hidden the outcomes left (a deck's
                # cards) would tell what the others hold: the prompt instead.
                expected = (
                    f"possible: {_listing(allowed)}"
                    if self.game.perfect_information
                    else f"expected {self.chance_prompt()}"
                )
                raise IllegalAction(f"{action} is not a possible outcome here; {expected}")
        elif not self.is_legal(action):
            raise IllegalAction(self.explain_illegal(action))
        self.history.append((mover, action))
        self.apply_unchecked(action)

    def explain_illegal(self, action: Action) -> str:
        """Why the player to move cannot play ``action`` now, in one sentence:
        the rule that forbids it and what would make it legal. It is the
        message of the :class:`IllegalAction` that :meth:`apply` raises, so
        the terminal and the browser give the same reason. By default, what
        is legal instead; games name their rules (a figure blocking the line
        of sight, a card that cannot be played in this window).

        >>> from saloon.testing.tiny import TinyGame, Add
        >>> state = TinyGame().new_state()
        >>> while state.is_chance:
        ...     state.apply(state.chance_outcomes()[0][0])
        >>> state.explain_illegal(Add(9))
        'add 9 is not legal for player 1 now; legal: add 1, add 2, stop'
        """
        mover = self.to_move
        if mover is None:
            return f"the game is over; {action} cannot be played"
        who = "anyone" if mover < 0 else f"player {mover + 1}"
        return f"{action} is not legal for {who} now; legal: {_listing(self.legal_actions())}"

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is legal for the player to move. Games with
        many actions override this with a direct check, so an agent that
        builds its action (which dice to keep, say) never needs the list."""
        return action in self.legal_actions()

    def child(self, action: Action) -> State:
        """A copy of this state with ``action`` applied."""
        new = self.clone()
        new.apply(action)
        return new

    def clone(self) -> State:
        """An independent copy (changing one never changes the other).

        The default deep-copies; games with flat states override it.
        """
        return copy.deepcopy(self)

    def result(self) -> Result:
        """How the game came out; games add scores and a category."""
        r = self.returns()
        best = max(r)
        return Result(r, r, tuple(i for i, v in enumerate(r) if v == best))

    def reveals(self, action: Action) -> bool:
        """Whether the decision ``action``, taken here, shows the other
        players something hidden (a card played from a hand): a point undo
        never goes back past (:mod:`saloon.core.session`); at a chance node
        of :meth:`dealt_unseen`, whether the outcome is shown to all (a card
        lost from a hand at random, named). None by default; games with
        hidden hands say which of their actions do."""
        return False

    def dealt_unseen(self) -> int | None:
        """At a chance node whose outcome only one seat will see (a card
        dealt face down into its hand, or one taken from its hidden hand at
        random), that seat; ``None`` otherwise (a die, a card turned face up).

        With manual dice a referee types what the real dice and cards show;
        where this seat is a bot, Saloon draws the card itself instead, so
        that no referee ever turns a bot's card face up: the real card dealt
        to the bot is a face-down stand-in (:mod:`saloon.core.session`). None
        by default; games with hidden hands say which of their draws are so.
        """
        return None

    def held_unseen(self, outcome: Outcome) -> int | None:
        """The seat whose hidden hand holds the card ``outcome`` would draw,
        if that is why ``outcome`` cannot happen here (a referee turned up a
        real card that Saloon dealt a bot, its stand-in being another);
        ``None`` otherwise (and by default)."""
        return None

    def resample_hidden(self, player: int, rng: np.random.Generator) -> State:
        """A state that ``player`` cannot tell from this one, with what is
        hidden from him drawn at random (determinization). Games with
        perfect information return a clone."""
        return self.clone()

    def chance_prompt(self) -> str:
        """What a person should type at this chance node (manual dice): the
        format, with an example."""
        outcomes = [str(o) for o, _ in self.chance_outcomes()]
        return "one of: " + _listing(outcomes)

    def chance_help(self) -> str:
        """A few lines on typing this chance node's outcome (``help`` at a
        manual-dice prompt)."""
        return f"Roll the real dice and type what they show: {self.chance_prompt()}."

    def parse(self, text: str) -> Action:
        """Read what a person typed here: an action or an outcome in the game's
        notation, or a shorthand this state understands (the faces alone at a
        dice prompt, say). Raises :class:`~saloon.core.errors.NotationError`
        on unreadable text; legality is checked by :meth:`apply`."""
        return self.game.parse_action(text)

    def describe_action(self, action: Action) -> str:
        """What ``action`` does, in the player's words, with its effect and
        cost; games override for friendlier text than the notation."""
        return str(action)

    def announce(self, action: Action) -> str:
        """What the other players are told of ``action`` as it is taken (a
        bot's choice at a person's table): by default its words
        (:meth:`describe_action`); a game whose action carries a secret
        (cards thrown away unseen) says only what the others may know."""
        return self.describe_action(action)

    def action_groups(self, legal: Sequence[Action]) -> Sequence[ActionGroup]:
        """``legal`` grouped for a menu, the choices that matter first; by
        default one group in the game's order."""
        return [ActionGroup("", tuple(legal))]

    def pointer(self, action: Action) -> Pointer | None:
        """Where ``action`` is chosen on the board (see :class:`Pointer`);
        ``None`` for an action not on the board (pass, end the turn), which
        the browser shows as a button beside it. By default none is."""
        return None

    def points_in_any_order(self) -> bool:
        """Whether this decision's points are picked as a set, in any order
        and each clicked again to let it go (dice to keep), rather than as
        a sequence (a figure, then its target). In such a set the points
        ``p``, ``p.2``, ``p.3`` are copies (dice showing the same face): a
        click on any of them takes the next copy."""
        return False

    def __str__(self) -> str:
        from saloon.core.render import render_text

        return render_text(self)

    def _repr_svg_(self) -> str:
        return self.game.render_svg(self)


def _listing(items: Sequence[object], limit: int = 24) -> str:
    names = [str(i) for i in items[:limit]]
    if len(items) > limit:
        return ", ".join(names) + f", ... ({len(items)} in all)"
    return ", ".join(names) if names else "(none)"
