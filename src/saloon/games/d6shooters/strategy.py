"""The d6 Shooters' own agents and advisor.

* ``heuristic``: a careful player's rules of thumb (:class:`HeuristicAgent`),
  no look-ahead; every decision is built directly (the dice to keep, the
  split of the 4s), never picked from an enumerated list.
* ``planner``: exact expectimax over the rest of the turn's rolls at every
  keep decision, scoring the end of the turn with a fitted value of the
  journey (:mod:`saloon.games.d6shooters.planner`,
  :mod:`saloon.games.d6shooters.value`); the heuristic's rules elsewhere.

Parameters (``heuristic:key=value``): see :class:`Knobs`. The planner also
takes ``score`` (the weight of the expected score / 50 beside the win
probability; by default the episode's value table says: 0.2 in episode 1,
0 in episode 2; see :mod:`~saloon.games.d6shooters.planner`).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from saloon.core.action import Action
from saloon.core.agent import Agent, parse_knobs, spec_label
from saloon.core.errors import OptionError, shown
from saloon.core.game import AgentFactory, Game
from saloon.core.state import State
from saloon.games.d6shooters.actions import (
    Amount,
    Change,
    Fours,
    Keep,
    Pay,
    Place,
    Reroll,
    Stake,
    Word,
)
from saloon.games.d6shooters.dice import round_odds
from saloon.games.d6shooters.rules import D6State
from saloon.games.d6shooters.rules.harm import deserters_can_take
from saloon.games.d6shooters.rules.moves import fours_choices
from saloon.games.d6shooters.rules.nodes import (
    FX_CAMPFIRE,
    LEAVE,
    MAP,
    MEDICINE,
    P_ASSIGN,
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
    P_NUDGE,
    P_RECRUIT,
    P_REROLL,
    P_SHOP,
    P_STAKE,
    P_TACTIC,
    PASS,
    ROLL,
    STOP,
)
from saloon.games.d6shooters.rules.showdown import assign_range

DONE = Word("done")


def _d6(state: State) -> D6State:
    if not isinstance(state, D6State):
        raise TypeError(f"a d6 Shooters state is needed, not {type(state).__name__}")
    return state


@dataclass(frozen=True)
class Knobs:
    """The heuristic's rules of thumb, each settable in the agent spec."""

    #: Spaces a turn is expected to cover (for "is time short?").
    pace: float = 2.6
    #: Keep 3s when at least this many show (episode 1: a Gold per three).
    threes: int = 2
    #: Food kept in hand beyond the next Rations before spending it on Heat.
    food_margin: int = 1
    #: Buy Posse members only while the Food covers them plus this margin.
    posse_food: int = 0
    #: Stake this much Gold at Poker when holding at least ``poker_rich``
    #: Gold (0: never play).
    poker_stake: int = 0
    poker_rich: int = 12
    #: Episode 2: points a Crowe crossed off is worth (each Shootout won
    #: thins the Gang met at the Showdown).
    crowe: float = 8.0
    #: Episode 2: extra 4s kept beyond one a 6, to Fight with.
    fight_dice: int = 1
    #: Buy Ammo below this (episode 2: the Showdown's rerolls cost Ammo).
    ammo: int = 4
    ammo_ep2: int = 16


# -- small facts about a state --------------------------------------------------------------


_STOPS: dict[tuple[int, int], tuple[int, ...]] = {}


def next_stop(st: D6State) -> int:
    """Spaces to the next place movement stops: the next Town in episode 1
    ("Movement always stops at a Town"), the destination in episode 2."""
    if st.episode != 1:
        return st.destination - st.journey.space
    key = (id(st.map), st.destination)
    stops = _STOPS.get(key)
    if stops is None:
        stops = (*sorted(t for t in st.map.towns if t < st.destination), st.destination)
        _STOPS[key] = stops
    return stops[bisect_right(stops, st.journey.space)] - st.journey.space


