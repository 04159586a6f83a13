"""The state of a game of D6: its fields, the small accessors the rules read, and the contract.

A game is setup (Part I, Setup), then ``rounds`` rounds of one turn per
player in seat order (Part I, Choose the Length of Your Game), with a GM
event between rounds (ruling DG-R10). Everything still to do is on the
``agenda`` (:mod:`.agenda`), a stack of small frozen tasks; the one on top
is a decision of a player (in turn or out of turn) or a chance node, and
applying an action or outcome lets it answer and runs the agenda on.

The fields:

* ``heroes``: one :class:`~.model.Hero` per seat (boards, stats, hand,
  hides, bounties); ``teams``: each seat's team (every seat its own in the
  standard game; Part III's Alliance pairs seats);
* ``enemies``: the enemies on the board (:class:`~.model.Enemy`), by uid;
  ``bag``: the tokens in the enemy bag, a sorted multiset of kinds;
* ``environments``: the pieces on the map, ``(space, piece)`` pairs;
  ``pieces``: those still to place (setup); ``castles``: the curse castles
  on the map, ``(space, curse)`` pairs; ``curses_left``: the curses whose
  castles are still to place (Part IV, Curse Castle Standees);
* ``decks`` (``advantage``, ``quest``, ``bounty``: :class:`~.model.Deck`),
  ``discards`` (face up), ``bounties`` (the three face-up Bounty cards);
* ``round`` (0 during setup), ``turn`` (:class:`~.model.Turn`, the
  active player's), ``fight`` (:class:`~.model.Fight`, the round of combat
  under way); ``flags`` (the round's rules: the Hunters' Moon...),
  ``next_flags`` (set by an event for the next round), ``monster_bonus`` /
  ``next_bonus`` (an event's bonus to every monster for a round);
* ``events``: the GM events rolled so far (their numbers);
* ``collection``, ``max_turns``: Hide Collection's board (the monsters
  whose hides are on it) and max turn counter (Part III; :mod:`.hides`);
  ``round`` is then the compass dial's turn; ``benefits``: the Heroic
  Benefits marked (at most three); ``companion``, ``companion_at``: the
  solo hero's companion and its space (``None``: in its carrier,
  :mod:`.companions`);
* ``agenda``: what is left to do.

The rules are functions of the state in the modules beside this one:
:mod:`.setup`, :mod:`.turn`, :mod:`.stealth`, :mod:`.moves`, :mod:`.combat`,
:mod:`.rewards`, :mod:`.cards`, :mod:`.effects`, :mod:`.village`,
:mod:`.events`, :mod:`.end`, :mod:`.view`.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from saloon.core.action import Action, Event, Outcome
from saloon.core.errors import IllegalAction
from saloon.core.state import CHANCE, ActionGroup, Pointer, Result, State
from saloon.games.dungeons.content import (
    AdvantageCard,
    Content,
    GameMap,
    GatherBoard,
    Guardian,
    HeroClass,
    Monster,
    QuestCard,
)
from saloon.games.dungeons.options import DungeonsOptions
from saloon.games.dungeons.rules.agenda import Chance, Decision, Task, advance
from saloon.games.dungeons.rules.model import Deck, Enemy, Fight, Hero, Turn

if TYPE_CHECKING:
    from saloon.core.game import Game


class DungeonsState(State):
    """A game of D6 in progress (see the module docstring)."""

    options: DungeonsOptions

    def __init__(
        self, game: Game, options: DungeonsOptions, num_players: int, content: Content
    ) -> None:
        super().__init__(game, options, num_players)
        self.content = content
        self.map: GameMap = content.maps[options.map]
        # Part III, Alliance: teammates sit across the table (seats 1 and 3
        # against 2 and 4; ruling DG-R80); solo and co-op play as one team
        # against the game (ruling DG-R66); every seat its own team otherwise.
        alliance = options.mode == "alliance"
        self.teams: tuple[int, ...] = tuple(
            0 if options.hides else p % 2 if alliance else p for p in range(num_players)
        )
        self.heroes: list[Hero] = [Hero(seat=i, hp=content.prices.hp) for i in range(num_players)]
        self.enemies: list[Enemy] = []
        self.next_uid = 1
        self.bag: tuple[str, ...] = ()
        self.environments: tuple[tuple[int, str], ...] = ()
        self.pieces: tuple[str, ...] = ()
        self.castles: tuple[tuple[int, str], ...] = ()
        self.curses_left: tuple[str, ...] = ()
        self.decks: dict[str, Deck] = {}
        self.discards: dict[str, tuple[str, ...]] = {"advantage": (), "quest": (), "bounty": ()}
        self.bounties: tuple[str, ...] = ()
        self.round = 0
        self.turn: Turn | None = None
        self.fight: Fight | None = None
        self.flags: frozenset[str] = frozenset()
        self.next_flags: frozenset[str] = frozenset()
        self.monster_bonus = 0
        self.next_bonus = 0
        self.events: tuple[int, ...] = ()
        self.agenda: list[Task] = []
        # Hide Collection (Part III): the hides on the board, the max turn counter.
        self.collection: tuple[str, ...] = ()
        self.max_turns = 0
        self.benefits: tuple[str, ...] = ()
        # The solo hero's companion and where it is (None: in its carrier).
        self.companion = ""
        self.companion_at: int | None = None
        self._index = _index(content)
        self._legal: list[Action] | None = None
        from saloon.games.dungeons.rules import setup

        setup.begin(self)
        advance(self)

    # -- small helpers -------------------------------------------------------------------

    def say(
        self,
        kind: str,
        text: str,
        player: int | None = None,
        to: tuple[int, ...] | None = None,
        besides: tuple[int, ...] = (),
    ) -> None:
        """Add a sentence to the log (``to``: the players told it, if not
        all; ``besides``: the players not told it, who were told it in full)."""
        self.log.append(Event(kind, text, player, to, besides))

    def name(self, seat: int) -> str:
        """A player as the log names him: ``Player 2 (Slayer)``."""
        cls = self.heroes[seat].hero_class
        if cls and cls in self._index.classes:
            return f"Player {seat + 1} ({self._index.classes[cls].name})"
        return f"Player {seat + 1}"

    def hero_class(self, seat: int) -> HeroClass:
        return self._index.classes[self.heroes[seat].hero_class]

    def gather_board(self, seat: int) -> GatherBoard:
        return self._index.boards[self.heroes[seat].board]

    def monster(self, kind: str) -> Monster | None:
        """The monster of that id, or ``None`` (a Guardian or a Cash Cube)."""
        return self._index.monsters.get(kind)

    def guardian(self, kind: str) -> Guardian | None:
        return self._index.guardians.get(kind)

    def enemy(self, uid: int) -> Enemy:
        for e in self.enemies:
            if e.uid == uid:
                return e
        raise KeyError(uid)

    def find_enemy(self, uid: int) -> Enemy | None:
        for e in self.enemies:
            if e.uid == uid:
                return e
        return None

    def set_enemy(self, enemy: Enemy) -> None:
        for i, e in enumerate(self.enemies):
            if e.uid == enemy.uid:
                self.enemies[i] = enemy
                return
        raise KeyError(enemy.uid)

    @property
    def index(self) -> ContentIndex:
        """The content's entries by id."""
        return self._index

    @property
    def active(self) -> int | None:
        """The seat whose turn it is (``None`` outside turns)."""
        return None if self.turn is None else self.turn.seat

    def gm_of(self, seat: int) -> int:
        """The current GM of ``seat``'s turn: the next seat in order that is
        not on his team (Part I, The Role of the GM; Part III, Alliance);
        -1 when every seat is on his team (solo and co-op: the game rolls
        and draws for the enemies, ruling DG-R66)."""
        n = self.num_players
        for k in range(1, n + 1):
            other = (seat + k) % n
            if self.teams[other] != self.teams[seat]:
                return other
        return -1

    def partner(self, seat: int) -> int | None:
        """``seat``'s teammate (Part III, Alliance), ``None`` outside Alliance."""
        for other in range(self.num_players):
            if other != seat and self.teams[other] == self.teams[seat]:
                return other
        return None

    def opponents(self, seat: int) -> tuple[int, ...]:
        """The seats not on ``seat``'s team, in turn order from his GM."""
        n = self.num_players
        order = [(seat + k) % n for k in range(1, n)]
        return tuple(s for s in order if self.teams[s] != self.teams[seat])

    # -- the contract ----------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        if not self.agenda:
            return None
        top = self.agenda[-1]
        if isinstance(top, Decision):
            return top.player
        return CHANCE

    def legal_actions(self) -> Sequence[Action]:
        if self._legal is not None:
            return self._legal
        top = self._top()
        if not isinstance(top, Decision):
            return []
        self._legal = top.legal(self)
        return self._legal

    def is_legal(self, action: Action) -> bool:
        if self._legal is not None:
            return action in self._legal
        top = self._top()
        return isinstance(top, Decision) and top.is_legal(self, action)

    def apply(self, action: Action) -> None:
        """As the contract says; a chance outcome is checked by its node
        directly (a round of combat may have thousands of outcomes)."""
        top = self._top()
        if isinstance(top, Chance) and isinstance(action, Outcome):
            if not top.possible(self, action):
                raise IllegalAction(
                    f"{action} is not a possible outcome here; expected {top.prompt(self)}"
                )
            self.history.append((CHANCE, action))
            self.apply_unchecked(action)
            return
        super().apply(action)

    def chance_outcomes(self) -> Sequence[tuple[Outcome, float]]:
        top = self._top()
        if not isinstance(top, Chance):
            raise IllegalAction("this is not a chance node")
        return top.outcomes(self)

    def sample_chance(self, rng: np.random.Generator) -> Outcome:
        top = self._top()
        if not isinstance(top, Chance):
            raise IllegalAction("this is not a chance node")
        return top.sample(self, rng)

    def chance_kind(self) -> Hashable:
        top = self._top()
        if not isinstance(top, Chance):
            raise IllegalAction("this is not a chance node")
        return top.kind(self)

    def _top(self) -> Task | None:
        return self.agenda[-1] if self.agenda else None

    def apply_unchecked(self, action: Action) -> None:
        self._legal = None
        node = self.agenda.pop()
        if isinstance(node, Chance):
            assert isinstance(action, Outcome)
            node.answer(self, action)
        else:
            assert isinstance(node, Decision)
            node.answer(self, action)
        advance(self)

    def chance_prompt(self) -> str:
        top = self._top()
        if isinstance(top, Chance):
            return top.prompt(self)
        return super().chance_prompt()

    def chance_help(self) -> str:
        top = self._top()
        if isinstance(top, Chance):
            return top.help(self)
        return super().chance_help()

    def parse(self, text: str) -> Action:
        """The notation, or at a die's prompt the face alone (``4``)."""
        from saloon.games.dungeons.rules.chance import shorthand

        got = shorthand(self, text)
        return got if got is not None else self.game.parse_action(text)

    def returns(self) -> tuple[float, ...]:
        from saloon.games.dungeons.rules.end import returns

        return returns(self)

    def estimate(self) -> tuple[float, ...]:
        from saloon.games.dungeons.estimate import estimate

        return estimate(self)

    def result(self) -> Result:
        from saloon.games.dungeons.rules.end import result

        return result(self)

    def key(self) -> Hashable:
        return (
            tuple(self.heroes), tuple(self.enemies), self.next_uid, self.bag,
            self.environments, self.pieces, self.castles, self.curses_left,
            tuple(sorted(self.decks.items())), tuple(sorted(self.discards.items())),
            self.bounties, self.round, self.turn, self.fight, self.flags, self.next_flags,
            self.monster_bonus, self.next_bonus, self.events, tuple(self.agenda), self.teams,
            self.collection, self.max_turns, self.benefits, self.companion,
            self.companion_at,
        )  # fmt: skip

    def view(self, player: int | None) -> dict[str, Any]:
        from saloon.games.dungeons.rules.view import view_of

        return view_of(self, player)

    def clone(self) -> DungeonsState:
        new = DungeonsState.__new__(DungeonsState)
        new.__dict__.update(self.__dict__)
        new.history = self.history[:]
        new.log = self.log[:]
        new.heroes = self.heroes[:]
        new.enemies = self.enemies[:]
        new.decks = dict(self.decks)
        new.discards = dict(self.discards)
        new.agenda = self.agenda[:]
        return new

    def resample_hidden(self, player: int, rng: np.random.Generator) -> State:
        from saloon.games.dungeons.rules.view import resample

        return resample(self, player, rng)

    # -- words ------------------------------------------------------------------------------

    def reveals(self, action: Action) -> bool:
        """A card played from the hand, an Advantage weapon card wielded
        (Part II, step 4), a card discarded at the hand limit (named to all)
        or one lost at random (Lost: named to all) shows the table a hidden
        card: undo never takes it back (``saloon.core.session``), and with
        manual dice a bot's stand-in is exchanged for it (ruling DG-R38)."""
        from saloon.games.dungeons.actions import Lost, Pick, Play, Wield
        from saloon.games.dungeons.rules.cards import hand

        if isinstance(action, (Play, Lost)):
            return True
        if isinstance(action, Pick) and action.word == "discard":
            mover = self.to_move
            return mover is not None and mover >= 0 and action.value in hand(self, mover)
        return isinstance(action, Wield) and any(
            w not in ("natural", "holy-water") for w in action.weapons
        )

    def dealt_unseen(self) -> int | None:
        """The seat a card is drawn for face down (a draw into a hand), or
        loses one from its hidden hand at random (ruling DG-R38)."""
        from saloon.games.dungeons.rules.cards import DrawNode, LoseRandom

        top = self._top()
        return top.seat if isinstance(top, (DrawNode, LoseRandom)) else None

    def held_unseen(self, outcome: Outcome) -> int | None:
        """The seat holding the card ``outcome`` would draw, where no copy
        of it is left in the deck (ruling DG-R38)."""
        from saloon.games.dungeons.actions import Draw
        from saloon.games.dungeons.rules.cards import DrawNode, deck_possible, hand

        top = self._top()
        if not isinstance(top, DrawNode) or not isinstance(outcome, Draw):
            return None
        if outcome.deck != top.deck or deck_possible(self, top.deck, outcome):
            return None
        return next((h.seat for h in self.heroes if outcome.card in hand(self, h.seat)), None)

    def explain_illegal(self, action: Action) -> str:
        """Why the player to move cannot take ``action`` now: the rule that
        forbids it and what would make it legal (:mod:`..refusals`)."""
        from saloon.games.dungeons.refusals import explain

        return explain(self, action)

    def describe_action(self, action: Action) -> str:
        from saloon.games.dungeons.describe import describe

        return describe(self, action)

    def announce(self, action: Action) -> str:
        from saloon.games.dungeons.describe import announce

        return announce(self, action)

    def action_groups(self, legal: Sequence[Action]) -> Sequence[ActionGroup]:
        from saloon.games.dungeons.describe import groups

        return groups(self, legal)

    def pointer(self, action: Action) -> Pointer | None:
        """Where ``action`` is chosen on the board: a space, an enemy token,
        a Village sign, a card, the Cash Cube then its space
        (:func:`saloon.games.dungeons.pointing.pointer`; the web page alone
        asks, the rules never do)."""
        from saloon.games.dungeons.pointing import pointer

        return pointer(self, action)


