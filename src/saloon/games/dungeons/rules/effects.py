"""The effects interpreter: what every card, potion, skill and GM event does.

All of D6's authored content is written in one vocabulary
(:data:`saloon.games.dungeons.effects.KINDS`); this module carries out each
kind, citing the rule it follows. An effect runs in a :class:`Ctx`: who uses
it (``None`` for a GM event), and in words what it comes from.

Targets (:data:`~saloon.games.dungeons.effects.TARGETS`): ``self`` is the
user (for a GM event, every player in turn); ``each`` every player from
player one; ``others`` every player but the user; ``active`` the player
whose turn it is; ``chosen`` another player the user picks (in a GM event
player one picks: he reads the events, Part I, Determine Player Order);
``leader``/``trailer`` the players with the most/least glory. A hero in the
Village cannot be the target of another player's card (Part II, The
Village, What You Can't Do); a GM event reaches him there, but never moves
him out of it (``send``). Inside a check's, a roll's or a choice's branch,
``self`` is the player the branch is for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from saloon.core.action import Action, Outcome
from saloon.games.dungeons.actions import Pick, Roll, Transform, space_name
from saloon.games.dungeons.content import MONSTER_CLASSES, VILLAGE
from saloon.games.dungeons.effects import STATS, Effect
from saloon.games.dungeons.rules import board, cards, common, gather, moves, stealth
from saloon.games.dungeons.rules.agenda import Decision, DieRoll, Step, push
from saloon.games.dungeons.rules.model import Fight

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState


@dataclass(frozen=True, slots=True)
class Ctx:
    """Who uses an effect (a seat; ``None`` for a GM event) and its source
    in words (``Windfall``, ``event 12, Wheel of Fortune``); ``event``: it
    comes from a GM event (also inside its branches, where ``user`` is the
    player the branch is for)."""

    user: int | None
    source: str
    event: bool = False

    def of(self, seat: int) -> Ctx:
        """The same source, used for ``seat`` (a branch)."""
        return Ctx(seat, self.source, self.event)


def run(s: DungeonsState, effects: tuple[Effect, ...], ctx: Ctx) -> None:
    """Push ``effects`` to happen in order."""
    push(s, *(Apply(e, ctx) for e in effects))


@dataclass(frozen=True, slots=True)
class RunEffects(Step):
    effects: tuple[Effect, ...]
    ctx: Ctx

    def run(self, s: DungeonsState) -> None:
        run(s, self.effects, self.ctx)


@dataclass(frozen=True, slots=True)
class Apply(Step):
    """One effect, carried out."""

    effect: Effect
    ctx: Ctx

    def run(self, s: DungeonsState) -> None:
        e = self.effect
        if self.ctx.user is None and per_player(e):
            # A GM event's effect that needs a player of its own is done by
            # each player in turn (DG-C5).
            push(s, *(Apply(e, self.ctx.of(p)) for p in range(s.num_players)))
            return
        if "target" in _READS_TARGET.get(e.kind, ()):
            seats = targets(s, e, self.ctx)
            if seats is None:
                choose_target(s, e, self.ctx)
                return
            # Effects on several players happen in turn order, each fully.
            push(s, *(ApplyTo(e, self.ctx, t) for t in seats))
            return
        HANDLERS[e.kind](s, e, self.ctx)


@dataclass(frozen=True, slots=True)
class ApplyTo(Step):
    """One effect on one player."""

    effect: Effect
    ctx: Ctx
    seat: int

    def run(self, s: DungeonsState) -> None:
        TARGETED[self.effect.kind](s, self.effect, self.ctx, self.seat)


#: The kinds that act for their user (his hero, his choice): in a GM event,
#: each player in turn is the user (DG-C5).
_USER_KINDS = frozenset(
    (
        "hero_buff",
        "reroll",
        "double",
        "ward",
        "win_ties",
        "disengage",
        "hero_swap",
        "transform",
        "extra_action",
        "stealth_bonus",
        "auto_stealth",
        "free_move",
        "unchib",
        "remove_enemy",
        "move_enemy",
    )
)


def per_player(e: Effect) -> bool:
    """Whether an event's effect is done by each player in turn: it acts
    for a user, or it places an enemy where a player must choose."""
    return e.kind in _USER_KINDS or (e.kind == "spawn" and e.where not in ("", "random"))


_READS_TARGET = {
    kind: ("target",)
    for kind in (
        "lose_action",
        "send",
        "chib",
        "gain_coins",
        "lose_coins",
        "steal_coins",
        "heal",
        "lose_hp",
        "stat_change",
        "draw_advantage",
        "draw_quest",
        "discard_random",
        "fill_potion",
        "empty_potion",
        "refresh_skill",
        "personal_gather",
        "lose_hides",
        "stat_check",
        "choice",
    )
}


# -- targets -----------------------------------------------------------------------------------


def targets(s: DungeonsState, e: Effect, ctx: Ctx) -> list[int] | None:
    """The seats an effect reaches, in turn order; ``None`` when the user
    must choose (``chosen`` with more than one candidate)."""
    n = s.num_players
    every = list(range(n))
    user = ctx.user
    t = e.target
    if t == "self":
        seats = every if user is None else [user]
    elif t == "each":
        seats = every
    elif t == "others":
        seats = [p for p in every if p != user]
    elif t == "active":
        seats = [] if s.active is None else [s.active]
    elif t in ("leader", "trailer"):
        g = [common.glory(s, p) for p in every]
        best = max(g) if t == "leader" else min(g)
        seats = [p for p in every if g[p] == best]
    elif t == "chosen":
        cands = chosen_candidates(s, ctx)
        if len(cands) > 1:
            return None
        seats = cands
    else:  # "engaged" reaches the enemy, not a hero (the loader refuses it here)
        seats = []
    return [p for p in seats if reachable(s, ctx, p)]


def reachable(s: DungeonsState, ctx: Ctx, seat: int) -> bool:
    """Another player's card cannot reach a hero in the Village (Part II,
    The Village, What You Can't Do)."""
    if ctx.event or ctx.user is None or ctx.user == seat:
        return True
    return not s.heroes[seat].in_village


