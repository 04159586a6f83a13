"""Rounds and turns: the spawn and open gather, the three actions, the non-action tasks, rest.

Part I, Choose the Length of Your Game (rounds of one turn per player; a GM
event between rounds: ruling DG-R10); Beginning Your Turn (the spawn die and the
open gather's D4 rolled together; the GM, the next player, draws the
enemy: ruling DG-R9); Spending Your Actions (hunt, gather, move: three, in any
order); Non-Action Tasks (skills, potions, consumables, Advantage cards,
cards, the Cash Cube, any number, in one's own turn); (R)est (two Heroic
Quest cards after all three actions, a bonus action left or not; none after
an early end; never while
engaged: ruling DG-R16); Death and the Styx River (respawn at the start of the
next turn: ruling DG-R18); On Stealth (a hero who begins his turn among
enemies, or with another's Cash Cube, is engaged with all of them: ruling
DG-R29; engaged, he takes no action until the engagement is over: ruling
DG-R34).

The active player's decisions are one node, :class:`Act`, whose choices
follow the moment: free to act, engaged, or inside a round of combat
(:mod:`.combat`: ``arm`` before the roll, ``improve`` after it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np

from saloon.core.action import Action, Outcome
from saloon.games.dungeons import actions as a
from saloon.games.dungeons.effects import STATS
from saloon.games.dungeons.rules import (
    alliance,
    board,
    cards,
    combat,
    common,
    companions,
    effects,
    gather,
    hides,
    house,
    moves,
    powers,
    stealth,
    village,
)
from saloon.games.dungeons.rules.agenda import Chance, Decision, Step, push, uniform
from saloon.games.dungeons.rules.model import Turn

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState

#: Actions a turn (Part I, Place Your Action Marker).
ACTIONS = 3
#: Heroic Quest cards a rest draws (Part I, (R)est).
REST_DRAW = 2


# -- rounds -----------------------------------------------------------------------------------


def round_flags(s: DungeonsState, r: int) -> frozenset[str]:
    """The map's round rules for round ``r`` of this length (ruling DG-C14)."""
    flags: set[str] = set()
    for rule in s.map.round_rules.get(s.options.rounds, ()):
        if r in rule.rounds:
            flags |= rule.flags
    return frozenset(flags)


@dataclass(frozen=True, slots=True)
class StartRound(Step):
    """A round: the compass dial moves on; this round's rules hold (the
    map's, and those a GM event set); every player takes a turn in order."""

    round: int

    def run(self, s: DungeonsState) -> None:
        s.round = self.round
        s.flags = round_flags(s, self.round) | s.next_flags
        s.next_flags = frozenset()
        s.monster_bonus = s.next_bonus
        s.next_bonus = 0
        names = ", ".join(common.flag_name(f) for f in sorted(s.flags))
        rules = f" ({names})" if names else ""
        s.say("round", f"Round {self.round} of {s.options.rounds} begins{rules}.")
        push(s, *(StartTurn(seat) for seat in range(s.num_players)), AfterRound(self.round))


def events_between(s: DungeonsState) -> int:
    """GM events between two rounds: one (none with Uneventful, two with
    Funeventful: Part IV, Suggestions)."""
    if s.options.house("uneventful"):
        return 0
    return 2 if s.options.house("funeventful") else 1


@dataclass(frozen=True, slots=True)
class AfterRound(Step):
    """Between rounds, the GM events (ruling DG-R10); after the last, the end
    (an event first with ``final_event``)."""

    round: int

    def run(self, s: DungeonsState) -> None:
        from saloon.games.dungeons.rules import end, events

        last = self.round >= s.options.rounds
        k = events_between(s) if (not last or s.options.final_event) else 0
        after: Step = end.GameEnd() if last else StartRound(self.round + 1)
        push(s, *(events.EventRoll() for _ in range(k)), after)


