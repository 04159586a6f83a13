"""D6's own agent: ``heuristic``, a bounty hunter's rules of thumb, no look-ahead.

Every decision of the game has an answer (:class:`HeuristicAgent`); each
legal action gets a score in one currency (coins; a glory point is worth
``glory`` coins) and the best is taken:

* **setup**: the class whose +1 stat and skills are worth most (strength
  and stealth first); the gather board whose potions and specialty hides
  are worth most; the environment pieces on the spaces farthest from the
  Village (the monsters there are met later, if at all); each stat roll on
  the stat that is best in expectation over the rolls still to come (an
  exact little dynamic programme over the empty stats: strength and stealth
  high, a 6 on strength for the ties).
* **the turn** (its three actions): it picks a goal by value per action: a
  face-up bounty whose monster stands in its space (a fight, which costs no
  action) or can be hunted there (each hunt draws the bounty's class with
  the bag's odds), a beatable monster or a Guardian worth glory anywhere,
  the Village when the backpack is full (while the season leaves time to
  fill it again) or the hero is low, or a gather where it stands. It does
  not hurry home at the season's end: bounties in the backpack count as
  dropped-off ones do (ruling DG-R25). It walks (or rides, when a coin
  saves an action) the shortest way there, hunts at the bounty's space, and
  gathers when nothing is worth more. Acting in a space with enemies costs the chance of a failed
  stealth check times what the fight with all of them would cost; ending
  the turn beside enemies costs what the engagement next turn would cost.
  Resting early forfeits the two Heroic Quest cards, so it rests when the
  actions are spent or staying put is too dangerous.
* **fighting**: it fights (a fight is no action) what it can beat: the
  value of a whole engagement (the chance to deal the enemy's HP before
  losing its own, a round at a time) against the coins, bounty, hide or
  trophy the kill brings, less the HP and the risk of death; it stealths
  past the rest. Engaged, it fights the best of its foes first, and
  escapes only a hopeless fight. Before the roll it turns in three
  specialty hides to transform a monster for a bounty of another class in
  its space (or to tame one it cannot beat), and picks the weapon of the
  best expected value (a card spent only where the round is worth it;
  Holy Water against the Undead when affordable; Dual Wield pairs).
  After the roll, when losing, it plays the cheapest card, potion or skill
  that wins (a buff that covers the deficit, a reroll, a doubling), buys
  Dogmud when the reroll's chance to turn the loss is worth the coins, and
  before a lethal loss it wards it off or escapes (Wingso Flightamous to
  the Village, a card or skill that disengages, Hero Swap, chibbing out
  last).
* **the opponents' windows** (red cards): a buff or extra HP on the monster
  when the drop in the hero's chance to win times the stake (his bounty,
  more when he leads) is worth the card; stealing coins and costing an
  action when the hero leads or close to it; cancelling a card played before
  the roll that would win the round (no opponent acts after it: DG-R39).
* **cards, potions, skills, purchases**: coins, draws, heals, potions
  filled and extra actions when they are worth something now (extra actions
  when the turn's actions are spent and something is worth doing); a
  stealth card before acting among enemies it would rather not fight; an
  Advantage card bought when coins are plentiful; the Cash Cube hired onto
  the space of the leading rival out on the map; in the Village, Training
  Camp (strength to 6 first), the Fountain of You when a stat is low, a
  refresh of skill markers.
* **gathers and the rest**: Wild takes what it needs most; Alchemy fills
  the potion worth most now; at the hand limit the least useful card goes;
  a GM event's choice is valued effect by effect; a player to target is
  the leading rival for harm; the stat the poison takes is the least
  useful; the Fountain raises the stat that gains most.

It sees only what its player may see: its own hand, and the public table
(every hero's boards, coins, stats and glory, the enemies, the bag's
tokens, which are public since every token out of it is in sight, the
face-up bounties, the round). It reads them from the state, but never
another player's hand (only how many cards he holds) nor the decks'
order; where a rival's weapon would matter, it assumes his natural die.

The knobs, each settable in the agent spec (``heuristic:glory=20``), are
:class:`Knobs`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache

import numpy as np

from saloon.core.action import Action
from saloon.core.agent import Agent, parse_knobs
from saloon.core.game import AgentFactory, Game
from saloon.core.state import State
from saloon.games.dungeons import actions as a
from saloon.games.dungeons.content import (
    MONSTER_CLASSES,
    VILLAGE,
    AdvantageCard,
    GameMap,
    QuestCard,
)
from saloon.games.dungeons.effects import KINDS, STATS, Effect
from saloon.games.dungeons.rules import (
    board,
    cards,
    combat,
    common,
    companions,
    curses,
    effects,
    gather,
    hides,
    powers,
    reroll,
    rewards,
    setup,
    stealth,
    turn,
    village,
)
from saloon.games.dungeons.rules.model import Enemy, Fight, Hero, Weapon
from saloon.games.dungeons.rules.state import DungeonsState

#: Hide Collection (Part III), in glory points' worth: a hide the board
#: lacks; a bounty that fits a kill (a turn once dropped off); a bounty
#: carried, dropped off in the Village.
HIDE_SHARE = 0.6
BOUNTY_SHARE = 0.35
TURN_SHARE = 0.4


@dataclass(frozen=True)
class Knobs:
    """The heuristic's weights and thresholds (``heuristic:key=value``).

    Values are in coins: ``glory``: a glory point; ``hp``: an HP lost;
    ``death``: dying (the turn, the hides and Heroic Quest cards go too);
    ``stat``: a stat point lost to poison; ``card``: a card in hand;
    ``chib``: chibbing out (a D4 and no Advantage cards until Acupunch);
    ``hide``: a specialty hide (a wild one counts a third).
    ``reserve``: coins kept for Dogmud and Holy Water before buying
    anything else; ``dogmud``: the least chance a reroll must have of
    turning a lost round; ``fight``: the least value of an engagement for
    a fight nobody forces; ``hunt``: the value of a hunt is multiplied by it;
    ``buff``: the least value (stake times the drop in the hero's chance)
    for a red card in an opponent's fight; ``cube``: the least coins held
    before hiring the Cash Cube; ``jitter``: random noise added to every
    score (0: deterministic).
    """

    glory: float = 48.0
    hp: float = 2.5
    death: float = 10.0
    stat: float = 1.5
    card: float = 1.5
    chib: float = 9.0
    hide: float = 1.2
    reserve: int = 2
    dogmud: float = 0.3
    fight: float = 0.5
    hunt: float = 1.0
    buff: float = 0.6
    cube: int = 6
    jitter: float = 0.0


def _dungeons(state: State) -> DungeonsState:
    if not isinstance(state, DungeonsState):
        raise TypeError(f"a D6 state is needed, not {type(state).__name__}")
    return state


# -- the odds of a round of combat ---------------------------------------------------------


@cache
def die_dist(sides: int, critical: bool = False) -> tuple[float, ...]:
    """The chances of each total of one die (the index is the total),
    doubled with Critical (Part II, The Cards, Advantage Cards: one roll,
    doubled).

    >>> die_dist(4)
    (0.0, 0.25, 0.25, 0.25, 0.25)
    >>> [t for t, p in enumerate(die_dist(4, critical=True)) if p]
    [2, 4, 6, 8]
    """
    step = 2 if critical else 1
    out = [0.0] * (sides * step + 1)
    for face in range(1, sides + 1):
        out[face * step] += 1.0 / sides
    return tuple(out)


def add_dists(a: Sequence[float], b: Sequence[float]) -> tuple[float, ...]:
    """The chances of the sum of two independent totals (Dual Wield).

    >>> add_dists((0.0, 0.5, 0.5), (0.0, 0.5, 0.5))
    (0.0, 0.0, 0.25, 0.5, 0.25)
    """
    out = [0.0] * (len(a) + len(b) - 1)
    for x, pa in enumerate(a):
        if pa:
            for y, pb in enumerate(b):
                out[x + y] += pa * pb
    return tuple(out)


def shifted(dist: Sequence[float], by: int) -> tuple[float, ...]:
    """A total plus a fixed ``by`` (never below 0).

    >>> shifted((0.0, 0.5, 0.5), 2)
    (0.0, 0.0, 0.0, 0.5, 0.5)
    """
    if by >= 0:
        return (0.0,) * by + tuple(dist)
    out = [0.0] * max(1, len(dist) + by)
    for t, p in enumerate(dist):
        out[max(0, t + by)] += p
    return tuple(out)


def fixed(total: int) -> tuple[float, ...]:
    """A total that is certain (a Plant of Eden's attack, a rolled die).

    >>> fixed(2)
    (0.0, 0.0, 1.0)
    """
    out = [0.0] * (max(total, 0) + 1)
    out[max(total, 0)] = 1.0
    return tuple(out)


def beat_chance(hero: Sequence[float], enemy: Sequence[float], ties: bool = False) -> float:
    """The chance that a hero total drawn from ``hero`` beats an enemy total
    drawn from ``enemy``; a tie is the hero's only with ``ties`` (strength
    6: Part I, Enemy Engagement).

    >>> round(beat_chance(die_dist(6), die_dist(6)), 4)
    0.4167
    >>> round(beat_chance(die_dist(6), die_dist(6), ties=True), 4)
    0.5833
    >>> beat_chance(die_dist(6), fixed(6))
    0.0
    """
    below = [0.0] * (len(enemy) + 1)  # below[t]: the chance the enemy is under t
    acc = 0.0
    for t, p in enumerate(enemy):
        below[t] = acc
        acc += p
    below[len(enemy)] = acc
    top = len(enemy)
    total = 0.0
    for h, p in enumerate(hero):
        if p:
            total += p * below[min(h + 1 if ties else h, top)]
    return total


def hero_dist(weapons: Sequence[Weapon]) -> tuple[float, ...]:
    """The hero's total before buffs: each weapon's dice (Critical doubles
    them), the two weapons of a Dual Wield added (Part II, Advantage Cards).

    >>> round(sum(t * p for t, p in enumerate(hero_dist([Weapon("x", 8, 1, frozenset())]))), 2)
    4.5
    """
    return _hero_dist(tuple(weapons))


@cache
def _hero_dist(weapons: tuple[Weapon, ...]) -> tuple[float, ...]:
    dist: tuple[float, ...] = (1.0,)
    for w in weapons:
        for _ in range(w.dice):
            dist = add_dists(dist, die_dist(w.die, "critical" in w.flags))
    return dist


@lru_cache(maxsize=1 << 16)
def odds(weapons: tuple[Weapon, ...], die: int, bonus: int, ties: bool) -> float:
    """The chance ``weapons`` beat an enemy rolling a D``die`` (0: no roll)
    plus ``bonus`` (kept: a game asks the same few questions again and
    again).

    >>> round(odds((Weapon("natural", 6),), 6, 1, False), 4)
    0.2778
    """
    enemy = shifted(die_dist(die) if die else fixed(0), bonus)
    return beat_chance(hero_dist(weapons), enemy, ties)


@lru_cache(maxsize=1 << 16)
def engagement(p_first: float, p_rest: float, hero_hp: int, enemy_hp: int) -> tuple[float, float]:
    """An engagement fought to its end (Part I, Enemy Engagement: engaged
    until one side falls): the hero wins the first round with ``p_first``
    and each later one with ``p_rest``; he falls after ``hero_hp`` lost
    rounds, the enemy after ``enemy_hp`` won ones. Returns the chance he
    kills it and the rounds he is expected to lose.

    >>> engagement(0.5, 0.5, 1, 1)
    (0.5, 0.5)
    >>> engagement(0.5, 0.5, 3, 1)[0]
    0.875
    >>> round(engagement(0.5, 0.5, 2, 2)[0], 4)
    0.5
    """
    if enemy_hp <= 0:
        return 1.0, 0.0
    if hero_hp <= 0:
        return 0.0, 0.0
    kill = 0.0
    losses = 0.0
    layer = {(0, 0): 1.0}
    while layer:
        nxt: dict[tuple[int, int], float] = {}
        for (w, lost), pr in layer.items():
            p = p_first if w + lost == 0 else p_rest
            if p > 0:
                if w + 1 >= enemy_hp:
                    kill += pr * p
                    losses += pr * p * lost
                else:
                    nxt[(w + 1, lost)] = nxt.get((w + 1, lost), 0.0) + pr * p
            if p < 1:
                if lost + 1 >= hero_hp:
                    losses += pr * (1 - p) * (lost + 1)
                else:
                    nxt[(w, lost + 1)] = nxt.get((w, lost + 1), 0.0) + pr * (1 - p)
        layer = nxt
    return kill, losses


def stealth_chance(die: int, stat: int, edge: int = 0) -> float:
    """The chance a stealth roll of a D``die`` (plus ``edge``: fog +1, a
    card's bonus -k) comes in strictly under ``stat`` (Part I, On Stealth).

    >>> stealth_chance(6, 4), stealth_chance(4, 4), stealth_chance(6, 4, -2)
    (0.5, 0.75, 0.8333333333333334)
    """
    return sum(1 for r in range(1, die + 1) if r + edge < stat) / die


def probe_roll(st: DungeonsState, kind: str, space: int, on_board: bool = False) -> tuple[int, int]:
    """The die and the bonus an enemy of ``kind`` would roll in ``space``
    if it were drawn there now (a hunt; ``on_board``: it is there already):
    the rules of :func:`~saloon.games.dungeons.rules.combat.enemy_parts`,
    without buffs (Part I, Know Thine Enemy; Enemy Engagement: a Plant of
    Eden's attack is 3, +1 for every other Plant on the board)."""
    m = st.monster(kind)
    moon = "hunters_moon" in st.flags
    if m is not None:
        bonus = 1 if m.environment and m.environment in board.pieces_in(st, space) else 0
        bonus += sum(k for _, k in curses.monster_parts(st, m, space))  # Buff the Beastie
        bonus += 2 * moon + ("bloodlust" in st.flags) + st.monster_bonus
        return m.die, bonus
    g = st.guardian(kind)
    bonus = 2 if moon and st.options.house("overzealous_moon") else 0
    if g is None:
        return st.content.prices.cash_cube_die, bonus
    if g.kind == "plant":
        return 0, bonus + g.attack + board.plants_on_board(st) - on_board
    return g.die, bonus


# -- the map -------------------------------------------------------------------------------

_DISTANCES: dict[int, tuple[GameMap, dict[int, dict[int, int]]]] = {}


def distances(gmap: GameMap) -> dict[int, dict[int, int]]:
    """Moves from every space to every space it can reach along the arrows
    (Part II, The Maps, Spaces), by breadth-first search; kept per map."""
    got = _DISTANCES.get(id(gmap))
    if got is not None and got[0] is gmap:
        return got[1]
    exits = {sp.number: sp.exits for sp in gmap.spaces}
    table: dict[int, dict[int, int]] = {}
    for start in exits:
        seen = {start: 0}
        todo = deque([start])
        while todo:
            here = todo.popleft()
            for nxt in exits.get(here, ()):
                if nxt not in seen and nxt in exits:
                    seen[nxt] = seen[here] + 1
                    todo.append(nxt)
        table[start] = seen
    if len(_DISTANCES) > 16:
        _DISTANCES.clear()
    _DISTANCES[id(gmap)] = (gmap, table)
    return table


# -- stats at setup ------------------------------------------------------------------------

#: How much a stat point above 3 is worth, by stat (strength: ties at 6 and
#: the hand limit; stealth: the checks; skill: markers; wits: a few checks).
STAT_WEIGHTS: dict[str, float] = {"strength": 1.0, "stealth": 0.9, "wits": 0.25, "skill": 0.55}
#: What a strength of 6 adds for winning ties (Part I, Enemy Engagement).
TIES_BONUS = 1.2
#: Coins a unit of :func:`stat_worth` is worth (a Training Camp's +1 to
#: strength costs 2: Part II, The Village).
STAT_COINS = 2.0


def stat_worth(stat: str, value: int) -> float:
    """The worth of ``value`` on ``stat`` (3 is worth nothing).

    >>> stat_worth("strength", 6) > stat_worth("stealth", 6) > stat_worth("wits", 6)
    True
    """
    v = STAT_WEIGHTS[stat] * (value - 3)
    if stat == "strength" and value >= 6:
        v += TIES_BONUS
    return v


@cache
def _future_stats(empty: frozenset[str], bonus_stat: str) -> float:
    """The expected worth of the stats in ``empty`` when each of the rolls
    still to come (one a stat) goes where it is best."""
    if not empty:
        return 0.0
    total = 0.0
    for roll in range(1, 7):
        total += max(
            stat_worth(st, setup.stat_value(roll, st, bonus_stat))
            + _future_stats(empty - {st}, bonus_stat)
            for st in empty
        )
    return total / 6


def stat_for_roll(roll: int, empty: Sequence[str], bonus_stat: str) -> dict[str, float]:
    """Each empty stat's value if the roll goes there (Part I, Roll for
    Stats: every roll placed before the next), counting the best use of
    the rolls to come.

    >>> best = stat_for_roll(6, ["strength", "stealth", "wits", "skill"], "skill")
    >>> max(best, key=best.__getitem__)
    'strength'
    >>> low = stat_for_roll(1, ["strength", "stealth", "wits", "skill"], "skill")
    >>> max(low, key=low.__getitem__)
    'wits'
    """
    left = frozenset(empty)
    return {
        st: stat_worth(st, setup.stat_value(roll, st, bonus_stat))
        + _future_stats(left - {st}, bonus_stat)
        for st in empty
    }


# -- what effects are worth ----------------------------------------------------------------

#: A weapon card's worth by its die (an Advantage card is 2 coins).
WEAPON_WORTH: dict[int, float] = {4: 0.3, 6: 0.8, 8: 1.8, 10: 2.5, 12: 3.2, 20: 4.2}
#: The harmful kinds: they help the user when they reach someone else.
HARMFUL = frozenset(
    (
        "lose_coins",
        "lose_hp",
        "lose_action",
        "discard_random",
        "lose_hides",
        "empty_potion",
        "chib",
        "send",
    )
)
#: A rough worth of one effect of each kind for its user (before the
#: target's sign), used to keep or discard cards and to weigh a choice.
KIND_WORTH: dict[str, float] = {
    "hero_buff": 0.9,
    "reroll": 1.3,
    "double": 2.2,
    "ward": 1.6,
    "win_ties": 0.8,
    "disengage": 2.0,
    "hero_swap": 1.6,
    "transform": 2.5,
    "monster_buff": 0.8,
    "monster_hp": 1.2,
    "monster_reroll": 1.1,
    "cancel_card": 1.0,
    "extra_action": 2.2,
    "lose_action": 1.2,
    "stealth_bonus": 0.3,
    "auto_stealth": 1.2,
    "free_move": 1.8,
    "send": 0.8,
    "unchib": 1.0,
    "chib": 3.0,
    "gain_coins": 1.0,
    "lose_coins": 1.0,
    "steal_coins": 1.6,
    "heal": 1.6,
    "lose_hp": 2.5,
    "stat_change": 1.5,
    "draw_advantage": 2.2,
    "draw_quest": 1.5,
    "discard_random": 1.4,
    "fill_potion": 1.5,
    "empty_potion": 1.5,
    "refresh_skill": 1.0,
    "personal_gather": 2.0,
    "open_gather": 1.0,
    "lose_hides": 1.5,
    "spawn": 0.3,
    "remove_enemy": 1.0,
    "move_enemy": 1.0,
    "buff_all": -0.5,
    "hp_all": -0.5,
    "new_bounties": 0.0,
    "round_rule": 0.0,
    "nothing": 0.0,
}
#: The kinds whose worth grows with ``amount``.
BY_AMOUNT = frozenset(
    (
        "hero_buff",
        "monster_buff",
        "monster_hp",
        "extra_action",
        "lose_action",
        "stealth_bonus",
        "gain_coins",
        "lose_coins",
        "steal_coins",
        "heal",
        "lose_hp",
        "stat_change",
        "draw_advantage",
        "draw_quest",
        "discard_random",
        "refresh_skill",
        "spawn",
        "buff_all",
        "hp_all",
    )
)


def effects_worth(effs: Sequence[Effect], rivals: float = 1.0) -> float:
    """What ``effs`` are worth to the one who uses them (or, in a GM
    event's branch, the one the branch is for): each kind's rough worth,
    by its amount; harm to others counts for the user (``rivals`` scales
    what reaches others); a choice is its best option, a roll its average
    option, a check half of each branch.

    >>> effects_worth([Effect("gain_coins", amount=2)])
    2.0
    >>> effects_worth([Effect("lose_coins", amount=2)])
    -2.0
    >>> effects_worth([Effect("lose_coins", amount=2, target="each")])  # the rivals pay too
    -1.0
    >>> effects_worth([Effect("lose_action", amount=1, target="active")])
    1.2
    """
    total = 0.0
    for e in effs:
        k = e.kind
        if k == "weapon":
            v = WEAPON_WORTH.get(e.die, 2.0) * e.dice
            v += 0.8 * ("ranged" in e.flags) + 1.2 * ("critical" in e.flags)
            v += 0.8 * ("dual_wield" in e.flags)
            total += v
            continue
        if k == "choice":
            total += max((effects_worth(o, rivals) for o in e.options), default=0.0)
            continue
        if k == "roll":
            if e.options:
                faces = e.die or len(e.options)
                total += (
                    sum(effects_worth(e.options[f % len(e.options)], rivals) for f in range(faces))
                    / faces
                )
            continue
        if k == "stat_check":
            total += 0.5 * effects_worth(e.then, rivals) + 0.5 * effects_worth(e.otherwise, rivals)
            continue
        v = KIND_WORTH.get(k, 0.0)
        if k in BY_AMOUNT and e.amount:
            v *= abs(e.amount)
        if "target" not in KINDS[k].params:
            total += v  # it reaches the user (or the fight he is in)
            continue
        harm = is_harm(e)
        tgt = e.target
        if tgt == "self":
            total += -v if harm else v
        elif tgt == "each":
            total += -0.5 * v if harm else 0.5 * v
        elif tgt in ("others", "active", "chosen"):
            total += v * rivals if harm or k == "steal_coins" else 0.0
        else:  # the leader or the trailer: someone, maybe the user
            total += 0.3 * v * rivals if harm else 0.0
    return total


def is_harm(e: Effect) -> bool:
    """Whether an effect hurts the player it reaches.

    >>> is_harm(Effect("lose_hp", amount=1)), is_harm(Effect("stat_change", amount=1, stat="wits"))
    (True, False)
    """
    return e.kind in HARMFUL or (e.kind == "stat_change" and e.amount < 0)


def card_worth(card: AdvantageCard | QuestCard) -> float:
    """A card's rough worth in hand (for a discard at the hand limit).

    >>> from saloon.games.dungeons.content import load_content
    >>> c = load_content()
    >>> card_worth(c.advantage("greatsword")) > card_worth(c.advantage("short-sword"))
    True
    """
    return effects_worth(card.effects)


# -- what the agent's player sees, read once a decision ------------------------------------


class _Eye:
    """The table as seen for ``me``, with the numbers a decision reads:
    distances, the enemies' odds, what a kill is worth. ``own``: ``me`` is
    the deciding player, whose hand is known; an eye for a rival (his stake
    in a fight, where he is best sent) knows only his public boards and
    assumes his natural die."""

    def __init__(self, st: DungeonsState, me: int, knobs: Knobs, own: bool = True) -> None:
        self.st = st
        self.me = me
        self.own = own
        self.k = knobs
        self.hero: Hero = st.heroes[me]
        self.dist = distances(st.map)
        self.prices = st.content.prices
        self._ev: dict[tuple[int, str], float] = {}
        self._odds: dict[int, float] = {}
        self._hunts: dict[int, float] = {}
        self._probes: dict[tuple[str, int, int], tuple[float, float, float]] = {}
        self._targets: list[tuple[int, float, int]] | None = None
        self._weapon: list[Weapon] | None = None
        self._natural: Weapon | None = None

    # -- the table ----------------------------------------------------------------------

    def d(self, a_: int, b: int) -> int:
        """Moves from ``a_`` to ``b`` (99: unreachable)."""
        return self.dist.get(a_, {}).get(b, 99)

    def hostile(self, space: int) -> list[Enemy]:
        if space <= 0:
            return []
        return board.hostile_in(self.st, self.me, space)

    def glory(self, seat: int) -> int:
        return common.glory(self.st, seat)

    def lead(self, seat: int) -> float:
        """How much harm to ``seat`` is worth to me: 1 for the leader (or
        tied), less for those behind; with two players always 1."""
        st = self.st
        if st.teams[seat] == st.teams[self.me] and seat != self.me:
            # Part III, Alliance: my teammate's loss is mine.
            return -1.0
        if st.num_players == 2:
            return 1.0
        g = [
            self.glory(p) + 0.05 * st.heroes[p].coins for p in range(st.num_players) if p != self.me
        ]
        mine = self.glory(self.me)
        theirs = self.glory(seat) + 0.05 * st.heroes[seat].coins
        top = max(g)
        v = 1.0 if theirs >= top else 0.5
        if self.glory(seat) >= mine:
            v += 0.2
        return v

    def rivals_by_lead(self) -> list[int]:
        st = self.st
        others = [p for p in range(st.num_players) if p != self.me]
        return sorted(others, key=lambda p: (-self.glory(p), -st.heroes[p].coins, p))

    def coin_worth(self) -> float:
        """A coin is worth less near the cap (ruling DG-R3: beyond it, lost)."""
        return 0.6 if self.hero.coins >= 8 else 1.0

    def spend(self, cost: int) -> float:
        """What paying ``cost`` coins gives up: their worth, more for those
        below the reserve kept for Dogmud and Holy Water."""
        h = self.hero
        above = max(0, min(cost, h.coins - self.k.reserve))
        return above * self.coin_worth() + (cost - above) * 1.8

    def coins_gained(self, amount: int) -> float:
        return max(0, min(amount, self.prices.coin_cap - self.hero.coins)) * self.coin_worth()

    def hand_room(self) -> int:
        return common.hand_limit(self.st, self.me) - self.hero.hand_size

    def actions_left_in_game(self) -> int:
        """The actions of this turn and of the turns still to come."""
        st = self.st
        t = st.turn
        now = t.actions if t is not None and t.seat == self.me else 0
        if st.options.hides:
            # Part III: the dial's turns left, mine among them (seat order).
            mine = sum(
                1
                for d in range(st.round + 1, st.max_turns + 1)
                if hides.turn_seat(st, d) == self.me
            )
            return now + 3 * mine
        future = st.options.rounds - st.round
        if t is not None and t.seat < self.me:
            future += 1
        return now + 3 * max(0, future)

    def last_turn(self) -> bool:
        st = self.st
        if st.options.hides:
            return st.round >= st.max_turns and st.active == self.me
        return st.round >= st.options.rounds and st.active == self.me

    # -- fights ---------------------------------------------------------------------------

    def ties(self) -> bool:
        f = self.st.fight
        return self.hero.stat("strength") == 6 or (f is not None and f.win_ties)

    def natural(self) -> Weapon:
        """The hero's own die (the chib's in chib form)."""
        if self._natural is None:
            self._natural = Weapon("natural", stealth.natural_die(self.st, self.me))
        return self._natural

    def enemy_roll(self, e: Enemy) -> tuple[int, int]:
        """The die ``e`` rolls in a round not yet rolled and what is added to
        it: the engine's own parts (the environment, the Moon, the round's
        bonus, buffs; a Plant's fixed attack; a transformation's bare D6)."""
        st = self.st
        f = st.fight
        transformed = f.transformed if f is not None and f.enemy == e.uid else ""
        probe = Fight(enemy=e.uid, transformed=transformed)
        die = combat.enemy_die(st, probe)
        return die, sum(v for _, v in combat.enemy_parts(st, probe))

    def enemy_dist(self, e: Enemy, extra: int = 0) -> tuple[float, ...]:
        """The enemy's combat total in a round not yet rolled."""
        die, bonus = self.enemy_roll(e)
        return shifted(die_dist(die) if die else fixed(0), bonus + extra)

    def round_odds(self, e: Enemy, weapons: Sequence[Weapon] = (), extra: int = 0) -> float:
        """The chance to win a round against ``e`` with ``weapons`` (the
        natural die when none)."""
        die, bonus = self.enemy_roll(e)
        return odds(tuple(weapons) or (self.natural(),), die, bonus + extra, self.ties())

    def best_card_weapon(self) -> list[Weapon]:
        """The weapon of the best expected roll in hand (none in chib form)."""
        if self._weapon is not None:
            return self._weapon
        if not self.own:
            self._weapon = []
            return self._weapon
        st = self.st
        best: list[Weapon] = []
        best_mean = 3.5 if not self.hero.chib else 0.0
        for cid in combat.weapon_cards(st, self.me):
            w = combat.weapon_of(st, self.me, cid)
            ws = [w, self.natural()] if "dual_wield" in w.flags else [w]
            mean = sum(t * p for t, p in enumerate(hero_dist(ws)))
            if mean > best_mean:
                best, best_mean = ws, mean
        self._weapon = best
        return best

    def p_win(self, e: Enemy) -> float:
        """This hero's chance to win the first round against ``e`` with his
        best weapon (cached)."""
        got = self._odds.get(e.uid)
        if got is None:
            ws = self.best_card_weapon()
            got = max(self.round_odds(e), self.round_odds(e, ws) if ws else 0.0)
            if self.holy_water_for(e):
                holy = Weapon("holy-water", self.prices.holy_water_die)
                got = max(got, self.round_odds(e, [holy]))
            self._odds[e.uid] = got
        return got

    def holy_water_for(self, e: Enemy) -> bool:
        """Whether Holy Water can be bought against ``e`` (Addenda, Village
        Signs: an Undead monster, the coins; not for a chib)."""
        m = self.st.monster(e.kind)
        return (
            m is not None
            and m.monster_class == "undead"
            and not self.hero.chib
            and self.hero.coins >= self.prices.holy_water
        )

    def kill_worth(self, e: Enemy, as_class: str = "") -> float:
        """What slaying ``e`` brings me (Part I, Enemy Engagement; rulings
        DG-R5, DG-R24): two coins (not for a Cash Cube); a face-up bounty of
        its class in its space with room in the backpack; else a specialty
        hide of a free slot, else a wild hide; a Guardian's glory as a
        trophy."""
        st = self.st
        k = self.k
        if e.is_cube:
            return 1.0
        v = self.coins_gained(self.prices.kill_coins)
        g = st.guardian(e.kind)
        if st.options.hides:
            into = st.monster(as_class) if as_class else None
            if into is not None:  # turned into a specific monster (DG-R70)
                return v + self.collect_worth(into.id)
            return v + self.collect_worth(e.kind, as_class or None)
        if g is not None:
            return v + g.glory * k.glory
        m = st.monster(e.kind)
        if m is None:
            return v
        cls = as_class or m.monster_class
        bounty = self.bounty_glory(cls, e.space)
        if bounty:
            return v + bounty * k.glory
        return v + self.hide_worth(cls)

    def collect_worth(self, kind: str, as_class: str | None = None) -> float:
        """Hide Collection (Part III; rulings DG-R63, DG-R64): a hide the
        board lacks (a Dragon or the Kraken: any), else a bounty that fits
        (a turn more once dropped off), else a hide of my boards; a Plant
        of Eden only its coins."""
        st = self.st
        g = st.guardian(kind)
        if g is not None:
            return HIDE_SHARE * self.k.glory if g.kind in ("dragon", "kraken") else 0.0
        m = st.monster(kind)
        if m is None:
            return 0.0
        if as_class is None and kind not in st.collection:
            return HIDE_SHARE * self.k.glory
        cls = as_class or m.monster_class
        if self.bounty_glory(cls, self.hero.space if self.hero.space > 0 else 0):
            return BOUNTY_SHARE * self.k.glory
        return self.hide_worth(cls)

    def bounty_glory(self, cls: str, space: int) -> int:
        """The most glory a face-up bounty pays for a ``cls`` slain in
        ``space`` (0: none, or the backpack is full)."""
        st = self.st
        if len(self.hero.backpack) >= rewards.BACKPACK:
            return 0
        best = 0
        for bid in st.bounties:
            b = st.index.bounties[bid]
            if b.monster_class == cls and b.space == space:
                best = max(best, b.glory)
        if st.options.hides and best:
            # Part III: a bounty is worth a turn, not glory.
            return 1 if self.actions_left_in_game() > 1 else 0
        return best

    def hide_worth(self, cls: str) -> float:
        st = self.st
        h = self.hero
        slots = st.gather_board(self.me).specialty
        if any(c == cls and not h.specialty[i] for i, c in enumerate(slots)):
            filled = sum(1 for x in h.specialty if x)
            return self.k.hide * (1.0 + 0.5 * filled)
        return self.k.hide / 3

    def loss_cost(self, e: Enemy, hp_left: int | None = None) -> float:
        """What losing a round to ``e`` costs: an HP (death on the last), or
        for a Poison monster a stat (death when every stat is 3)."""
        h = self.hero
        m = self.st.monster(e.kind)
        if m is not None and m.monster_class == "poison":
            if all(v <= common.STAT_MIN for v in h.stats):
                return self.death_cost()
            return self.k.stat
        hp = h.hp if hp_left is None else hp_left
        return self.death_cost() if hp <= 1 else self.k.hp

    def chib_cost(self) -> float:
        """What chibbing out costs: a D4 and no Advantage cards until an
        Acupunch (Part I, Chibbing Out); little with one filled, or for the
        expansion's Werewolf, whose chib rolls a D8 (Part IV)."""
        st = self.st
        t = st.turn
        drunk = t.drunk if t is not None else ()
        cure = any(
            any(e.kind == "unchib" for e in st.content.potions[p].effects)
            and powers.potion_ready(st, p, drunk)
            for p in self.hero.potions
        )
        if cure or st.hero_class(self.me).chib_die > 6:
            return 2.0
        return self.k.chib

    def death_cost(self) -> float:
        h = self.hero
        hides = sum(1 for x in h.specialty if x) + len(h.wild)
        return self.k.death + hides * self.k.hide + len(h.quests) * self.k.card

    def engage_worth(self, e: Enemy, as_class: str = "") -> float:
        """The worth of an engagement with ``e`` fought to its end: the
        chance to kill it times what the kill brings, less the rounds
        expected lost (HP, or stats to poison) and the chance of death."""
        key = (e.uid, as_class)
        got = self._ev.get(key)
        if got is not None:
            return got
        h = self.hero
        first = self.p_win(e)
        rest = self.round_odds(e)
        m = self.st.monster(e.kind)
        poison = m is not None and m.monster_class == "poison"
        hp = 6 if poison else max(1, h.hp)
        kill, losses = engagement(first, rest, hp, max(1, e.hp))
        if poison:
            cost = losses * self.k.stat
        else:
            death = 1.0 - kill
            cost = max(0.0, losses - death) * self.k.hp + death * self.death_cost()
        got = kill * self.kill_worth(e, as_class) - cost
        self._ev[key] = got
        return got

    def after_loss(self, e: Enemy, harmless: bool) -> float:
        """What a lost round against ``e`` leaves: an HP (a stat to a Poison
        monster; nothing when Ranged or warded) and the engagement going on
        (Part I, Enemy Engagement: engaged until one side falls), though no
        worse than chibbing out of it; death on the last HP."""
        st = self.st
        h = self.hero
        k = self.k
        m = st.monster(e.kind)
        p = self.round_odds(e)
        escape = self.chib_cost() if not h.chib else self.death_cost()
        if m is not None and m.monster_class == "poison":
            if not harmless and all(v <= common.STAT_MIN for v in h.stats):
                return -self.death_cost()
            kill, losses = engagement(p, p, 6, max(1, e.hp))
            cont = kill * self.kill_worth(e) - losses * k.stat
            return max(cont, -escape) - (0.0 if harmless else k.stat)
        hp = h.hp if harmless else h.hp - 1
        if hp <= 0:
            return -self.death_cost()
        kill, losses = engagement(p, p, hp, max(1, e.hp))
        death = 1.0 - kill
        cont = (
            kill * self.kill_worth(e) - max(0.0, losses - death) * k.hp - death * self.death_cost()
        )
        return max(cont, -escape) - (0.0 if harmless else k.hp)

    def engage_all(self, space: int) -> float:
        """The worth of being engaged with every hostile enemy of ``space``
        (each fought in turn; a bad one counts in full)."""
        return sum(self.engage_worth(e) for e in self.hostile(space))

    def stealth_odds(self, space: int | None = None) -> float:
        """The next stealth check's chance in ``space`` (the hero's own by
        default; a curse castle there adds its own: Endless Echoes)."""
        h = self.hero
        if h.auto_stealth:
            return 1.0
        edge = ("fog" in self.st.flags) - ("clear_night" in self.st.flags) - h.stealth_bonus
        edge += curses.stealth_mod(self.st, h.space if space is None else space)
        return stealth_chance(stealth.natural_die(self.st, self.me), h.stat("stealth"), edge)

    def risk_at(self, space: int) -> float:
        """What a stealth check in ``space`` costs in expectation: the
        chance it fails times the engagement's loss (0 when the fight is
        welcome or there are no enemies)."""
        hostile = self.hostile(space)
        if not hostile:
            return 0.0
        if any(e.is_cube for e in hostile):
            return max(0.0, -self.engage_all(space))
        worth = self.engage_all(space)
        return (1.0 - self.stealth_odds(space)) * max(0.0, -worth)

    def end_danger(self, space: int) -> float:
        """What ending the turn in ``space`` costs: its enemies engage the
        hero at the start of his next turn (ruling DG-R8)."""
        if space <= 0 or self.actions_left_in_game() <= 0 or self.last_turn():
            return 0.0
        worth = self.engage_all(space)
        return 0.7 * max(0.0, -worth)

    # -- hunting and gathering ------------------------------------------------------------

    def hunt_worth(self, space: int) -> float:
        """A hunt in ``space``: a token from the bag lands there (each kind
        by its share of the bag); the worth of fighting it if it is worth
        fighting, else half its danger (stealth past it, or leave)."""
        got = self._hunts.get(space)
        if got is not None:
            return got
        st = self.st
        counts = board.bag_counts(st)
        total = sum(counts.values())
        v = 0.0
        if total and space > 0:
            for kind, n in counts.items():
                w = self._probe_worth(Enemy(uid=-1, kind=kind, space=space))
                v += n / total * (w if w > 0 else 0.5 * w)
        self._hunts[space] = v = v * self.k.hunt
        return v

    def _probe_worth(self, e: Enemy) -> float:
        """The engagement worth of an enemy that is not on the board (a
        hunt's draw): its odds worked out from its kind and space."""
        st = self.st
        m = st.monster(e.kind)
        g = st.guardian(e.kind)
        if m is None and g is None:
            return 0.0
        die, bonus = probe_roll(st, e.kind, e.space)
        kill, cost, worth = self._probe_fight(e.kind, die, bonus)
        if st.options.hides:
            worth += self.collect_worth(e.kind)
        elif g is None and m is not None:
            bounty = self.bounty_glory(m.monster_class, e.space)
            worth += bounty * self.k.glory if bounty else self.hide_worth(m.monster_class)
        return kill * worth - cost

    def _probe_fight(self, kind: str, die: int, bonus: int) -> tuple[float, float, float]:
        """A drawn ``kind`` rolling ``die + bonus``: the chance to kill it,
        the expected cost of the fight, and what the kill pays wherever it
        is (the coins, a Guardian's glory); the same in every space where
        it rolls alike, so worked out once a decision."""
        got = self._probes.get((kind, die, bonus))
        if got is not None:
            return got
        st = self.st
        m = st.monster(kind)
        g = st.guardian(kind)
        ties = self.hero.stat("strength") == 6
        rest = odds((self.natural(),), die, bonus, ties)
        ws = tuple(self.best_card_weapon())
        first = max(rest, odds(ws, die, bonus, ties) if ws else 0.0)
        poison = m is not None and m.monster_class == "poison"
        hp = 6 if poison else max(1, self.hero.hp)
        kill, losses = engagement(first, rest, hp, 1)
        if poison:
            cost = losses * self.k.stat
        else:
            death = 1.0 - kill
            cost = max(0.0, losses - death) * self.k.hp + death * self.death_cost()
        worth = self.coins_gained(self.prices.kill_coins)
        if g is not None:
            worth += g.glory * self.k.glory
        self._probes[(kind, die, bonus)] = got = (kill, cost, worth)
        return got

    def season_left(self) -> float:
        """How much of the season is left to use what is gathered now: 1
        with three turns or more to come, less toward the end (glory counts
        whenever it is won; coins and cards only if used, or coins as the
        first tie-break)."""
        return max(0.35, min(1.0, self.actions_left_in_game() / 9))

    def reward_worth(self, reward: str) -> float:
        """A gather reward now (Part II, Gather Rewards)."""
        if reward != "coins":
            return self.season_left() * self._reward_worth(reward)
        return self._reward_worth(reward)

    def _reward_worth(self, reward: str) -> float:
        if reward == "coins":
            return self.coins_gained(common.GATHER_COINS)
        if reward == "advantage":
            return 2.4 if self.hand_room() > 0 else 0.4
        if reward == "alchemy":
            board_potions = self.st.gather_board(self.me).potions
            free = [p for p in board_potions if p not in self.hero.potions]
            if not free:
                return 0.0
            best = max(self.potion_worth(p) for p in free)
            if len(self.hero.potions) < 2:
                return best
            worst = min(self.potion_worth(p) for p in self.hero.potions)
            return max(0.0, best - worst)
        if reward == "companion":
            # Part III, Companions: out of its carrier or called to my side
            # (its help in my fights), else two coins.
            if companions.present(self.st, self.me):
                return self.coins_gained(companions.COMPANION_COINS)
            return 2.5
        return max(self.reward_worth(r) for r in gather.wild_choices(self.st, self.me))

    def gather_worth(self) -> float:
        rewards_ = self.st.gather_board(self.me).rewards
        return sum(self.reward_worth(r) for r in rewards_) / len(rewards_)

    def potion_worth(self, pid: str) -> float:
        """A filled potion's worth to this hero now."""
        p = self.st.content.potions[pid]
        v = 0.0
        for e in p.effects:
            if e.kind == "unchib":
                v += 6.0 if self.hero.chib else 0.6
            elif e.kind == "disengage":
                v += 3.5 if e.where == "village" else 2.2
            elif e.kind == "heal":
                v += 2.0 if self.hero.hp < self.prices.hp else 1.4
            else:
                v += effects_worth((e,))
        return v

    # -- goals ----------------------------------------------------------------------------

    def village_worth(self) -> float:
        """Going to the Village: heal, drop off a full backpack (room for
        more bounties, if the season leaves time), the services."""
        h = self.hero
        v = (self.prices.hp - h.hp) * self.k.hp * (1.6 if h.hp <= 1 else 0.8)
        if self.st.options.hides:
            # Part III, Winning and Losing: each bounty dropped off is a turn.
            return v + len(h.backpack) * TURN_SHARE * self.k.glory + (1.0 if h.coins >= 4 else 0)
        if len(h.backpack) >= rewards.BACKPACK and self.actions_left_in_game() > 4:
            v += 0.8 * self.k.glory
        if h.coins >= 4:
            v += 1.0
        return v

    def targets(self) -> list[tuple[int, float, int]]:
        """Goals: (space, worth, actions it takes once there): a fight
        (none: fighting is no action), a hunt (one), the Village (none)."""
        if self._targets is not None:
            return self._targets
        st = self.st
        out: list[tuple[int, float, int]] = []
        for e in st.enemies:
            if e.space <= 0 or (e.is_cube and board.master(e) == self.me):
                continue
            w = self.engage_worth(e)
            if w > self.k.fight:
                out.append((e.space, w, 0))
        if len(self.hero.backpack) < rewards.BACKPACK:
            for bid in st.bounties:
                b = st.index.bounties[bid]
                if b.space in self.dist:
                    w = self.hunt_worth(b.space)
                    if w > 0:
                        out.append((b.space, w, 1))
        if st.options.hides:
            # Any monster may come from a hunt (Part III: the missing hides).
            seen = {sp for sp, _, _ in out}
            for sp in board.numbered(st):
                if sp not in seen and sp in self.dist:
                    w = self.hunt_worth(sp)
                    if w > 0:
                        out.append((sp, w, 1))
        vw = self.village_worth()
        if vw > 0 and self.hero.space != VILLAGE:
            out.append((VILLAGE, vw, 0))
        self._targets = out
        return out

    def plan_from(self, space: int, spent: int) -> float:
        """The best worth per action of a goal reached from ``space`` after
        ``spent`` actions already spent on the way (a move, a ride)."""
        budget = self.actions_left_in_game()
        best = 0.0
        for where, worth, needs in self.targets():
            d = self.d(space, where)
            cost = spent + d + needs
            if cost <= 0 or cost > budget:
                continue
            best = max(best, worth / cost)
        return best


# -- the agent --------------------------------------------------------------------------------


def _gift_gain(eye: _Eye, act: a.Give) -> float:
    """A gift to my teammate (Part III, Alliance; ruling DG-R84): coins that
    even our purses when I have more than I keep in reserve; an Advantage
    card when he holds none (how many he holds all see) and I have two
    weapons."""
    st = eye.st
    me, mate = eye.hero, st.heroes[act.seat]
    if act.coins:
        spare = me.coins - max(eye.k.reserve, mate.coins)
        return 0.1 if 0 < 2 * act.coins <= spare else -1.0
    if mate.advantage:
        return -1.0
    mine = [c for c in me.advantage if c in st.index.weapons]
    return 0.1 if act.card in st.index.weapons and len(mine) >= 2 else -1.0


def _mercenary_gain(eye: _Eye, owner: int) -> float:
    """The Mercenary Cube house rule (ruling DG-R55): worth four coins when
    the Cube stands in my way (I am engaged with it) or lies in or beside
    the space of its owner, a rival near the lead (it engages him when he
    enters or begins his turn there), the more so when it is near me too
    (it lay in wait for me)."""
    from saloon.games.dungeons.rules import house

    st = eye.st
    cube = board.cube_of(st, owner)
    if cube is None:
        return -1.0
    t = st.turn
    gain = 0.0
    if t is not None and cube.uid in t.engaged:
        gain += max(1.0, -eye.engage_worth(cube))  # no round against its d12
    r = st.heroes[owner]
    near = r.space == cube.space or cube.space in board.exits(st, r.space)
    if near and eye.glory(owner) >= eye.glory(eye.me) - 1:
        gain += 2.2 * eye.lead(owner)
        here = eye.hero.space
        if cube.space == here or cube.space in board.exits(st, here):
            gain += 1.0  # it no longer lies in wait for me
    if gain == 0.0:
        return -1.0
    return gain - eye.spend(house.MERCENARY_PRICE)


def _melee_gain(eye: _Eye, victim: int) -> float:
    """Melee Mode (rulings DG-R57, DG-R58): attack a rival ahead of me
    (or level) when the odds are good; the loser only changes space."""
    from saloon.games.dungeons.rules import house

    st = eye.st
    if eye.glory(victim) < eye.glory(eye.me):
        return -1.0
    p = float(house.melee_odds(st, eye.me, victim))
    if p < 0.5:
        return -1.0
    return p * (0.5 + eye.lead(victim)) - (1 - p) * 1.5


class HeuristicAgent:
    """Scores every choice by the rules of thumb of the module docstring.

    A decision it has no rule for, or a rule that does not fit an owner's
    content, falls back to ``pass``, ``accept``, ``rest`` or the first
    choice; ``strict`` (the tests) raises instead.
    """

    def __init__(
        self, seed: int | None = None, knobs: Knobs | None = None, strict: bool = False
    ) -> None:
        self.name = "heuristic"
        self.knobs = knobs or Knobs()
        self._rng = np.random.default_rng(seed)
        #: Let a failing rule raise rather than fall back (the tests' setting).
        self.strict = strict

    # -- entry --------------------------------------------------------------------------

    def choose(self, state: State) -> Action:
        st = _dungeons(state)
        legal = list(st.legal_actions())
        if not legal:
            raise ValueError("no legal action: no player is to move")
        if len(legal) == 1:
            return legal[0]
        return self.ranked(st)[0]

    def ranked(self, state: State) -> list[Action]:
        """Every legal action, best first (what :meth:`choose` takes comes
        first); a search (``mcts:rollout=heuristic,top=K``) looks at the
        first few."""
        st = _dungeons(state)
        legal = list(st.legal_actions())
        if len(legal) <= 1:
            return legal
        scores = self.scores(st, legal)
        k = self.knobs
        noise = self._rng.uniform(0, k.jitter, len(legal)).tolist() if k.jitter else None
        order = sorted(
            range(len(legal)),
            key=lambda i: -(scores.get(legal[i], -1e9) + (noise[i] if noise else 0.0)),
        )
        return [legal[i] for i in order]

    def scores(self, st: DungeonsState, legal: list[Action]) -> dict[Action, float]:
        """Each legal action's score at this decision (higher is better)."""
        me = st.to_move
        assert me is not None and me >= 0
        eye = _Eye(st, me, self.knobs)
        node = st.agenda[-1]
        handler = _HANDLERS.get(type(node).__name__)
        if handler is None:
            if self.strict:
                raise ValueError(f"the heuristic has no rule for a {type(node).__name__} decision")
            return _fallback(legal)
        try:
            got = handler(self, eye, legal)
        except (KeyError, ValueError, IndexError, AssertionError, ZeroDivisionError):
            if self.strict:
                raise
            got = {}  # a rule that does not fit an owner's content: a safe default
        if not got:
            return _fallback(legal)
        return got

    # -- setup --------------------------------------------------------------------------

    def _class(self, eye: _Eye, legal: list[Action]) -> dict[Action, float]:
        """A class board (Part I, Choose Your Class Board): its +1 stat and
        what its skills do."""
        out: dict[Action, float] = {}
        for act in legal:
            assert isinstance(act, a.Pick)
            c = eye.st.index.classes[act.value]
            v = 2.0 * STAT_WEIGHTS.get(c.bonus_stat, 0.3)
            for sk in c.skills:
                v += _skill_worth(sk.effects)
            out[act] = v
        return out

    def _board(self, eye: _Eye, legal: list[Action]) -> dict[Action, float]:
        """A gather board (Part II, The Gather Board): its best potions, its
        specialty hides by how many of their monsters the bag holds, its
        hand limit."""
        st = eye.st
        bag = st.content.bag()
        by_class: dict[str, int] = {}
        for m in st.content.monsters:
            by_class[m.monster_class] = by_class.get(m.monster_class, 0) + bag.get(m.id, 0)
        out: dict[Action, float] = {}
        for act in legal:
            assert isinstance(act, a.Pick)
            b = st.index.boards[act.value]
            pots = sorted((eye.potion_worth(p) for p in b.potions), reverse=True)
            v = sum(pots[:3]) + 0.05 * sum(by_class.get(c, 0) for c in b.specialty)
            v += 0.3 * b.hand_limit.get(5, 5)
            out[act] = v
        return out

    def _place(self, eye: _Eye, legal: list[Action]) -> dict[Action, float]:
        """An environment piece (Part I, Place Environment Pieces; ruling
        DG-R26): far from the Village, on a space without pieces, so the +1
        it gives monsters falls where the heroes come last."""
        st = eye.st
        held: dict[int, int] = {}
        for sp, _ in st.environments:
            held[sp] = held.get(sp, 0) + 1
        out: dict[Action, float] = {}
        for act in legal:
            assert isinstance(act, a.Place)
            far = eye.d(VILLAGE, act.space)
            out[act] = min(far, 20) - 1.5 * held.get(act.space, 0) + 0.01 * act.space
        return out

    def _castle(self, eye: _Eye, legal: list[Action]) -> dict[Action, float]:
        """A curse castle (Part IV, Curse Castle Standees): a curse that
        hurts the heroes (a stealth roll raised, monsters buffed) far from
        the Village, where the heroes come last, as the environment pieces;
        one that helps (coins, a stealth roll lowered) near it, where every
        hero starts and the placer may reach it first."""
        st = eye.st
        out: dict[Action, float] = {}
        for act in legal:
            assert isinstance(act, a.Castle)
            c = st.content.curse(act.curse)
            harm = c.amount("stealth_roll") + c.amount("monster_buff")
            helps = c.amount("gain_coins") > 0 or harm < 0
            far = min(eye.d(VILLAGE, act.space), 20)
            out[act] = (-far if helps else far) + 0.01 * act.space
        return out

    def _stat(self, eye: _Eye, legal: list[Action]) -> dict[Action, float]:
        """A stat roll's slot (Part I, Roll for Stats): :func:`stat_for_roll`."""
        node = eye.st.agenda[-1]
        assert isinstance(node, setup.AssignStat)
        empty = [act.value for act in legal if isinstance(act, a.Pick)]
        values = stat_for_roll(node.roll, empty, eye.st.hero_class(eye.me).bonus_stat)
        return {act: values[act.value] for act in legal if isinstance(act, a.Pick)}

    # -- gathers, the hand ------------------------------------------------------------------

    def _wild(self, eye: _Eye, legal: list[Action]) -> dict[Action, float]:
        """Wild (Part II, Gather Rewards): the reward worth most now."""
        return {act: eye.reward_worth(act.value) for act in legal if isinstance(act, a.Pick)}

    def _alchemy(self, eye: _Eye, legal: list[Action]) -> dict[Action, float]:
        """Alchemy (Part II, Gather Rewards): the potion worth most now; a
        bottle moved only for a clearly better one; else keep them."""
        out: dict[Action, float] = {}
        for act in legal:
            if isinstance(act, a.Pick):
                new, _, old = act.value.partition(" from ")
                gain = eye.potion_worth(new) - (eye.potion_worth(old) + 0.5 if old else 0.0)
                out[act] = gain
            else:
                out[act] = 0.0
        return out

    def _hand_limit(self, eye: _Eye, legal: list[Action]) -> dict[Action, float]:
        """At the hand limit before a draw (ruling DG-R2): the least useful card
        goes if the card to come is worth more; else no draw."""
        node = eye.st.agenda[-1]
        assert isinstance(node, cards.HandLimit)
        incoming = 2.4 if node.deck == "advantage" else 1.6
        out: dict[Action, float] = {}
        for act in legal:
            if isinstance(act, a.Pick):
                out[act] = incoming - card_worth(cards.card(eye.st, act.value))
            else:
                out[act] = 0.0
        return out

    # -- the active player's turn -------------------------------------------------------------

    def _act(self, eye: _Eye, legal: list[Action]) -> dict[Action, float]:
        """The active player's decision (Part I, Spending Your Actions;
        Non-Action Tasks): in a round (before or after the roll), engaged,
        or free to act."""
        st = eye.st
        f = st.fight
        if f is not None and f.stage == "arm":
            return self._arm(eye, legal, f)
        if f is not None:
            return self._improve(eye, legal, f)
        if turn.engaged(st, eye.me):
            return self._engaged(eye, legal)
        return self._free(eye, legal)

    def _free(self, eye: _Eye, legal: list[Action]) -> dict[Action, float]:
        """Free to act: the actions by the worth per action of the goal they
        serve; the non-action tasks by their gain, above every action when
        the gain is positive (they cost no action)."""
        st = eye.st
        t = st.turn
        assert t is not None
        h = eye.hero
        here = h.space
        acts = t.actions
        risk = eye.risk_at(here)
        gather_v = eye.gather_worth()
        last = acts == 1
        action_scores: dict[Action, float] = {}
        tasks: dict[Action, float] = {}
        for act in legal:
            if isinstance(act, a.Move):
                end = eye.end_danger(act.space) if last else 0.0
                entering = eye.risk_at(act.space) if _has_cube(eye, act.space) else 0.0
                action_scores[act] = eye.plan_from(act.space, 1) - risk - end - entering
            elif isinstance(act, a.Ride):
                # one action for two spaces, worth a coin only when it gets closer
                end = eye.end_danger(act.to) if last else 0.0
                via = eye.risk_at(act.via)
                cost = eye.prices.horse * eye.coin_worth() + 0.2
                ahead = eye.plan_from(act.to, 1)
                if ahead <= eye.plan_from(act.via, 1) + 1e-9:
                    ahead -= 1.0
                action_scores[act] = ahead - risk - via - end - cost
            elif act == a.HUNT:
                end = eye.end_danger(here) if last else 0.0
                action_scores[act] = eye.hunt_worth(here) - risk - end
            elif act == a.GATHER:
                end = eye.end_danger(here) if last else 0.0
                action_scores[act] = gather_v - risk - end
            elif act == a.REST:
                # resting early forfeits the two Heroic Quest cards (Part I, (R)est)
                early = 2 * eye.k.card if acts > 0 else 0.0
                action_scores[act] = -early - (eye.end_danger(here) if acts > 0 else 0.0)
            else:
                tasks[act] = self._task_gain(eye, act)
        base = max(action_scores.values(), default=0.0)
        out = dict(action_scores)
        for act, gain in tasks.items():
            out[act] = base + gain if gain > 0 else base - 5.0 + gain
        return out

    def _task_gain(self, eye: _Eye, act: Action) -> float:
        """What a non-action task gains now (negative: better not)."""
        st = eye.st
        k = eye.k
        h = eye.hero
        if isinstance(act, a.Fight):
            e = _fight_target(eye, act)
            if e is None:
                return -1.0
            worth = eye.engage_worth(e)
            return worth - k.fight if worth > k.fight else worth - k.fight - 1.0
        if isinstance(act, a.Play):
            return self._play_gain(eye, cards.card(st, act.card).effects) - _card_keep(
                eye, act.card
            )
        if isinstance(act, a.Drink):
            p = st.content.potions[act.potion]
            return self._play_gain(eye, p.effects) - _potion_keep(eye, act.potion)
        if isinstance(act, a.UseSkill):
            sk = st.index.skills[act.skill]
            return self._play_gain(eye, sk.effects) - 1.5
        if _is_benefit(act):
            return self._play_gain(eye, _effects_of(st, act)) - _cost_of(eye, act)
        if isinstance(act, a.Buy):
            if eye.hand_room() <= 0:
                return -1.0
            worth = 2.4 * max(0.3, 1.0 - 0.12 * len(h.advantage))
            if not combat.weapon_cards(st, eye.me):
                worth += 0.8
            worth *= eye.season_left()
            return worth - eye.spend(eye.prices.advantage_card)
        if isinstance(act, a.Hire):
            gain = self._hire_gain(eye, act.space)
            mine = board.cube_of(st, eye.me)
            if mine is not None and mine.serves is not None:
                # turned against me (Mercenary Cube, DG-R56): take it back if it is near
                near = mine.space == h.space or mine.space in board.exits(st, h.space)
                back = (2.5 if near else 0.5) - eye.spend(eye.prices.cash_cube)
                gain = max(gain, back)
            return gain
        if isinstance(act, a.Mercenary):
            return _mercenary_gain(eye, act.seat)
        if isinstance(act, a.Melee):
            return _melee_gain(eye, act.seat)
        if isinstance(act, a.Give):
            return _gift_gain(eye, act)
        if isinstance(act, a.Train):
            cost = village.service_price(st, "training")
            gain = stat_worth(act.stat, h.stat(act.stat) + 1) - stat_worth(
                act.stat, h.stat(act.stat)
            )
            return STAT_COINS * gain - eye.spend(cost)
        if act == a.FOUNTAIN:
            cost = village.service_price(st, "fountain")
            gain = 0.0
            for roll in range(1, 7):
                gain += max(
                    [0.0]
                    + [
                        stat_worth(s_, roll) - stat_worth(s_, h.stat(s_))
                        for s_ in STATS
                        if h.stat(s_) < roll
                    ]
                )
            gain /= 6
            return STAT_COINS * gain - eye.spend(cost)
        if act == a.REFRESH:
            cost = village.service_price(st, "refresh")
            return 1.6 - eye.spend(cost)
        if isinstance(act, a.Chib):
            return -eye.chib_cost()
        return -1.0

    def _hire_gain(self, eye: _Eye, space: int) -> float:
        """The Cash Cube (Part I, Cash Cube): worth hiring onto the space of
        the leading rival out on the map (he is engaged with it at the start
        of his next turn), when coins are plentiful."""
        st = eye.st
        h = eye.hero
        if h.coins < eye.k.cube:
            return -1.0
        cube = board.cube_of(st, eye.me)
        if cube is not None and any(
            st.heroes[p].space == cube.space for p in range(st.num_players) if p != eye.me
        ):
            return -1.0  # it is waiting for someone already
        top = eye.rivals_by_lead()[0]
        r = st.heroes[top]
        if r.space != space or space <= 0 or eye.glory(top) < eye.glory(eye.me) - 1:
            return -1.0  # only onto the leading rival, and only while he is a threat
        return 2.2 * eye.lead(top) - eye.prices.cash_cube * 0.7

    def _play_gain(self, eye: _Eye, effs: Sequence[Effect], played: bool = True) -> float:
        """What effects gain now: a card, a potion or a skill used in the
        hero's own turn outside a round (``played``: the card leaves the
        hand, making room), or a GM event's branch."""
        st = eye.st
        h = eye.hero
        t = st.turn
        total = 0.0
        for e in effs:
            k = e.kind
            if k == "gain_coins":
                total += eye.coins_gained(e.amount) if e.target in ("self", "each") else 0.0
            elif k in ("draw_advantage", "draw_quest"):
                room = max(0, eye.hand_room() + played)
                total += min(e.amount, room) * (2.2 if k == "draw_advantage" else 1.4)
            elif k == "extra_action":
                acts = t.actions if t is not None else 0
                best = max(eye.gather_worth(), eye.plan_from(h.space, 0) if acts == 0 else 0.0)
                total += best if acts == 0 else 0.3
            elif k == "free_move":
                here_plan = eye.plan_from(h.space, 0)
                nxt = max(
                    (eye.plan_from(sp, 0) for sp in board.exits(st, h.space) if sp >= 0),
                    default=0.0,
                )
                total += max(0.0, nxt - here_plan) + (0.5 if nxt > here_plan else -0.5)
            elif k in ("auto_stealth", "stealth_bonus"):
                # before an action among enemies; engaged, or with no action
                # left to take, it can wait
                busy = st.fight is not None or turn.engaged(st, eye.me)
                idle = t is None or t.actions <= 0
                r = 0.0 if busy or idle or h.auto_stealth else eye.risk_at(h.space)
                if k == "stealth_bonus":
                    r *= min(1.0, 0.3 * e.amount)
                total += r - 0.3
            elif k == "heal":
                missing = eye.prices.hp - h.hp
                total += min(e.amount, missing) * eye.k.hp * (1.5 if h.hp <= 1 else 0.6)
            elif k == "unchib":
                total += eye.k.chib if h.chib else 0.0
            elif k == "fill_potion":
                total += 1.5 if len(h.potions) < 2 else 0.2
            elif k == "personal_gather":
                total += eye.gather_worth()
            elif k == "stat_change":
                total += STAT_COINS * e.amount
            elif k == "refresh_skill":
                total += 1.0 * min(e.amount, len(h.markers))
            elif k == "move_enemy":
                total += max(0.0, -eye.engage_all(h.space)) * 0.6 - 0.2
            elif k == "remove_enemy":
                total += max(0.0, -eye.engage_all(h.space)) * 0.6 + 0.2
            elif k == "spawn":
                total += 0.3 if e.where == "here" and eye.hunt_worth(h.space) > 0 else 0.0
            elif k in ("steal_coins",):
                total += eye.coins_gained(e.amount)
            else:
                total += (0.5 if played else 1.0) * effects_worth((e,))
        return total

    def _engaged(self, eye: _Eye, legal: list[Action]) -> dict[Action, float]:
        """Engaged, between rounds: fight the foe worth most first; escape
        only a hopeless fight (an escape is still there after a lost roll)."""
        worths: dict[Action, float] = {}
        hopeless = True
        for act in legal:
            if isinstance(act, a.Fight):
                e = _fight_target(eye, act)
                worths[act] = eye.engage_worth(e) if e is not None else -50.0
                if e is not None and eye.p_win(e) >= 0.12:
                    hopeless = False
        best_fight = max(worths.values(), default=-50.0)
        out: dict[Action, float] = {}
        for act in legal:
            if act in worths:
                out[act] = worths[act]
            elif _escapes(eye, act):
                gain = -_escape_cost(eye, act)
                out[act] = gain if hopeless else min(gain, best_fight - 1.0)
            else:  # a card bought, a card or potion worth playing first
                gain = self._task_gain(eye, act)
                out[act] = best_fight + gain if gain > 0 else best_fight - 3.0 + gain
        return out

    # -- a round: the weapon --------------------------------------------------------------

    def _arm(self, eye: _Eye, legal: list[Action], f: Fight) -> dict[Action, float]:
        """Steps 3-4: transform for a bounty (or to tame a monster it cannot
        beat); the weapon of the best expected value."""
        st = eye.st
        e = st.enemy(f.enemy)
        out: dict[Action, float] = {}
        for act in legal:
            if isinstance(act, a.Wield):
                out[act] = self._wield_value(eye, e, f, act.weapons)
        wield_best = max(out.values(), default=-eye.death_cost())
        hopeless = eye.p_win(e) < 0.12 and eye.loss_cost(e) >= eye.death_cost()
        for act in legal:
            if act in out:
                continue
            if isinstance(act, a.Transform):
                out[act] = self._transform_value(eye, e, act.monster_class, hides=True)
            elif _escapes(eye, act):
                out[act] = -_escape_cost(eye, act) if hopeless else wield_best - 10.0
            elif isinstance(act, (a.Play, a.UseSkill, a.Drink)) or _is_benefit(act):
                gain = self._before_roll_gain(eye, e, f, _effects_of(st, act), wield_best)
                gain -= _cost_of(eye, act)
                out[act] = wield_best + gain if gain > 0 else wield_best - 3.0 + gain
            else:
                out[act] = wield_best - 4.0
        return out

    def _round_value(
        self, eye: _Eye, e: Enemy, p: float, harmless: bool, as_class: str = ""
    ) -> float:
        """A round's worth: winning it (the kill when it is the enemy's last
        HP or a transformed monster, else a hit), or losing it (an HP and
        the rest of the engagement; nothing lost when Ranged)."""
        win = eye.kill_worth(e, as_class) if (e.hp <= 1 or as_class) else 0.45 * eye.kill_worth(e)
        lose = eye.after_loss(e, harmless)
        return p * win + (1 - p) * lose

    def _wield_value(self, eye: _Eye, e: Enemy, f: Fight, sources: Sequence[str]) -> float:
        """Step 4: a weapon's round (Ranged: a lost roll harms nobody) less
        what it spends: the card (one-time use), Holy Water's coins."""
        st = eye.st
        ws = [combat.weapon_of(st, eye.me, src) for src in sources]
        enemy = die_dist(combat.enemy_die(st, f)) if f.transformed else eye.enemy_dist(e)
        p = beat_chance(hero_dist(ws), enemy, eye.ties())
        harmless = any("ranged" in w.flags for w in ws)
        v = self._round_value(eye, e, p, harmless, f.transformed)
        for src in sources:
            if src == "holy-water":
                v -= eye.prices.holy_water * eye.coin_worth() + 0.1
            elif src != "natural":
                v -= 0.7 * card_worth(cards.card(st, src))
        return v

    def _transform_value(self, eye: _Eye, e: Enemy, cls: str, hides: bool) -> float:
        """Step 3 (ruling DG-R20): the monster rolls a bare D6 as a ``cls``; a
        win kills it as a ``cls`` (a bounty of that class in this space, or
        an easier kill); ``hides``: the three specialty hides are spent."""
        ws = eye.best_card_weapon() or [eye.natural()]
        into = eye.st.monster(cls)
        advanced = into is not None and eye.st.options.hide_transform == "advanced"
        p = beat_chance(hero_dist(ws), die_dist(into.die if advanced and into else 6), eye.ties())
        v = self._round_value(eye, e, p, False, cls)
        if ws[0].source != "natural":
            v -= 0.7 * sum(
                card_worth(cards.card(eye.st, w.source)) for w in ws if w.source != "natural"
            )
        if hides:
            v -= 3 * eye.k.hide * 1.5
        return v

    def _before_roll_gain(
        self, eye: _Eye, e: Enemy, f: Fight, effs: Sequence[Effect], wield_best: float
    ) -> float:
        """A card or skill before the roll (ties won, a transformation by a
        card, an enemy moved away): its gain for this round."""
        gain = 0.0
        for ef in effs:
            if ef.kind == "win_ties" and not eye.ties():
                tie = _tie_chance(eye, e)
                win = eye.kill_worth(e) if e.hp <= 1 else 0.45 * eye.kill_worth(e)
                gain += tie * (win - eye.after_loss(e, False))
            elif ef.kind == "transform" and not f.transformed:
                best = max(self._transform_value(eye, e, c, hides=False) for c in MONSTER_CLASSES)
                gain += max(0.0, best - wield_best)
            elif ef.kind == "move_enemy":
                gain += max(0.0, -eye.engage_worth(e)) - 1.0
        return gain

    # -- a round: after the roll ---------------------------------------------------------

    def _improve(self, eye: _Eye, legal: list[Action], f: Fight) -> dict[Action, float]:
        """Step 6: winning, accept; losing, the cheapest way to win, a
        Dogmud when its chance is worth the coins, and before a lethal loss
        (or a hopeless engagement) a ward or an escape."""
        st = eye.st
        e = st.enemy(f.enemy)
        mine = combat.hero_total(f)
        theirs = combat.enemy_total(st, f)
        ties = eye.ties()
        winning = mine > theirs or (mine == theirs and ties)
        harmless = f.ward or any("ranged" in w.flags for w in f.weapons)
        win_v = (
            eye.kill_worth(e, f.transformed)
            if (e.hp <= 1 or f.transformed)
            else 0.45 * eye.kill_worth(e)
        )
        lose_v = eye.after_loss(e, harmless)
        accept = win_v if winning else lose_v
        buffs = _buff_total(st, legal)
        out: dict[Action, float] = {}
        for act in legal:
            if act == a.ACCEPT:
                out[act] = accept
            elif winning:
                out[act] = accept - 5.0
            elif isinstance(act, a.Dogmud):
                p = _reroll_odds(f, max(0, act.die - 1), theirs, ties)
                cost = eye.prices.dogmud * eye.coin_worth()
                v = p * win_v + (1 - p) * lose_v - cost
                out[act] = v if p >= eye.k.dogmud else v - 2.0
            elif (
                isinstance(act, (a.Play, a.Drink, a.UseSkill))
                or _is_benefit(act)
                or _escapes(eye, act)
            ):
                effs = _effects_of(st, act)
                v = self._after_roll(eye, e, f, effs, mine, theirs, ties, win_v, lose_v, buffs)
                if isinstance(act, a.Chib):
                    v = -eye.chib_cost()
                out[act] = v - _cost_of(eye, act)
            else:
                out[act] = accept - 4.0
        return out

    def _after_roll(
        self,
        eye: _Eye,
        e: Enemy,
        f: Fight,
        effs: Sequence[Effect],
        mine: int,
        theirs: int,
        ties: bool,
        win_v: float,
        lose_v: float,
        buffs: int,
    ) -> float:
        """The worth of playing ``effs`` after a lost roll: buffs (with the
        others in hand if one is not enough), a doubling, rerolls, a ward,
        an escape."""
        need = theirs - mine + (0 if ties else 1)
        p = 0.0
        amount = 0
        for ef in effs:
            k = ef.kind
            if k == "hero_buff":
                amount += ef.amount
            elif k == "double":
                amount += combat.hero_total(f) - f.hero_bonus
            elif k == "win_ties" and not ties:
                amount += 1 if need == 1 and mine == theirs else 0
            elif k == "reroll":
                p = max([p] + [_reroll_odds(f, i, theirs, ties) for i in range(len(f.dice))])
            elif k == "monster_reroll":
                p = max(p, _enemy_reroll_odds(eye, f, mine, ties))
            elif k == "ward":
                return eye.after_loss(e, True)
            elif k in ("disengage", "hero_swap"):
                return -_escape_cost_effects(eye, effs)
        if amount >= need:
            return win_v
        if amount > 0 and buffs >= need:
            return win_v - 1.0  # the rest of the buffs in hand cover it
        if p > 0:
            return p * win_v + (1 - p) * lose_v
        return lose_v - 0.5

    # -- out of turn: the GM's windows and the counters --------------------------------------

    def _window(self, eye: _Eye, legal: list[Action]) -> dict[Action, float]:
        """The collective GM's window (ruling DG-R4): red cards when they hurt
        the hero enough, weighed by how much his win matters to me."""
        st = eye.st
        f = st.fight
        active = st.active
        out: dict[Action, float] = {a.PASS: 0.0}
        if active is None:
            return out
        if f is None:
            # The window of his turn (red_cards=turn): no round to spoil.
            for act in legal:
                if isinstance(act, a.Play):
                    c = cards.card(st, act.card)
                    v = sum(self._harm(eye, ef) for ef in c.effects)
                    out[act] = v - eye.k.buff - 0.4 * card_worth(c) * _keep_factor(eye)
            return out
        e = st.enemy(f.enemy)
        foe = _Eye(st, active, eye.k, own=False)
        stake = _stake(eye, foe, e, f)
        for act in legal:
            if not isinstance(act, a.Play):
                continue
            c = cards.card(st, act.card)
            v = 0.0
            for ef in c.effects:
                v += self._red_gain(eye, foe, e, f, ef, stake)
            out[act] = v - eye.k.buff - 0.4 * card_worth(c) * _keep_factor(eye)
        return out

    def _red_gain(
        self, eye: _Eye, foe: _Eye, e: Enemy, f: Fight, ef: Effect, stake: float
    ) -> float:
        """What one effect of a red card does for me in the active hero's
        round: the drop in his chance (a buff, extra HP: his natural die
        assumed), coins taken, an
        action he loses next turn, an enemy put in his way."""
        st = eye.st
        k = ef.kind
        active = st.active
        assert active is not None
        if k in ("monster_buff", "monster_hp"):
            if f.dice:
                return 0.0
            base = foe.round_odds(e)
            if k == "monster_buff":
                after = foe.round_odds(e, extra=ef.amount)
                return stake * (base - after)
            hp = foe.hero.hp
            now, _ = engagement(base, base, hp, e.hp)
            later, _ = engagement(base, base, hp, e.hp + ef.amount)
            return stake * (now - later)
        # No red card rerolls the monster's die: no opponent acts after the
        # roll (ruling DG-R39); Fickle Fate is the hero's own card.
        return self._harm(eye, ef)

    def _harm(self, eye: _Eye, ef: Effect) -> float:
        """What one effect of a red card that does not touch the round does
        for me against the active hero: coins taken, an action he loses
        next turn, an enemy put in his way."""
        st = eye.st
        k = ef.kind
        active = st.active
        assert active is not None
        if k == "steal_coins":
            return eye.coins_gained(min(ef.amount, st.heroes[active].coins)) + 0.3 * min(
                ef.amount, st.heroes[active].coins
            ) * eye.lead(active)
        if k == "lose_action":
            return 2.0 * eye.lead(active) * ef.amount
        if k == "spawn":
            return 0.8 * eye.lead(active)
        if k == "lose_coins":
            return 0.4 * min(ef.amount, st.heroes[active].coins) * eye.lead(active)
        return 0.3 * effects_worth((ef,))

    def _ally_window(self, eye: _Eye, legal: list[Action]) -> dict[Action, float]:
        """The teammate's window (Part III, Alliance; ruling DG-R81): an ally
        card when it does something for my teammate (a buff or ties before
        his roll, coins below the cap, HP when hurt...), a gift that evens
        our purses or arms him (ruling DG-R84); else pass."""
        st = eye.st
        active = st.active
        out: dict[Action, float] = {a.PASS: 0.0}
        if active is None:
            return out
        mate = st.heroes[active]
        for act in legal:
            if isinstance(act, a.Play):
                c = st.index.alliances[act.card]
                v = 0.0
                for ef in c.effects:
                    if ef.kind == "gain_coins":
                        v += 0.5 if mate.coins <= st.content.prices.coin_cap - 2 else -0.5
                    elif ef.kind == "heal":
                        v += 1.0 if mate.hp < st.content.prices.hp else -1.0
                    elif ef.kind in ("hero_buff", "win_ties"):
                        v += 0.8
                    else:
                        v += 0.4
                out[act] = v
            elif isinstance(act, a.Give):
                out[act] = _gift_gain(eye, act)
        return out

    def _counter(self, eye: _Eye, legal: list[Action]) -> dict[Action, float]:
        """A card played in a fight may be cancelled: against me, cancel a
        card that hurts my round; as an opponent, cancel the hero's card
        when it would win him a round that matters."""
        st = eye.st
        node = st.agenda[-1]
        assert isinstance(node, powers.Counter)
        c = cards.card(st, node.card)
        out: dict[Action, float] = {a.PASS: 0.0}
        f = st.fight
        for act in legal:
            if act == a.PASS:
                continue
            cost = _cost_of(eye, act)
            if node.user == eye.me:
                out[act] = -1.0
                continue
            if st.active == eye.me:
                hurt = sum(
                    KIND_WORTH.get(ef.kind, 0.0)
                    for ef in c.effects
                    if ef.kind.startswith("monster")
                )
                out[act] = 1.5 * hurt - cost
                continue
            active = st.active
            if f is None or active is None:
                out[act] = -1.0
                continue
            e = st.enemy(f.enemy)
            foe = _Eye(st, active, eye.k, own=False)
            stake = _stake(eye, foe, e, f)
            help_ = sum(
                KIND_WORTH.get(ef.kind, 0.0)
                for ef in c.effects
                if ef.kind
                in ("hero_buff", "reroll", "double", "ward", "win_ties", "disengage", "hero_swap")
            )
            out[act] = 0.15 * stake * help_ - cost
        return out

    # -- choices asked along the way -----------------------------------------------------------

    def _stealth_dogmud(self, eye: _Eye, legal: list[Action]) -> dict[Action, float]:
        here = eye.hero.space
        loss = max(0.0, -eye.engage_all(here))
        p = eye.stealth_odds()
        out: dict[Action, float] = {}
        for act in legal:
            if isinstance(act, a.Dogmud):
                out[act] = p * loss - eye.prices.dogmud * eye.coin_worth()
            else:
                out[act] = 0.0
        return out

    def _space(self, eye: _Eye, legal: list[Action]) -> dict[Action, float]:
        st = eye.st
        node = st.agenda[-1]
        assert isinstance(node, board.ChooseSpace)
        out: dict[Action, float] = {}
        for act in legal:
            assert isinstance(act, a.Pick)
            sp = a.parse_space(act.value)
            out[act] = _space_score(eye, node, sp)
        return out

    def _target(self, eye: _Eye, legal: list[Action]) -> dict[Action, float]:
        """A player to target: the leading rival for harm; for good, the
        weakest."""
        st = eye.st
        node = st.agenda[-1]
        harm = True
        if isinstance(node, effects.ChooseTarget):
            harm = effects_worth((replace(node.effect, target="self"),)) < 0
        out: dict[Action, float] = {}
        for act in legal:
            assert isinstance(act, a.Pick)
            if act.value == "companion":  # Hero Swap with the companion (Part III)
                at = st.companion_at
                out[act] = 0.3 * _place_worth(eye, at) if at is not None else 0.0
                continue
            p = int(act.value[1:]) - 1
            lead = eye.lead(p) + 0.01 * eye.glory(p)
            if isinstance(node, effects.SwapWith):
                # Hero Swap: I go to his space, he lands in my fight
                out[act] = lead + 0.3 * _place_worth(eye, st.heroes[p].space)
            else:
                out[act] = lead if harm else -lead
        return out

    def _pick_class(self, eye: _Eye, legal: list[Action]) -> dict[Action, float]:
        st = eye.st
        f = st.fight
        out: dict[Action, float] = {}
        for act in legal:
            assert isinstance(act, a.Transform)
            if f is None:
                out[act] = 0.0
                continue
            e = st.enemy(f.enemy)
            out[act] = eye.kill_worth(e, act.monster_class)
        return out

    def _choose_stat(self, eye: _Eye, legal: list[Action]) -> dict[Action, float]:
        node = eye.st.agenda[-1]
        amount = node.amount if isinstance(node, effects.ChooseStat) else -1
        h = eye.hero
        out: dict[Action, float] = {}
        for act in legal:
            assert isinstance(act, a.Pick)
            v = h.stat(act.value)
            new = max(common.STAT_MIN, min(common.STAT_MAX, v + amount))
            out[act] = stat_worth(act.value, new) - stat_worth(act.value, v)
        return out

    def _potion(self, eye: _Eye, legal: list[Action]) -> dict[Action, float]:
        return {act: -eye.potion_worth(act.value) for act in legal if isinstance(act, a.Pick)}

    def _enemy(self, eye: _Eye, legal: list[Action]) -> dict[Action, float]:
        """The enemy a card removes or moves: the worst to be near, in my
        space or on my way; never one worth fighting."""
        st = eye.st
        node = st.agenda[-1]
        assert isinstance(node, effects.ChooseEnemy)
        refs = node._refs(st)  # the node's own names for its candidates
        out: dict[Action, float] = {}
        for act in legal:
            assert isinstance(act, a.Pick)
            e = st.enemy(refs[act.value])
            worth = eye.engage_worth(e)
            near = 1.0 if e.space == eye.hero.space else 0.5
            out[act] = -worth * near
        return out

    def _option(self, eye: _Eye, legal: list[Action]) -> dict[Action, float]:
        st = eye.st
        node = st.agenda[-1]
        out: dict[Action, float] = {}
        if isinstance(node, effects.ChooseOption):
            for act in legal:
                assert isinstance(act, a.Pick)
                branch = node.effect.options[int(act.value) - 1]
                out[act] = self._play_gain(eye, branch, played=False)
        elif isinstance(node, combat.WhichDie):
            f = st.fight
            if f is not None:
                theirs = combat.enemy_total(st, f)
                for act in legal:
                    assert isinstance(act, a.Pick)
                    out[act] = _reroll_odds(f, int(act.value) - 1, theirs, eye.ties())
        elif isinstance(node, village.RefreshChoice):
            for act in legal:
                assert isinstance(act, a.Pick)
                out[act] = _skill_worth(st.index.skills[act.value].effects)
        return out

    def _bounty(self, eye: _Eye, legal: list[Action]) -> dict[Action, float]:
        st = eye.st
        return {
            act: float(st.index.bounties[act.value].glory)
            for act in legal
            if isinstance(act, a.Pick)
        }

    def _kill_use(self, eye: _Eye, legal: list[Action]) -> dict[Action, float]:
        """Hide Collection (ruling DG-R63): a bounty first while it can still
        be dropped off in the Village (a turn more: three actions, and the
        turn's spawns and gathers, are worth more than one hide now; the
        benchmark's games say so), then a hide the board lacks, else the
        hide kept."""
        home = eye.d(eye.hero.space, VILLAGE) <= eye.actions_left_in_game()
        bounty = 3.0 if home else 1.5
        out: dict[Action, float] = {}
        for act in legal:
            assert isinstance(act, a.Pick)
            out[act] = {hides.COLLECT: 2.0, "bounty": bounty}.get(act.word, 1.0)
        return out

    def _companion(self, eye: _Eye, legal: list[Action]) -> dict[Action, float]:
        """A companion at setup (Part III, Companions): the Kitteh's +1
        always; the Wisp's and the Crustacean's by the map's pieces; the
        Bird's D4 (about +2.5, natural D6 only)."""
        st = eye.st
        pieces = [p for _, p in st.environments] + list(st.pieces)
        terrain = sum(1 for p in pieces if p in companions.TERRAINS) / max(1, len(st.map.spaces))
        dungeon = sum(1 for p in pieces if p == "dungeon") / max(1, len(st.map.spaces))
        worth = {"kitteh": 1.0, "bird": 1.6, "crustacean": 2 * dungeon, "wisp": 2 * terrain}
        return {act: worth.get(act.value, 0.0) for act in legal if isinstance(act, a.Pick)}

    def _call(self, eye: _Eye, legal: list[Action]) -> dict[Action, float]:
        """Call the companion to my side: always (its help counts only there)."""
        return {act: 1.0 if isinstance(act, a.Pick) else 0.0 for act in legal}

    def _follow(self, eye: _Eye, legal: list[Action]) -> dict[Action, float]:
        """The companion moves toward my hero (Part III, Companions)."""
        here = eye.hero.space
        at = eye.st.companion_at
        now = eye.d(at, here) if at is not None else 99
        out: dict[Action, float] = {}
        for act in legal:
            if isinstance(act, a.Pick):
                to = a.parse_space(act.value)
                out[act] = float(now - eye.d(to, here))
            else:
                out[act] = 0.0
        return out

    def _benefit_swap(self, eye: _Eye, legal: list[Action]) -> dict[Action, float]:
        """A new Heroic Benefit for an old one (Part III): the least worth
        held is given up if the new one is worth more, else pass."""
        st = eye.st
        node = st.agenda[-1]
        new = getattr(node, "new", "")
        worth = {b.id: effects_worth(b.effects) for b in st.content.benefits}
        out: dict[Action, float] = {}
        for act in legal:
            if isinstance(act, a.Pick):
                out[act] = worth.get(new, 0.0) - worth.get(act.value, 0.0)
            else:
                out[act] = 0.0
        return out

    def _any_hide(self, eye: _Eye, legal: list[Action]) -> dict[Action, float]:
        """A Dragon's or the Kraken's hide (ruling DG-R64): the missing
        monster with the fewest tokens left in the bag (the hardest to
        meet)."""
        counts = board.bag_counts(eye.st)
        out: dict[Action, float] = {}
        for act in legal:
            assert isinstance(act, a.Pick)
            out[act] = -float(counts.get(act.value, 0))
        return out

    def _convert(self, eye: _Eye, legal: list[Action]) -> dict[Action, float]:
        """A wild hide into a specialty slot: always worth it (the set
        toward a transformation), the class most in the bag first."""
        counts = board.bag_counts(eye.st)
        by_class: dict[str, int] = {}
        for kind, n in counts.items():
            m = eye.st.monster(kind)
            if m is not None:
                by_class[m.monster_class] = by_class.get(m.monster_class, 0) + n
        out: dict[Action, float] = {}
        for act in legal:
            if isinstance(act, a.Pick):
                out[act] = 1.0 + 0.01 * by_class.get(act.value, 0)
            else:
                out[act] = 0.0
        return out

    def _poison(self, eye: _Eye, legal: list[Action]) -> dict[Action, float]:
        h = eye.hero
        out: dict[Action, float] = {}
        for act in legal:
            assert isinstance(act, a.Pick)
            v = h.stat(act.value)
            out[act] = stat_worth(act.value, v - 1) - stat_worth(act.value, v)
        return out

    def _raise(self, eye: _Eye, legal: list[Action]) -> dict[Action, float]:
        node = eye.st.agenda[-1]
        assert isinstance(node, village.FountainRaise)
        h = eye.hero
        out: dict[Action, float] = {}
        for act in legal:
            if isinstance(act, a.Pick):
                out[act] = stat_worth(act.value, node.face) - stat_worth(
                    act.value, h.stat(act.value)
                )
            else:
                out[act] = 0.0
        return out

    def _roll_dogmud(self, eye: _Eye, legal: list[Action]) -> dict[Action, float]:
        """``dogmud=any``: the Fountain's die again when the raise a reroll
        promises on average beats the one showing by more than the coins
        are worth; a gather's die stands (its rewards are all worth having)."""
        node = eye.st.agenda[-1]
        assert isinstance(node, reroll.RollDogmud)
        h = eye.hero

        def best(face: int) -> float:
            return max(
                (
                    stat_worth(st, face) - stat_worth(st, h.stat(st))
                    for st in STATS
                    if h.stat(st) < face
                ),
                default=0.0,
            )

        gain = 0.0
        if isinstance(node.roll, village.FountainRoll):
            gain = sum(best(f) for f in range(1, 7)) / 6 - best(node.face)
        cost = eye.prices.dogmud * eye.coin_worth()
        return {act: (gain - cost if isinstance(act, a.Dogmud) else 0.0) for act in legal}


# -- small helpers of the decisions ------------------------------------------------------------


def _fallback(legal: Sequence[Action]) -> dict[Action, float]:
    """A decision the agent has no rule for: ``pass``, ``accept`` or
    ``rest`` if offered (doing nothing is never illegal), else the first."""
    out = {act: -float(i) for i, act in enumerate(legal)}
    for quiet in (a.ACCEPT, a.PASS, a.REST):
        if quiet in out:
            out[quiet] = 1.0
    return out


def _skill_worth(effs: Sequence[Effect]) -> float:
    """A class skill's worth (for the class choice): what it does, more
    for what wins fights and slips past them."""
    v = effects_worth(effs)
    for e in effs:
        if e.kind in ("hero_buff", "ward", "auto_stealth", "monster_reroll", "win_ties"):
            v += 0.6
    return v


def _has_cube(eye: _Eye, space: int) -> bool:
    return any(e.is_cube for e in eye.hostile(space))


def _fight_target(eye: _Eye, act: a.Fight) -> Enemy | None:
    targets = combat.fight_targets(eye.st, eye.me)
    same = [e for e in targets if e.kind == act.kind]
    return same[act.nth - 1] if 0 < act.nth <= len(same) else None


def _effects_of(st: DungeonsState, act: Action) -> tuple[Effect, ...]:
    if isinstance(act, a.Play):
        return cards.card(st, act.card).effects
    if isinstance(act, a.Drink):
        return st.content.potions[act.potion].effects
    if isinstance(act, a.UseSkill):
        return st.index.skills[act.skill].effects
    if _is_benefit(act):
        assert isinstance(act, a.Pick)
        return next(b.effects for b in st.content.benefits if b.id == act.value)
    return ()


def _is_benefit(act: Action) -> bool:
    """A Heroic Benefit used (Part III; ruling DG-R67)."""
    return isinstance(act, a.Pick) and act.word == hides.BENEFIT


def _cost_of(eye: _Eye, act: Action) -> float:
    """What using a card, a potion or a skill gives up."""
    if isinstance(act, a.Play):
        return _card_keep(eye, act.card)
    if isinstance(act, a.Drink):
        return _potion_keep(eye, act.potion)
    if isinstance(act, a.UseSkill):
        return 1.2
    if _is_benefit(act):  # kept for later, as a potion is
        return 0.6 * effects_worth(_effects_of(eye.st, act)) * _keep_factor(eye)
    return 0.0


def _card_keep(eye: _Eye, cid: str) -> float:
    """What keeping a card is worth (less when the hand is full; little in
    the season's last turn, nothing once the game is over)."""
    v = 0.5 * card_worth(cards.card(eye.st, cid))
    if eye.hand_room() <= 0:
        v *= 0.6
    return max(0.0, v * _keep_factor(eye))


def _potion_keep(eye: _Eye, pid: str) -> float:
    """What keeping a filled potion is worth (a bottle refilled by Alchemy
    later; little in the season's last turn)."""
    return 0.8 * eye.potion_worth(pid) * _keep_factor(eye)


def _keep_factor(eye: _Eye) -> float:
    """How much of a thing kept for later is still worth keeping."""
    if eye.last_turn():
        return 0.1
    return 0.3 if eye.actions_left_in_game() <= 3 else 1.0


def _escapes(eye: _Eye, act: Action) -> bool:
    if isinstance(act, a.Chib):
        return True
    effs = _effects_of(eye.st, act)
    return any(e.kind in ("disengage", "hero_swap") for e in effs)


def _escape_cost(eye: _Eye, act: Action) -> float:
    """What escaping by ``act`` costs (Wingso to the Village is nearly free:
    it heals and drops off the backpack)."""
    if isinstance(act, a.Chib):
        return eye.chib_cost()
    return _escape_cost_effects(eye, _effects_of(eye.st, act)) + _cost_of(eye, act)


def _escape_cost_effects(eye: _Eye, effs: Sequence[Effect]) -> float:
    for e in effs:
        if e.kind == "disengage":
            # the Village heals and drops the backpack off (Part II, The Village)
            return 0.5 - eye.village_worth() if e.where == "village" else 1.0
        if e.kind == "hero_swap":
            return 1.0
    return 3.0


def _reroll_odds(f: Fight, index: int, theirs: int, ties: bool) -> float:
    """The chance that rolling the hero's die ``index`` again wins the round."""
    dice = combat.hero_dice(f)
    if not 0 <= index < len(dice):
        return 0.0
    sides = dice[index]
    wins = 0
    faces = list(f.dice)
    for face in range(1, sides + 1):
        faces[index] = face
        probe = Fight(
            enemy=f.enemy,
            weapons=f.weapons,
            dice=tuple(faces),
            hero_bonus=f.hero_bonus,
            doubled=f.doubled,
        )
        mine = combat.hero_total(probe)
        if mine > theirs or (mine == theirs and ties):
            wins += 1
    return wins / sides


def _buff_total(st: DungeonsState, legal: Sequence[Action]) -> int:
    """The hero buffs the legal cards, potions and skills add up to."""
    total = 0
    for act in legal:
        for ef in _effects_of(st, act):
            if ef.kind == "hero_buff":
                total += ef.amount
    return total


def _tie_chance(eye: _Eye, e: Enemy) -> float:
    """The chance the round is a tie (with the best weapon in hand)."""
    hero = hero_dist(eye.best_card_weapon() or [eye.natural()])
    enemy = eye.enemy_dist(e)
    return sum(p * enemy[t] for t, p in enumerate(hero) if t < len(enemy))


def _enemy_reroll_odds(eye: _Eye, f: Fight, mine: int, ties: bool) -> float:
    """The chance the hero wins after the GM rolls the monster's die again."""
    st = eye.st
    die = combat.enemy_die(st, f)
    if not die:
        return 0.0
    rest = combat.enemy_total(st, f) - f.enemy_roll
    wins = sum(1 for r in range(1, die + 1) if mine > rest + r or (mine == rest + r and ties))
    return wins / die


def _stake(eye: _Eye, foe: _Eye, e: Enemy, f: Fight) -> float:
    """How much the active hero's win of this round matters to me: what the
    kill brings him (a bounty, a trophy: glory), by how much he leads."""
    gain = foe.kill_worth(e, f.transformed) if e.hp <= 1 else 0.4 * foe.kill_worth(e)
    return gain * eye.lead(foe.me)


def _space_score(eye: _Eye, node: board.ChooseSpace, sp: int) -> float:
    """A space picked for a card or an event: where a spawn or an enemy
    hurts the leading rival; where my own hero is best placed."""
    st = eye.st
    p = node.purpose
    if p == "spawn" or p == "move-enemy":
        score = 0.0
        for r in eye.rivals_by_lead():
            h = st.heroes[r]
            if h.space == sp:
                score += 2.0 * eye.lead(r)
        if sp == eye.hero.space:
            score -= 3.0
        if p == "spawn" and eye.hunt_worth(sp) > 0 and eye.d(eye.hero.space, sp) <= 2:
            score += 0.5 * eye.hunt_worth(sp)
        return score - 0.01 * sp
    subject = node.subject if node.subject >= 0 else eye.me
    if subject != eye.me:
        return -_place_worth(_Eye(st, subject, eye.k, own=False), sp)
    return _place_worth(eye, sp)


def _place_worth(eye: _Eye, sp: int) -> float:
    """Where a hero is best put: close to the goal worth most; beside the
    enemies he would gladly fight, away from the others (he is engaged with
    them at the start of his next turn: ruling DG-R8)."""
    if sp == VILLAGE:
        return eye.village_worth() + 0.5
    return eye.plan_from(sp, 0) - eye.risk_at(sp) + 0.5 * eye.engage_all(sp)


# -- the decisions by node --------------------------------------------------------------------

_Handler = Callable[[HeuristicAgent, _Eye, list[Action]], dict[Action, float]]

_HANDLERS: dict[str, _Handler] = {
    "PickClass": HeuristicAgent._class,
    "PickBoard": HeuristicAgent._board,
    "PlacePiece": HeuristicAgent._place,
    "PlaceCastle": HeuristicAgent._castle,
    "AssignStat": HeuristicAgent._stat,
    "WildChoice": HeuristicAgent._wild,
    "AlchemyChoice": HeuristicAgent._alchemy,
    "HandLimit": HeuristicAgent._hand_limit,
    "Act": HeuristicAgent._act,
    "Window": HeuristicAgent._window,
    "AllyWindow": HeuristicAgent._ally_window,
    "Counter": HeuristicAgent._counter,
    "StealthDogmud": HeuristicAgent._stealth_dogmud,
    "ChooseSpace": HeuristicAgent._space,
    "ChooseTarget": HeuristicAgent._target,
    "SwapWith": HeuristicAgent._target,
    "ChooseClass": HeuristicAgent._pick_class,
    "ChooseStat": HeuristicAgent._choose_stat,
    "ChoosePotion": HeuristicAgent._potion,
    "ChooseEnemy": HeuristicAgent._enemy,
    "ChooseOption": HeuristicAgent._option,
    "WhichDie": HeuristicAgent._option,
    "RefreshChoice": HeuristicAgent._option,
    "ChooseBounty": HeuristicAgent._bounty,
    "KillUse": HeuristicAgent._kill_use,
    "AnyHide": HeuristicAgent._any_hide,
    "BenefitSwap": HeuristicAgent._benefit_swap,
    "PickCompanion": HeuristicAgent._companion,
    "CallCompanion": HeuristicAgent._call,
    "FollowMove": HeuristicAgent._follow,
    "Conversion": HeuristicAgent._convert,
    "PoisonStat": HeuristicAgent._poison,
    "FountainRaise": HeuristicAgent._raise,
    "RollDogmud": HeuristicAgent._roll_dogmud,
}


def _heuristic(game: Game, seed: int | None, params: Mapping[str, str]) -> Agent:
    return HeuristicAgent(seed=seed, knobs=parse_knobs("heuristic", params, Knobs))


def _advisor(game: Game, seed: int | None, params: Mapping[str, str]) -> Agent:
    """``advisor``: plays the first choice of the search advisor (:mod:`.advisor`)."""
    from saloon.games.dungeons.advisor import AGENTS as ADVISOR

    return ADVISOR["advisor"](game, seed, params)


AGENTS: dict[str, AgentFactory] = {"heuristic": _heuristic, "advisor": _advisor}