def chosen_candidates(s: DungeonsState, ctx: Ctx) -> list[int]:
    every = range(s.num_players)
    if ctx.user is None:
        return list(every)
    return [p for p in every if p != ctx.user and reachable(s, ctx, p)]


def chooser(ctx: Ctx) -> int:
    """Who picks for an effect: its user; player one for a GM event."""
    return 0 if ctx.user is None else ctx.user


def choose_target(s: DungeonsState, e: Effect, ctx: Ctx) -> None:
    cands = tuple(chosen_candidates(s, ctx))
    if cands:
        push(s, ChooseTarget(chooser(ctx), cands, e, ctx))


@dataclass(frozen=True, slots=True)
class ChooseTarget(Decision):
    """The user picks the player an effect reaches (``target p2``)."""

    seat: int
    candidates: tuple[int, ...]
    effect: Effect
    ctx: Ctx

    def legal(self, s: DungeonsState) -> list[Action]:
        return [Pick("target", f"p{p + 1}") for p in self.candidates]

    def prompt(self, s: DungeonsState) -> str:
        return f"the player {self.ctx.source} reaches"

    def answer(self, s: DungeonsState, action: Action) -> None:
        assert isinstance(action, Pick)
        seat = int(action.value[1:]) - 1
        s.say("target", f"{s.name(self.seat)} picks {s.name(seat)}.", self.seat)
        push(s, ApplyTo(self.effect, self.ctx, seat))


# -- a fight's effects (Part II, Specialty Hides, steps 3-6; Advantage Cards) ------------------


def _fight(s: DungeonsState) -> Fight | None:
    return s.fight


def _hero_buff(s: DungeonsState, e: Effect, ctx: Ctx) -> None:
    f = _fight(s)
    if f is None:
        return
    s.fight = replace(f, hero_bonus=f.hero_bonus + e.amount)
    s.say("buff", f"{ctx.source}: +{e.amount} to {s.name(s.active or 0)}'s combat total.")


def _reroll(s: DungeonsState, e: Effect, ctx: Ctx) -> None:
    from saloon.games.dungeons.rules import combat

    f = _fight(s)
    if f is None or not f.dice:
        return
    combat.ask_reroll(s, paid=False)


def _double(s: DungeonsState, e: Effect, ctx: Ctx) -> None:
    f = _fight(s)
    if f is not None:
        s.fight = replace(f, doubled=True)
        s.say("buff", f"{ctx.source}: the hero's roll is doubled.")


def _ward(s: DungeonsState, e: Effect, ctx: Ctx) -> None:
    f = _fight(s)
    if f is not None:
        s.fight = replace(f, ward=True)
        s.say("buff", f"{ctx.source}: a lost roll will do the hero no harm.")


def _win_ties(s: DungeonsState, e: Effect, ctx: Ctx) -> None:
    """Ties won in this fight: every round against this enemy until it or
    the hero falls or he escapes (the cards' and skills' words)."""
    f = _fight(s)
    t = s.turn
    if f is not None:
        s.fight = replace(f, win_ties=True)
        if t is not None:
            s.turn = replace(t, ties_with=f.enemy)
        s.say("buff", f"{ctx.source}: the hero wins ties in this fight.")


def _weapon(s: DungeonsState, e: Effect, ctx: Ctx) -> None:
    """A weapon is rolled by ``wield`` (step 4), never by playing the card."""


def _disengage(s: DungeonsState, e: Effect, ctx: Ctx) -> None:
    """Leave the fight for ``where`` (Part I, Enemy Disengagement)."""
    seat = ctx.user
    if seat is None:
        return
    s.say("disengage", f"{ctx.source}: {s.name(seat)} disengages.", seat)
    end_engagement(s, seat)
    go(s, seat, e.where, "disengage", ctx)


def end_engagement(s: DungeonsState, seat: int) -> None:
    """The active hero is no longer engaged with anyone; the round under way ends."""
    t = s.turn
    if t is not None and t.seat == seat:
        s.turn = replace(t, engaged=(), foe=None)
        board.end_round(s)