# -- the start of a turn -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StartTurn(Step):
    seat: int

    def run(self, s: DungeonsState) -> None:
        h = s.heroes[self.seat]
        actions = max(0, ACTIONS - h.lost_actions)
        if h.lost_actions:
            s.heroes[self.seat] = replace(h, lost_actions=0)
        s.turn = Turn(self.seat, actions=actions)
        s.fight = None
        when = f"turn {s.round} of {s.max_turns}" if s.options.hides else f"round {s.round}"
        s.say("turn", f"{s.name(self.seat)}'s turn ({when}).", self.seat)
        # With red_cards=turn (DG-R4's other reading) the opponents may play
        # red cards of timing any before the hero's first decision.
        window: list[Step] = [powers.OpenWindow("turn")] if s.options.red_cards == "turn" else []
        if alliance.on(s):
            # Part III, Alliance: the teammate's window at the start of the
            # turn (ally cards, gifts: ruling DG-R81, DG-R84).
            window.append(alliance.OpenAllyWindow("turn"))
        rolls = hides.spawns_at_turn(s) if s.options.hides else 1
        push(
            s,
            Respawn(self.seat),
            *(TurnRollNode(self.seat) for _ in range(rolls)),
            EngageCheck(self.seat, born=s.next_uid),
            *window,
            Resume(self.seat),
            EndOfTurn(self.seat),
        )


@dataclass(frozen=True, slots=True)
class Respawn(Step):
    """Part I, Death and the Styx River: a hero in the Styx comes back with
    full HP on a random space (the map's die) at the start of his turn;
    the drop is not an entry (ruling DG-R18)."""

    seat: int

    def run(self, s: DungeonsState) -> None:
        h = s.heroes[self.seat]
        if not h.dead:
            return
        s.heroes[self.seat] = replace(h, hp=s.content.prices.hp)
        push(s, board.MapDie(then="respawn", seat=self.seat))


def spawns(s: DungeonsState) -> bool:
    """Whether this turn's spawn die places an enemy (Part I, Enemy Spawn;
    ruling DG-R9: not in a ``quiet`` round, not when the bag is empty)."""
    return bool(s.bag) and "quiet" not in s.flags


@dataclass(frozen=True, slots=True)
class TurnRollNode(Chance):
    """The spawn die and the open gather's D4, together (ruling DG-R9)."""

    seat: int

    def outcomes(self, s: DungeonsState) -> list[tuple[Outcome, float]]:
        if spawns(s):
            return uniform([a.TurnRoll(sp, f) for sp in board.numbered(s) for f in range(1, 5)])
        return uniform([a.TurnRoll(0, f) for f in range(1, 5)])

    def possible(self, s: DungeonsState, outcome: Outcome) -> bool:
        if not isinstance(outcome, a.TurnRoll) or not 1 <= outcome.face <= 4:
            return False
        if spawns(s):
            return outcome.space in board.numbered(s)
        return outcome.space == 0

    def sample(self, s: DungeonsState, rng: np.random.Generator) -> Outcome:
        f = int(rng.integers(1, 5))
        if spawns(s):
            spaces = board.numbered(s)
            return a.TurnRoll(spaces[int(rng.integers(len(spaces)))], f)
        return a.TurnRoll(0, f)

    def prompt(self, s: DungeonsState) -> str:
        if spawns(s):
            return f"the spawn d{s.map.die} and the gather d4 (e.g. spawn 7 gather 3)"
        return "the gather d4 (e.g. gather 3)"

    def answer(self, s: DungeonsState, outcome: Outcome) -> None:
        assert isinstance(outcome, a.TurnRoll)
        gm = s.gm_of(self.seat)
        if outcome.space:
            s.say(
                "roll",
                f"{s.name(self.seat)} rolls the spawn d{s.map.die}: {outcome.space}, and the "
                f"open gather's d4: {outcome.face}.",
            )
            push(s, board.BagDraw(space=outcome.space, gm=gm), OpenGather(outcome.face, self.seat))
        else:
            s.say("roll", f"{s.name(self.seat)} rolls the open gather's d4: {outcome.face}.")
            push(s, OpenGather(outcome.face, self.seat))


@dataclass(frozen=True, slots=True)
class OpenGather(Step):
    face: int
    first: int

    def run(self, s: DungeonsState) -> None:
        gather.open_gather(s, self.face, self.first)


@dataclass(frozen=True, slots=True)
class EngageCheck(Step):
    """Part I, On Stealth (a hero who begins his turn with enemies in his
    space cannot stealth: he is engaged with every one of them) and Cash
    Cube (a Cube placed in his space engages him when his turn begins);
    ruling DG-R29: after the respawn, the spawn and the open gather, so an
    enemy the turn's own spawn put there engages too; with
    ``spawn_engages=false`` (DG-R29's other reading) an enemy placed since
    the turn began (its uid ``born`` or later) does not: it only calls for
    a stealth check before the first action (ruling DG-R8)."""

    seat: int
    born: int = 0

    def run(self, s: DungeonsState) -> None:
        h = s.heroes[self.seat]
        t = s.turn
        if t is None or h.space <= 0:
            return
        hostile = board.hostile_in(s, self.seat, h.space)
        if not s.options.spawn_engages:
            hostile = [e for e in hostile if e.uid < self.born or e.is_cube]
        if hostile:
            s.turn = replace(t, engaged=tuple(e.uid for e in hostile))
            names = ", ".join(board.enemy_name(s, e) for e in hostile)
            s.say("engage", f"{s.name(self.seat)} starts the turn engaged with {names}.", self.seat)


