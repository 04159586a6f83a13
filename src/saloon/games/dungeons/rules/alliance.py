"""Alliance (Part III): two teams of two, the Alliance deck, gifts between teammates.

Part III, Alliance, in our words: four players, two teams, teammates across
the table (seats 1 and 3 against 2 and 4: ruling DG-R80); the next player
to act is the active player's GM and never his teammate
(:meth:`~.state.DungeonsState.gm_of`); when a player rests with a full turn
and draws two Heroic Quest cards, his teammate draws two Alliance cards,
and neither draws when the player may not (:class:`~.turn.EndOfTurn`;
ruling DG-R82); Alliance cards are red-bannered, so played only out of
one's own turn (rulings DG-R81, DG-R85); teammates sharing a space may
give each other Advantage cards and coins in either one's turn (ruling
DG-R84); whether teammates see each other's cards is the table's choice
(option ``team_hands``: ruling DG-R87).

**The windows** (ruling DG-R81). A ``foe`` Alliance card is played as a
red Heroic Quest card, in the collective GM's window of an opponent's
fight, before his roll (:mod:`.powers`): only opponents are asked there,
never the fighter's teammate. An ``ally`` card is played for one's
teammate in the *teammate's window* of his turn, in which only he, the
teammate of the active player, is asked: ``turn``, at the start of the
turn (after the spawn, the open gather and the engagement; the gifts of
his hand and purse too, when the two share a space), and ``fight``, in
each round of the active hero's fights after the GM's window, before the
roll. The card's effects act for the active player, as if his own. Each
window closes when the teammate passes; every card played or gift given
leaves his hand or purse, so every window is finite.

Who is asked is judged on what every player sees (ruling DG-R4): the
teammate is asked at a window when he holds an Alliance card and a card
the deck prints would do something now, or (``turn``) when he could give
something; with nothing to play his only choice is ``pass``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from saloon.core.action import Action
from saloon.games.dungeons.actions import PASS, Give, Play
from saloon.games.dungeons.effects import Effect
from saloon.games.dungeons.rules import cards, common, effects
from saloon.games.dungeons.rules.agenda import Decision, Step, push

if TYPE_CHECKING:
    from saloon.games.dungeons.content import AllianceCard
    from saloon.games.dungeons.rules.state import DungeonsState

#: Alliance cards a teammate draws when a player's rest draws two Heroic
#: Quest cards (Part III, Alliance).
ALLIANCE_DRAW = 2

#: The teammate's windows (see the module docstring).
PHASES = ("turn", "fight")


def on(s: DungeonsState) -> bool:
    """Whether the game is played in Alliance mode."""
    return s.options.mode == "alliance"


def alliance_card(s: DungeonsState, cid: str) -> AllianceCard:
    return s.index.alliances[cid]


def is_foe(s: DungeonsState, cid: str) -> bool:
    c = s.index.alliances.get(cid)
    return c is not None and c.side == "foe"


def is_ally(s: DungeonsState, cid: str) -> bool:
    c = s.index.alliances.get(cid)
    return c is not None and c.side == "ally"


# -- gifts -------------------------------------------------------------------------------------


def together(s: DungeonsState, seat: int, other: int) -> bool:
    """Two heroes in one space, neither in the Styx (Part III, Alliance)."""
    a, b = s.heroes[seat], s.heroes[other]
    return a.space == b.space and not a.dead and not b.dead


def gifts(s: DungeonsState, giver: int) -> list[Action]:
    """What ``giver`` may give his teammate now (ruling DG-R84): coins, as
    many as he likes up to what he has and what the teammate may hold (the
    cap), or one of his Advantage cards while the teammate's hand is below
    its limit; only when both share a space."""
    mate = s.partner(giver)
    if mate is None or not together(s, giver, mate):
        return []
    h, m = s.heroes[giver], s.heroes[mate]
    room = s.content.prices.coin_cap - m.coins
    out: list[Action] = [Give(mate, coins=k) for k in range(1, min(h.coins, room) + 1)]
    if m.hand_size < common.hand_limit(s, mate):
        out += [Give(mate, card=c) for c in dict.fromkeys(h.advantage)]
    return out


def give(s: DungeonsState, giver: int, gift: Give) -> None:
    """The gift goes from ``giver`` to his teammate: a card face down (its
    name told to the two of them), coins in sight of all."""
    mate = gift.seat
    if gift.coins:
        paid = common.pay(s, giver, gift.coins)
        common.gain(s, mate, paid)
        s.say("give", f"{s.name(giver)} gives {s.name(mate)} {common.count(paid, 'coin')}.", giver)
        return
    cards.take(s, giver, gift.card)
    cards.give(s, mate, "advantage", gift.card)
    name = cards.card_name(s, gift.card)
    s.say(
        "give",
        f"{s.name(giver)} gives {s.name(mate)} {name}.",
        giver,
        to=(giver, mate),
    )
    s.say(
        "give",
        f"{s.name(giver)} gives {s.name(mate)} an Advantage card.",
        giver,
        besides=(giver, mate),
    )


# -- the teammate's windows ------------------------------------------------------------------


def _ally_does(s: DungeonsState, active: int, e: Effect, phase: str) -> bool:
    """Whether an ally card's effect would do something for ``active`` now."""
    from saloon.games.dungeons.rules import powers

    f = s.fight
    k = e.kind
    if k == "hero_buff":
        return phase == "fight" and f is not None and not powers.rolled(s)
    if k == "win_ties":
        return phase == "fight" and f is not None and not f.win_ties
    if k == "extra_action":
        return phase == "turn"
    if k == "stealth_bonus":
        return True
    return powers.useful(s, active, (e,))