def go(s: DungeonsState, seat: int, where: str, purpose: str, ctx: Ctx) -> None:
    """Send ``seat``'s hero ``where`` (a ``where`` of the vocabulary)."""
    h = s.heroes[seat]
    if where in ("", "here"):
        return
    if where == "village":
        if moves.can_enter(s, seat, VILLAGE):
            moves.relocate(s, seat, VILLAGE)
        return
    if where == "styx":
        moves.relocate(s, seat, -1)
        return
    if where == "random":
        push(s, board.MapDie(then="send", seat=seat))
        return
    if where == "adjacent":
        spaces = tuple(sp for sp in board.exits(s, h.space) if moves.can_enter(s, seat, sp))
    elif where == "bounty":
        spaces = tuple(sorted({s.index.bounties[b].space for b in s.bounties}))
    else:  # chosen
        spaces = tuple(sp for sp in board.numbered(s) if sp != h.space)
    spaces = tuple(sp for sp in spaces if sp != h.space)
    if not spaces:
        return
    who = chooser(ctx)
    if len(spaces) == 1:
        board.space_chosen(s, board.ChooseSpace(who, spaces, purpose, subject=seat), spaces[0])
    else:
        push(s, board.ChooseSpace(who, spaces, purpose, subject=seat))


def swap_targets(s: DungeonsState, seat: int) -> tuple[int, ...]:
    """Hero Swap's partners: another player's hero on a numbered space (never
    the Village, nor the Styx: ruling DG-R23)."""
    return tuple(
        p
        for p in range(s.num_players)
        if p != seat and s.heroes[p].space > 0 and s.heroes[p].space != s.heroes[seat].space
    )


def _hero_swap(s: DungeonsState, e: Effect, ctx: Ctx) -> None:
    seat = ctx.user
    if seat is None:
        return
    cands = swap_candidates(s, seat)
    if len(cands) == 1 and cands[0] < 0:
        from saloon.games.dungeons.rules import companions

        companions.swap(s, seat)
    elif len(cands) == 1:
        hero_swap(s, seat, cands[0])
    elif cands:
        push(s, SwapWith(seat, cands))


def swap_candidates(s: DungeonsState, seat: int) -> tuple[int, ...]:
    """Hero Swap's partners, the companion among them (as ``SWAP_SEAT``:
    Part III, Companions)."""
    from saloon.games.dungeons.rules import companions

    out = swap_targets(s, seat)
    if companions.can_swap(s, seat):
        out = (*out, companions.SWAP_SEAT)
    return out


@dataclass(frozen=True, slots=True)
class SwapWith(Decision):
    """Hero Swap: the user picks the hero he changes places with."""

    seat: int
    candidates: tuple[int, ...]

    def legal(self, s: DungeonsState) -> list[Action]:
        return [Pick("target", "companion" if p < 0 else f"p{p + 1}") for p in self.candidates]

    def prompt(self, s: DungeonsState) -> str:
        return "Hero Swap: the hero to change places with"

    def answer(self, s: DungeonsState, action: Action) -> None:
        assert isinstance(action, Pick)
        if action.value == "companion":
            from saloon.games.dungeons.rules import companions

            companions.swap(s, self.seat)
            return
        hero_swap(s, self.seat, int(action.value[1:]) - 1)


def hero_swap(s: DungeonsState, seat: int, other: int) -> None:
    """Part I, Non-Action Tasks, Hero Swapping!, and Enemy Disengagement
    (ruling DG-R23): the two heroes change places; the user leaves his
    fight; the other lands unengaged (engaged at his own next turn if
    enemies remain) and takes a free personal gather."""
    mine, theirs = s.heroes[seat].space, s.heroes[other].space
    end_engagement(s, seat)
    s.say(
        "swap",
        f"{s.name(seat)} swaps places with {s.name(other)}: {board.space_words(s, theirs)} "
        f"and {board.space_words(s, mine)}.",
        seat,
    )
    s.heroes[other] = replace(s.heroes[other], space=mine)
    s.heroes[seat] = replace(s.heroes[seat], space=theirs)
    moves.arrive(s, seat, theirs)
    push(s, gather.GatherDie(other))


def _transform(s: DungeonsState, e: Effect, ctx: Ctx) -> None:
    f = _fight(s)
    if f is None or f.stage != "arm" or f.transformed or ctx.user is None:
        return
    push(s, ChooseClass(ctx.user, ctx.source))


@dataclass(frozen=True, slots=True)
class ChooseClass(Decision):
    """A card's or a skill's transformation (Glamour): the class the engaged
    monster becomes; ``source`` names the card or skill (no hides are turned
    in)."""

    seat: int
    source: str = ""

    def legal(self, s: DungeonsState) -> list[Action]:
        return [Transform(c) for c in MONSTER_CLASSES]

    def prompt(self, s: DungeonsState) -> str:
        return "the class the monster becomes"

    def answer(self, s: DungeonsState, action: Action) -> None:
        from saloon.games.dungeons.rules import combat

        assert isinstance(action, Transform)
        combat.transform(s, action.monster_class, self.source)