@dataclass(frozen=True, slots=True)
class Resume(Step):
    """The active player decides again (unless his turn is over)."""

    seat: int

    def run(self, s: DungeonsState) -> None:
        t = s.turn
        if t is None or t.seat != self.seat or s.heroes[self.seat].dead:
            return
        push(s, Act(self.seat))


@dataclass(frozen=True, slots=True)
class EndOfTurn(Step):
    """The turn ends: two Heroic Quest cards for a rest after every action
    (ruling DG-R16), and in Alliance two Alliance cards for his teammate,
    none when he draws none (Part III, Alliance; ruling DG-R82); the empty
    decks take their discards (ruling DG-R11)."""

    seat: int

    def run(self, s: DungeonsState) -> None:
        t = s.turn
        rested = t is not None and t.rested and not s.heroes[self.seat].dead
        if s.options.hides:
            # Part III, Heroic Quest Deck Replacement: a Heroic Benefit rolled
            # instead of two cards.
            push(s, *([hides.BenefitRoll(self.seat)] if rested else []), CloseTurn(self.seat))
            return
        draws: list[Step] = [
            cards.DrawCard(self.seat, "quest") for _ in range(REST_DRAW if rested else 0)
        ]
        if rested:
            draws += alliance.rest_draws(s, self.seat)
        push(s, *draws, CloseTurn(self.seat))


@dataclass(frozen=True, slots=True)
class CloseTurn(Step):
    seat: int

    def run(self, s: DungeonsState) -> None:
        cards.refill(s)
        s.turn = None
        s.fight = None


# -- the active player's decision --------------------------------------------------------------


def engaged(s: DungeonsState, seat: int) -> bool:
    t = s.turn
    return t is not None and bool(t.engaged) and bool(combat.fight_targets(s, seat))


def act_options(s: DungeonsState, seat: int) -> list[Action]:
    """Everything the active player may do now (see the module docstring),
    in the order of :data:`CATEGORIES`."""
    out: list[Action] = []
    for category in CATEGORIES.values():
        out += category(s, seat)
    return out


def act_legal(s: DungeonsState, seat: int, action: Action) -> bool:
    """Whether the active player may take ``action`` now: the same lists as
    :func:`act_options`, only the one ``action`` would be in."""
    return action in CATEGORIES[_category(action)](s, seat)


def _category(action: Action) -> str:
    if isinstance(action, (a.Wield, a.Transform)):
        return "weapon"
    if isinstance(action, a.Dogmud):
        return "dogmud"
    if isinstance(action, a.Play):
        return "plays"
    if isinstance(action, a.Drink):
        return "drinks"
    if isinstance(action, a.UseSkill):
        return "skills"
    if isinstance(action, a.Buy):
        return "buy"
    if isinstance(action, a.Hire):
        return "hire"
    if isinstance(action, a.Chib):
        return "chib"
    if isinstance(action, a.Mercenary):
        return "mercenary"
    if isinstance(action, a.Melee):
        return "melee"
    if isinstance(action, a.Give):
        return "give"
    if isinstance(action, a.Pick) and action.word == hides.BENEFIT:
        return "benefits"
    if action == a.ACCEPT:
        return "accept"
    return "free"


def _weapon(s: DungeonsState, seat: int) -> list[Action]:
    f = s.fight
    if f is None or f.stage != "arm":
        return []
    out = combat.wield_options(s, seat)
    if combat.can_transform(s, seat):
        out += [a.Transform(c) for c in combat.transform_targets(s)]
    return out


def _dogmud(s: DungeonsState, seat: int) -> list[Action]:
    f = s.fight
    return combat.dogmud_options(s, seat) if f is not None and f.stage != "arm" else []


def _free(s: DungeonsState, seat: int) -> list[Action]:
    return _free_actions(s, seat) if s.fight is None else []


def _buy(s: DungeonsState, seat: int) -> list[Action]:
    return [a.Buy()] if village.can_buy(s, seat) else []


def _hire(s: DungeonsState, seat: int) -> list[Action]:
    return [a.Hire(sp) for sp in village.hire_spaces(s, seat)]


