"""The solo hero's companion (Part III, Solo & Co-op, Companions).

One companion, chosen at setup, kept all game (Part III, Setup, Hide
Collection Board; Companions); its help counts only while it shares the
hero's space: the Bird an extra D4 when he rolls his natural D6, the Kitteh
+1, the Crustacean +2 in a space with a dungeon, the Wasteland Wisp +2 for
each terrain there (forest, trails, cemetery, hills), stacking. It starts in
its carrier; the red-dot gather board's "1" (the reward that replaces the
Advantage card) deploys it to the hero's space, pays two coins when it is
there, or may call it there from elsewhere. Each action spent lets it move
a space (optional; a horse ride is one action, one move). Hero Swap may
trade places with it. When the hero loses HP with it in his space, it goes
back to its carrier (rulings DG-R68, DG-R69).

>>> sorted(COMPANIONS)
['bird', 'crustacean', 'kitteh', 'wisp']
>>> TERRAINS
('forest', 'trails', 'cemetery', 'hills')
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Final

from saloon.core.action import Action
from saloon.games.dungeons.actions import PASS, Pick
from saloon.games.dungeons.rules import board, common
from saloon.games.dungeons.rules.agenda import Decision, Step, push

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState

#: The four companions, by id: their names and help (Part III, Companions).
COMPANIONS: Final[dict[str, tuple[str, str]]] = {
    "bird": ("the Bird", "an extra D4 in combat when rolling the natural D6"),
    "kitteh": ("the Kitteh", "+1 to the combat roll"),
    "crustacean": ("the Crustacean", "+2 to the combat roll in a space with a dungeon"),
    "wisp": (
        "the Wasteland Wisp",
        "+2 to the combat roll for each terrain in the space: forest, trails, cemetery, hills",
    ),
}
#: The terrains the Wisp counts (Part III, Companions).
TERRAINS: Final = ("forest", "trails", "cemetery", "hills")
#: Coins when the "1" is rolled with the companion in the hero's space.
COMPANION_COINS: Final = 2
#: The Pick words: the companion chosen, called, moved; the Hero Swap target.
COMPANION: Final = "companion"
CALL: Final = "call"
FOLLOW: Final = "follow"
SWAP: Final = "companion"
#: The Bird's die's ``source`` in a round (Part III, Companions).
BIRD: Final = "bird"
#: Hero Swap's candidate standing for the companion (not a seat).
SWAP_SEAT: Final = -2


def name(cid: str) -> str:
    return COMPANIONS[cid][0] if cid in COMPANIONS else cid


def present(s: DungeonsState, seat: int) -> bool:
    """Whether the companion shares ``seat``'s space (its help counts)."""
    at = s.companion_at
    return bool(s.companion) and at is not None and at == s.heroes[seat].space


def combat_bonus(s: DungeonsState, seat: int) -> int:
    """The Kitteh's, the Crustacean's or the Wisp's bonus to a round (0
    when away, or for the Bird)."""
    if not present(s, seat):
        return 0
    space = s.heroes[seat].space
    pieces = set(board.pieces_in(s, space))
    if s.companion == "kitteh":
        return 1
    if s.companion == "crustacean":
        return 2 if "dungeon" in pieces else 0
    if s.companion == "wisp":
        return 2 * sum(1 for t in TERRAINS if t in pieces)
    return 0


def bird_die(s: DungeonsState, seat: int, sources: tuple[str, ...], natural_die: int) -> bool:
    """The Bird's extra D4: present, and the hero rolls his natural D6
    alone (not a chib's die, not a card, not Holy Water)."""
    return (
        s.companion == "bird" and present(s, seat) and sources == ("natural",) and natural_die == 6
    )


# -- setup --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PickCompanion(Decision):
    """``companion <id>``: the solo hero's companion, into its carrier."""

    seat: int

    def legal(self, s: DungeonsState) -> list[Action]:
        return [Pick(COMPANION, c) for c in COMPANIONS]

    def prompt(self, s: DungeonsState) -> str:
        return "choose a companion"

    def answer(self, s: DungeonsState, action: Action) -> None:
        assert isinstance(action, Pick)
        s.companion = action.value
        s.companion_at = None
        help_ = COMPANIONS[action.value][1]
        s.say(
            "companion",
            f"{s.name(self.seat)} takes {name(action.value)} as a companion ({help_}); it "
            "waits in its carrier.",
            self.seat,
        )


# -- the gather's "1" ---------------------------------------------------------------------------