def _monster_buff(s: DungeonsState, e: Effect, ctx: Ctx) -> None:
    """A buff on the monster: +1 each, removed after the round (Part I,
    Enemy Engagement, Buffs); never a Guardian or a Cube."""
    f = _fight(s)
    if f is None:
        return
    m = s.find_enemy(f.enemy)
    if m is None or s.monster(m.kind) is None:
        return
    s.set_enemy(replace(m, buffs=m.buffs + e.amount))
    s.say("buff", f"{ctx.source}: +{e.amount} to {board.enemy_name(s, m)} this round.")


def _monster_hp(s: DungeonsState, e: Effect, ctx: Ctx) -> None:
    """Extra HP on the monster, kept until it is dealt damage (Part I, Enemy
    Engagement, Extra HP); never a Guardian or a Cube."""
    f = _fight(s)
    if f is None:
        return
    m = s.find_enemy(f.enemy)
    if m is None or s.monster(m.kind) is None:
        return
    s.set_enemy(replace(m, hp=m.hp + e.amount))
    s.say("buff", f"{ctx.source}: {board.enemy_name(s, m)} gains {e.amount} extra HP.")


def _monster_reroll(s: DungeonsState, e: Effect, ctx: Ctx) -> None:
    from saloon.games.dungeons.rules import combat

    f = _fight(s)
    if f is None or not f.dice or not f.enemy_roll:
        return
    push(s, combat.EnemyReroll())


def _cancel_card(s: DungeonsState, e: Effect, ctx: Ctx) -> None:
    """Cancelling works only in answer to a card (:mod:`.powers`, the counter window)."""


# -- turn and movement -------------------------------------------------------------------------


def _extra_action(s: DungeonsState, e: Effect, ctx: Ctx) -> None:
    t = s.turn
    if t is None or t.seat != ctx.user:
        return
    s.turn = replace(t, actions=t.actions + e.amount)
    more = common.count(e.amount, "more action")
    s.say(
        "action",
        f"{ctx.source}: {more} this turn ({common.count(t.actions + e.amount, 'action')} left).",
        ctx.user,
    )


def _lose_action(s: DungeonsState, e: Effect, ctx: Ctx, seat: int) -> None:
    h = s.heroes[seat]
    s.heroes[seat] = replace(h, lost_actions=h.lost_actions + e.amount)
    fewer = common.count(e.amount, "action")
    s.say("action", f"{ctx.source}: {s.name(seat)} will have {fewer} fewer next turn.")


def _stealth_bonus(s: DungeonsState, e: Effect, ctx: Ctx) -> None:
    if ctx.user is None:
        return
    h = s.heroes[ctx.user]
    s.heroes[ctx.user] = replace(h, stealth_bonus=h.stealth_bonus + e.amount)
    s.say("stealth", f"{ctx.source}: {e.amount} off {s.name(ctx.user)}'s next stealth roll.")


def _auto_stealth(s: DungeonsState, e: Effect, ctx: Ctx) -> None:
    if ctx.user is None:
        return
    s.heroes[ctx.user] = replace(s.heroes[ctx.user], auto_stealth=True)
    s.say("stealth", f"{ctx.source}: {s.name(ctx.user)}'s next stealth check succeeds.")


def _free_move(s: DungeonsState, e: Effect, ctx: Ctx) -> None:
    if ctx.user is None or s.heroes[ctx.user].dead:
        return
    go(s, ctx.user, e.where, "free-move", ctx)


def _send(s: DungeonsState, e: Effect, ctx: Ctx, seat: int) -> None:
    h = s.heroes[seat]
    if h.dead or h.in_village:
        return
    s.say("send", f"{ctx.source}: {s.name(seat)} is sent away.")
    go(s, seat, e.where, "send", ctx)


def _unchib(s: DungeonsState, e: Effect, ctx: Ctx) -> None:
    if ctx.user is None or not s.heroes[ctx.user].chib:
        return
    s.heroes[ctx.user] = replace(s.heroes[ctx.user], chib=False)
    s.say("chib", f"{ctx.source}: {s.name(ctx.user)} takes back heroic form and the D6.")


def _chib(s: DungeonsState, e: Effect, ctx: Ctx, seat: int) -> None:
    if s.heroes[seat].chib:
        return
    s.heroes[seat] = replace(s.heroes[seat], chib=True)
    s.say("chib", f"{ctx.source}: {s.name(seat)} turns into a chib.")


# -- resources ---------------------------------------------------------------------------------


def _gain_coins(s: DungeonsState, e: Effect, ctx: Ctx, seat: int) -> None:
    from saloon.games.dungeons.rules import curses

    took, asked, cursed = curses.earn(s, seat, e.amount)
    got = common.gain_words(s, seat, took, asked, why=cursed)
    s.say("coins", f"{ctx.source}: {s.name(seat)} {got}.")


