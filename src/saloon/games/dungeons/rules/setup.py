"""Setting up a game of D6.

Part I, Setup, in its order: class boards (each player picks one; its +1
stat), hero cards (cosmetic: a name from the class), HP and the Cash Cube,
gather boards (each picks one), the map (an option), the environment pieces
(placed by the players in turn, never two identical pieces in a space:
ruling DG-R26; or at random; the expansion's sixteen too with
``environment_pieces=expansion``, ruling DG-R52), the curse castles with
them (Part IV, Curse Castle Standees: option ``curses``, rulings DG-R50,
DG-R51; :mod:`.curses`), the enemies (two per player, each on a random
space: ruling DG-R26), the decks (one Advantage and one Heroic Quest card each,
three Bounty cards face up: ruling DG-R26), the length (an option), the stats
(four rolls each, every roll placed before the next; 1-3 count as 3 and
earn a coin; the class's +1, never above 6: ruling DG-R26), the skill markers
(by the skill stat), the player order (seat order). The potion bottles
start in their slots, no potion filled (ruling DG-R31). Hide Collection
(Part III, Setup; Spawn/Gather; Hide Collection): four enemies, eight
bounties face up, no Heroic Quest deck, the max turn counter at four
(:mod:`.hides`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from saloon.core.action import Action, Outcome
from saloon.core.errors import OptionError, shown
from saloon.games.dungeons.actions import Pick, Place, Roll
from saloon.games.dungeons.effects import STATS
from saloon.games.dungeons.rules import board, cards, common, companions, curses, hides
from saloon.games.dungeons.rules.agenda import Decision, DieRoll, Step, push

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState

#: Stat rolls a player makes (Part I, Roll for Stats: one per stat).
STAT_ROLLS = 4
#: Enemies spawned at setup for each player (Part I, Place Enemies).
ENEMIES_EACH = 2


def begin(s: DungeonsState) -> None:
    """Fill the bag and the decks, and put the setup on the agenda."""
    from saloon.games.dungeons.rules.turn import StartRound

    c = s.content
    bag = c.bag()
    for gid in handcuffed(s):
        bag.pop(gid, None)
    s.bag = tuple(sorted(k for k, n in bag.items() for _ in range(n)))
    hide_mode = s.options.hides
    # Part III, Heroic Quest Deck Replacement: no Heroic Quest deck in solo and co-op.
    quests = [] if hide_mode else [x.id for x in c.quests for _ in range(x.copies)]
    s.decks = {
        "advantage": cards.build_deck([x.id for x in c.advantages for _ in range(x.copies)]),
        "quest": cards.build_deck(quests),
        "bounty": cards.build_deck([b.id for b in c.bounty_deck(s.map.id)]),
    }
    if s.options.mode == "alliance":
        # Part III, Alliance: the Alliance deck, drawn only at rests (DG-R82).
        s.decks["alliance"] = cards.build_deck([x.id for x in c.alliances for _ in range(x.copies)])
        s.discards["alliance"] = ()
    curses.check_options(s.options, c)
    s.pieces = board.pieces_of(s)
    s.curses_left = s.options.curses
    n = s.num_players
    seats = range(n)
    if s.options.environments == "random":
        places: list[Step] = [PlaceRandom(p) for p in s.pieces]
        places += [curses.CastleRandom(cid) for cid in s.curses_left]
    else:
        places = [PlaceStep(k % n) for k in range(len(s.pieces))]
        places += [curses.CastleStep((len(s.pieces) + k) % n) for k in range(len(s.curses_left))]
    decks = ("advantage",) if hide_mode else ("advantage", "quest")
    if hide_mode:
        s.max_turns = hides.START_TURNS
    push(
        s,
        *(ClassStep(seat) for seat in seats),
        *(BoardStep(seat) for seat in seats),
        *([companions.PickCompanion(0)] if s.options.mode == "solo" else []),
        *places,
        *(board.Spawn() for _ in range(hides.SETUP_ENEMIES if hide_mode else ENEMIES_EACH * n)),
        *(cards.DrawCard(seat, d) for seat in seats for d in decks),
        cards.TurnBounties(hides.SETUP_BOUNTIES if hide_mode else 3),
        *(StatRoll(seat) for seat in seats for _ in range(STAT_ROLLS)),
        Markers(),
        hides.StartDial(1) if hide_mode else StartRound(1),
    )


def handcuffed(s: DungeonsState) -> tuple[str, ...]:
    """The Guardians taken out of the bag before the game (Part IV,
    Suggestions, Handcuff the Guardians: "one or more", the table's choice):
    those the option ``handcuffed`` names, or with none named the four
    Dragons and the Kraken (ruling DG-R41); none without the house rule."""
    if not s.options.house("handcuff_guardians"):
        return ()
    c = s.content
    if not s.options.handcuffed:
        return tuple(g.id for g in c.guardians if g.kind in ("dragon", "kraken"))
    known = {g.id for g in c.guardians}
    for gid in s.options.handcuffed:
        if gid not in known:
            raise OptionError(
                f"handcuffed: no Guardian {shown(gid)} (known: {', '.join(sorted(known))})"
            )
    return s.options.handcuffed


def classes_open(s: DungeonsState) -> tuple[str, ...]:
    """The class boards not taken (the expansion's with ``expansion=true``)."""
    taken = {h.hero_class for h in s.heroes}
    return tuple(
        c.id
        for c in s.content.classes
        if c.id not in taken and (s.options.expansion or not c.expansion)
    )


@dataclass(frozen=True, slots=True)
class ClassStep(Step):
    seat: int

    def run(self, s: DungeonsState) -> None:
        free = classes_open(s)
        if len(free) == 1:
            take_class(s, self.seat, free[0])
        else:
            push(s, PickClass(self.seat))


@dataclass(frozen=True, slots=True)
class PickClass(Decision):
    """``class <id>``: a class board (Part I, Choose Your Class Board)."""

    seat: int

    def legal(self, s: DungeonsState) -> list[Action]:
        return [Pick("class", c) for c in classes_open(s)]

    def prompt(self, s: DungeonsState) -> str:
        return "choose a class board"

    def answer(self, s: DungeonsState, action: Action) -> None:
        assert isinstance(action, Pick)
        take_class(s, self.seat, action.value)


def take_class(s: DungeonsState, seat: int, cid: str) -> None:
    cls = s.index.classes[cid]
    names = cls.heroes or (cls.name,)
    name = names[seat % len(names)]
    s.heroes[seat] = replace(s.heroes[seat], hero_class=cid, name=name)
    s.say(
        "setup",
        f"Player {seat + 1} takes the {cls.name} board (+1 {cls.bonus_stat}) and plays {name}.",
        seat,
    )


def boards_open(s: DungeonsState) -> tuple[str, ...]:
    taken = {h.board for h in s.heroes}
    return tuple(b.id for b in s.content.gather_boards if b.id not in taken)


@dataclass(frozen=True, slots=True)
class BoardStep(Step):
    seat: int

    def run(self, s: DungeonsState) -> None:
        red = s.content.red_dot
        if s.options.mode == "solo" and red is not None:
            # Part III, Setup, Gather Board: only the red-dot board in solo.
            take_board(s, self.seat, red.id)
            return
        free = boards_open(s)
        if len(free) == 1:
            take_board(s, self.seat, free[0])
        else:
            push(s, PickBoard(self.seat))


@dataclass(frozen=True, slots=True)
class PickBoard(Decision):
    """``board <id>``: a gather board (Part I, Choose Your Gather Board)."""

    seat: int

    def legal(self, s: DungeonsState) -> list[Action]:
        return [Pick("board", b) for b in boards_open(s)]

    def prompt(self, s: DungeonsState) -> str:
        return "choose a gather board"

    def answer(self, s: DungeonsState, action: Action) -> None:
        assert isinstance(action, Pick)
        take_board(s, self.seat, action.value)


def take_board(s: DungeonsState, seat: int, bid: str) -> None:
    s.heroes[seat] = replace(s.heroes[seat], board=bid)
    s.say("setup", f"{s.name(seat)} takes the {s.index.boards[bid].name}.", seat)


# -- environments ------------------------------------------------------------------------------


def placements(s: DungeonsState) -> list[Action]:
    """Every piece left on every numbered space without that piece (with
    the expansion's pieces, once every space has one, the spaces holding
    the fewest: ruling DG-R52)."""
    out: list[Action] = []
    for piece in dict.fromkeys(s.pieces):
        for sp in board.piece_spaces(s, piece):
            out.append(Place(piece, sp))
    return out


@dataclass(frozen=True, slots=True)
class PlaceStep(Step):
    seat: int

    def run(self, s: DungeonsState) -> None:
        if s.pieces:
            push(s, PlacePiece(self.seat))


@dataclass(frozen=True, slots=True)
class PlacePiece(Decision):
    """``place <piece> <space>``: ruling DG-R26."""

    seat: int

    def legal(self, s: DungeonsState) -> list[Action]:
        return placements(s)

    def prompt(self, s: DungeonsState) -> str:
        return "place an environment piece"

    def answer(self, s: DungeonsState, action: Action) -> None:
        assert isinstance(action, Place)
        s.environments = tuple(sorted((*s.environments, (action.space, action.piece))))
        rest = list(s.pieces)
        rest.remove(action.piece)
        s.pieces = tuple(rest)
        s.say(
            "place",
            f"{s.name(self.seat)} places a {action.piece} piece in "
            f"{board.space_words(s, action.space)}.",
            self.seat,
        )


@dataclass(frozen=True, slots=True)
class PlaceRandom(Step):
    """``environments=random``: a piece on a random space (the map's die,
    rolled again when the space holds that piece already)."""

    piece: str

    def run(self, s: DungeonsState) -> None:
        push(s, board.MapDie(then="piece", piece=self.piece))


# -- stats -------------------------------------------------------------------------------------


def empty_stats(s: DungeonsState, seat: int) -> tuple[str, ...]:
    h = s.heroes[seat]
    return tuple(st for st, v in zip(STATS, h.stats, strict=True) if v == 0)


def stat_value(roll: int, stat: str, bonus_stat: str) -> int:
    """A stat from a roll: 1-3 count as 3; the class's +1 on its stat, at
    most 6 (Part I, Roll for Stats).

    >>> stat_value(3, "skill", "skill"), stat_value(1, "wits", "skill")
    (4, 3)
    >>> stat_value(6, "skill", "skill")
    6
    """
    value = max(common.STAT_MIN, roll)
    if stat == bonus_stat:
        value += 1
    return min(common.STAT_MAX, value)


@dataclass(frozen=True, slots=True)
class StatRoll(DieRoll):
    """A stat roll (D6); 1-3 earn a coin at once, whatever the stat."""

    seat: int

    def die(self, s: DungeonsState) -> int:
        return 6

    def prompt(self, s: DungeonsState) -> str:
        return f"{s.name(self.seat)}'s stat roll, a d6 (e.g. d6 4)"

    def answer(self, s: DungeonsState, outcome: Outcome) -> None:
        assert isinstance(outcome, Roll)
        coin = ""
        if outcome.face <= 3:
            common.gain(s, self.seat, 1)
            coin = " (1 to 3: a 3, and a coin)"
        s.say(
            "stats",
            f"{s.name(self.seat)}'s stat roll: the d6 shows {outcome.face}{coin}.",
            self.seat,
        )
        free = empty_stats(s, self.seat)
        if len(free) == 1:
            assign(s, self.seat, free[0], outcome.face)
        else:
            push(s, AssignStat(self.seat, outcome.face))


@dataclass(frozen=True, slots=True)
class AssignStat(Decision):
    """``stat <name>``: the roll goes to an empty stat (before the next roll)."""

    seat: int
    roll: int

    def legal(self, s: DungeonsState) -> list[Action]:
        return [Pick("stat", st) for st in empty_stats(s, self.seat)]

    def prompt(self, s: DungeonsState) -> str:
        return f"place the roll of {self.roll} on a stat"

    def answer(self, s: DungeonsState, action: Action) -> None:
        assert isinstance(action, Pick)
        assign(s, self.seat, action.value, self.roll)


def assign(s: DungeonsState, seat: int, stat: str, roll: int) -> None:
    value = stat_value(roll, stat, s.hero_class(seat).bonus_stat)
    h = s.heroes[seat]
    stats = list(h.stats)
    stats[STATS.index(stat)] = value
    s.heroes[seat] = replace(h, stats=(stats[0], stats[1], stats[2], stats[3]))
    s.say("stats", f"{s.name(seat)}'s {stat} is {value}.", seat)


@dataclass(frozen=True, slots=True)
class Markers(Step):
    """The skill markers follow the skill stat (Part II, The Class Board, E)."""

    def run(self, s: DungeonsState) -> None:
        for seat in range(s.num_players):
            skill = s.heroes[seat].stat("skill")
            k = common.unlocked_count(skill)
            stack = "; a skill may hold two" if skill == 6 else ""
            markers = common.count(k, "skill marker")
            s.say("setup", f"{s.name(seat)} unlocks {markers} (skill {skill}{stack}).", seat)
