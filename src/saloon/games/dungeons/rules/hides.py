"""Hide Collection: the solo and co-op modes (Part III, Solo & Co-op).

No glory: the table wins together on the last of the fifteen hides (one of
each monster: five classes of three) on the Hide Collection board, and
loses together when the turns run out (Part III, Hide Collection; Winning
and Losing). The compass dial counts turns, one player's turn each (in
co-op the players take them in seat order), the max turn counter starts at
four and moves up one for each bounty dropped off in the Village (ruling
DG-R61). Eight bounties are dealt face up at setup, the only ones of the
game (Part III, Hide Collection; ruling DG-R62). A kill counts for one of
a bounty, the collection or a hide of the hero's boards, his choice
(ruling DG-R63); a Dragon or the Kraken counts as any one missing hide,
placed at once (Part III, Special Enemies; ruling DG-R64); a Plant of
Eden brings its coins only.

>>> START_TURNS, SETUP_BOUNTIES, SETUP_ENEMIES, HIDES
(4, 8, 4, 15)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from saloon.core.action import Action, Outcome
from saloon.games.dungeons.actions import PASS, Pick, Roll
from saloon.games.dungeons.rules import board, common
from saloon.games.dungeons.rules.agenda import Decision, DieRoll, Step, push

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState

#: Turns on the max turn counter at the start (Part III, Setup: the "4" slot).
START_TURNS: Final = 4
#: Bounties picked at setup, the only ones of the game (Part III, Hide Collection).
SETUP_BOUNTIES: Final = 8
#: Enemies spawned at setup (Part III, Spawn/Gather).
SETUP_ENEMIES: Final = 4
#: Hides to collect: one of each monster (Part III, Hide Collection).
HIDES: Final = 15
#: The Pick words of the mode: a hide for the board, a kill kept as a hide.
COLLECT: Final = "collect"
KEEP: Final = "keep"


def turn_seat(s: DungeonsState, dial: int) -> int:
    """Whose turn the dial's turn ``dial`` is: seat order, round and round
    (Part III, Winning and Losing: in co-op the players alternate turns)."""
    return (dial - 1) % s.num_players


def missing(s: DungeonsState) -> tuple[str, ...]:
    """The monsters whose hide the board still lacks, in the content's order."""
    return tuple(m.id for m in s.content.monsters if m.id not in s.collection)


def won(s: DungeonsState) -> bool:
    return not missing(s)


def spawns_at_turn(s: DungeonsState) -> int:
    """Spawns (each with its open gather) at the start of a turn: two in
    solo, one in co-op (Part III, Spawn/Gather; ruling DG-R65)."""
    return 2 if s.options.mode == "solo" else 1


@dataclass(frozen=True, slots=True)
class StartDial(Step):
    """The compass dial points at turn ``dial``: past the max turn counter
    the turns have run out and the game is lost (Part III, Winning and
    Losing); else the turn of the next player in seat order."""

    dial: int

    def run(self, s: DungeonsState) -> None:
        from saloon.games.dungeons.rules.turn import StartTurn

        if self.dial > s.max_turns:
            s.say(
                "end",
                f"The turns have run out ({s.max_turns} played) with "
                f"{common.count(len(s.collection), 'hide')} of {HIDES}: the hunt is lost.",
            )
            return
        s.round = self.dial
        s.flags = frozenset()
        s.say("round", f"Turn {self.dial} of {s.max_turns} on the compass dial.")
        push(s, StartTurn(turn_seat(s, self.dial)), StartDial(self.dial + 1))


@dataclass(frozen=True, slots=True)
class Victory(Step):
    """The last hide is on the board: the game is won at once (Part III,
    Winning and Losing); whatever was left of the turn is dropped."""

    def run(self, s: DungeonsState) -> None:
        s.agenda.clear()
        s.turn = None
        s.fight = None
        s.say("end", f"All {HIDES} hides are on the Hide Collection board: victory!")


def returned(s: DungeonsState, seat: int, k: int) -> None:
    """``k`` bounties dropped off in the Village: the max turn counter moves
    up one for each (Part III, Winning and Losing)."""
    if k <= 0:
        return
    s.max_turns += k
    s.say(
        "turns",
        f"{common.count(k, 'bounty')} returned: the max turn counter moves to {s.max_turns}.",
        seat,
    )


def place_hide(s: DungeonsState, seat: int, kind: str, what: str) -> None:
    """The hide of monster ``kind`` goes on the Hide Collection board."""
    s.collection = tuple(sorted((*s.collection, kind)))
    name = board.kind_name(s, kind)
    placed = f"the {name} hide" if what == "its hide" else f"{what} as the {name} hide"
    s.say(
        "collect",
        f"{s.name(seat)} places {placed} on the Hide Collection board "
        f"({len(s.collection)} of {HIDES}).",
        seat,
    )
    if won(s):
        push(s, Victory())