def days_left(st: D6State) -> int:
    """Turns still to play, this one included ("Days": arrive on the limit or sooner)."""
    return st.limit - st.journey.day


def hurry(st: D6State, pace: float) -> float:
    """How short time is: spaces left per turn left over the expected pace
    (above 1: behind schedule)."""
    return (st.destination - st.journey.space) / max(1, days_left(st)) / pace


def to_rations(st: D6State) -> int:
    """Days until the next Rations Day ("Food": every 5th Day)."""
    return 5 - st.journey.day % 5


@cache
def shootout_loss(posse: int, gang: int, bonus: int) -> float:
    """Expected Posse lost in a Shootout of ``posse`` dice (plus ``bonus``)
    against ``gang`` dice: the Gang dice left when the Posse runs out
    ("Shootout!")."""
    if gang == 0:
        return 0.0
    if posse == 0:
        return float(gang)
    win, lose = round_odds(posse, gang, bonus)
    return win * shootout_loss(posse, gang - 1, bonus) + lose * shootout_loss(
        posse - 1, gang, bonus
    )


@cache
def shootout_win(posse: int, gang: int, bonus: int) -> float:
    """The chance that ``posse`` dice (plus ``bonus``) win a Shootout against
    ``gang`` dice: the Gang runs out of dice first ("Shootout!").

    >>> shootout_win(1, 0, 0)
    1.0
    >>> round(shootout_win(2, 1, 3), 4)
    0.9996
    """
    if gang == 0:
        return 1.0
    if posse == 0:
        return 0.0
    win, lose = round_odds(posse, gang, bonus)
    return win * shootout_win(posse, gang - 1, bonus) + lose * shootout_win(posse - 1, gang, bonus)


# -- the heuristic ----------------------------------------------------------------------------