def _mercenary(s: DungeonsState, seat: int) -> list[Action]:
    return [a.Mercenary(o) for o in house.mercenary_targets(s, seat)]


def _melee(s: DungeonsState, seat: int) -> list[Action]:
    return [a.Melee(o) for o in house.melee_targets(s, seat)]


def _give(s: DungeonsState, seat: int) -> list[Action]:
    """Part III, Alliance (ruling DG-R84): in his turn, outside a round of
    combat, the active player may give his teammate in his space coins or
    Advantage cards (a non-action task)."""
    if not alliance.on(s) or s.fight is not None:
        return []
    return alliance.gifts(s, seat)


def _chib(s: DungeonsState, seat: int) -> list[Action]:
    if s.heroes[seat].chib or (s.fight is None and not engaged(s, seat)):
        return []
    return [a.Chib(sp) for sp in moves.chib_spaces(s, seat)]


def _accept(s: DungeonsState, seat: int) -> list[Action]:
    f = s.fight
    return [a.ACCEPT] if f is not None and f.stage == "improve" else []


#: The active player's choices by kind, in the menu's order.
CATEGORIES: dict[str, Callable[[DungeonsState, int], list[Action]]] = {
    "weapon": _weapon,
    "dogmud": _dogmud,
    "free": _free,
    "plays": powers.own_plays,
    "drinks": powers.drinks,
    "skills": powers.skill_uses,
    "buy": _buy,
    "hire": _hire,
    "mercenary": _mercenary,
    "melee": _melee,
    "give": _give,
    "benefits": hides.benefit_uses,
    "chib": _chib,
    "accept": _accept,
}


def _free_actions(s: DungeonsState, seat: int) -> list[Action]:
    """Outside a round: the three actions (not while engaged), the fights,
    the Village's services, and rest (not while engaged)."""
    t = s.turn
    assert t is not None
    h = s.heroes[seat]
    out: list[Action] = []
    busy = engaged(s, seat)
    if not busy and t.actions > 0:
        here = h.space
        steps = [sp for sp in board.exits(s, here) if moves.can_enter(s, seat, sp)]
        out += [a.Move(sp) for sp in steps]
        horse = s.content.prices.horse
        if "no_horses" not in s.flags and h.coins >= horse:
            for via in steps:
                for to in board.exits(s, via):
                    if to not in (here, via) and moves.can_enter(s, seat, to):
                        out.append(a.Ride(via, to))
        if here > 0 and s.bag:
            out.append(a.HUNT)
        out.append(a.GATHER)
    targets = combat.fight_targets(s, seat)
    out += [a.Fight(e.kind, board.nth_of(s, targets, e)) for e in targets]
    if h.in_village:
        out += [a.Train(st) for st in STATS if h.stat(st) < common.STAT_MAX]
        out = [x for x in out if not isinstance(x, a.Train) or village.can_use(s, seat, "training")]
        if village.can_use(s, seat, "fountain"):
            out.append(a.FOUNTAIN)
        if h.markers and village.can_use(s, seat, "refresh"):
            out.append(a.REFRESH)
    if not busy:
        out.append(a.REST)
    return list(dict.fromkeys(out))


@dataclass(frozen=True, slots=True)
class Act(Decision):
    """The active player's decision (in his turn, inside a round or not)."""

    seat: int

    def legal(self, s: DungeonsState) -> list[Action]:
        return act_options(s, self.seat)

    def is_legal(self, s: DungeonsState, action: Action) -> bool:
        return act_legal(s, self.seat, action)

    def prompt(self, s: DungeonsState) -> str:
        f = s.fight
        if f is not None:
            return (
                "the round: pick a weapon" if f.stage == "arm" else "the round: improve or accept"
            )
        if engaged(s, self.seat):
            return "engaged: fight or escape"
        return "your turn"

    def answer(self, s: DungeonsState, action: Action) -> None:
        seat = self.seat
        if action == a.REST:
            rest(s, seat)
            return
        push(s, Resume(seat))
        if s.options.red_cards == "turn" and _category(action) == "free":
            # After each of his actions, fights and services the opponents may
            # play red cards of timing any (DG-R4's other reading).
            push(s, powers.OpenWindow("turn"))
        do(s, seat, action)