def guardian_worth(s: DungeonsState, kind: str) -> str:
    """What a Guardian's kill brings here, for its fight's choice: any one
    missing hide (a Dragon, the Kraken), or coins only (a Plant of Eden)
    (Part III, Special Enemies; ruling DG-R64)."""
    g = s.guardian(kind)
    if g is not None and g.kind in ("dragon", "kraken"):
        return ": any one missing hide"
    return ": its coins only"


def guardian_kill(s: DungeonsState, seat: int, kind: str) -> bool:
    """A Dragon or the Kraken slain counts as any one missing hide, chosen
    and placed at once (Part III, Special Enemies; ruling DG-R64); ``True``
    when it was one. A Plant of Eden is left to the standard rule (its
    coins, back to the bag)."""
    g = s.guardian(kind)
    if g is None or g.kind not in ("dragon", "kraken"):
        return False
    gaps = missing(s)
    if len(gaps) == 1:
        place_hide(s, seat, gaps[0], f"the {g.name}")
    elif gaps:
        push(s, AnyHide(seat, kind))
    return True


@dataclass(frozen=True, slots=True)
class AnyHide(Decision):
    """``collect <monster>``: the hide a Dragon or the Kraken stands for."""

    seat: int
    token: str

    def legal(self, s: DungeonsState) -> list[Action]:
        return [Pick(COLLECT, m) for m in missing(s)]

    def prompt(self, s: DungeonsState) -> str:
        return "the missing hide this Guardian stands for"

    def answer(self, s: DungeonsState, action: Action) -> None:
        assert isinstance(action, Pick)
        g = s.guardian(self.token)
        place_hide(s, self.seat, action.value, f"the {g.name if g else self.token}")


def kill_uses(s: DungeonsState, seat: int, kind: str, cls: str) -> list[Action]:
    """What a monster slain may count for (ruling DG-R63): each face-up
    bounty it fits (room in the backpack), the collection (its hide not
    yet there), or ``keep hide`` (a specialty or wild hide, as in the
    standard game)."""
    from saloon.games.dungeons.rules.rewards import BACKPACK, wanted_bounties

    out: list[Action] = []
    if len(s.heroes[seat].backpack) < BACKPACK:
        out += [Pick("bounty", b) for b in wanted_bounties(s, seat, cls)]
    if kind not in s.collection:
        out.append(Pick(COLLECT, kind))
    out.append(Pick(KEEP, "hide"))
    return out


def monster_kill(s: DungeonsState, seat: int, token: str, kind: str, cls: str) -> None:
    """Part III, Hide Collection: one use, the hero's choice when more than
    one is open (ruling DG-R63). ``token`` is the token slain, ``kind`` the
    monster it died as (another, when specialty hides turned it: ruling
    DG-R70), ``cls`` that monster's class."""
    uses = kill_uses(s, seat, kind, cls)
    if len(uses) == 1:
        use_kill(s, seat, token, kind, cls, uses[0])
    else:
        push(s, KillUse(seat, token, cls, kind))


def use_kill(s: DungeonsState, seat: int, token: str, kind: str, cls: str, use: Action) -> None:
    from saloon.games.dungeons.rules import rewards

    assert isinstance(use, Pick)
    if use.word == "bounty":
        rewards.collect_bounty(s, seat, token, use.value)
    elif use.word == COLLECT:
        place_hide(s, seat, kind, "its hide")
    else:
        rewards.hide(s, seat, token, cls)


@dataclass(frozen=True, slots=True)
class KillUse(Decision):
    """``bounty <id>``, ``collect <monster>`` or ``keep hide``: what the
    kill counts for (ruling DG-R63)."""

    seat: int
    token: str
    monster_class: str
    kind: str = ""

    @property
    def died_as(self) -> str:
        return self.kind or self.token

    def legal(self, s: DungeonsState) -> list[Action]:
        return kill_uses(s, self.seat, self.died_as, self.monster_class)

    def prompt(self, s: DungeonsState) -> str:
        return "what the kill counts for: a bounty, the collection or a hide"

    def answer(self, s: DungeonsState, action: Action) -> None:
        use_kill(s, self.seat, self.token, self.died_as, self.monster_class, action)


def returns(s: DungeonsState) -> tuple[float, ...]:
    """+1 to all on a win, -1 to all on a loss, 0 while it lasts (ruling DG-R60)."""
    if s.agenda:
        return (0.0,) * s.num_players
    return (1.0 if won(s) else -1.0,) * s.num_players


