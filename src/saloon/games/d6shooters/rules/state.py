"""The d6 Shooters' state: the core contract over the playsheet.

:class:`D6State` holds the playsheet (:mod:`.sheet`) and the node the game
stands at (:mod:`.nodes`), answers the contract's questions (who is to
move, what is legal, what the dice can show) and hands each action or
outcome to the module of the rules it belongs to:

* :mod:`.turn`: a Day's start, the rolls and the dice kept, the order of
  resolution, the end of the Day;
* :mod:`.moves`: the 1s to the 4s (movement, Food, Gold, the 4s' split);
* :mod:`.harm`: Days and Rations, Posse losses, the Heat, the Gang, Shootouts;
* :mod:`.events`: the Events;
* :mod:`.towns`: Towns, Items and Poker;
* :mod:`.showdown`: the Ghost Town Showdown (episode 2).

Citations are to the rulebook ``d6-shooters.txt`` by episode and section
("Ep.1 Dice Actions: Move", "Ep.2 Resource Spaces", ...), to the binding
facts in RULINGS.md ("RULINGS d6") and to Saloon's own rulings in
``docs/rulings.md`` ("D6-n").
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np

from saloon.core.action import Action, Event, Outcome
from saloon.core.errors import IllegalAction
from saloon.core.state import CHANCE, ActionGroup, Pointer, Result, State
from saloon.games.d6shooters.actions import (
    ITEM_NAMES,
    Amount,
    Face,
    Fours,
    Place,
    Roll,
    Word,
)
from saloon.games.d6shooters.content import EventTable, MapData, load_events, load_map
from saloon.games.d6shooters.dice import draw, multisets
from saloon.games.d6shooters.options import D6ShootersOptions
from saloon.games.d6shooters.rules import events, harm, moves, showdown, towns, turn
from saloon.games.d6shooters.rules.nodes import (
    C_CHECK,
    C_DESERTERS,
    C_EVENT,
    C_EVENT_DIE,
    C_GANG_VOLLEY,
    C_HAND,
    C_ITEM,
    C_POSSE_VOLLEY,
    C_ROLL,
    CHANCE_NODES,
    CROWE_MEMBERS,
    FREE_GUNS,
    FX_NAMES,
    ITEM_BITS,
    ITEM_DIE,
    MEDICINE,
    MEDICINE_WORD,
    OVER,
    P_BEGIN,
    P_BINOCULARS,
    P_CHARM,
    P_EVENT_CHOICE,
    P_FAMILY,
    P_FOURS,
    P_FREE_ITEM,
    P_GUIDE,
    P_HEAT_FOOD,
    P_HILLS,
    P_KEEP,
    P_LOSS,
    P_RECRUIT,
    P_REROLL,
    P_SHOP,
    P_STAKE,
    PASS,
    ROLL,
    RUN,
    S_START,
    SHOWDOWN_NODES,
    SPECIAL,
)
from saloon.games.d6shooters.rules.sheet import (
    PRISONER_AWAITED,
    PRISONER_HELD,
    RECORDS,
    Effects,
    Journey,
    Pending,
    Resolution,
    Shootout,
    ShowdownRound,
    TownVisit,
    TurnDice,
)

if TYPE_CHECKING:
    from saloon.core.game import Game


@cache
def _roll_outcomes(group: str, n: int) -> tuple[tuple[Outcome, float], ...]:
    faces, probs, _ = multisets(n)
    return tuple((Roll(group, f), p) for f, p in zip(faces, probs, strict=True))


@cache
def _roll_objects(group: str, n: int) -> tuple[Roll, ...]:
    return tuple(Roll(group, f) for f in multisets(n)[0])


@cache
def _item_list(bits: int) -> tuple[str, ...]:
    return tuple(n for n in ITEM_NAMES if bits & ITEM_BITS[n])


class D6State(State):
    """A game of The d6 Shooters in progress (solo: player 0).

    The playsheet is in :attr:`journey`, :attr:`dice`, :attr:`resolution`,
    :attr:`effects`, :attr:`pending`, :attr:`shootout`, :attr:`visit` and
    :attr:`showdown` (see :mod:`.sheet`); :attr:`phase` is the node the game
    stands at and :attr:`stage` the step of the turn (see :mod:`.nodes`).
    """

    options: D6ShootersOptions

    def __init__(self, game: Game, options: D6ShootersOptions) -> None:
        super().__init__(game, options, 1)
        o = options
        ep = o.episode
        #: The episode: 1 (Long Road to Reno) or 2 (Ghost Town Showdown).
        self.episode = ep
        self.map: MapData = load_map(o.map, ep)
        self.event_table: EventTable = load_events(o.events_file, ep)
        shorter = o.version == "shorter"
        # Ep.1 "Shorter Version": Essen in 30 Days (D6-E3 for episode 2).
        #: The Day limit and the destination's space and name.
        self.limit = o.day_limit(self.map)
        self.destination = self.map.town_at(
            self.map.short_destination if shorter else self.map.destination
        )
        self.destination_name = self.map.towns[self.destination]
        #: Ep.1/Ep.2 "Your Posse", "Food": the most Posse and Food one can have.
        self.cap = 12 if ep == 1 else 10
        easier = o.version == "easier"
        # Ep.1/Ep.2 "Starting Resources"; Ep.1 "Easier Version" (D6-E1 for episode 2).
        if ep == 1:
            food, ammo, gold, posse = (12 if easier else 6), 6, (5 if easier else 3), 12
        else:
            food, ammo, gold, posse = (10 if easier else 5), 4, (5 if easier else 3), 10
        # The Crowe Gang track (RULINGS d6); the Shorter Version's is shorter (D6-E3).
        crowes = (self.map.short_crowe if shorter else CROWE_MEMBERS) if ep == 2 else 0
        #: The boxes of the Crowe Gang track: no Traitor adds beyond them (D6-V14).
        self.crowe_track = crowes
        self.journey = Journey(food, ammo, gold, posse, self.map.start, crowes)
        self.dice = TurnDice()
        self.resolution = Resolution()
        self.effects = Effects()
        self.pending = Pending()
        self.shootout = Shootout()
        self.visit = TownVisit()
        self.showdown = ShowdownRound()
        #: Whose dice the next roll is: a ``turn``'s, ``poker``'s or the ``showdown``'s.
        self.mode = "turn"
        #: The ending in a sentence, once the game is over (:meth:`end`).
        self.ending = ""
        self.phase = P_FREE_ITEM if easier else RUN
        self.stage = S_START
        if self.phase == RUN:
            turn.advance(self)

    # -- the contract: queries ----------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        ph = self.phase
        if ph == OVER:
            return None
        if ph in CHANCE_NODES:
            return CHANCE
        return 0

    def legal_actions(self) -> Sequence[Action]:
        ph = self.phase
        if ph == P_KEEP:
            return turn.keep_legal(self)
        if ph == P_BEGIN:
            return (ROLL, SPECIAL)
        if ph == P_FOURS:
            return moves.fours_choices(self)
        return self._other_legal(ph)

    def _other_legal(self, ph: int) -> Sequence[Action]:
        j = self.journey
        if ph == P_FREE_ITEM:
            return [Word(f"start {name}") for name in ITEM_DIE[self.episode]]
        if ph == P_GUIDE:
            return turn.guide_choices()
        if ph == P_FAMILY:
            return turn.family_choices()
        if ph == P_BINOCULARS:
            return turn.binoculars_choices(self)
        if ph == P_HILLS:
            return [*turn.hills_changes(self), PASS]
        if ph == P_CHARM:
            return turn.charm_choices(self)
        if ph == P_RECRUIT:
            sets = self.resolution.threes // 3
            return [Amount("recruit", k) for k in range(min(sets, self.cap - j.posse) + 1)]
        if ph == P_HEAT_FOOD:
            top = min(self.pending.heat_hits, j.food // 2)
            return [Amount("heat food", k) for k in range(top + 1)]
        if ph == P_LOSS:
            loss, source = self.pending.losses[0]
            out: list[Action] = [MEDICINE_WORD] if j.items & MEDICINE else []
            top = min(harm.deserters_can_take(self, source), loss)
            return [*out, *(Amount("absorb", k) for k in range(top + 1))]
        if ph == P_EVENT_CHOICE:
            return events.choices(self)
        if ph == P_SHOP:
            return towns.shop(self)
        if ph == P_STAKE:
            return towns.stake_choices(self)
        if ph in SHOWDOWN_NODES:
            return showdown.choices(self)
        return []

    def is_legal(self, action: Action) -> bool:
        ph = self.phase
        if ph == P_KEEP:
            return turn.is_keep_legal(self, action)
        if ph == P_FOURS:
            return isinstance(action, Fours) and action in moves.fours_set(*moves.fours_args(self))
        if ph == P_REROLL:
            return action == PASS or showdown.is_reroll_legal(self, action)
        if ph == P_STAKE:
            return towns.is_stake_legal(self, action)
        if ph in CHANCE_NODES or ph == OVER:
            return False
        return action in self.legal_actions()

    def apply(self, action: Action) -> None:
        """As :meth:`State.apply`, with a direct check of rolled dice (the
        big roll nodes are not listed to check one outcome); once the game is
        over, the refusal says how it ended."""
        ph = self.phase
        if ph == OVER:
            raise IllegalAction(self.explain_illegal(action))
        if ph in (C_ROLL, C_CHECK) and isinstance(action, Roll):
            group, n = self._rolling()
            faces = action.faces
            if action.group == group and len(faces) == n and tuple(sorted(faces)) == faces:
                self.history.append((CHANCE, action))
                self.apply_unchecked(action)
                return
            raise IllegalAction(
                f"{action} is not a possible outcome here; expected {self.chance_prompt()}"
            )
        super().apply(action)

    def _rolling(self) -> tuple[str, int]:
        """The group of dice a roll node rolls, and how many."""
        if self.phase == C_CHECK:
            return self.pending.roll_for, self.pending.dice
        return self.dice.to_roll[0]

    # -- chance ----------------------------------------------------------------------------

    def chance_outcomes(self) -> Sequence[tuple[Outcome, float]]:
        ph = self.phase
        if ph == C_ROLL:
            group, n = self.dice.to_roll[0]
            return _roll_outcomes(group, n)
        if ph == C_CHECK:
            return _roll_outcomes(self.pending.roll_for, self.pending.dice)
        if ph in (C_POSSE_VOLLEY, C_GANG_VOLLEY):
            return harm.volley_outcomes(self)
        if ph == C_EVENT:
            return events.draws(self)
        if ph == C_EVENT_DIE:
            return events.die_outcomes(self)
        if ph == C_ITEM:
            faces = towns.items_for_sale(self)
            return tuple((Face("item", f), 1 / len(faces)) for f in faces)
        if ph == C_HAND:
            return tuple((Face("hand", n), 1 / 6) for n in range(1, 7))
        if ph == C_DESERTERS:
            return _roll_outcomes("deserters", self.effects.deserters)
        raise IllegalAction("this is not a chance node")

    def sample_chance(self, rng: np.random.Generator) -> Outcome:
        ph = self.phase
        if ph in (C_ROLL, C_CHECK):
            group, n = self._rolling()
            return _roll_objects(group, n)[draw(multisets(n)[2], float(rng.random()))]
        if ph == C_EVENT_DIE and self.pending.roll_for != "stampede":
            return Face(self.pending.roll_for, int(rng.integers(1, 7)))
        if ph == C_HAND:
            return Face("hand", int(rng.integers(1, 7)))
        return super().sample_chance(rng)

    def chance_prompt(self) -> str:
        from saloon.games.d6shooters.manual import prompt

        return prompt(self)

    def chance_help(self) -> str:
        from saloon.games.d6shooters.manual import help_text

        return help_text(self)

    def parse(self, text: str) -> Action:
        from saloon.games.d6shooters.manual import read

        return read(self, text)

    # -- transitions --------------------------------------------------------------------------

    def apply_unchecked(self, action: Action) -> None:
        ph = self.phase
        if ph == C_ROLL:
            assert isinstance(action, Roll)
            turn.rolled(self, action.faces)
        elif ph == P_KEEP:
            turn.keep(self, action)
        elif ph == P_FOURS:
            assert isinstance(action, Fours)
            moves.split_fours(self, action)
            turn.advance(self)
        elif ph == P_BEGIN:
            turn.begin(self, action == SPECIAL)
            turn.advance(self)
        elif ph in CHANCE_NODES:
            self._chance(ph, action)
        else:
            self._decide(ph, action)

    def _chance(self, ph: int, action: Action) -> None:
        if ph == C_CHECK:
            assert isinstance(action, Roll)
            self.phase = RUN
            check = self.pending.roll_for
            n = harm.checked(self, check, action.faces)
            if check == "heat":
                harm.heat_checked(self, n)
            elif check == "gang":
                harm.posse_loss(self, n, "gang")
            else:
                events.counted(self, check, n)
        elif ph == C_POSSE_VOLLEY:
            assert isinstance(action, Roll)
            harm.posse_volley(self, action.faces)
        elif ph == C_GANG_VOLLEY:
            assert isinstance(action, Roll)
            harm.gang_volley(self, action.faces)
        elif ph == C_EVENT:
            self.phase = RUN
            events.drawn(self, action)
        elif ph == C_EVENT_DIE:
            self.phase = RUN
            if isinstance(action, Roll):
                events.die_rolled(self, action.group, action.faces)
            else:
                assert isinstance(action, Face)
                events.die_rolled(self, action.label, (action.n,))
        elif ph == C_ITEM:
            assert isinstance(action, Face)
            towns.item_rolled(self, action.n)
        elif ph == C_HAND:
            assert isinstance(action, Face)
            towns.hand_to_beat(self, action.n)
        elif ph == C_DESERTERS:
            assert isinstance(action, Roll)
            turn.deserters_rolled(self, action.faces)
        turn.advance(self)

    def _decide(self, ph: int, action: Action) -> None:
        self.phase = RUN
        if ph == P_FREE_ITEM:
            assert isinstance(action, Word)
            name = action.text.split()[1]
            towns.gain_item(self, name, FREE_GUNS)
            self.say("item", f"You start with {towns.item_named(name)} (Easier Version).")
        elif ph == P_GUIDE:
            assert isinstance(action, Amount)
            turn.set_guide(self, action.n)
        elif ph == P_FAMILY:
            assert isinstance(action, Place)
            turn.set_family(self, action.red, action.white)
        elif ph == P_BINOCULARS:
            turn.use_binoculars(self, action)
            return
        elif ph == P_HILLS:
            turn.use_hills(self, action)
            return
        elif ph == P_CHARM:
            turn.use_charm(self, action)
            return
        elif ph == P_RECRUIT:
            assert isinstance(action, Amount)
            moves.recruit(self, action.n)
        elif ph == P_HEAT_FOOD:
            assert isinstance(action, Amount)
            harm.pay_heat(self, action.n)
        elif ph == P_LOSS:
            absorbed = action.n if isinstance(action, Amount) else 0
            harm.settle_loss(self, action == MEDICINE_WORD, absorbed)
            if self.mode == "showdown" and self.phase == RUN:
                showdown.finish_round(self)
                return
        elif ph == P_EVENT_CHOICE:
            events.choose(self, action)
        elif ph == P_SHOP:
            towns.shop_action(self, action)
            if self.phase != RUN:
                return
        elif ph == P_STAKE:
            towns.stake(self, action)
            return
        elif ph in SHOWDOWN_NODES:
            showdown.decide(self, ph, action)
            return
        turn.advance(self)

    # -- results --------------------------------------------------------------------------------

    def end(self, category: str, why: str = "", day: int | None = None) -> None:
        """The game ends: ``won``, or how the journey failed (Ep.1/Ep.2 "End
        of the Game"), ``why`` in words and on which ``day`` (by default the
        Day under way). The ending's sentence (:mod:`.ending`) is the log's
        last line and the result's text."""
        from saloon.games.d6shooters.rules import ending

        self.journey.ended = category
        self.phase = OVER
        self.resolution.movement_left = 0
        self.visit.pending = False
        self.ending = ending.won(self) if category == "won" else ending.failed(self, why, day)
        self.say("end", self.ending)

    def score(self) -> int:
        """Ep.1/Ep.2 "Scoring": only when won (RULINGS d6: days early =
        limit - the day of arrival)."""
        j = self.journey
        if j.ended != "won":
            return 0
        early = max(0, self.limit - j.arrival_day)
        if self.episode == 1:
            return 10 + 2 * early + 3 * j.posse + 2 * j.gold + j.food + j.ammo // 2
        return 15 + 2 * early + 3 * j.posse + 3 * j.gold + j.food + j.ammo // 2

    def returns(self) -> tuple[float, ...]:
        return (float(self.score()),)

    def result(self) -> Result:
        j = self.journey
        return Result(
            returns=self.returns(),
            scores=(float(self.score()),),
            winners=(0,) if j.ended == "won" else (),
            category=j.ended,
            text=self.ending,
            details={
                "day": j.day,
                "arrival": j.arrival_day,
                "position": j.space,
                "posse": j.posse,
                "food": j.food,
                "ammo": j.ammo,
                "gold": j.gold,
                "crowe": j.crowes,
            },
        )

    def key(self) -> Hashable:
        d = self.__dict__
        return (
            self.phase, self.stage, self.mode, *(d[name].key() for name in RECORDS),
        )  # fmt: skip

    def view(self, player: int | None) -> dict[str, Any]:
        """Everything is public in this solo game (the next Event and dice
        are chance nodes, not hidden state)."""
        d = self.__dict__
        out: dict[str, Any] = {name: d[name].as_dict() for name in RECORDS}
        out["journey"]["items"] = list(_item_list(self.journey.items))
        out["phase"] = self.phase
        out["stage"] = self.stage
        out["mode"] = self.mode
        out["to_move"] = self.to_move
        out["episode"] = self.episode
        out["limit"] = self.limit
        out["destination"] = self.destination_name
        out["effects_in_force"] = self.effects_in_force()
        return out

    def effects_in_force(self) -> list[str]:
        """The effects in force, for the player (Event List: "until ...")."""
        fx = self.effects
        out = [name for bit, name in FX_NAMES.items() if fx.until_town_or_event & bit]
        if fx.hometown:
            out.append("Crowe's Hometown")
        if fx.prisoner == PRISONER_AWAITED:
            out.append("Prisoner (waiting for a red 6)")
        elif fx.prisoner == PRISONER_HELD:
            out.append("Prisoner held")
        if fx.deserters:
            out.append(f"Army Deserters ({fx.deserters})")
        if fx.lost_family:
            out.append("Lost Family (set two dice next turn)")
        return out

    def clone(self) -> D6State:
        new = object.__new__(D6State)
        d = self.__dict__.copy()
        for name in RECORDS:
            d[name] = d[name].copy()
        d["history"] = self.history[:]
        d["log"] = self.log[:]
        new.__dict__ = d
        return new

    # -- text -------------------------------------------------------------------------------------

    def say(self, kind: str, text: str) -> None:
        """Add a sentence to the log (skipped when ``quiet``)."""
        if not self.quiet:
            self.log.append(Event(kind, text, 0))

    def explain_illegal(self, action: Action) -> str:
        """Why ``action`` is refused here: the rule and what is asked for now
        (:mod:`saloon.games.d6shooters.refusals`)."""
        from saloon.games.d6shooters.refusals import explain

        return explain(self, action)

    def describe_action(self, action: Action) -> str:
        from saloon.games.d6shooters.describe import describe

        return describe(self, action)

    def action_groups(self, legal: Sequence[Action]) -> Sequence[ActionGroup]:
        from saloon.games.d6shooters.describe import groups

        return groups(self, legal)

    def pointer(self, action: Action) -> Pointer | None:
        """The dice ``action`` is chosen by on the board, or ``None`` for a
        button (:mod:`saloon.games.d6shooters.pointing`)."""
        from saloon.games.d6shooters.pointing import pointer

        return pointer(self, action)

    def points_in_any_order(self) -> bool:
        """Whether the dice are picked as a set: the dice to keep, the
        Showdown's reroll (:mod:`saloon.games.d6shooters.pointing`)."""
        from saloon.games.d6shooters.pointing import points_in_any_order

        return points_in_any_order(self)
