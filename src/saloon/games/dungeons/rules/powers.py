"""Cards, potions and skills: when each may be used, and using one; the card windows.

Part II, Heroic Quest Cards (a green banner is played in one's own turn, a
red one in an opponent's; the weapon icon before the roll, the shield after
it); Advantage Cards (weapons and hero buffs, one-time use, any time in
one's turn: Part I, Non-Action Tasks); Part I, Non-Action Tasks (skills and
potions in one's own turn; skills never in the Village: Part II, The
Village); Part I, Enemy Engagement and The Role of the GM (after the
declaration the opponents, acting as the collective GM, may buff the
monster and play cards, any number, until the hero rolls; never on a
Guardian or a Cash Cube: Know Thine Enemy, Cash Cube; rulings DG-R4, DG-C20);
Part II, Specialty Hides, steps 5 and 6 (once the hero has rolled, only his
own buffs and Dogmud follow: no opponent acts after the roll, ruling DG-R39).

A card's ``timing`` (:data:`saloon.games.dungeons.effects.KINDS`) says
when: ``turn`` in the user's turn outside a fight, ``combat`` in a fight
(engaged, or before the roll of a round), ``roll`` after the roll, ``any``
at any of these. The windows (rulings DG-R4, DG-R39): red cards of timing
``combat`` or ``any`` in the collective GM's window (step 2), and none after
the roll (a red card of timing ``roll`` is refused when the content is
loaded); a card that cancels a card (``cancel_card``) only in answer to a
card played in a fight, by the other players (the active player with a
green card or a skill), in turn order from the player after the one who
played it, and never once the hero has rolled; a cancelling card cannot
itself be cancelled.
Each potion is drunk at most once a turn, each skill used once a turn
(twice when stacked) (ruling DG-R13; the options ``potion_limit=bottles``
and ``skill_limit=markers`` lift the caps, except on a power that gives
actions, gathers, potions or markers back: :data:`LOOPING`).

Who is asked at a window is judged on what every player sees, never on the
cards in his hand (ruling DG-R4): a player with a card of the right deck
is asked whenever a card the content prints could be played there now
(:func:`asked_to_red`, :func:`asked_to_counter`); with nothing playable his
only choice is ``pass``. So being asked tells no one what a player holds.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from saloon.core.action import Action
from saloon.games.dungeons.actions import PASS, Drink, Play, UseSkill
from saloon.games.dungeons.content import AdvantageCard, QuestCard, Skill
from saloon.games.dungeons.effects import Effect
from saloon.games.dungeons.rules import board, cards, common, effects
from saloon.games.dungeons.rules.agenda import Decision, Step, push

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState


# -- moments and timings ----------------------------------------------------------------------


def moment(s: DungeonsState, seat: int) -> str | None:
    """The active hero's moment: ``turn`` (free to act), ``combat``
    (engaged, or a round before its roll), ``roll`` (a round after the
    roll); ``None`` when he cannot use anything (not his turn, or the
    opponents' window)."""
    t = s.turn
    if t is None or t.seat != seat:
        return None
    f = s.fight
    if f is not None:
        return {"arm": "combat", "improve": "roll"}.get(f.stage)
    return "combat" if t.engaged else "turn"


def fits(timing: str, now: str | None) -> bool:
    """Whether a card, potion or skill of ``timing`` may be used at the
    moment ``now`` (DG-C4, ruling DG-R4)."""
    if now is None or timing == "event":
        return False
    if timing == "any":
        return True
    if now == "roll":
        return timing in ("combat", "roll")
    return timing == now


def is_weapon(card: AdvantageCard | QuestCard) -> bool:
    """A weapon card is rolled (``wield``), never played."""
    return any(e.kind == "weapon" for e in card.effects)


def is_counter(effects_: tuple[Effect, ...]) -> bool:
    return any(e.kind == "cancel_card" for e in effects_)


def is_red(card: AdvantageCard | QuestCard) -> bool:
    return isinstance(card, QuestCard) and card.banner == "red"


def useful(s: DungeonsState, seat: int, effects_: tuple[Effect, ...], window: str = "") -> bool:
    """Whether any of ``effects_`` would do something for ``seat`` now
    (``window``: ``before`` for an opponent's red card)."""
    return any(_does(s, seat, e, window) for e in effects_)


def _does(s: DungeonsState, seat: int, e: Effect, window: str) -> bool:
    k = e.kind
    f = s.fight
    t = s.turn
    h = s.heroes[seat]
    if k in ("weapon", "cancel_card"):
        return False
    if e.target == "active" and (
        t is None or not effects.reachable(s, effects.Ctx(seat, ""), t.seat)
    ):
        return False  # no hero's turn, or he is in the Village (Part II, The Village)
    if k in ("hero_buff", "double", "ward"):
        return f is not None and f.stage == "improve"
    if k == "reroll":
        return f is not None and f.stage == "improve" and bool(f.dice)
    if k == "win_ties":
        return f is not None and not f.win_ties
    if k == "disengage":
        return t is not None and (bool(t.engaged) or f is not None)
    if k == "hero_swap":
        return bool(effects.swap_candidates(s, seat))
    if k == "transform":
        return (
            f is not None
            and f.stage == "arm"
            and not f.transformed
            and s.monster(s.enemy(f.enemy).kind) is not None
        )
    if k in ("monster_buff", "monster_hp"):
        return f is not None and window == "before" and s.monster(s.enemy(f.enemy).kind) is not None
    if k == "monster_reroll":
        # The hero's own card at step 6 (ruling DG-R39); no GM's window after the roll.
        return f is not None and f.enemy_roll > 0 and f.stage == "improve" and not f.transformed
    if k == "unchib":
        return h.chib
    if k == "auto_stealth":
        return not h.auto_stealth
    if k == "heal" and e.target == "self":
        return 0 < h.hp < s.content.prices.hp
    if k == "remove_enemy":
        return bool(effects.removable(s, e.where, effects.Ctx(seat, "")))
    if k == "move_enemy":
        return bool(effects.movable(s, effects.Ctx(seat, "")))
    if k == "spawn":
        return bool(s.bag)
    if k == "free_move":
        return not h.dead
    if k == "extra_action":
        return t is not None and t.seat == seat
    return True


# -- the active player's cards, potions and skills ---------------------------------------------


def own_plays(s: DungeonsState, seat: int) -> list[Action]:
    """The cards ``seat`` may play now in his own turn (green Heroic Quest
    cards and Advantage cards that are not weapons)."""
    now = moment(s, seat)
    if now is None:
        return []
    out: list[Action] = []
    ix = s.index
    for cid in dict.fromkeys(cards.hand(s, seat)):
        if cid in ix.red or cid in ix.weapons or cid in ix.counters or cid in ix.alliances:
            continue
        c = cards.card(s, cid)
        if s.heroes[seat].chib and isinstance(c, AdvantageCard) and not _chib_card_ok(s, seat, c):
            continue
        if fits(c.timing, now) and useful(s, seat, c.effects):
            out.append(Play(cid))
    return out


def _chib_card_ok(s: DungeonsState, seat: int, c: AdvantageCard) -> bool:
    """A chib plays no Advantage card (Part I, Chibbing Out); the Werewolf's
    chib may play the buffs, not the weapons (Part IV)."""
    return s.hero_class(seat).chib_die != 4 and not is_weapon(c)


def drinks(s: DungeonsState, seat: int) -> list[Action]:
    now = moment(s, seat)
    t = s.turn
    if now is None or t is None:
        return []
    out: list[Action] = []
    for pid in s.heroes[seat].potions:
        p = s.content.potions[pid]
        if not potion_ready(s, pid, t.drunk):
            continue
        if fits(p.timing, now) and useful(s, seat, p.effects):
            out.append(Drink(pid))
    return out


def potion_ready(s: DungeonsState, pid: str, drunk: tuple[str, ...]) -> bool:
    """Whether a filled potion may be drunk again this turn (ruling DG-R13):
    never twice a turn; with ``potion_limit=bottles`` a bottle refilled in
    the turn may be, but not one that gives actions, gathers, potions or
    skill markers back (:data:`LOOPING`: the cap that keeps a turn finite,
    a drink, a gather, Alchemy, a drink...)."""
    if pid not in drunk:
        return True
    if s.options.potion_limit != "bottles":
        return False
    return not feeds_itself(s.content.potions[pid].effects)


#: The effects that give back what a power spends (actions, gathers,
#: potions, skill markers): a power with one stays once a turn under every
#: reading, or a turn could go on without end (ruling DG-R13).
LOOPING = frozenset(
    {"extra_action", "personal_gather", "open_gather", "fill_potion", "refresh_skill"}
)


def feeds_itself(effs: tuple[Effect, ...]) -> bool:
    """Whether an effect tree gives back actions, gathers, potions or skill
    markers (:data:`LOOPING`)."""
    return any(e.kind in LOOPING for e in walk_effects(effs))


def walk_effects(effs: tuple[Effect, ...]) -> list[Effect]:
    """Every effect of a tree, its branches' included."""
    out: list[Effect] = []
    for e in effs:
        out.append(e)
        for branch in (e.then, e.otherwise, *e.options):
            out += walk_effects(branch)
    return out


def skills_of(s: DungeonsState, seat: int) -> tuple[Skill, ...]:
    """The class's skills and the common ones (Part I, Non-Action Tasks)."""
    return s.hero_class(seat).skills + s.content.common_skills


def skill_ready(s: DungeonsState, seat: int, sk: Skill) -> bool:
    """A skill marker is free, the skill has no marker (two with a skill of
    6: Addenda, Stacking Skills), not in the Village, not used up this turn
    (ruling DG-R13; with ``skill_limit=markers`` the markers alone limit it,
    a skill refreshed in the Village may be used again in the turn, unless
    it gives actions, gathers, potions or markers back: :data:`LOOPING`)."""
    h = s.heroes[seat]
    t = s.turn
    if t is None or t.seat != seat or h.space <= 0:
        return False
    if common.unlocked(s, seat) < 1:
        return False
    most = 2 if h.stat("skill") == 6 else 1
    if s.options.skill_limit == "markers" and not feeds_itself(sk.effects):
        return h.markers.count(sk.id) < most
    return h.markers.count(sk.id) < most and t.skills.count(sk.id) < most


def skill_timing(s: DungeonsState, sk: Skill) -> str:
    """When a skill may be used: its timing, but Hero Swap at any time of
    one's turn with ``hero_swap=any`` (ruling DG-R32)."""
    if s.options.hero_swap == "any" and all(e.kind == "hero_swap" for e in sk.effects):
        return "any"
    return sk.timing


def skill_uses(s: DungeonsState, seat: int) -> list[Action]:
    now = moment(s, seat)
    out: list[Action] = []
    for sk in skills_of(s, seat):
        if is_counter(sk.effects) or not skill_ready(s, seat, sk):
            continue
        if fits(skill_timing(s, sk), now) and useful(s, seat, sk.effects):
            out.append(UseSkill(sk.id))
    return out


def play(s: DungeonsState, seat: int, cid: str) -> None:
    """``seat`` plays ``cid``: it goes to the discard pile; in a fight the
    others may answer it with a cancelling card (the counter window)."""
    c = cards.card(s, cid)
    cards.spend(s, seat, cid)
    s.say("play", f"{s.name(seat)} plays {c.name}: {c.text}", seat)
    ctx = effects.Ctx(seat, c.name)
    if s.fight is not None:
        queue = counter_queue(s, seat)
        if queue:
            push(s, Counter(cid, seat, queue))
            return
    effects.run(s, c.effects, ctx)


def drink(s: DungeonsState, seat: int, pid: str) -> None:
    h = s.heroes[seat]
    t = s.turn
    assert t is not None
    p = s.content.potions[pid]
    s.heroes[seat] = replace(h, potions=tuple(x for x in h.potions if x != pid))
    s.turn = replace(t, drunk=(*t.drunk, pid))
    s.say("potion", f"{s.name(seat)} drinks {p.name}: {p.text}", seat)
    effects.run(s, p.effects, effects.Ctx(seat, p.name))


def use_skill(s: DungeonsState, seat: int, sid: str) -> None:
    sk = s.index.skills[sid]
    h = s.heroes[seat]
    t = s.turn
    assert t is not None
    s.heroes[seat] = replace(h, markers=(*h.markers, sid))
    s.turn = replace(t, skills=(*t.skills, sid))
    s.say("skill", f"{s.name(seat)} uses {sk.name}: {sk.text}", seat)
    effects.run(s, sk.effects, effects.Ctx(seat, sk.name))


# -- the counter window ------------------------------------------------------------------------


def counters(s: DungeonsState, seat: int) -> list[Action]:
    """What ``seat`` may cancel a card with: a red cancelling card out of
    his turn; a green one or a cancelling skill in it."""
    active = s.active
    ix = s.index
    out: list[Action] = []
    for cid in dict.fromkeys(cards.hand(s, seat)):
        if cid in ix.counters and (seat == active) != (cid in ix.red):
            out.append(Play(cid))
    if seat == active:
        for sk in skills_of(s, seat):
            if is_counter(sk.effects) and skill_ready(s, seat, sk):
                out.append(UseSkill(sk.id))
    return out


def counter_queue(s: DungeonsState, seat: int) -> tuple[int, ...]:
    """The players asked whether they cancel ``seat``'s card, in turn order
    after him: each who could, as every player sees it (:func:`asked_to_counter`);
    nobody once the hero has rolled (Part II, Specialty Hides, step 6: after
    the roll the round is the hero's alone; ruling DG-R39)."""
    if rolled(s):
        return ()
    n = s.num_players
    order = [(seat + k) % n for k in range(1, n)]
    # Part III, Alliance: no one cancels his own teammate's card (DG-R81).
    return tuple(q for q in order if s.teams[q] != s.teams[seat] and asked_to_counter(s, q))


def rolled(s: DungeonsState) -> bool:
    """Whether the round under way has been rolled (step 5 is behind it)."""
    f = s.fight
    return f is not None and (bool(f.dice) or f.stage == "improve")


def asked_to_counter(s: DungeonsState, seat: int) -> bool:
    """Whether ``seat`` is asked at the counter window (ruling DG-R4),
    whatever he holds: out of his turn when the content prints a red
    cancelling card and he holds a Heroic Quest card; in it when a
    cancelling skill of his is ready, or the content prints a green
    cancelling card of a deck he holds a card of."""
    ix = s.index
    h = s.heroes[seat]
    if seat != s.active:
        return bool(h.quests) and any(c in ix.red for c in ix.counters)
    if any(is_counter(sk.effects) and skill_ready(s, seat, sk) for sk in skills_of(s, seat)):
        return True
    green = [c for c in ix.counters if c not in ix.red]
    return any((h.advantage if c in ix.advantages else h.quests) for c in green)


@dataclass(frozen=True, slots=True)
class Counter(Decision):
    """A card played in a fight may be cancelled: ``queue[0]`` plays a
    cancelling card (or skill), or passes; if all pass, the card acts."""

    card: str
    user: int
    queue: tuple[int, ...]

    @property
    def player(self) -> int:
        return self.queue[0]

    def legal(self, s: DungeonsState) -> list[Action]:
        return [*counters(s, self.queue[0]), PASS]

    def prompt(self, s: DungeonsState) -> str:
        return f"cancel {cards.card_name(s, self.card)}, or pass"

    def answer(self, s: DungeonsState, action: Action) -> None:
        q = self.queue[0]
        c = cards.card(s, self.card)
        if isinstance(action, Play):
            by = cards.card(s, action.card)
            cards.spend(s, q, action.card)
            s.say("cancel", f"{s.name(q)} plays {by.name}: {c.name} has no effect.", q)
            return
        if isinstance(action, UseSkill):
            sk = s.index.skills[action.skill]
            h = s.heroes[q]
            t = s.turn
            assert t is not None
            s.heroes[q] = replace(h, markers=(*h.markers, sk.id))
            s.turn = replace(t, skills=(*t.skills, sk.id))
            s.say("cancel", f"{s.name(q)} uses {sk.name}: {c.name} has no effect.", q)
            return
        rest = self.queue[1:]
        if rest:
            push(s, Counter(self.card, self.user, rest))
        else:
            effects.run(s, c.effects, effects.Ctx(self.user, c.name))


# -- the collective GM's windows ---------------------------------------------------------------


#: The timings of the red cards each window takes (ruling DG-R4): ``before``
#: a round's roll and (option ``red_cards=turn``) ``turn``, the windows of an
#: opponent's turn outside fights. There is no window after the roll: at step
#: 6 only the hero acts (Part II, Specialty Hides; ruling DG-R39).
WINDOW_TIMINGS = {"before": ("combat", "any"), "turn": ("any",)}


def red_plays(s: DungeonsState, seat: int, phase: str) -> list[Action]:
    """The red cards ``seat`` may play in the window ``phase`` (see
    :data:`WINDOW_TIMINGS`)."""
    out: list[Action] = []
    ix = s.index
    timings = WINDOW_TIMINGS[phase]
    for cid in dict.fromkeys(s.heroes[seat].quests):
        if cid not in ix.red or cid in ix.counters:
            continue
        c = ix.quests[cid]
        if c.timing in timings and useful(s, seat, c.effects, window=phase):
            out.append(Play(cid))
    # Part III, Alliance: the foe Alliance cards, as red cards (DG-R81).
    for cid in dict.fromkeys(s.heroes[seat].allies):
        x = ix.alliances[cid]
        if x.side == "foe" and x.timing in timings and useful(s, seat, x.effects, window=phase):
            out.append(Play(cid))
    return out


def window_open(s: DungeonsState, phase: str) -> bool:
    """Whether the opponents' window opens for this round: never on a
    Guardian or a Cash Cube (rulings DG-R4, DG-C20; with
    ``guarded_window=open`` it opens there too, and only the red cards that
    are not buffs or extra HP would do anything: :func:`useful`), never
    after the roll (ruling DG-R39). The ``turn`` window opens only
    with ``red_cards=turn`` (DG-R4's other reading), outside a fight, while
    the active hero lives."""
    f = s.fight
    if phase == "turn":
        t = s.turn
        return (
            s.options.red_cards == "turn"
            and f is None
            and t is not None
            and not s.heroes[t.seat].dead
        )
    if f is None:
        return False
    e = s.find_enemy(f.enemy)
    if e is None:
        return False
    if s.monster(e.kind) is None and s.options.guarded_window == "closed":
        return False
    return not rolled(s)


@dataclass(frozen=True, slots=True)
class OpenWindow(Step):
    """Open the opponents' window ``phase`` (``before`` the hero transforms
    and picks his weapon, or ``turn``: at the start of his turn and after
    each of his actions, with ``red_cards=turn``). No window opens after the
    hero's roll (Part II, Specialty Hides, step 6; ruling DG-R39): asked for
    one, the engine refuses."""

    phase: str

    def __post_init__(self) -> None:
        if self.phase not in WINDOW_TIMINGS:
            raise ValueError(
                f"no opponents' window {self.phase!r}: after the hero's roll only he acts "
                "(Part II, Specialty Hides, step 6; ruling DG-R39)"
            )

    def run(self, s: DungeonsState) -> None:
        if not window_open(s, self.phase) or s.active is None:
            return
        order = s.opponents(s.active)
        next_asked(s, self.phase, order, 0, 0)


def next_asked(s: DungeonsState, phase: str, order: tuple[int, ...], at: int, passes: int) -> None:
    """Ask the next opponent who could play a red card here, whatever he
    holds (:func:`asked_to_red`); one who could not (no Heroic Quest card,
    or no card printed would do anything now) passes without being asked;
    the window closes when all have passed in a row (ruling DG-R4)."""
    while passes < len(order):
        seat = order[at % len(order)]
        if asked_to_red(s, seat, phase):
            push(s, Window(phase, order, at % len(order), passes))
            return
        passes += 1
        at += 1


def asked_to_red(s: DungeonsState, seat: int, phase: str) -> bool:
    """Whether ``seat`` is asked at the collective GM's window ``phase``
    (ruling DG-R4), on what every player sees: he holds a Heroic Quest card
    and a red card the content prints, of a timing the window takes, would
    do something now (:func:`red_plays` asks the same of his own cards)."""
    ix = s.index
    timings = WINDOW_TIMINGS[phase]
    if s.heroes[seat].allies:
        for x in s.content.alliances:
            if x.side == "foe" and x.timing in timings and useful(s, seat, x.effects, phase):
                return True
    if not s.heroes[seat].quests:
        return False
    for cid in ix.red:
        if cid in ix.counters:
            continue
        c = ix.quests[cid]
        if c.timing in timings and useful(s, seat, c.effects, window=phase):
            return True
    return False


@dataclass(frozen=True, slots=True)
class Window(Decision):
    """The collective GM's window: ``order[at]`` plays a red card or passes."""

    phase: str
    order: tuple[int, ...]
    at: int
    passes: int

    @property
    def player(self) -> int:
        return self.order[self.at]

    def legal(self, s: DungeonsState) -> list[Action]:
        return [*red_plays(s, self.player, self.phase), PASS]

    def prompt(self, s: DungeonsState) -> str:
        if self.phase == "turn":
            active = s.active
            whose = "the" if active is None else f"{s.name(active)}'s"
            return f"{whose} turn: play a red card, or pass"
        return "the GM's window before the roll: play a red card, or pass"

    def answer(self, s: DungeonsState, action: Action) -> None:
        seat = self.player
        if isinstance(action, Play):
            push(s, ResumeWindow(self.phase, self.order, self.at + 1))
            play(s, seat, action.card)
        else:
            next_asked(s, self.phase, self.order, self.at + 1, self.passes + 1)


@dataclass(frozen=True, slots=True)
class ResumeWindow(Step):
    """After a red card, the window goes on from the next opponent (all
    must pass again in a row), unless the round ended."""

    phase: str
    order: tuple[int, ...]
    at: int

    def run(self, s: DungeonsState) -> None:
        if window_open(s, self.phase):
            next_asked(s, self.phase, self.order, self.at, 0)


def enemy_words(s: DungeonsState, uid: int) -> str:
    e = s.find_enemy(uid)
    return "an enemy" if e is None else board.enemy_name(s, e)