def ending_words(s: DungeonsState) -> str:
    got = f"{len(s.collection)} of {HIDES} hides"
    if won(s):
        return f"The hunt is won on turn {s.round} of {s.max_turns}, with all {HIDES} hides"
    return f"The hunt is lost: the {s.max_turns} turns ran out with {got}"


# -- the Heroic Benefits ------------------------------------------------------------------------

#: Skill markers on the Heroic Benefits (Part III, Setup: three from another class).
BENEFIT_MARKERS: Final = 3
#: The Pick words of the benefits: one used, one given up for a new one.
BENEFIT: Final = "benefit"
DROP: Final = "drop"


def benefit_die(s: DungeonsState) -> int:
    """The D8 in solo (items 1-8), the D10 in co-op (all ten) (Part III,
    Heroic Quest Deck Replacement)."""
    return 8 if s.options.mode == "solo" else 10


def benefit_name(s: DungeonsState, bid: str) -> str:
    return next((b.name for b in s.content.benefits if b.id == bid), bid)


@dataclass(frozen=True, slots=True)
class BenefitRoll(DieRoll):
    """At the end of a full turn, instead of two Heroic Quest cards, a roll
    for a Heroic Benefit (Part III, Heroic Quest Deck Replacement): a free
    marker marks it; one held already gives nothing (a marker on it
    already: ruling DG-R67); with no marker free, the choice of the
    rulebook (:class:`BenefitSwap`)."""

    seat: int

    def die(self, s: DungeonsState) -> int:
        return benefit_die(s)

    def prompt(self, s: DungeonsState) -> str:
        d = benefit_die(s)
        return f"the Heroic Benefits' d{d} (e.g. d{d} 3)"

    def answer(self, s: DungeonsState, outcome: Outcome) -> None:
        assert isinstance(outcome, Roll)
        b = s.content.benefits[outcome.face - 1]
        head = f"{s.name(self.seat)} rolls the Heroic Benefits' d{outcome.sides}: {outcome.face}"
        if b.id in s.benefits:
            s.say("benefit", f"{head}, {b.name}, marked already: nothing more.", self.seat)
        elif len(s.benefits) < BENEFIT_MARKERS:
            s.benefits = (*s.benefits, b.id)
            s.say("benefit", f"{head}: a skill marker goes on {b.name} ({b.text})", self.seat)
        else:
            s.say("benefit", f"{head}, {b.name}, and every marker is placed.", self.seat)
            push(s, BenefitSwap(self.seat, b.id))


@dataclass(frozen=True, slots=True)
class BenefitSwap(Decision):
    """``drop <benefit>``: a marker moves from that benefit to the new one
    (the old is lost); ``pass``: nothing from this roll (Part III, Heroic
    Quest Deck Replacement)."""

    seat: int
    new: str

    def legal(self, s: DungeonsState) -> list[Action]:
        return [*(Pick(DROP, b) for b in s.benefits), PASS]

    def prompt(self, s: DungeonsState) -> str:
        return f"move a marker to {benefit_name(s, self.new)} (drop a benefit), or pass"

    def answer(self, s: DungeonsState, action: Action) -> None:
        if not isinstance(action, Pick):
            s.say("benefit", f"{s.name(self.seat)} gains nothing from the roll.", self.seat)
            return
        s.benefits = tuple(self.new if b == action.value else b for b in s.benefits)
        s.say(
            "benefit",
            f"{s.name(self.seat)} moves a marker from {benefit_name(s, action.value)} to "
            f"{benefit_name(s, self.new)}.",
            self.seat,
        )


def benefit_uses(s: DungeonsState, seat: int) -> list[Action]:
    """The benefits held that ``seat`` may use now: in his own turn, at
    their timing, when they would do something (ruling DG-R67: as a
    potion is drunk)."""
    from saloon.games.dungeons.rules import powers

    if not s.benefits or s.active != seat:
        return []
    now = powers.moment(s, seat)
    out: list[Action] = []
    for b in s.content.benefits:
        if b.id in s.benefits and powers.fits(b.timing, now) and powers.useful(s, seat, b.effects):
            out.append(Pick(BENEFIT, b.id))
    return out


def use_benefit(s: DungeonsState, seat: int, bid: str) -> None:
    """The benefit's effects; its marker is free again (ruling DG-R67)."""
    from saloon.games.dungeons.rules import effects

    b = next(x for x in s.content.benefits if x.id == bid)
    s.benefits = tuple(x for x in s.benefits if x != bid)
    s.say("benefit", f"{s.name(seat)} uses the Heroic Benefit {b.name}: {b.text}", seat)
    effects.run(s, b.effects, effects.Ctx(seat, b.name))