def _lose_coins(s: DungeonsState, e: Effect, ctx: Ctx, seat: int) -> None:
    paid = common.pay(s, seat, e.amount)
    s.say("coins", f"{ctx.source}: {s.name(seat)} {common.pay_words(paid, e.amount)}.")


def _steal_coins(s: DungeonsState, e: Effect, ctx: Ctx, seat: int) -> None:
    if ctx.user is None or ctx.user == seat:
        _lose_coins(s, e, ctx, seat)
        return
    took = common.pay(s, seat, e.amount)
    kept = common.gain(s, ctx.user, took)
    if not took:
        s.say("coins", f"{ctx.source}: {s.name(seat)} has no coins to take.")
        return
    cap = s.content.prices.coin_cap
    s.say(
        "coins",
        f"{ctx.source}: {s.name(ctx.user)} takes {common.count(took, 'coin')} from {s.name(seat)}"
        + (f" and keeps {kept}: no one holds more than {cap}." if kept < took else "."),
    )


def _heal(s: DungeonsState, e: Effect, ctx: Ctx, seat: int) -> None:
    h = s.heroes[seat]
    if h.dead:
        return
    hp = min(s.content.prices.hp, h.hp + e.amount)
    s.heroes[seat] = replace(h, hp=hp)
    if hp == h.hp:
        s.say("heal", f"{ctx.source}: {s.name(seat)} is already at full health ({hp} HP).")
        return
    s.say("heal", f"{ctx.source}: {s.name(seat)} regains {hp - h.hp} HP ({hp} now).")


def _lose_hp(s: DungeonsState, e: Effect, ctx: Ctx, seat: int) -> None:
    from saloon.games.dungeons.rules import rewards

    h = s.heroes[seat]
    if h.dead:
        return
    hp = max(0, h.hp - e.amount)
    s.heroes[seat] = replace(h, hp=hp)
    s.say("hurt", f"{ctx.source}: {s.name(seat)} loses {h.hp - hp} HP.")
    if hp < h.hp:
        from saloon.games.dungeons.rules import companions

        companions.hurt(s, seat)
    if hp == 0:
        rewards.die(s, seat, "dies")


def _stat_change(s: DungeonsState, e: Effect, ctx: Ctx, seat: int) -> None:
    h = s.heroes[seat]
    if e.stat != "choice":
        change_stat(s, seat, e.stat, e.amount, ctx)
        return
    options = tuple(
        st
        for st in STATS
        if (e.amount > 0 and h.stat(st) < common.STAT_MAX)
        or (e.amount < 0 and h.stat(st) > common.STAT_MIN)
    )
    if len(options) == 1:
        change_stat(s, seat, options[0], e.amount, ctx)
    elif options:
        push(s, ChooseStat(seat, options, e.amount, ctx))


def change_stat(s: DungeonsState, seat: int, stat: str, amount: int, ctx: Ctx) -> None:
    before = s.heroes[seat].stat(stat)
    common.set_stat(s, seat, stat, before + amount)
    after = s.heroes[seat].stat(stat)
    if before == after:
        edge = "already 6, the highest" if amount > 0 else "already 3, the lowest"
        s.say("stat", f"{ctx.source}: {s.name(seat)}'s {stat} stays {after} ({edge}).")
        return
    s.say("stat", f"{ctx.source}: {s.name(seat)}'s {stat} goes from {before} to {after}.")


@dataclass(frozen=True, slots=True)
class ChooseStat(Decision):
    """A stat change of the target's choice (``stat = "choice"``)."""

    seat: int
    options: tuple[str, ...]
    amount: int
    ctx: Ctx

    def legal(self, s: DungeonsState) -> list[Action]:
        return [Pick("stat", st) for st in self.options]

    def prompt(self, s: DungeonsState) -> str:
        return f"the stat that changes by {self.amount:+d}"

    def answer(self, s: DungeonsState, action: Action) -> None:
        assert isinstance(action, Pick)
        change_stat(s, self.seat, action.value, self.amount, self.ctx)


def _draw_advantage(s: DungeonsState, e: Effect, ctx: Ctx, seat: int) -> None:
    push(s, *(cards.DrawCard(seat, "advantage") for _ in range(e.amount)))


def _draw_quest(s: DungeonsState, e: Effect, ctx: Ctx, seat: int) -> None:
    push(s, *(cards.DrawCard(seat, "quest") for _ in range(e.amount)))


def _discard_random(s: DungeonsState, e: Effect, ctx: Ctx, seat: int) -> None:
    push(s, *(DiscardRandom(seat) for _ in range(e.amount)))


@dataclass(frozen=True, slots=True)
class DiscardRandom(Step):
    seat: int

    def run(self, s: DungeonsState) -> None:
        if s.heroes[self.seat].hand_size:
            push(s, cards.LoseRandom(self.seat))


def _fill_potion(s: DungeonsState, e: Effect, ctx: Ctx, seat: int) -> None:
    gather.alchemy(s, seat)


