"""The state of a game of Cowboys: its fields and the core contract.

Cowboys rulebook, Game Turn: the sides act in turn, each with all of its
figures, one at a time; each figure takes a move action or a shoot action,
or nothing. The engine is a state machine (the core contract): a side to
act chooses a figure's whole action (:mod:`saloon.games.cowboys.actions`);
card windows are decisions with ``pass``; every 2d6 roll and every card
dealt is a chance node. Rulings CW-T1.. are in ``docs/rulings.md``,
"Cowboys: the turn, moves and shots".

The phases:

* ``MODIFIER`` (chance): with Rule 6's die table (``random_modifiers``),
  each cowboy's modifier rolled before the game (:mod:`.modifiers`);
* ``FLIP`` (chance): with Advanced Optional Rule 6, before the deal, the
  cards each side flips for the order of play (:mod:`.high_card`);
* ``POKER`` (chance) and ``DRAW`` (a side's draw): with Advanced Optional
  Rule 7, before the deal, the poker hand for the order of play
  (:mod:`.poker`);
* ``DEAL`` (chance): the cards, one at a time, in rounds from the first side;
* ``SELECT``: the side acting picks a figure's action, or ``end``;
* ``ANSWER``: an opposing side may answer an announced action or a card;
* ``START``, ``BEFORE_SHOT``, ``AFTER_HIT``: the acting side's own windows;
* ``ALLY``: the acting side directs an opposing town folk (Friend in Town);
* ``ROLL`` (chance): two dice for a shot (a shotgun shot rolls twice);
* ``FIST`` (chance): a fist fight's two dice, the attacker's and the
  defender's (Advanced Optional Rule 8);
* ``REACT``: a side asked whether a cowboy of his takes a reaction shot
  at a figure moving through his sight (Advanced Rules, Reaction Fire:
  :mod:`.reaction`; the move itself goes square by square, :mod:`.walk`);
* ``CUP`` (chance): with the Advanced Rules' activation cup, from turn 2,
  the next marker drawn from the cup (:mod:`.cup`);
* ``DAMAGE`` (chance): with Variable Damage (Advanced Rules), the card
  flipped for a hit (:mod:`.damage_cards`);
* ``SHOOT_MOVE``: the acting side moves a cowboy up to two squares after
  his shoot and move's shot, or says ``stay`` (Advanced Rules, Move and
  Shoot: :mod:`.move_shoot`);
* ``OVER``.

:class:`CowboysState` holds the game's fields, the small accessors the
rules read and the core contract; the rules are functions of the state in
the modules beside this one:

* :mod:`.placement`: the setup's pieces placed on the town;
* :mod:`.legal`, :mod:`.legal_moves`: the legal actions of each phase;
* :mod:`.card_windows`: an action announced and the answers to it, the
  acting side's own cards, and what a card does;
* :mod:`.execute`: a figure's action carried out, to its shots' wounds;
* :mod:`.high_card`: the order of play by flipped cards (Advanced
  Optional Rule 6); :mod:`.modifiers`: its die table;
* :mod:`.poker`: the order of play by a hand of five-card draw (Advanced
  Optional Rule 7);
* :mod:`.turn`: the deal, the turns and the sides' parts, and the steps
  between two decisions;
* :mod:`.victory`: the goals, and the end of the game;
* :mod:`.view`: what a side sees;
* :mod:`.phase`: the phases, and the action under way (:class:`Pending`).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np

from saloon.core.action import Action, Event, Outcome
from saloon.core.errors import NotationError
from saloon.core.state import CHANCE, ActionGroup, Pointer, Result, State
from saloon.games.cowboys import words
from saloon.games.cowboys.actions import (
    DICE,
    DIE_OUTCOMES,
    FISTS,
    FISTS_OUTCOMES,
    ROLL_OUTCOMES,
    ROLLS,
    Act,
    DamageCard,
    Deal,
    Die,
    Discard,
    End,
    Fists,
    Flip,
    Marker,
    Play,
    PokerCard,
    Roll,
    Wait,
    parse_dice,
    parse_fists,
)
from saloon.games.cowboys.board import XY, Town
from saloon.games.cowboys.cards import Card, Deck, load_deck
from saloon.games.cowboys.geometry import SightLine, sight
from saloon.games.cowboys.options import (
    CowboysOptions,
    check_order_rules,
    check_readings,
    rules_in_play,
)
from saloon.games.cowboys.rules import (
    card_windows,
    cup,
    damage_cards,
    execute,
    high_card,
    legal,
    legal_moves,
    modifiers,
    move_shoot,
    poker,
    reaction,
    redeal,
    turn,
    weapon_move,
)
from saloon.games.cowboys.rules import moves as mv
from saloon.games.cowboys.rules.legal import Actions
from saloon.games.cowboys.rules.phase import Pending, Phase
from saloon.games.cowboys.rules.placement import place
from saloon.games.cowboys.rules.setup import Goal, Setup
from saloon.games.cowboys.rules.view import view_of
from saloon.games.cowboys.shotchart import ShotChart, load_shot_chart

if TYPE_CHECKING:
    from saloon.core.game import Game

__all__ = ["Actions", "CowboysState", "Pending", "Phase"]


_DECISIONS = frozenset(
    {
        Phase.DRAW,
        Phase.SELECT,
        Phase.START,
        Phase.ALLY,
        Phase.BEFORE_SHOT,
        Phase.AFTER_HIT,
        Phase.SHOOT_MOVE,
    }
)


@cache
def _deck(path: str | None, forbidden: tuple[str, ...], source: str) -> Deck:
    return load_deck(path).with_forbidden(forbidden, source=source)


#: The card the prompts give as an example of a face: always the same
#: printed card, never one read from the deck (the first card left would
#: tell which cards the other side cannot hold).
EXAMPLE_FACE = "QH"


class CowboysState(State):
    """A game of Cowboys in progress (see the module docstring)."""

    options: CowboysOptions

    def __init__(self, game: Game, options: CowboysOptions, setup: Setup) -> None:
        super().__init__(game, options, len(setup.sides))
        self.setup = setup
        #: The Advanced Optional Rules in play: the options' and the scenario's,
        #: and the other readings chosen (CW-O1..CW-O8).
        self.rules = rules_in_play(options, setup.optional)
        check_order_rules(self.rules)
        check_readings(self.rules)
        self.town: Town = setup.town
        self.chart: ShotChart = load_shot_chart(options.chart)
        if setup.night:
            # The scenario's night (Saloon's scenario rule, ruling CS-N4): no
            # shot farther than the dark lets a man see.
            self.chart = self.chart.within(setup.night)
        self.deckdef = _deck(options.cards, tuple(setup.forbidden), setup.name)
        n = len(setup.sides)
        town = setup.town
        pieces = place(setup)
        self.figures = pieces.figures
        self.horses = pieces.horses
        self.index = {f.id: i for i, f in enumerate(self.figures)}
        self.horse_index = {h.id: k for k, h in enumerate(self.horses)}
        self.obstacles = pieces.obstacles
        #: The stagecoach's square (``None``: none, or it has left the town)
        #: and whether it is stopped for good (``stage_run``, ruling CS-Q1).
        self.stage: XY | None = next(
            (town.square(at) for kind, at, _ in setup.objects if kind == "stagecoach"), None
        )
        self.stage_halted = False
        self.ground = pieces.ground
        self.order = tuple((setup.first + k) % n for k in range(n))
        self.hands: list[tuple[str, ...]] = [() for _ in range(n)]
        self.deck: tuple[str, ...] = tuple(str(c) for c in self.deckdef)
        #: The cards put under the deck, in the order they went (Advanced
        #: Optional Rule 6): none is dealt while another card is left.
        self.bottom: tuple[str, ...] = ()
        #: Every card flipped for the order of play, in order (public).
        self.flipped: tuple[str, ...] = ()
        #: Every card flipped for a hit's damage, in order (public; Variable
        #: Damage, :mod:`.damage_cards`).
        self.turned: tuple[str, ...] = ()
        #: Rule 6's flips: the sides left to flip, a card each; each side's
        #: cards of this round; the sides ranked so far, in groups of equals.
        self.flip_queue: tuple[int, ...] = ()
        self.flips: tuple[tuple[str, ...], ...] = ()
        self.ranking: tuple[tuple[int, ...], ...] = ()
        #: The cowboys whose modifier is still to be rolled (Rule 6's table).
        self.modifier_queue: tuple[str, ...] = ()
        #: Rule 7's poker hand: the sides left to be dealt, a card each; each
        #: side's hand; the sides still to make their draw; every poker card
        #: each side has held (its own to see); the hands shown (public).
        self.poker_queue: tuple[int, ...] = ()
        self.poker: tuple[tuple[str, ...], ...] = tuple(() for _ in range(n))
        self.drawing: tuple[int, ...] = ()
        self.poker_cards: tuple[tuple[str, ...], ...] = tuple(() for _ in range(n))
        self.shown: tuple[str, ...] = ()
        self.deal_queue = high_card.deal_order(self)
        self.played: list[tuple[int, str]] = []
        self.known: list[frozenset[str]] = [frozenset() for _ in range(n)]
        #: What every seat knows a side holds: ``(side, points)``, a Run card
        #: of at least ``points`` points, since it announced a move that needs
        #: one and until it plays one (CW-T6; kept by :mod:`.redeal`).
        self.run_claims: tuple[tuple[int, int], ...] = ()
        self.turn = 1
        self.part = 0
        #: The figures that have moved or shot this turn (a ``wait`` is
        #: neither): Reaction Fire asks it of a cowboy (Advanced Rules).
        self.acted: frozenset[str] = frozenset()
        #: The markers still in the activation cup this turn (Advanced
        #: Rules, Player Turn Sequence): cowboys' ids, and ``s1``.. for a
        #: side's town folk (:mod:`.cup`).
        self.cup: tuple[str, ...] = ()
        #: The marker drawn last from the cup, whose activation is under
        #: way (``None`` in a turn played side by side).
        self.drawn: str | None = None
        self.active = self.order[0]
        self.own_used = [False] * n
        self.opp_used = [False] * n
        self.fired = False
        self.pending: Pending | None = None
        self.resume: Pending | None = None
        #: A move interrupted by a reaction shot, going on after it
        #: (Advanced Rules, Reaction Fire: :mod:`.reaction`).
        self.moving: Pending | None = None
        #: The cowboys who made a reaction shot this turn: their action in
        #: their side's part is spent (Reaction Fire, CW-V34).
        self.reacted: frozenset[str] = frozenset()
        #: The figures who lost their action this turn, their horse killed
        #: under them: they may not react either until the turn ends
        #: (Movement with Horses; ruling CW-X1, :func:`.reaction.ready`).
        self.lost: frozenset[str] = frozenset()
        self.ally: str | None = None
        self.answer_queue: tuple[int, ...] = ()
        self.answering = ""
        self.loot_squares = frozenset(town.square(r) for r in setup.loot_squares)
        self.locked_squares = frozenset(town.square(r) for r in setup.locked[1])
        self.unlocked = False
        self.leavers = {k: v for k, v in setup.leavers}
        self.winner: int | None = None
        self.category = ""
        #: The ending in a sentence, once the game is over (Result.text).
        self.ending = ""
        self._cache: dict[Any, Any] = {}
        self.phase = Phase.DEAL
        if self.rule("random_modifiers"):
            modifiers.start(self)
        elif self.rule("high_card"):
            high_card.start(self)
        elif self.rule("poker_order"):
            poker.start(self)
        elif not self.deal_queue:
            turn.begin(self)

    # -- small helpers ---------------------------------------------------------------

    def rule(self, name: str) -> bool:
        """Whether the Advanced Optional Rule ``name`` (an option's name,
        ``fan_fire``) is in play, by the options or the scenario."""
        return name in self.rules

    def card(self, face: str) -> Card:
        return _faces(self.deckdef)[face]

    def side_name(self, side: int) -> str:
        """The side's name as the scenario gives it (a label: ``Earps``)."""
        return self.setup.sides[side].name or f"Side {side + 1}"

    def the(self, side: int, start: bool = False) -> str:
        """The side's name in a sentence: ``the Earps``, ``Hickok``, ``the
        Law`` (``start``: at a sentence's start, ``The Earps``; CW-W1)."""
        name = words.the(self.side_name(side), self.setup.sides[side].article)
        return words.cap(name) if start else name

    def owner(self, side: int, start: bool = False) -> str:
        """The side's name owning: ``the Earps'``, ``Hickok's``."""
        return words.possessive(self.the(side, start))

    def agree(self, side: int, singular: str, plural: str) -> str:
        """The verb (or ``its``/``their``) agreeing with the side's name."""
        return words.verb(self.side_name(side), singular, plural)

    def ref(self, xy: XY | None) -> str:
        return "off the town" if xy is None else _refs(self.town)[0][xy]

    def square_of(self, ref: str) -> XY | None:
        """The town square of a reference such as ``B:c7`` (``None`` if none)."""
        return _refs(self.town)[1].get(ref)

    def counters(self) -> dict[XY, str]:
        """The square of each cattle counter and of the stagecoach (which
        may roll on: ``stage_run``, ruling CS-Q1)."""
        out = {self.town.square(at): kind for kind, at, _ in self.setup.objects if kind == "cattle"}
        if self.stage is not None:
            out[self.stage] = "stagecoach"
        return out

    def blockers(self) -> frozenset[XY]:
        from saloon.games.cowboys.rules.shots import blockers

        got = self._cache.get("blockers")
        if got is None:
            got = self._cache["blockers"] = blockers(self)
        return got

    def occupied(self) -> frozenset[XY]:
        from saloon.games.cowboys.rules.shots import occupied

        got = self._cache.get("occupied")
        if got is None:
            got = self._cache["occupied"] = occupied(self)
        return got

    def free_horses(self) -> tuple[XY, ...]:
        """The squares of the horses a figure may mount now (alive, no
        rider, not ridden this turn), in the horses' order, each once."""
        got: tuple[XY, ...] | None = self._cache.get("free-horses")
        if got is None:
            squares: dict[XY, None] = {}
            for h in self.horses:
                if h.alive and h.rider is None and not h.moved and h.square is not None:
                    squares.setdefault(h.square, None)
            got = self._cache["free-horses"] = tuple(squares)
        return got

    def sight_lines(self) -> dict[tuple[XY, XY], SightLine | None]:
        """The lines of sight worked out since the last transition, by
        shooter's and target's square (``None``: no line)."""
        lines: dict[tuple[XY, XY], SightLine | None] | None = self._cache.get("sight")
        if lines is None:
            lines = self._cache["sight"] = {}
        return lines

    def sight_line(self, shooter: XY, target: XY) -> SightLine | None:
        """The line of sight between two squares as the town stands now
        (:func:`~saloon.games.cowboys.geometry.sight`), kept until the next
        transition."""
        lines = self.sight_lines()
        key = (shooter, target)
        if key in lines:
            got: SightLine | None = lines[key]
            return got
        line = lines[key] = sight(
            self.town, shooter, target, blockers=self.blockers(), occupied=self.occupied()
        )
        return line

    def goal_squares(self, goal: Goal) -> frozenset[XY]:
        return frozenset(self.town.square(r) for r in goal.squares)

    def name_of(self, target: str) -> str:
        """How the log names ``target``: ``Cowboy 5``, ``Horse 1``."""
        if target[0] == "H":
            return f"Horse {target[1:]}"
        return self.figures[self.index[target]].short if target in self.index else target

    def say(
        self,
        kind: str,
        text: str,
        player: int | None = None,
        to: tuple[int, ...] | None = None,
        besides: tuple[int, ...] = (),
    ) -> None:
        """Add a sentence to the log (``to``: the sides told it, if not all;
        ``besides``: the sides not told it, who were told it in full)."""
        self.log.append(Event(kind, text, player, to, besides))

    # -- the contract ------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        ph = self.phase
        if ph in (Phase.START, Phase.BEFORE_SHOT, Phase.AFTER_HIT):
            # In a reaction shot, the reacting side (CW-O6).
            from saloon.games.cowboys.rules.cards_play import acting_side

            return acting_side(self)
        if ph in _DECISIONS:
            return self.active
        if ph == Phase.ANSWER:
            return self.answer_queue[0]
        if ph == Phase.REACT:
            return reaction.asked(self)
        if ph == Phase.OVER:
            return None
        return CHANCE

    def legal_actions(self) -> Sequence[Action]:
        got: Sequence[Action] | None = self._cache.get("legal")
        if got is not None:
            return got
        out = legal.legal_actions(self)
        self._cache["legal"] = out
        return out

    def is_legal(self, action: Action) -> bool:
        return legal.is_legal(self, action)

    def explain_illegal(self, action: Action) -> str:
        """Why the side to move cannot play ``action`` now: the rule that
        forbids it (a figure blocking the line of sight, the movement
        points, a card's window...) and what would make it legal, or what
        the figure or the side may do instead (:mod:`.refusals`)."""
        from saloon.games.cowboys.rules.refusals import explain

        return explain(self, action)

    def figure_actions(self, i: int, ally: bool = False) -> tuple[Act, ...]:
        """Every action figure ``i`` may take now: shots first, then
        reloads, moves, weapon changes and pick-ups, then ``wait``."""
        return legal.figure_actions(self, i, ally)

    def move_options(self, i: int, ally: bool = False) -> mv.MoveOptions:
        """Every end of figure ``i``'s move now, with a Run card's points
        (none for a town folk directed by Friend in Town)."""
        return legal_moves.move_options(self, i, ally)

    def chance_outcomes(self) -> Sequence[tuple[Outcome, float]]:
        if self.phase == Phase.ROLL:
            return ROLL_OUTCOMES
        if self.phase == Phase.FIST:
            return FISTS_OUTCOMES
        if self.phase == Phase.DEAL:
            top = high_card.top_of_deck(self)
            p = 1.0 / len(top)
            return [(Deal(c), p) for c in top]
        if self.phase == Phase.FLIP:
            top = high_card.top_of_deck(self)
            p = 1.0 / len(top)
            return [(Flip(c), p) for c in top]
        if self.phase == Phase.POKER:
            top = high_card.top_of_deck(self)
            p = 1.0 / len(top)
            return [(PokerCard(c), p) for c in top]
        if self.phase == Phase.MODIFIER:
            return DIE_OUTCOMES
        if self.phase == Phase.CUP:
            markers = cup.outcomes(self)
            return [(m, 1.0 / len(markers)) for m in markers]
        if self.phase == Phase.DAMAGE:
            top = high_card.top_of_deck(self)
            p = 1.0 / len(top)
            return [(DamageCard(c), p) for c in top]
        return super().chance_outcomes()

    def sample_chance(self, rng: np.random.Generator) -> Outcome:
        if self.phase == Phase.ROLL:
            a, b = rng.integers(1, 7, size=2)
            lo, hi = (int(a), int(b)) if a <= b else (int(b), int(a))
            return ROLLS[(lo - 1) * (14 - lo) // 2 + (hi - lo)]
        if self.phase == Phase.FIST:
            a, b = rng.integers(1, 7, size=2)
            return FISTS[(int(a) - 1) * 6 + int(b) - 1]
        if self.phase == Phase.DEAL:
            top = high_card.top_of_deck(self)
            return Deal(top[int(rng.integers(len(top)))])
        if self.phase == Phase.FLIP:
            top = high_card.top_of_deck(self)
            return Flip(top[int(rng.integers(len(top)))])
        if self.phase == Phase.POKER:
            top = high_card.top_of_deck(self)
            return PokerCard(top[int(rng.integers(len(top)))])
        if self.phase == Phase.MODIFIER:
            return DICE[int(rng.integers(6))]
        if self.phase == Phase.CUP:
            markers = cup.outcomes(self)
            return markers[int(rng.integers(len(markers)))]
        if self.phase == Phase.DAMAGE:
            top = high_card.top_of_deck(self)
            return DamageCard(top[int(rng.integers(len(top)))])
        return super().sample_chance(rng)

    def chance_prompt(self) -> str:
        """What the referee types at this chance node (manual dice): two
        dice for a shot, a die, a marker, or a card as it is printed (the
        card's rank and suit, or a joker by its number or name; never "dice")."""
        if self.phase == Phase.ROLL:
            p = self.pending
            what = ""
            if p is not None and p.info is not None and p.target_id is not None:
                f = self.figures[self.index[p.act.fig]]
                what = (
                    f" ({f.short}'s {p.info.weapon} at {self.name_of(p.target_id)}, "
                    f"needs {p.info.needed})"
                )
            return f"two dice, e.g. 3 5{what}"
        if self.phase == Phase.FIST:
            p = self.pending
            what = ""
            if p is not None and p.target_id is not None:
                f = self.figures[self.index[p.act.fig]]
                what = f" ({f.short}'s fists against {self.name_of(p.target_id)})"
            return f"one die each, the attacker's first, e.g. 5 3{what}"
        if self.phase == Phase.MODIFIER:
            who = self.name_of(self.modifier_queue[0])
            return f"one die for {who}'s modifier (1-3: 0, 4-5: +1, 6: +2), e.g. 4"
        if self.phase == Phase.CUP:
            return cup.prompt(self)
        what = self._card_wanted()
        if what:
            return f"{what}, a card as printed, e.g. {EXAMPLE_FACE}, 10S or joker 1"
        return super().chance_prompt()

    def _card_wanted(self) -> str:
        """Which card the referee turns up now, in words ("" if none)."""
        if self.phase == Phase.DEAL:
            return f"the card dealt to {self.the(self.deal_queue[0])}"
        if self.phase == Phase.POKER:
            return f"the poker card dealt to {self.the(self.poker_queue[0])}"
        if self.phase == Phase.FLIP:
            side = self.flip_queue[0]
            flips = self.agree(side, "flips", "flip")
            return f"the card {self.the(side)} {flips} for the order of play"
        if self.phase == Phase.DAMAGE:
            p = self.pending
            what = ""
            if p is not None and p.target_id is not None:
                f = self.figures[self.index[p.act.fig]]
                what = f" for {f.short}'s hit on {self.name_of(p.target_id)}"
            return (
                f"the top card of the unused deck, flipped{what} (joker a miss, 2 a graze, "
                "3-10 one hit, J-Q two, K three, A four)"
            )
        return ""

    def chance_help(self) -> str:
        """At a card's prompt, how to type a card as it is printed
        (:func:`~saloon.games.cowboys.cards.read_card`); at the dice's, the
        contract's words."""
        from saloon.games.cowboys.cards import CARD_TYPING

        what = self._card_wanted()
        if not what:
            return super().chance_help()
        jokers = [c for c in self.deckdef if c.is_joker]
        named = ", ".join(f"joker {c.joker} is {c.name}" for c in jokers if c.name)
        return f"Turn up the real card and type it: {what}. Type it {CARD_TYPING}." + (
            f" In this deck {named}." if named else ""
        )

    def parse(self, text: str) -> Action:
        """The notation, or the shorthand of this chance node: the dice
        alone (``3 5``), a die (``4``), or a card as a referee reads it off
        the real card (``QH``, ``10 of spades``, ``joker 1``, ``Lady Luck``:
        :func:`~saloon.games.cowboys.cards.read_card`)."""
        if self.phase == Phase.ROLL:
            r = parse_dice(text)
            if r is not None:
                return r
        if self.phase == Phase.FIST:
            fr = parse_fists(text)
            if fr is not None:
                return fr
        if self.phase == Phase.MODIFIER and text.strip() in ("1", "2", "3", "4", "5", "6"):
            return DICE[int(text.strip()) - 1]
        outcome = _CARD_OUTCOMES.get(self.phase)
        if outcome is not None and not _notation(text):
            from saloon.games.cowboys.cards import read_card

            try:
                return outcome(str(read_card(text, self.deckdef)))
            except NotationError as not_a_card:
                # Any action in the notation still reads (it is then
                # checked for this node like any other); else the card's words.
                try:
                    return self.game.parse_action(text)
                except NotationError:
                    raise not_a_card from None
        return self.game.parse_action(text)

    # -- transitions -------------------------------------------------------------------

    def apply_unchecked(self, action: Action) -> None:
        self._cache.clear()
        ph = self.phase
        if ph == Phase.DEAL:
            assert isinstance(action, Deal)
            turn.deal(self, action.card)
        elif ph == Phase.FLIP:
            assert isinstance(action, Flip)
            high_card.flip(self, action.card)
        elif ph == Phase.POKER:
            assert isinstance(action, PokerCard)
            poker.deal(self, action.card)
        elif ph == Phase.DRAW:
            assert isinstance(action, Discard)
            poker.draw(self, action.cards)
        elif ph == Phase.MODIFIER:
            assert isinstance(action, Die)
            modifiers.roll(self, action.face)
        elif ph == Phase.CUP:
            assert isinstance(action, Marker)
            cup.draw(self, action.marker)
        elif ph == Phase.ROLL:
            assert isinstance(action, Roll)
            execute.roll(self, action)
        elif ph == Phase.FIST:
            assert isinstance(action, Fists)
            execute.fists(self, action)
        elif ph == Phase.DAMAGE:
            assert isinstance(action, DamageCard)
            damage_cards.flip(self, action.card)
        elif ph == Phase.SELECT:
            if isinstance(action, End):
                self.say(
                    "end",
                    cup.end_words(self)
                    if cup.in_play(self)
                    else f"{self.owner(self.active, True)} part of turn {self.turn} ends.",
                    self.active,
                )
                turn.next_part(self)
            else:
                assert isinstance(action, Act)
                card_windows.announce(self, action)
        elif ph == Phase.ALLY:
            assert isinstance(action, Act)
            self.ally = None
            f = self.figures[self.index[action.fig]]
            if isinstance(action, Wait):
                self.say(
                    "ally",
                    f"{f.short} does nothing for {self.the(self.active)}.",
                    self.active,
                )
                self.pending = self.resume
                self.resume = None
            else:
                self.say(
                    "ally",
                    f"{self.the(self.active, True)} {self.agree(self.active, 'directs', 'direct')} "
                    f"{f.short}: "
                    f"{self.describe_action(action)}.",
                    self.active,
                )
                self.pending = Pending(action, stage="execute", ally=True)
        elif ph == Phase.ANSWER:
            card_windows.answer(self, action)
        elif ph == Phase.SHOOT_MOVE:
            if weapon_move.is_choice(self.pending):
                # Weapons changed within a move, the other reading (CW-O2).
                weapon_move.choose(self, action)
            else:
                # Advanced Rules, Shoot and Move: the move after the shot (CW-V27).
                move_shoot.move_after(self, action)
        elif ph == Phase.REACT:
            reaction.choose(self, action)
        else:
            p = self.pending
            assert p is not None
            after = {Phase.START: "execute", Phase.BEFORE_SHOT: "roll", Phase.AFTER_HIT: "damage"}[
                ph
            ]
            if isinstance(action, Play):
                card_windows.play_own(self, action, replace(p, stage=after))
            else:
                self.pending = replace(p, stage=after)
        turn.advance(self)
        # What was derived during the transition may describe the state
        # before it (a horse ridden away): derive it again when asked.
        self._cache.clear()

    def in_deck_order(self, faces: Sequence[str]) -> tuple[str, ...]:
        """``faces`` sorted as the deck lists them (a hand is kept so)."""
        order = self._deck_order()
        return tuple(sorted(faces, key=order.__getitem__))

    def _deck_order(self) -> dict[str, int]:
        return _order(self.deckdef)

    # -- results, keys, views --------------------------------------------------------------

    def returns(self) -> tuple[float, ...]:
        n = self.num_players
        if self.phase != Phase.OVER or self.winner is None:
            return (0.0,) * n
        lose = -1.0 / (n - 1)
        return tuple(1.0 if s == self.winner else lose for s in range(n))

    def estimate(self) -> tuple[float, ...]:
        from saloon.games.cowboys.estimate import estimate

        return estimate(self)

    def result(self) -> Result:
        r = self.returns()
        standing = tuple(
            float(sum(f.standing for f in self.figures if f.side == s))
            for s in range(self.num_players)
        )
        return Result(
            returns=r,
            scores=standing,
            winners=() if self.winner is None else (self.winner,),
            category=self.category,
            details={"turn": self.turn},
            text=self.ending,
        )

    def key(self) -> Hashable:
        return (
            int(self.phase), self.turn, self.part, self.active,
            tuple(self.figures), tuple(self.horses), tuple(self.ground),
            tuple(self.hands), self.deck, self.deal_queue, tuple(self.played),
            self.bottom, self.flip_queue, self.flips, self.ranking, self.order,
            self.modifier_queue, self.poker_queue, self.poker, self.drawing, self.shown,
            self.poker_cards,
            tuple(self.known), tuple(self.own_used), tuple(self.opp_used), self.fired,
            self.pending, self.resume, self.ally, self.answer_queue, self.answering,
            self.winner, self.loot_squares, self.unlocked, self.acted, self.cup,
            self.moving, self.reacted, self.lost,
            self.drawn,
            self.turned,
            self.run_claims,
            self.stage, self.stage_halted, self.obstacles,
        )  # fmt: skip

    def view(self, player: int | None) -> dict[str, Any]:
        """Everything on the table; of the hands, ``player``'s own cards and
        the others' sizes only (and the cards he has been shown)."""
        return view_of(self, player)

    def clone(self) -> CowboysState:
        new = CowboysState.__new__(CowboysState)
        new.__dict__.update(self.__dict__)
        new.history = self.history[:]
        new.log = self.log[:]
        new.figures = self.figures[:]
        new.horses = self.horses[:]
        new.ground = self.ground[:]
        new.hands = self.hands[:]
        new.played = self.played[:]
        new.known = self.known[:]
        new.own_used = self.own_used[:]
        new.opp_used = self.opp_used[:]
        new._cache = dict(self._cache)
        return new

    def resample_hidden(self, player: int, rng: np.random.Generator) -> State:
        """The other sides' unseen cards and the deck, redealt at random,
        keeping all that ``player`` has seen and every fact announced to all
        (a Run card a side must hold, CW-T6): :mod:`.redeal`."""
        return redeal.redeal(self, player, rng)

    # -- words ---------------------------------------------------------------------------

    def reveals(self, action: Action) -> bool:
        """A card played shows the table a card of the hand (Card Play):
        undo never takes it back (``saloon.core.session``), and with manual
        dice a bot's stand-in is exchanged for it (ruling CW-W10)."""
        return isinstance(action, Play)

    def dealt_unseen(self) -> int | None:
        """The side a card is dealt to face down: a card of the hand (Game
        Set Up; CW-T17) or a poker card (Advanced Optional Rule 7); with
        manual dice Saloon deals a bot's itself (ruling CW-W10)."""
        if self.phase == Phase.DEAL:
            return self.deal_queue[0]
        if self.phase == Phase.POKER:
            return self.poker_queue[0]
        return None

    def held_unseen(self, outcome: Outcome) -> int | None:
        """The side whose hand holds the card a deal would turn up, where
        that card is no longer in the deck (ruling CW-W10)."""
        if self.phase != Phase.DEAL or not isinstance(outcome, Deal):
            return None
        if outcome.card in high_card.top_of_deck(self):
            return None
        return next((s for s, h in enumerate(self.hands) if outcome.card in h), None)

    def describe_action(self, action: Action) -> str:
        from saloon.games.cowboys.describe import describe

        return describe(self, action)

    def announce(self, action: Action) -> str:
        """A draw in the poker hand says how many cards, not which
        (Advanced Optional Rule 7: the hand is hidden until shown)."""
        from saloon.games.cowboys.describe import announce

        return announce(self, action)

    def action_groups(self, legal: Sequence[Action]) -> Sequence[ActionGroup]:
        from saloon.games.cowboys.describe import groups

        return groups(self, legal)

    def pointer(self, action: Action) -> Pointer | None:
        """Where ``action`` is chosen on the board: the figure, then the
        square or the target; a card in the hand (:mod:`..pointing`)."""
        from saloon.games.cowboys.pointing import pointer

        return pointer(self, action)


#: The chance nodes whose outcome is a card, and the outcome each makes.
_CARD_OUTCOMES: dict[Phase, type[Deal] | type[Flip] | type[PokerCard] | type[DamageCard]] = {
    Phase.DEAL: Deal,
    Phase.FLIP: Flip,
    Phase.POKER: PokerCard,
    Phase.DAMAGE: DamageCard,
}


def _notation(text: str) -> bool:
    """Whether ``text`` is an outcome in the notation (``deal QS``)."""
    first = text.strip().split()[:1]
    return bool(first) and first[0].lower() in ("deal", "flip", "poker", "damage")


@cache
def _order(deck: Deck) -> dict[str, int]:
    return {str(c): k for k, c in enumerate(deck)}


def _refs(town: Town) -> tuple[dict[XY, str], dict[str, XY]]:
    """Each square's reference and back, computed once per town."""
    got = town.cache.get("refs")
    if got is None:
        fwd = {xy: town.ref(xy) for xy in town.squares()}
        got = town.cache["refs"] = (fwd, {r: xy for xy, r in fwd.items()})
    return got  # type: ignore[return-value]


@cache
def _faces(deck: Deck) -> dict[str, Card]:
    return {str(c): c for c in deck}