def ally_useful(s: DungeonsState, cid: str, phase: str) -> bool:
    """Whether the ally card ``cid`` would do something now for the
    active player (not in the Village: another's card does not reach
    him there, Part II, The Village)."""
    active = s.active
    if active is None or s.heroes[active].in_village or s.heroes[active].dead:
        return False
    c = s.index.alliances[cid]
    return c.side == "ally" and any(_ally_does(s, active, e, phase) for e in c.effects)


def ally_plays(s: DungeonsState, seat: int, phase: str) -> list[Action]:
    """The ally cards ``seat`` may play for his teammate now."""
    return [Play(cid) for cid in dict.fromkeys(s.heroes[seat].allies) if ally_useful(s, cid, phase)]


def window_choices(s: DungeonsState, seat: int, phase: str) -> list[Action]:
    gives = gifts(s, seat) if phase == "turn" else []
    return [*ally_plays(s, seat, phase), *gives, PASS]


def asked(s: DungeonsState, seat: int, phase: str) -> bool:
    """Whether the teammate is asked (ruling DG-R4, on what all see): he
    holds an Alliance card and an ally card the deck prints would do
    something now; or (``turn``) he could give something."""
    if phase == "turn" and gifts(s, seat):
        return True
    if not s.heroes[seat].allies:
        return False
    return any(ally_useful(s, c.id, phase) for c in s.content.alliances if c.side == "ally")


def window_open(s: DungeonsState, phase: str) -> bool:
    t = s.turn
    if not on(s) or t is None or s.heroes[t.seat].dead:
        return False
    if phase == "fight":
        from saloon.games.dungeons.rules import powers

        return s.fight is not None and not powers.rolled(s)
    return s.fight is None


@dataclass(frozen=True, slots=True)
class OpenAllyWindow(Step):
    """The teammate's window ``phase`` of the active player's turn (see the
    module docstring)."""

    phase: str

    def run(self, s: DungeonsState) -> None:
        if not window_open(s, self.phase) or s.active is None:
            return
        mate = s.partner(s.active)
        if mate is not None and asked(s, mate, self.phase):
            push(s, AllyWindow(self.phase, mate))


@dataclass(frozen=True, slots=True)
class AllyWindow(Decision):
    """The teammate plays an ally card for the active player, gives him
    something (``turn``), or passes, which closes the window."""

    phase: str
    seat: int

    def legal(self, s: DungeonsState) -> list[Action]:
        return window_choices(s, self.seat, self.phase)

    def prompt(self, s: DungeonsState) -> str:
        active = s.active
        whose = "your teammate's" if active is None else f"{s.name(active)}'s"
        if self.phase == "fight":
            return f"{whose} fight, before the roll: play an Alliance card for him, or pass"
        return f"{whose} turn: play an Alliance card for him, give, or pass"

    def answer(self, s: DungeonsState, action: Action) -> None:
        if action == PASS:
            return
        push(s, OpenAllyWindow(self.phase))
        if isinstance(action, Give):
            give(s, self.seat, action)
        else:
            assert isinstance(action, Play)
            play_ally(s, self.seat, action.card)


def play_ally(s: DungeonsState, seat: int, cid: str) -> None:
    """``seat`` plays the ally card ``cid`` for his teammate, the active
    player: its effects act for the active player; in a fight the
    opponents may cancel it first (the counter window, :mod:`.powers`)."""
    from saloon.games.dungeons.rules import powers

    active = s.active
    assert active is not None
    c = s.index.alliances[cid]
    cards.spend(s, seat, cid)
    s.say("play", f"{s.name(seat)} plays {c.name} for {s.name(active)}: {c.text}", seat)
    if s.fight is not None:
        queue = powers.counter_queue(s, seat)
        if queue:
            push(s, powers.Counter(cid, active, queue))
            return
    effects.run(s, c.effects, effects.Ctx(active, c.name))


def rest_draws(s: DungeonsState, seat: int) -> list[Step]:
    """Part III, Alliance: the teammate of a player whose rest draws two
    Heroic Quest cards draws two Alliance cards (ruling DG-R82)."""
    mate = s.partner(seat) if on(s) else None
    if mate is None:
        return []
    return [cards.DrawCard(mate, "alliance") for _ in range(ALLIANCE_DRAW)]


def refused_out_of_turn(s: DungeonsState, seat: int, cid: str) -> str | None:
    """Why ``seat`` may not play the Alliance card ``cid`` in his own turn."""
    if cid in s.index.alliances and s.active == seat:
        return (
            "Alliance cards have red banners: they are played out of your own turn, never in "
            "it (Part III, Alliance)"
        )
    return None