def _empty_potion(s: DungeonsState, e: Effect, ctx: Ctx, seat: int) -> None:
    h = s.heroes[seat]
    if len(h.potions) == 1:
        empty(s, seat, h.potions[0], ctx)
    elif h.potions:
        push(s, ChoosePotion(seat, ctx))


def empty(s: DungeonsState, seat: int, potion: str, ctx: Ctx) -> None:
    h = s.heroes[seat]
    s.heroes[seat] = replace(h, potions=tuple(p for p in h.potions if p != potion))
    s.say("potion", f"{ctx.source}: {s.name(seat)}'s {s.content.potions[potion].name} is spilt.")


@dataclass(frozen=True, slots=True)
class ChoosePotion(Decision):
    """The target empties a filled potion of his choice."""

    seat: int
    ctx: Ctx

    def legal(self, s: DungeonsState) -> list[Action]:
        return [Pick("potion", p) for p in s.heroes[self.seat].potions]

    def prompt(self, s: DungeonsState) -> str:
        return "the potion to empty"

    def answer(self, s: DungeonsState, action: Action) -> None:
        assert isinstance(action, Pick)
        empty(s, self.seat, action.value, self.ctx)


def _refresh_skill(s: DungeonsState, e: Effect, ctx: Ctx, seat: int) -> None:
    from saloon.games.dungeons.rules import village

    push(s, *(village.RefreshOne(seat) for _ in range(e.amount)))


def _personal_gather(s: DungeonsState, e: Effect, ctx: Ctx, seat: int) -> None:
    push(s, gather.GatherDie(seat))


def _open_gather(s: DungeonsState, e: Effect, ctx: Ctx) -> None:
    push(s, gather.GatherDie(chooser(ctx) if s.active is None else s.active, open=True))


def _lose_hides(s: DungeonsState, e: Effect, ctx: Ctx, seat: int) -> None:
    h = s.heroes[seat]
    if not h.wild and not any(h.specialty):
        return
    board.bag_add(s, *h.wild, *h.specialty)
    s.heroes[seat] = replace(h, wild=(), specialty=("", "", ""))
    s.say("hides", f"{ctx.source}: {s.name(seat)}'s hides go back to the bag.")


# -- the board ---------------------------------------------------------------------------------


def _spawn(s: DungeonsState, e: Effect, ctx: Ctx) -> None:
    push(s, *(SpawnAt(e.where, ctx) for _ in range(e.amount)))


@dataclass(frozen=True, slots=True)
class SpawnAt(Step):
    """One enemy spawned ``where`` (here: the user's space; adjacent: an
    exit he picks; chosen: any numbered space he picks; bounty: a space a
    face-up Bounty card names; random, or when the place is not a numbered
    space: the map's die)."""

    where: str
    ctx: Ctx

    def run(self, s: DungeonsState) -> None:
        if not s.bag:
            s.say("spawn", "The bag is empty: no enemy is spawned.")
            return
        user = self.ctx.user
        gm = -1 if user is None else user
        here = s.heroes[user].space if user is not None else 0
        if self.where == "here" and here > 0:
            push(s, board.Spawn(space=here, gm=gm))
            return
        if self.where == "adjacent" and here >= 0 and user is not None:
            spaces = tuple(sp for sp in board.exits(s, here) if sp > 0)
        elif self.where == "chosen":
            spaces = board.numbered(s)
        elif self.where == "bounty":
            spaces = tuple(sorted({s.index.bounties[b].space for b in s.bounties}))
        else:
            spaces = ()
        if not spaces:
            push(s, board.Spawn(gm=gm))
        elif len(spaces) == 1:
            push(s, board.Spawn(space=spaces[0], gm=gm))
        else:
            push(s, board.ChooseSpace(chooser(self.ctx), spaces, "spawn"))


def _remove_enemy(s: DungeonsState, e: Effect, ctx: Ctx) -> None:
    cands = removable(s, e.where, ctx)
    if cands:
        choose_enemy(s, ChooseEnemy(chooser(ctx), cands, "remove", "", ctx))


def removable(s: DungeonsState, where: str, ctx: Ctx) -> tuple[int, ...]:
    """The enemies ``remove_enemy`` may take: monsters only (never a
    Guardian or a Cash Cube), in the user's space, an adjacent one, or
    anywhere (``chosen``)."""
    user = ctx.user
    here = s.heroes[user].space if user is not None else VILLAGE
    if where == "here":
        spaces: set[int] | None = {here}
    elif where == "adjacent":
        spaces = set(board.exits(s, here)) if here >= 0 else set()
    else:
        spaces = None
    return tuple(
        x.uid
        for x in s.enemies
        if s.monster(x.kind) is not None and (spaces is None or x.space in spaces)
    )


def _move_enemy(s: DungeonsState, e: Effect, ctx: Ctx) -> None:
    cands = movable(s, ctx)
    if cands:
        choose_enemy(s, ChooseEnemy(chooser(ctx), cands, "move", e.where, ctx))


def choose_enemy(s: DungeonsState, node: ChooseEnemy) -> None:
    """Ask which enemy, unless there is only one."""
    if len(node.candidates) == 1:
        enemy_chosen(s, node, node.candidates[0])
    else:
        push(s, node)