def rest(s: DungeonsState, seat: int) -> None:
    """Part I, (R)est and its GM's Note (ruling DG-R16): the turn ends; with
    every action taken, or three of them, two Heroic Quest cards. The Note
    forfeits the cards for ending "before spending all three allotted
    actions": a hero who spent three keeps them though a bonus action
    (Grapejib Juice, Forced March, Encore) is left."""
    t = s.turn
    assert t is not None
    full = t.actions == 0 or t.spent >= 3
    s.turn = replace(t, rested=full)
    if full:
        s.say("rest", f"{s.name(seat)} rests after a full turn.", seat)
    else:
        s.say("rest", f"{s.name(seat)} ends the turn early (no Heroic Quest cards).", seat)


def do(s: DungeonsState, seat: int, action: Action) -> None:
    """Carry out one of the active player's choices."""
    if isinstance(action, (a.Move, a.Ride)) or action in (a.HUNT, a.GATHER):
        step = DoAction(seat, action)
        if stealth.needs_check(s, seat):
            stealth.check(s, seat, then=step, purpose="action")
        else:
            push(s, step)
    elif isinstance(action, a.Fight):
        targets = combat.fight_targets(s, seat)
        same = [e for e in targets if e.kind == action.kind]
        push(s, combat.FightStart(seat, same[action.nth - 1].uid))
    elif isinstance(action, a.Wield):
        combat.wield(s, seat, action.weapons)
    elif isinstance(action, a.Transform):
        combat.transform_with_hides(s, seat, action.monster_class)
    elif isinstance(action, a.Dogmud):
        combat.dogmud(s, seat, action.die)
    elif action == a.ACCEPT:
        push(s, combat.Resolve(seat))
    elif isinstance(action, a.Play):
        powers.play(s, seat, action.card)
    elif isinstance(action, a.Drink):
        powers.drink(s, seat, action.potion)
    elif isinstance(action, a.UseSkill):
        powers.use_skill(s, seat, action.skill)
    elif isinstance(action, a.Buy):
        village.buy(s, seat)
    elif isinstance(action, a.Hire):
        village.hire(s, seat, action.space)
    elif isinstance(action, a.Mercenary):
        house.turn_cube(s, seat, action.seat)
    elif isinstance(action, a.Melee):
        house.start_melee(s, seat, action.seat)
    elif isinstance(action, a.Give):
        alliance.give(s, seat, action)
    elif isinstance(action, a.Pick) and action.word == hides.BENEFIT:
        hides.use_benefit(s, seat, action.value)
    elif isinstance(action, a.Train):
        village.train(s, seat, action.stat)
    elif action == a.FOUNTAIN:
        village.fountain(s, seat)
    elif action == a.REFRESH:
        village.refresh(s, seat)
    elif isinstance(action, a.Chib):
        chib_out(s, seat, action.space)
    else:  # pragma: no cover - legal_actions offers nothing else
        raise AssertionError(action)


def chib_out(s: DungeonsState, seat: int, space: int) -> None:
    """Part I, Chibbing Out (ruling DG-R23): the hero card flips; the engagement
    ends; the chib moves to an adjacent space, free, no HP lost."""
    s.heroes[seat] = replace(s.heroes[seat], chib=True)
    die = s.hero_class(seat).chib_die
    s.say("chib", f"{s.name(seat)} chibs out (a d{die} from now on) and runs.", seat)
    effects.end_engagement(s, seat)
    moves.relocate(s, seat, space)


@dataclass(frozen=True, slots=True)
class DoAction(Step):
    """One of the three actions, spent and done (after its stealth check)."""

    seat: int
    action: Action

    def run(self, s: DungeonsState) -> None:
        t = s.turn
        if t is None or t.seat != self.seat:
            return
        s.turn = replace(t, actions=t.actions - 1, spent=t.spent + 1)
        act = self.action
        seat = self.seat
        if s.companion:
            # Part III, Companions: each action spent lets it move a space.
            push(s, companions.OfferFollow(seat))
        if isinstance(act, a.Move):
            push(s, moves.MoveStep(seat, act.space))
        elif isinstance(act, a.Ride):
            cost = s.content.prices.horse
            common.pay(s, seat, cost)
            s.say("horse", f"{s.name(seat)} rents a horse ({cost} coin).", seat)
            push(s, moves.RideStep(seat, act.via, act.to))
        elif act == a.HUNT:
            s.say("hunt", f"{s.name(seat)} hunts.", seat)
            push(s, board.Spawn(space=s.heroes[seat].space, gm=s.gm_of(seat)))
        else:
            s.say("gather", f"{s.name(seat)} gathers.", seat)
            push(s, gather.GatherDie(seat))
