"""The Village's paid services, the Cash Cube and the Advantage card purchase.

Part II, The Village, What You Can Pay to Do: the Fountain of You (1 coin:
a D6; a stat lower than the roll may be raised to it; nothing is lost
otherwise; the stat need not be named first), Training Camp (2 coins: +1 to
a stat, at most 6), refreshing a skill marker (1 coin each). Part I, Cash
Cube (2 coins, any numbered space, rehired to move it). Part I, Non-Action
Tasks, Buy Advantage Cards: any time in one's turn (the price, 2 coins, is
Saloon's: DG-C6; a card bought at the hand limit needs room: DG-R2). A service that costs
nothing (a market day) is used at most once a turn (ruling DG-R12).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from saloon.core.action import Action
from saloon.games.dungeons.actions import PASS, Pick
from saloon.games.dungeons.effects import STATS
from saloon.games.dungeons.rules import board, cards, common
from saloon.games.dungeons.rules.agenda import Decision, Step, push
from saloon.games.dungeons.rules.model import CUBE
from saloon.games.dungeons.rules.reroll import Rerollable

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState


def service_price(s: DungeonsState, service: str) -> int:
    p = s.content.prices
    base = {"fountain": p.fountain, "training": p.training, "refresh": p.refresh}[service]
    return common.price(s, base, village=True)


def can_use(s: DungeonsState, seat: int, service: str) -> bool:
    """In the Village, with the coins; a free service once a turn."""
    h = s.heroes[seat]
    if not h.in_village:
        return False
    cost = service_price(s, service)
    t = s.turn
    if cost == 0 and t is not None and service in t.free:
        return False
    return h.coins >= cost


def pay_for(s: DungeonsState, seat: int, service: str) -> int:
    cost = service_price(s, service)
    common.pay(s, seat, cost)
    t = s.turn
    if cost == 0 and t is not None:
        s.turn = replace(t, free=(*t.free, service))
    return cost


def train(s: DungeonsState, seat: int, stat: str) -> None:
    cost = pay_for(s, seat, "training")
    before = s.heroes[seat].stat(stat)
    common.set_stat(s, seat, stat, before + 1)
    s.say(
        "train",
        f"{s.name(seat)} trains at the Training Camp ({common.count(cost, 'coin')}): "
        f"{stat} from {before} to {before + 1}.",
        seat,
    )


def fountain(s: DungeonsState, seat: int) -> None:
    cost = pay_for(s, seat, "fountain")
    s.say(
        "fountain",
        f"{s.name(seat)} drinks from the Fountain of You ({common.count(cost, 'coin')}).",
        seat,
    )
    push(s, FountainRoll(seat))


@dataclass(frozen=True, slots=True)
class FountainRoll(Rerollable):
    """The Fountain's D6, the hero's own die (``dogmud=any`` lets him buy
    it again: :mod:`.reroll`)."""

    seat: int

    def die(self, s: DungeonsState) -> int:
        return 6

    def prompt(self, s: DungeonsState) -> str:
        return "the Fountain's D6 (e.g. d6 5)"

    def what(self, s: DungeonsState) -> str:
        return "the Fountain's D6"

    def say(self, s: DungeonsState, face: int) -> None:
        s.say("fountain", f"The Fountain's die shows {face}.")

    def settle(self, s: DungeonsState, face: int) -> None:
        h = s.heroes[self.seat]
        lower = tuple(st for st in STATS if h.stat(st) < face)
        if not lower:
            s.say("fountain", "No stat is lower than the roll: nothing happens.")
            return
        push(s, FountainRaise(self.seat, face, lower))


@dataclass(frozen=True, slots=True)
class FountainRaise(Decision):
    """``raise <stat>`` (to the roll), or ``pass``."""

    seat: int
    face: int
    options: tuple[str, ...]

    def legal(self, s: DungeonsState) -> list[Action]:
        return [*(Pick("raise", st) for st in self.options), PASS]

    def prompt(self, s: DungeonsState) -> str:
        return f"the Fountain shows {self.face}: raise a lower stat to it, or pass"

    def answer(self, s: DungeonsState, action: Action) -> None:
        if isinstance(action, Pick):
            before = s.heroes[self.seat].stat(action.value)
            common.set_stat(s, self.seat, action.value, self.face)
            s.say(
                "fountain",
                f"The Fountain raises {s.name(self.seat)}'s {action.value} from {before} to "
                f"{self.face}.",
            )


def refresh(s: DungeonsState, seat: int) -> None:
    cost = pay_for(s, seat, "refresh")
    s.say(
        "refresh", f"{s.name(seat)} refreshes a skill marker ({common.count(cost, 'coin')}).", seat
    )
    push(s, RefreshOne(seat))


@dataclass(frozen=True, slots=True)
class RefreshOne(Step):
    """One used skill marker back to the unlocked row: the player picks
    which skill it leaves when there are several."""

    seat: int

    def run(self, s: DungeonsState) -> None:
        options = tuple(dict.fromkeys(s.heroes[self.seat].markers))
        if len(options) == 1:
            unmark(s, self.seat, options[0])
        elif options:
            push(s, RefreshChoice(self.seat, options))


@dataclass(frozen=True, slots=True)
class RefreshChoice(Decision):
    seat: int
    options: tuple[str, ...]

    def legal(self, s: DungeonsState) -> list[Action]:
        return [Pick("option", sid) for sid in self.options]

    def prompt(self, s: DungeonsState) -> str:
        return "the skill whose marker is refreshed"

    def answer(self, s: DungeonsState, action: Action) -> None:
        assert isinstance(action, Pick)
        unmark(s, self.seat, action.value)


def unmark(s: DungeonsState, seat: int, sid: str) -> None:
    h = s.heroes[seat]
    markers = list(h.markers)
    markers.remove(sid)
    s.heroes[seat] = replace(h, markers=tuple(markers))
    s.say("refresh", f"{s.name(seat)}'s {s.index.skills[sid].name} is ready again.", seat)


def hire_spaces(s: DungeonsState, seat: int) -> tuple[int, ...]:
    """Where the Cash Cube may be hired to (Part I, Cash Cube; Addenda, Village Signs):
    any numbered space, never the Village (not where it already is)."""
    if s.options.hides or s.heroes[seat].coins < s.content.prices.cash_cube:
        # Part III, Companions: no Cash Cubes in solo or co-op.
        return ()
    cube = board.cube_of(s, seat)
    # A Cube turned against its owner may be rehired where it stands: it
    # is his again (the Mercenary Cube house rule, ruling DG-R56).
    here = None if cube is None or cube.serves is not None else cube.space
    return tuple(sp for sp in board.numbered(s) if sp != here)


def hire(s: DungeonsState, seat: int, space: int) -> None:
    """Part I, Cash Cube: paid, placed at once; rehired, it moves (and a
    Cube turned against its owner is his again: ruling DG-R56)."""
    cost = s.content.prices.cash_cube
    common.pay(s, seat, cost)
    cube = board.cube_of(s, seat)
    if cube is None:
        board.add_enemy(s, CUBE, space, owner=seat)
        verb = "hires"
    else:
        s.set_enemy(replace(cube, space=space, serves=None))
        verb = "rehires" if cube.serves is None else "takes back and rehires"
    s.say(
        "cube",
        f"{s.name(seat)} {verb} the Cash Cube ({common.count(cost, 'coin')}) to "
        f"{board.space_words(s, space)}.",
        seat,
    )


def can_buy(s: DungeonsState, seat: int) -> bool:
    """Part I, Non-Action Tasks (ruling DG-R2): the coins, and a card to draw."""
    h = s.heroes[seat]
    return h.coins >= s.content.prices.advantage_card and s.decks["advantage"].size > 0


def buy(s: DungeonsState, seat: int) -> None:
    cost = s.content.prices.advantage_card
    common.pay(s, seat, cost)
    s.say("buy", f"{s.name(seat)} buys an Advantage card ({common.count(cost, 'coin')}).", seat)
    push(s, cards.DrawCard(seat, "advantage", must=True))