class HeuristicAgent:
    """A careful player's rules of thumb.

    * Keep ("Gameplay"): 1s to move while they do not overshoot the next
      Town (where movement stops); 4s against the 5s and 6s that will stay
      (the red 5s and 6s of the first roll are locked); 2s in pairs when the
      Food will not cover the next Rations ("Food"); 3s for Gold when a set
      of three is near ("Prospect"); everything else rolled again.
    * The 4s ("Dice Actions: 4s"): Seek Shelter from the 5s, then Fight the
      6s when the Ammo makes the Shootout good, else Hide if time allows,
      else take the Gang's rolls; Backroads with what is left.
    * Heat ("Extreme Heat!"): paid in Food while the Food still covers the
      Posse at the next Rations, else in Posse.
    * Towns ("Items That Are Always Available"): Food for the Rations to the
      next Town, Posse while Food allows, Ammo below 4, a useful Special
      Item; Poker only when rich (``poker_stake``).
    * Events: the choice worth most in points and safety.
    * Episode 2: a Fight is credited ``crowe`` points times its chance of
      winning (a Shootout won crosses off a Crowe, Ep.2 "Shootout!"), a 4
      more than the 6s is kept to fight with, and Ammo is stocked up to
      ``ammo_ep2`` for the Showdown's rerolls.
    """

    def __init__(self, knobs: Knobs | None = None, name: str = "heuristic") -> None:
        self.name = name
        self.k = knobs or Knobs()

    def choose(self, state: State) -> Action:
        st = _d6(state)
        ph = st.phase
        if ph == P_KEEP:
            return self.poker_keep(st) if st.mode == "poker" else self.keep(st)
        if ph == P_FOURS:
            return self.fours(st)
        if ph == P_BEGIN:
            return ROLL
        return self.other(st, ph)

    # ---- keeping dice

    def wanted(self, st: D6State) -> list[int]:
        """The faces to keep among all dice showing, colourless (a list)."""
        k = self.k
        dice = [
            *st.dice.red,
            *st.dice.white,
            *st.dice.black,
            *([st.dice.black[0]] if st.dice.black else []),
        ]  # black counts twice
        counts = [0] * 7
        for f in dice:
            counts[f] += 1
        forced = [0] * 7
        for f in st.dice.locked:
            forced[f] += 1
        left = 3 - st.dice.rolls
        want: list[int] = []
        # 1s: movement, no more than the next stop takes.
        room = next_stop(st)
        ones = min(counts[1], room)
        want += [1] * ones
        # 4s against the 5s and 6s that stay (forced) and, on the last roll,
        # a share of the dice rolled again.
        threat5, threat6 = forced[5], forced[6]
        need4 = threat5 + (threat6 if st.journey.ammo >= 1 else (threat6 + 1) // 2)
        if st.episode == 2 and threat6 and st.journey.ammo >= 1:
            need4 += k.fight_dice  # a stronger Shootout thins the Crowe Gang
        if left == 1:
            need4 += 1
        want += [4] * min(counts[4], max(need4, 0))
        # 2s when Food is short for the next Rations.
        short = st.journey.food < st.journey.posse + k.food_margin and st.journey.food < st.cap
        if short and counts[2] >= (2 if left == 1 else 1):
            want += [2] * (counts[2] - counts[2] % 2 if left == 1 else counts[2])
        # 3s for Gold.
        per = 2 if st.episode == 1 and st.journey.items & MAP else 3
        if counts[3] >= min(k.threes, per) and hurry(st, k.pace) < 1.1:
            want += [3] * counts[3]
        # Enough movement already: extra 4s help Backroads and defence.
        if ones >= room:
            want += [4] * (counts[4] - min(counts[4], max(need4, 0)))
        return want

    def keep(self, st: D6State) -> Action:
        """The dice to keep, every colour at once, from the colourless wish
        (the black die kept for a pair of its face, since it counts two;
        red first for 1s and 2s: the Compass and the Hunter count red dice
        double); ``stop`` when every die is wanted."""
        d = st.dice
        want = self.wanted(st)
        black: tuple[int, ...] = ()
        if st.episode == 2 and d.black:
            # The black die counts two of its number: a whole pair of the wish.
            bf = d.black[0]
            if want.count(bf) >= 2:
                want.remove(bf)
                want.remove(bf)
                black = (bf,)
        red = list(d.locked)
        for f in red:
            if f in want:
                want.remove(f)
        free_red = list(d.red)
        for f in d.locked:
            free_red.remove(f)
        for f in sorted(free_red):
            if f in want:
                want.remove(f)
                red.append(f)
        white = []
        for f in d.white:
            if f in want:
                want.remove(f)
                white.append(f)
        keep = (black, tuple(sorted(red)), tuple(white))
        if keep == (d.black, d.red, d.white):
            return STOP
        return Keep(*keep)

    def poker_keep(self, st: D6State) -> Action:
        """Ep.1 "Poker": a straight or a full house stands; otherwise keep the
        biggest group of a kind (two pairs both), the higher face on a tie."""
        white = st.dice.white
        counts = {f: white.count(f) for f in set(white)}
        if sorted(white) in ([1, 2, 3, 4, 5], [2, 3, 4, 5, 6]) or sorted(counts.values()) in (
            [2, 3],
            [5],
        ):
            return STOP
        pairs = [f for f, c in counts.items() if c == 2]
        if len(pairs) == 2:
            keep = tuple(sorted(f for f in white if f in pairs))
        else:
            best = max(counts, key=lambda f: (counts[f], f))
            keep = tuple(f for f in white if f == best) if counts[best] > 1 else ()
        return Keep((), (), keep)

    # ---- the 4s

    def fours(self, st: D6State) -> Action:
        opts = fours_choices(st)
        return max(opts, key=lambda a: self.fours_value(st, a))

    def fours_value(self, st: D6State, a: Fours) -> float:
        """Points a split is worth, roughly: a Posse member 3 (and safety),
        a space of Backroads and a Day by how short time is."""
        heat_hit = 4 / 6 if st.episode == 1 else 3 / 6
        n5 = st.resolution.fives - a.shelter
        n6 = max(0, st.resolution.sixes - 2 * a.hide)
        gain = 0.0
        if n6 and a.fight:
            extra = 1 if st.effects.until_town_or_event & FX_CAMPFIRE else 0
            lost = shootout_loss(a.fight + extra, n6, st.journey.ammo + st.journey.guns_bonus) + 0.3
            if st.episode == 2:
                # Ep.2 "Shootout!": a win crosses off a Crowe Gang member.
                gain = self.k.crowe * shootout_win(
                    a.fight + extra, n6, st.journey.ammo + st.journey.guns_bonus
                )
        else:
            lost = n6 * 4 / 6
        lost += n5 * heat_hit * (0.7 if st.episode == 1 and st.journey.food >= 2 * n5 else 1.0)
        h = hurry(st, self.k.pace)
        space = 1.0 + 3.0 * max(0.0, h - 0.7)
        step = 2 if st.episode == 1 else 1
        danger = 2.0 if st.journey.posse <= 3 else 0.0
        return (
            gain
            - lost * (3.0 + danger)
            - a.hide * space * self.k.pace
            + (a.back // step) * space
            - a.fight * 0.01
        )

    # ---- everything else

    def other(self, st: D6State, ph: int) -> Action:
        if ph == P_HEAT_FOOD:
            return self.heat(st)
        if ph == P_SHOP:
            return self.shop(st)
        if ph == P_EVENT_CHOICE:
            return self.event(st)
        if ph == P_LOSS:
            loss, source = st.pending.losses[0]
            if st.journey.items & MEDICINE and (loss >= 2 or loss >= st.journey.posse):
                return Word("medicine")  # a big loss, or one that would end the game
            return Amount("absorb", min(deserters_can_take(st, source), loss))
        if ph == P_BINOCULARS:
            return st.legal_actions()[0]  # a named die (the first one offered)
        if ph == P_HILLS:
            return self.hills(st)
        if ph == P_GUIDE:
            return Amount("guide", 1)
        if ph == P_FAMILY:
            return Place(1, 1)
        if ph == P_FREE_ITEM:
            return Word("start compass")
        if ph == P_RECRUIT:
            room = st.cap - st.journey.posse
            n = min(st.resolution.threes // 3, room)
            if st.journey.food < st.journey.posse:
                n = 0
            return Amount("recruit", n)
        if ph == P_CHARM:
            return self.charm(st)
        if ph == P_STAKE:
            gold = min(max(1, self.k.poker_stake), st.journey.gold)
            return Stake(gold, 0, 0) if gold else st.legal_actions()[0]
        if ph in (P_TACTIC, P_REROLL, P_NUDGE, P_ASSIGN):
            return self.showdown(st, ph)
        legal = st.legal_actions()
        return PASS if PASS in legal else legal[0]

    def heat(self, st: D6State) -> Action:
        """Ep.1 "Extreme Heat!": 2 Food or 1 Posse a hit, from whichever is
        more plentiful against the next Rations."""
        food, posse, paid = st.journey.food, st.journey.posse, 0
        for _ in range(st.pending.heat_hits):
            after = posse
            if food >= 2 and (food - 2 >= after - 1 + self.k.food_margin or posse <= 2):
                food -= 2
                paid += 1
            else:
                posse -= 1
        return Amount("heat food", paid)

    def hills(self, st: D6State) -> Action:
        """Gold in Them Hills: a die to a 3 when it makes a set of 3s likelier."""
        threes = st.dice.red.count(3) + st.dice.white.count(3)
        if threes < 1:
            return PASS
        for f in (6, 5, 2):
            if f in st.dice.white:
                return Change("hills", "w", f, 3)
        return PASS

    def charm(self, st: D6State) -> Action:
        """Lucky Charm (episode 2): a white 5 to a 4 (Shelter), else a 2 to a 1."""
        if 5 in st.dice.white:
            return Change("charm", "w", 5, 4)
        if 2 in st.dice.white and st.destination - st.journey.space > 1:
            return Change("charm", "w", 2, 1)
        return PASS

    def needed_food(self, st: D6State) -> int:
        """Food for the Rations until the next Town (about ``pace`` spaces a Day)."""
        ahead = [t for t in st.map.towns if t > st.journey.space]
        dist = (min(ahead) if ahead else st.destination) - st.journey.space
        days = max(1.0, dist / self.k.pace)
        rations = int((st.journey.day % 5 + days) // 5)
        if ahead and min(ahead) == st.destination:
            rations = int((st.journey.day % 5 + days - 1) // 5)
        return max(0, rations) * st.journey.posse

    def shop(self, st: D6State) -> Action:
        """A Town (Ep.1/Ep.2 "Items"): one buy per decision, most urgent first."""
        g = st.journey.gold
        legal = set(map(str, st.legal_actions()))
        need = self.needed_food(st)
        if (
            g >= 2
            and st.journey.food + 5 <= st.cap + 1
            and st.journey.food < need
            and "buy food 5" in legal
        ):
            return Word("buy food 5")
        if g >= 1 and st.journey.food < need and "buy food 2" in legal:
            return Word("buy food 2")
        if st.visit.item_offered == "medicine" and "buy medicine" in legal and g >= 3:
            return Word("buy medicine")
        if (
            st.visit.item_offered == "compass"
            and "buy compass" in legal
            and st.destination - st.journey.space > 25
        ):
            return Word("buy compass")
        ammo = self.k.ammo_ep2 if st.episode == 2 else self.k.ammo
        if st.journey.ammo + 5 <= ammo and g >= 2 and "buy ammo 5" in legal:
            return Word("buy ammo 5")
        if st.journey.ammo < ammo and g >= 1 and "buy ammo 2" in legal:
            return Word("buy ammo 2")
        if (
            "buy posse" in legal
            and st.journey.food >= need + st.journey.posse // 3 + self.k.posse_food
        ):
            return Word("buy posse")
        if st.visit.item_offered == "hunter" and "buy hunter" in legal and g >= 4:
            return Word("buy hunter")
        if st.visit.item_offered == "binoculars" and "buy binoculars" in legal and g >= 4:
            return Word("buy binoculars")
        k = self.k
        if k.poker_stake and "poker" in legal and g >= k.poker_rich:
            return Word("poker")
        return LEAVE

    def event(self, st: D6State) -> Action:
        """An Event's choice, by simple value (Ep.1/Ep.2 "Event List")."""
        legal = st.legal_actions()
        words = {str(a): a for a in legal}
        if "mine" in words:
            return words["mine"]
        if "campfire" in words:
            return (
                words["campfire"]
                if st.journey.food > st.journey.posse and st.journey.ammo >= 1
                else PASS
            )
        if "deer big" in words and hurry(st, self.k.pace) < 0.8 and st.journey.food < st.cap - 6:
            return words["deer big"]
        for w in ("deer small", "herd"):
            if w in words and st.journey.food <= st.cap - 2 and st.journey.ammo >= 2:
                return words[w]
        pays = [a for a in legal if isinstance(a, Pay)]
        if pays or "fight" in words:
            return self.pay(st, pays, "fight" in words)
        trades = [a for a in legal if hasattr(a, "food") and hasattr(a, "ammo")]
        if trades:
            return self.trade(st, legal)
        return PASS if PASS in legal else legal[0]

    def pay(self, st: D6State, pays: Sequence[Pay], can_fight: bool) -> Action:
        short = st.journey.food < st.journey.posse + 2

        def cost(p: Pay) -> float:
            food_w = 2.5 if short else 1.0
            posse_w = 8.0 if st.journey.posse <= p.posse + 1 else 3.5
            return 2.0 * p.gold + food_w * p.food + 0.5 * p.ammo + posse_w * p.posse

        best: Action | None = min(pays, key=cost) if pays else None
        best_cost = cost(best) if isinstance(best, Pay) else 1e9
        if can_fight:
            fight = shootout_loss(1, 2, st.journey.ammo + st.journey.guns_bonus) * 3.5 + 0.5
            if fight < best_cost:
                return Word("fight")
        assert best is not None
        return best

    def trade(self, st: D6State, legal: Sequence[Action]) -> Action:
        """Wagon Train: Food bought with Gold while it is short."""
        need = st.journey.posse + 2 - st.journey.food
        best: Action = PASS
        for a in legal:
            f = getattr(a, "food", None)
            am = getattr(a, "ammo", None)
            if f is None or am != 0:
                continue
            bigger = best == PASS or f > getattr(best, "food", 0)
            if f > 0 and bigger and need > 0 and f * 2 <= need + 1 and st.journey.gold >= f:
                best = a
        return best

    # ---- the Ghost Town Showdown (episode 2)

    def showdown(self, st: D6State, ph: int) -> Action:
        """Tactics: Charge with the bigger side, Defend when outnumbered,
        Distract once; rerolls of the Crowe dice that would hit; nudges that
        turn a Crowe hit into a miss or a Posse miss into a success."""
        if ph == P_TACTIC:
            used = st.showdown.tactics_used
            if st.showdown.posse >= st.showdown.crowes + 2 and not used & 4:
                return Word("tactic charge")
            if not used & 2:
                return Word("tactic defend")
            if not used & 8:
                return Word("tactic distract")
            if not used & 4 and st.showdown.posse > st.showdown.crowes:
                return Word("tactic charge")
            return Word("tactic none")
        t = st.showdown.tactic
        hit = 6 if t == "defend" else 4 if t == "charge" else 5
        ok = 3 if t in ("defend", "charge") else 4
        if ph == P_REROLL:
            crowe = tuple(f for f in st.showdown.crowe_faces if f >= hit)[:3]
            posse = tuple(f for f in st.showdown.posse_faces if f < ok)[: 3 - len(crowe)]
            if not crowe and len(posse) < 2:
                return PASS
            if not crowe and not posse:
                return PASS
            return Reroll(tuple(sorted(posse)), tuple(sorted(crowe)))
        if ph == P_NUDGE:
            if 5 in st.showdown.crowe_faces:
                return Change("nudge", "c", 5, 4)
            if 3 in st.showdown.posse_faces:
                return Change("nudge", "p", 3, 4)
            if 3 in st.showdown.crowe_faces:
                return Change("nudge", "c", 3, 2)
            return DONE
        # Remove as many Crowe 1-2s as possible when the Posse is big enough
        # to take the 5-6s' hits, else set aside every 5-6 first; never
        # waste a success.
        _, hi = assign_range(st)
        wins = sum(1 for f in st.showdown.posse_faces if f >= 4)
        high = sum(1 for f in st.showdown.crowe_faces if f >= 5)
        lo = min(hi, max(0, wins - high))
        return Amount("assign", hi if st.showdown.posse > 2 else lo)


# -- factories --------------------------------------------------------------------------------


def _heuristic(game: Game, seed: int | None, params: Mapping[str, str]) -> Agent:
    return HeuristicAgent(parse_knobs("heuristic", params, Knobs), spec_label("heuristic", params))


def _planner(game: Game, seed: int | None, params: Mapping[str, str]) -> Agent:
    from saloon.games.d6shooters.planner import PlannerAgent

    knobs = parse_knobs("planner", params, Knobs, ("score",))
    raw = params.get("score")
    weight: float | None = None
    if raw is not None:
        try:
            weight = float(raw)
        except ValueError:
            raise OptionError(f"planner parameter score={shown(raw)} is not a number") from None
    return PlannerAgent(knobs, weight, spec_label("planner", params))


AGENTS: dict[str, AgentFactory] = {"heuristic": _heuristic, "planner": _planner}

__all__ = ["AGENTS", "HeuristicAgent", "Knobs", "next_stop", "shootout_loss", "shootout_win"]