def gather_reward(s: DungeonsState, seat: int) -> None:
    """The companion reward (Part III, Companions): deploy, two coins, or a call."""
    who = s.name(seat)
    comp = name(s.companion)
    here = s.heroes[seat].space
    if not s.companion:
        return
    if s.companion_at is None:
        s.companion_at = here
        s.say("companion", f"{who} gathers {comp}: out of its carrier to {_at(s, here)}.", seat)
    elif s.companion_at == here:
        got = common.gain(s, seat, COMPANION_COINS)
        s.say("companion", f"{who} gathers {comp}, already at his side: {got} coins.", seat)
    else:
        push(s, CallCompanion(seat))


def _at(s: DungeonsState, space: int) -> str:
    return board.space_words(s, space)


@dataclass(frozen=True, slots=True)
class CallCompanion(Decision):
    """``call companion``: it comes to the hero's space; ``pass``: it stays."""

    seat: int

    def legal(self, s: DungeonsState) -> list[Action]:
        return [Pick(CALL, COMPANION), PASS]

    def prompt(self, s: DungeonsState) -> str:
        return f"call {name(s.companion)} to your space, or pass"

    def answer(self, s: DungeonsState, action: Action) -> None:
        if action == PASS:
            s.say(
                "companion",
                f"{common.upper_first(name(s.companion))} stays where it is.",
                self.seat,
            )
            return
        here = s.heroes[self.seat].space
        s.companion_at = here
        s.say(
            "companion",
            f"{s.name(self.seat)} calls {name(s.companion)} to {_at(s, here)}.",
            self.seat,
        )


# -- moving with the actions --------------------------------------------------------------------


def follow_spaces(s: DungeonsState) -> tuple[int, ...]:
    at = s.companion_at
    if not s.companion or at is None or at < 0:
        return ()
    return board.exits(s, at)


@dataclass(frozen=True, slots=True)
class OfferFollow(Step):
    """After an action spent, the companion may move a space (Part III,
    Companions), while the turn goes on."""

    seat: int

    def run(self, s: DungeonsState) -> None:
        t = s.turn
        if t is None or t.seat != self.seat or s.heroes[self.seat].dead:
            return
        if follow_spaces(s):
            push(s, FollowMove(self.seat))


@dataclass(frozen=True, slots=True)
class FollowMove(Decision):
    """``follow <space>``: the companion moves one space; ``pass``: it stays."""

    seat: int

    def legal(self, s: DungeonsState) -> list[Action]:
        from saloon.games.dungeons.actions import space_name

        return [*(Pick(FOLLOW, space_name(sp)) for sp in follow_spaces(s)), PASS]

    def prompt(self, s: DungeonsState) -> str:
        return f"move {name(s.companion)} one space, or pass"

    def answer(self, s: DungeonsState, action: Action) -> None:
        from saloon.games.dungeons.actions import parse_space

        if not isinstance(action, Pick):
            return
        to = parse_space(action.value)
        s.companion_at = to
        s.say(
            "companion",
            f"{common.upper_first(name(s.companion))} moves to {_at(s, to)}.",
            self.seat,
        )


# -- Hero Swap and harm -------------------------------------------------------------------------


def can_swap(s: DungeonsState, seat: int) -> bool:
    """Hero Swap with the companion (Part III, Companions): it stands on a
    numbered space other than the hero's (as a hero must: ruling DG-R23)."""
    at = s.companion_at
    return bool(s.companion) and at is not None and at > 0 and at != s.heroes[seat].space


def swap(s: DungeonsState, seat: int) -> None:
    """The hero and the companion change places; the hero leaves his fight."""
    from saloon.games.dungeons.rules import effects, moves

    at = s.companion_at
    assert at is not None
    mine = s.heroes[seat].space
    effects.end_engagement(s, seat)
    s.say(
        "swap",
        f"{s.name(seat)} swaps places with {name(s.companion)}: {_at(s, at)} and {_at(s, mine)}.",
        seat,
    )
    s.companion_at = mine
    s.heroes[seat] = replace(s.heroes[seat], space=at)
    moves.arrive(s, seat, at)


def hurt(s: DungeonsState, seat: int) -> None:
    """The hero lost HP: a companion in his space goes back to its carrier."""
    if present(s, seat):
        s.companion_at = None
        s.say(
            "companion",
            f"{s.name(seat)} is hurt: {name(s.companion)} flees back to its carrier.",
            seat,
        )