class ContentIndex:
    """The content's entries by id, built once per content."""

    def __init__(self, content: Content) -> None:
        self.classes = {c.id: c for c in content.classes}
        self.boards = {b.id: b for b in content.gather_boards}
        if content.red_dot is not None:
            self.boards[content.red_dot.id] = content.red_dot
        self.monsters = {m.id: m for m in content.monsters}
        self.guardians = {g.id: g for g in content.guardians}
        self.advantages = {c.id: c for c in content.advantages}
        self.quests = {c.id: c for c in content.quests}
        self.alliances = {c.id: c for c in content.alliances}
        self.bounties = {c.id: c for c in content.bounties}
        self.events = {e.number: e for e in content.events}
        self.skills = {s.id: s for c in content.classes for s in c.skills} | {
            s.id: s for s in content.common_skills
        }
        every: tuple[AdvantageCard | QuestCard, ...] = (*content.advantages, *content.quests)
        #: The cards rolled as weapons, the red ones, the cancelling ones.
        self.weapons = frozenset(c.id for c in every if any(e.kind == "weapon" for e in c.effects))
        self.red = frozenset(c.id for c in content.quests if c.banner == "red")
        self.counters = frozenset(
            c.id for c in every if any(e.kind == "cancel_card" for e in c.effects)
        )


_INDEXES: dict[int, tuple[Content, ContentIndex]] = {}


def _index(content: Content) -> ContentIndex:
    """The index of ``content``, kept while the content lives (by identity)."""
    got = _INDEXES.get(id(content))
    if got is not None and got[0] is content:
        return got[1]
    index = ContentIndex(content)
    if len(_INDEXES) > 64:
        _INDEXES.clear()
    _INDEXES[id(content)] = (content, index)
    return index