def movable(s: DungeonsState, ctx: Ctx) -> tuple[int, ...]:
    """The enemies ``move_enemy`` may move: any in the user's space but a Cash Cube."""
    if ctx.user is None:
        return ()
    here = s.heroes[ctx.user].space
    if here <= 0:
        return ()
    return tuple(x.uid for x in s.enemies if x.space == here and not x.is_cube)


@dataclass(frozen=True, slots=True)
class ChooseEnemy(Decision):
    """The user picks the enemy a card removes or moves (``enemy goblin 7``:
    the first goblin in space 7; ``enemy goblin 7 2``: the second)."""

    seat: int
    candidates: tuple[int, ...]
    purpose: str
    where: str
    ctx: Ctx

    def _refs(self, s: DungeonsState) -> dict[str, int]:
        out: dict[str, int] = {}
        for uid in self.candidates:
            e = s.enemy(uid)
            same = [x.uid for x in s.enemies if x.space == e.space and x.kind == e.kind]
            nth = same.index(uid) + 1
            ref = f"{e.kind} {e.space}" + (f" {nth}" if nth > 1 else "")
            out[ref] = uid
        return out

    def legal(self, s: DungeonsState) -> list[Action]:
        return [Pick("enemy", r) for r in self._refs(s)]

    def prompt(self, s: DungeonsState) -> str:
        return f"the enemy to {self.purpose}"

    def answer(self, s: DungeonsState, action: Action) -> None:
        assert isinstance(action, Pick)
        enemy_chosen(s, self, self._refs(s)[action.value])


def enemy_chosen(s: DungeonsState, node: ChooseEnemy, uid: int) -> None:
    """The enemy a card removes (to the bag) or moves (``where``)."""
    en = s.enemy(uid)
    if node.purpose == "remove":
        board.remove_enemy(s, uid)
        board.bag_add(s, en.kind)
        s.say("enemy", f"{node.ctx.source}: {board.enemy_name(s, en)} goes back to the bag.")
        return
    where = node.where
    if where == "random":
        push(s, board.MapDie(then="move-enemy", uid=uid))
        return
    if where == "adjacent":
        spaces = tuple(sp for sp in board.exits(s, en.space) if sp > 0)
    elif where == "bounty":
        spaces = tuple(sorted({s.index.bounties[b].space for b in s.bounties}))
    else:
        spaces = board.numbered(s)
    spaces = tuple(sp for sp in spaces if sp != en.space)
    if len(spaces) == 1:
        board.move_enemy(s, en, spaces[0])
    elif spaces:
        push(s, board.ChooseSpace(node.seat, spaces, "move-enemy", uid=uid))


def _buff_all(s: DungeonsState, e: Effect, ctx: Ctx) -> None:
    """Every monster gains ``amount`` for the coming round (a GM event's,
    between rounds; during a round, for the rest of it)."""
    if s.turn is None:
        s.next_bonus += e.amount
    else:
        s.monster_bonus += e.amount
    s.say("event", f"{ctx.source}: every monster gets +{e.amount} for the round.")


def _hp_all(s: DungeonsState, e: Effect, ctx: Ctx) -> None:
    for i, x in enumerate(s.enemies):
        if s.monster(x.kind) is not None:
            s.enemies[i] = replace(x, hp=x.hp + e.amount)
    s.say("event", f"{ctx.source}: every monster on the board gains {e.amount} extra HP.")


def _new_bounties(s: DungeonsState, e: Effect, ctx: Ctx) -> None:
    """The face-up bounties go under the deck, three new ones are turned."""
    d = s.decks["bounty"]
    s.decks["bounty"] = replace(d, bottom=d.bottom + s.bounties)
    s.bounties = ()
    s.say("bounty", f"{ctx.source}: the bounties go under the deck.")
    push(s, cards.TurnBounties())


def _round_rule(s: DungeonsState, e: Effect, ctx: Ctx) -> None:
    """A rule for the next round only (a GM event, between rounds)."""
    s.next_flags = s.next_flags | e.flags
    rules = "; ".join(common.flag_words(f) for f in sorted(e.flags))
    s.say("event", f"{ctx.source}: next round, {rules}.")


# -- composites --------------------------------------------------------------------------------


def _stat_check(s: DungeonsState, e: Effect, ctx: Ctx, seat: int) -> None:
    push(s, CheckRoll(seat, e, ctx))


@dataclass(frozen=True, slots=True)
class CheckRoll(DieRoll):
    """A stat check: the hero's die under the stat (Part I, Roll for Stats,
    GM's Note: a tie fails); then the branch for him."""

    seat: int
    effect: Effect
    ctx: Ctx

    def die(self, s: DungeonsState) -> int:
        return stealth.natural_die(s, self.seat)

    def prompt(self, s: DungeonsState) -> str:
        d = stealth.natural_die(s, self.seat)
        return f"{s.name(self.seat)}'s {self.effect.stat} check, a d{d} (e.g. d{d} 2)"

    def answer(self, s: DungeonsState, outcome: Outcome) -> None:
        assert isinstance(outcome, Roll)
        need = s.heroes[self.seat].stat(self.effect.stat)
        ok = outcome.face < need
        verdict = "under it: success" if ok else "not under it: failure"
        s.say(
            "check",
            f"{s.name(self.seat)}'s {self.effect.stat} check: a d{outcome.sides} rolls "
            f"{outcome.face} against {self.effect.stat} {need}, {verdict}.",
        )
        branch = self.effect.then if ok else self.effect.otherwise
        run(s, branch, self.ctx.of(self.seat))


def _roll(s: DungeonsState, e: Effect, ctx: Ctx) -> None:
    push(s, TableRoll(e, ctx))


@dataclass(frozen=True, slots=True)
class TableRoll(DieRoll):
    """A roll on a table: the face picks the branch (1-based, cycled)."""

    effect: Effect
    ctx: Ctx

    def die(self, s: DungeonsState) -> int:
        return self.effect.die

    def prompt(self, s: DungeonsState) -> str:
        return f"a d{self.effect.die} for {self.ctx.source} (e.g. d{self.effect.die} 1)"

    def answer(self, s: DungeonsState, outcome: Outcome) -> None:
        assert isinstance(outcome, Roll)
        options = self.effect.options
        branch = options[(outcome.face - 1) % len(options)]
        s.say("roll", f"{self.ctx.source}: the d{self.effect.die} shows {outcome.face}.")
        run(s, branch, self.ctx)


def _choice(s: DungeonsState, e: Effect, ctx: Ctx, seat: int) -> None:
    push(s, ChooseOption(seat, e, ctx))


@dataclass(frozen=True, slots=True)
class ChooseOption(Decision):
    """A choice: the player picks one of the options (``option 2``)."""

    seat: int
    effect: Effect
    ctx: Ctx

    def legal(self, s: DungeonsState) -> list[Action]:
        return [Pick("option", str(k + 1)) for k in range(len(self.effect.options))]

    def prompt(self, s: DungeonsState) -> str:
        return f"{self.ctx.source}: choose an option"

    def answer(self, s: DungeonsState, action: Action) -> None:
        assert isinstance(action, Pick)
        k = int(action.value) - 1
        branch = self.effect.options[k]
        if all(e.kind == "nothing" for e in branch):
            s.say("choose", f"{s.name(self.seat)} chooses to do nothing.", self.seat)
        else:
            # The branch is in the chooser's words ("your purse"); the log speaks of him.
            what = re.sub(r"\byour\b", "their", words_of(branch))
            s.say("choose", f"{s.name(self.seat)} chooses to {what}.", self.seat)
        run(s, self.effect.options[k], self.ctx.of(self.seat))


def _nothing(s: DungeonsState, e: Effect, ctx: Ctx) -> None:
    s.say("event", f"{ctx.source}: nothing happens.")


def option_words(s: DungeonsState, branch: tuple[Effect, ...]) -> str:
    return words_of(branch)


def words_of(branch: tuple[Effect, ...]) -> str:
    """A choice's branch in words (``pay 2 coins and regain 3 HP``)."""
    from saloon.games.dungeons.words import branch_words

    return branch_words(branch)


def where_words(space: int) -> str:
    return space_name(space)


HANDLERS = {
    "weapon": _weapon,
    "hero_buff": _hero_buff,
    "reroll": _reroll,
    "double": _double,
    "ward": _ward,
    "win_ties": _win_ties,
    "disengage": _disengage,
    "hero_swap": _hero_swap,
    "transform": _transform,
    "monster_buff": _monster_buff,
    "monster_hp": _monster_hp,
    "monster_reroll": _monster_reroll,
    "cancel_card": _cancel_card,
    "extra_action": _extra_action,
    "stealth_bonus": _stealth_bonus,
    "auto_stealth": _auto_stealth,
    "free_move": _free_move,
    "unchib": _unchib,
    "open_gather": _open_gather,
    "spawn": _spawn,
    "remove_enemy": _remove_enemy,
    "move_enemy": _move_enemy,
    "buff_all": _buff_all,
    "hp_all": _hp_all,
    "new_bounties": _new_bounties,
    "round_rule": _round_rule,
    "roll": _roll,
    "nothing": _nothing,
}

TARGETED = {
    "lose_action": _lose_action,
    "send": _send,
    "chib": _chib,
    "gain_coins": _gain_coins,
    "lose_coins": _lose_coins,
    "steal_coins": _steal_coins,
    "heal": _heal,
    "lose_hp": _lose_hp,
    "stat_change": _stat_change,
    "draw_advantage": _draw_advantage,
    "draw_quest": _draw_quest,
    "discard_random": _discard_random,
    "fill_potion": _fill_potion,
    "empty_potion": _empty_potion,
    "refresh_skill": _refresh_skill,
    "personal_gather": _personal_gather,
    "lose_hides": _lose_hides,
    "stat_check": _stat_check,
    "choice": _choice,
}
