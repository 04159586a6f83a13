"""Cowboys speaks a player's language (issue 35): a shot's numbers before it
is taken and its modifiers by name after, the shot chart in the rules, each
card explained where it is shown, a reason for every refusal, sentences
that read right, endings that say how the game was won, and cards typed by
a referee as they are printed.

The golden sentences are replayed from the situations quoted in the issue,
with scripted dice. The chances are checked against an independent count of
the 36 throws of 2d6 over the shot chart (Cowboys rulebook, Shoot).
"""

from __future__ import annotations

import json
import re
from fractions import Fraction

import numpy as np
import pytest

from saloon.analysis.simulate import simulate
from saloon.core import get_game
from saloon.core.dice import ScriptedDice
from saloon.core.errors import NotationError
from saloon.core.record import GameRecord
from saloon.core.state import CHANCE
from saloon.games.cowboys import GAME
from saloon.games.cowboys.actions import (
    END,
    DamageCard,
    Deal,
    Draw,
    Move,
    Play,
    Roll,
    Shoot,
    Spin,
)
from saloon.games.cowboys.board import build_town
from saloon.games.cowboys.geometry import king_range
from saloon.games.cowboys.options import CowboysOptions
from saloon.games.cowboys.render import status_lines
from saloon.games.cowboys.rules.phase import Phase
from saloon.games.cowboys.rules.setup import FigureSetup, Goal, Setup, SideSetup
from saloon.games.cowboys.rules.state import CowboysState
from saloon.games.cowboys.rules.victory import check_winner
from saloon.games.cowboys.shotchart import Weapon, load_shot_chart
from saloon.games.cowboys.words import percent
from saloon.testing.sentences import problems, read_games

from .conftest import C, act, figure, log_text, only_pass, random_states, rolls, street_game

CHART = load_shot_chart()


def town_game(
    board: str,
    mine: list[FigureSetup],
    theirs: list[FigureSetup],
    names: tuple[str, str] = ("Side 1", "Side 2"),
    cards: tuple[int, int] = (0, 0),
) -> CowboysState:
    """A two-side game on one of Saloon's boards, nothing dealt."""
    setup = Setup(
        name="words",
        town=build_town([[board]]),
        sides=(
            SideSetup(names[0], tuple(mine), cards[0]),
            SideSetup(names[1], tuple(theirs), cards[1]),
        ),
        turns=5,
    )
    return CowboysState(GAME, CowboysOptions(), setup)


# -- the golden sentences --------------------------------------------------------------


def test_the_roll_names_each_modifier() -> None:
    """Shoot, Shot Modifiers; Steady Aim (+1 on every shot of the action):
    the roll's line names the cowboy's +1 and the card's +1."""
    s = street_game(
        [C("C1", "a1", "S", modifier=1)], [C("C2", "a3", "N")], cards=(1, 0), deal=("6S",)
    )
    act(s, "C1 shoot C2")
    assert s.phase == Phase.START and "play 6S" in {str(a) for a in s.legal_actions()}
    act(s, "play 6S")
    assert "Side 1 plays 6S (Steady Aim: +1 on every shot of the action)." in log_text(s)
    # The shot was announced; the rules at the window before it give its numbers.
    while s.phase != Phase.ROLL:
        act(s, "pass")
    rolls(s, "roll 4 6")
    assert (
        "Cowboy 1 (+1) fires the pistol at Cowboy 2, range 2: "
        "4+6 +1 cowboy +1 Steady Aim = 12 against 6: a hit."
    ) in log_text(s)


def test_a_figure_in_the_line_of_sight_is_named() -> None:
    """Line of Sight: cowboys and town folk block it; the refusal names who,
    and where."""
    s = town_game(
        "D",
        [FigureSetup("C4", "D:b2", "S"), FigureSetup("C3", "D:b4", "S")],
        [FigureSetup("C5", "D:b6", "N")],
    )
    assert s.phase == Phase.SELECT
    assert s.explain_illegal(Shoot("C4", "C5")) == (
        "Cowboy 4 cannot shoot Cowboy 5: Cowboy 3 at D:b4 blocks the line of sight"
    )
    assert s.explain_illegal(Shoot("C3", "C5", 2)) == "C3 shoot C5 x2 is legal now"


def test_out_of_range_and_behind() -> None:
    """Shoot: range on the shot chart; front facing."""
    s = town_game(
        "D",
        [FigureSetup("C1", "D:b1", "S"), FigureSetup("C2", "D:a6", "S")],
        [FigureSetup("C5", "D:b11", "N"), FigureSetup("C6", "D:a2", "N")],
    )
    assert s.explain_illegal(Shoot("C1", "C5")) == (
        "Cowboy 5 is 10 squares away, and a pistol reaches 8 squares on the shot chart"
    )
    assert s.explain_illegal(Shoot("C2", "C6")) == (
        "Cowboy 6 is behind Cowboy 2, who faces S: he shoots only at what is in front of him "
        "or to his sides (Shoot); a spin and shoot turns him (C2 spin N C6)"
    )


def test_a_move_too_far_says_how_far_and_what_he_has() -> None:
    """Movement with Cowboys and Town Folk: 1 point a square, 4 points."""
    s = town_game("C", [FigureSetup("C2", "C:h5", "N")], [FigureSetup("C7", "C:a11", "N")])
    assert s.explain_illegal(Move("C2", "C:e2", "N")) == (
        "Cowboy 2 cannot move to C:e2: it is 6 squares away and he has 4 movement points"
    )


def test_hickok_wins_tutt_is_down_on_turn_4() -> None:
    """Hickok and Tutt, the scenario's goal: the other's cowboy down. Tutt
    stands still; Hickok draws on turn 3 (a natural 12, two hits) and fires
    twice on turn 4 (a natural 12 again: Tutt is down, the second shot is
    spent without a roll)."""
    s = GAME.new_state(CowboysOptions(scenario="hickok-tutt"))
    assert isinstance(s, CowboysState)
    for face in ("2H", "3H", "4H", "6H", "7H", "8H"):  # no card that answers a shot
        s.apply(Deal(face))
    dice = ScriptedDice(["roll 6 6", "roll 6 6"])
    plan = {3: "C1 draw C2", 4: "C1 shoot C2 x2"}
    done: set[int] = set()
    while not s.is_over:
        if s.to_move == CHANCE:
            s.apply(dice.roll(s))
        elif s.phase == Phase.SELECT and s.active == 0 and s.turn in plan and s.turn not in done:
            done.add(s.turn)
            act(s, plan[s.turn])
        elif s.phase == Phase.SELECT:
            s.apply(END)
        else:
            act(s, "pass")
    r = s.result()
    assert r.text == "Hickok wins: Tutt is down on turn 4."
    assert r.category == "eliminated" and r.winners == (0,)
    assert s.log[-1].text == r.text


def test_the_earps_part_and_counts_of_cards() -> None:
    """Plurals and possessives: ``the Earps' part``, ``1 card``/``2 cards``."""
    s = GAME.new_state(CowboysOptions(scenario="ok-corral"))
    assert isinstance(s, CowboysState)
    s.apply(Deal("2H"))
    s.apply(Deal("3H"))
    s.apply(Deal("4H"))
    text = log_text(s)
    assert "The Earps are dealt a card (1 in hand, 53 cards left in the deck)." in text
    assert "The Cowboys are dealt a card (1 in hand, 52 cards left in the deck)." in text
    while s.is_chance:
        s.apply(s.chance_outcomes()[0][0])
    assert s.describe_action(END).startswith("end the Earps' part of the turn")
    act(s, "end")
    assert "The Earps' part of turn 1 ends." in log_text(s)
    from saloon.games.cowboys.words import count

    assert (count(1, "card"), count(2, "card")) == ("1 card", "2 cards")


# -- numbers a player can act on --------------------------------------------------------

_SHOT = re.compile(
    r"range (\d+), needs (\d+), (no modifiers|[^:]+): "
    r"(?:(\d+)\+ on 2d6|only a natural 12)(?: on each of its \w+ rolls)?, (\S+ ?\S*%)"
)


def exact_hit(needed: int, modifier: int) -> Fraction:
    """One roll's chance to hit, counted over the 36 throws: a natural 2
    misses, a natural 12 hits, else the total with the modifier must reach
    the chart's number (ruling CW-S2), 13 letting only the natural 12 hit."""
    ways = 0
    for a in range(1, 7):
        for b in range(1, 7):
            t = a + b
            if t == 12 or (t != 2 and needed <= 12 and t + modifier >= needed):
                ways += 1
    return Fraction(ways, 36)


def _mods(text: str) -> int:
    if text == "no modifiers":
        return 0
    return sum(int(m) for m in re.findall(r"([+-]\d+) ", text + " "))


@pytest.mark.parametrize(
    ("scenario", "rules"),
    [
        ("ok-corral", {}),
        ("coffeyville", {}),
        ("brawl", {"fan_fire": True, "two_pistols": True, "deadly_shots": True}),
        ("stage-holdup", {"advanced": True}),
    ],
)
def test_the_chance_in_words_is_the_charts(scenario: str, rules: dict[str, bool]) -> None:
    """Over random shots of random games: each shot's words give the range
    the squares make, the chart's number for the weapon at that range, the
    number needed on 2d6 and the chance to hit, counted here over the 36
    throws from the chart and the modifiers the words name."""
    checked = 0
    for s in random_states(CowboysOptions(scenario=scenario, **rules), 2, seed=5):
        if s.phase != Phase.SELECT:
            continue
        for a in s.legal_actions():
            if not isinstance(a, (Shoot, Draw, Spin)):
                continue
            words = s.describe_action(a)
            m = _SHOT.search(words)
            assert m is not None, words
            rng, needed, mods, dice, pct = m.groups()
            shooter = figure(s, a.fig)
            target = (
                figure(s, a.target) if a.target[0] != "H" else s.horses[s.horse_index[a.target]]
            )
            assert shooter.square is not None and target.square is not None
            assert int(rng) == king_range(shooter.square, target.square)
            weapon = Weapon(re.search(r"(pistol|rifle|shotgun) shots?", words).group(1))  # type: ignore[union-attr]
            assert int(needed) == CHART.rows[weapon][int(rng) - 1]
            p = exact_hit(int(needed), _mods(mods))
            assert pct.split()[0] == percent(p).split()[0] or pct == percent(p), (words, p)
            assert f", {percent(p)}" in words
            if dice is not None:
                assert min(12, max(3, int(needed) - _mods(mods))) == int(dice)
            checked += 1
    assert checked > 20


def test_the_chance_of_each_number_of_hits() -> None:
    """Two shotgun shots (two rolls a shot, CW-S4): the chance of 0 to 8
    hits is the convolution of four independent rolls, each 0, 1 or 2
    hits (a natural 12 is two)."""
    s = street_game([C("C1", "a1", "S", weapons=("shotgun",), modifier=1)], [C("C2", "a4", "N")])
    words = s.describe_action(Shoot("C1", "C2", 2))
    assert "range 3, needs 8, +1 cowboy: 7+ on 2d6 on each of its two rolls, 58% each" in words
    hit = exact_hit(8, 1)
    two = Fraction(1, 36)
    one_roll = (1 - hit, hit - two, two)
    dist = [Fraction(1)]
    for _ in range(4):
        out = [Fraction(0)] * (len(dist) + 2)
        for i, p in enumerate(dist):
            for j, q in enumerate(one_roll):
                out[i + j] += p * q
        dist = out
    tail = sum(dist[4:], Fraction(0))
    expected = (
        f"hits: no hit {percent(dist[0])}, 1 hit {percent(dist[1])}, 2 hits {percent(dist[2])}, "
        f"3 hits {percent(dist[3])}, 4 or more {percent(tail)}"
    )
    assert expected in words


def test_every_roll_line_adds_up() -> None:
    """The log's roll lines over random games: the dice, each modifier by
    name, the total, the chart's number and the verdict agree."""
    line = re.compile(
        r"range \d+: (\d)\+(\d)((?: [+-]\d+ [^=]+?)*) = (-?\d+) against (\d+): ([a-z0-9 ,]+)\."
    )
    seen = 0
    for s in random_states(CowboysOptions(scenario="brawl", advanced=True), 2, seed=3):
        if not s.is_over:
            continue
        for e in s.log:
            if e.kind != "roll" or "Fist fight" in e.text:
                continue
            m = line.search(e.text)
            assert m is not None, e.text
            a, b, mods, total, needed, word = m.groups()
            mod = sum(int(x) for x in re.findall(r" ([+-]\d+) ", mods + " "))
            assert int(total) == int(a) + int(b) + mod
            natural = int(a) + int(b)
            if natural == 2:
                assert word == "a natural 2, a miss"
            elif natural == 12:
                assert word == "a natural 12, two hits"
            else:
                assert (word == "a miss") == (int(total) < int(needed)), e.text
            seen += 1
    assert seen > 5


def test_the_rules_at_a_shot_give_its_numbers_and_the_charts_rows() -> None:
    s = street_game([C("C1", "a1", "S", modifier=1)], [C("C2", "a3", "S")], cards=(1, 0),
                    deal=("2S",))  # fmt: skip
    at_select = GAME.rules_help(s)
    assert "Cowboy 1's pistol at Cowboy 2: range 2, needs 6, +1 cowboy, +2 back shot" in at_select
    assert re.search(r"\u2007\u20075\u2007\u20076\u2007\u20078.*  pistol", at_select)
    act(s, "C1 shoot C2")
    only_pass(s)  # the start window: Dead Eye waits for the shot
    assert s.phase == Phase.BEFORE_SHOT
    act(s, "play 2S")
    text = GAME.rules_help(s)
    assert "The shot: Cowboy 1's pistol at Cowboy 2, range 2, needs 6, +1 cowboy, " \
        "+2 back shot, +2 Dead Eye: 3+ on 2d6, 97% to hit." in text  # fmt: skip
    assert "rifle" not in text.split("Shot Chart")[1].split("On 2d6")[0]


def test_saloon_rules_prints_the_shot_chart() -> None:
    text = GAME.rules_help(None, CowboysOptions())
    cells = [line.replace("\u2007", " ").split() for line in text.splitlines()]
    rows = {
        c[-1]: c[:-1] for c in cells if c[-1:] in (["pistol"], ["rifle"], ["shotgun"], ["range"])
    }
    assert rows["range"][:3] == ["1", "2", "3"]
    for w in Weapon:
        row = [int(v) for v in rows[w.value] if v != "\u2012"]
        assert tuple(row) == CHART.rows[w]
        # The numbers line up: every row is as long as the ranges' row.
        assert len(rows[w.value]) == len(rows["range"])
    assert "The rulebook prints the entries pistol at 2 and 3, rifle at 3, shotgun at 3" in text
    assert "Critical Hit (QS KS AS): the shot does double damage (after your shot hits)" in text


# -- every card explained where it is shown ------------------------------------------------


def test_cards_are_explained_in_the_hand_the_choices_and_the_log() -> None:
    s = street_game([C("C1", "a1", "S")], [C("C2", "a3", "N")], cards=(2, 0), deal=("QS", "2H"))
    from rich.console import Console

    from saloon.games.cowboys.render import render_rich, render_svg

    console = Console(width=120, record=True)
    console.print(render_rich(s, 0))
    hand = console.export_text()
    assert "QS Critical Hit: the shot does double damage (after your shot hits)" in hand
    assert "2H Run for It: 2 more movement points for the move" in hand
    svg = render_svg(s, 0)
    assert "double damage" in svg and "movement points" in svg
    assert "the shot does double damage" in s.describe_action(Play("QS"))
    act(s, "C1 move T:a2 E")
    assert s.phase == Phase.START
    act(s, "play 2H")
    assert "Side 1 plays 2H (Run for It: 2 more movement points for the move)." in log_text(s)


# -- reasons, not refusals ----------------------------------------------------------------


def test_refusals_name_the_rule() -> None:
    s = street_game(
        [C("C1", "a1", "S"), C("T1", "h1", "S", weapons=("rifle",))],
        [C("C2", "a3", "N"), C("C3", "h6", "N")],
        cards=(1, 1),
        deal=("QS", "2C"),
    )
    why = s.explain_illegal
    assert why(Shoot("C2", "C1")).startswith(
        "Cowboy 2 is not Side 1's to move: he is one of Side 2's"
    )
    assert why(Shoot("C1", "T1")).startswith("Town folk 1 is on Cowboy 1's own side")
    assert why(Play("QS")).startswith("no card can be played now")
    assert why(Roll(3, 4)).startswith("roll 3 4 is what the dice or a card turned up would show")
    assert why(s.parse("C9 wait")).startswith("there is no figure C9 in this scenario")
    assert why(s.parse("C1 reload pistol")) == (
        "Cowboy 1's pistol is full (6 rounds): there is nothing to reload"
    )
    assert "town folk never run out" in why(s.parse("T1 reload rifle"))
    assert "fan fire is Advanced Optional Rule 2, not in play" in why(s.parse("C1 fan C2"))
    act(s, "C1 shoot C2")
    # Side 2 answers: its Misfire answers a shot; Critical Hit is no card of its.
    assert s.to_move == 1
    assert why(Play("QS")).startswith("Side 2 holds no QS (Critical Hit): Side 2's hand is 2C")
    assert why(s.parse("C2 wait")).startswith("it is Side 1's part of the turn, not Side 2's")
    act(s, "pass")
    assert s.phase == Phase.START
    assert why(Play("QS")) == (
        "QS (Critical Hit: the shot does double damage) is played after your shot hits, "
        "and now is the start of Cowboy 1's shoot action"
    )
    act(s, "pass")
    assert s.phase == Phase.BEFORE_SHOT
    act(s, "pass", "roll 1 1")  # a miss
    assert why(s.parse("T1 move T:h2 S")).startswith(
        "a figure of Side 1 has already shot or reloaded in this part, and moves come before"
    )
    assert why(s.parse("C1 wait")).startswith("Cowboy 1 has already acted this turn")
    act(s, "end")  # Side 2's part
    while s.phase != Phase.SELECT:
        act(s, "pass")
    assert s.active == 1
    assert why(s.parse("C1 wait")).startswith("Cowboy 1 is not Side 2's to move")
    act(s, "C2 wait")
    assert why(s.parse("C2 shoot C1")).startswith("Cowboy 2 has no action left this turn")


def test_a_move_after_a_shot_and_a_move_onto_a_figure() -> None:
    s = street_game([C("C1", "a1", "S"), C("C4", "c1", "S")], [C("C2", "a3", "N")])
    why = s.explain_illegal
    assert why(s.parse("C4 move T:a3 N")).startswith(
        "Cowboy 2 stands on T:a3: figures may pass through each other but not end a move"
    )
    act(s, "C1 shoot C2")
    act(s, "roll 1 1")
    assert "moves come before shots" in why(s.parse("C4 move T:c2 S"))


def test_the_refusals_over_random_games_give_reasons() -> None:
    """Every refusal the checker tries names a reason (the contract's
    default, a list of what is legal, is never given)."""
    found = list(
        read_games(GAME, CowboysOptions(scenario="brawl", advanced=True, fan_fire=True), games=1)
    )
    assert not found, "\n".join(map(str, found[:10]))


# -- sentences that read right ---------------------------------------------------------------

#: What the checker plays: every scenario in the basic game, the Advanced
#: Rules together on three, each Advanced Optional Rule on the brawl.
OPTIONS = [
    *(CowboysOptions(scenario=s) for s in GAME.variants()),
    CowboysOptions(scenario="coffeyville", advanced=True),
    CowboysOptions(scenario="three-way-standoff", advanced=True),
    CowboysOptions(scenario="brawl", advanced=True),
    *(
        CowboysOptions(scenario="brawl", **{rule: True})
        for rule in (
            "facing_by_last_step", "fan_fire", "two_pistols", "deadly_shots", "two_targets",
            "fist_fights", "high_card", "random_modifiers", "poker_order", "activation_cup",
            "facing_after_move", "move_and_shoot", "spin_two_shots", "reaction_fire",
            "variable_damage", "slowed_horses",
        )
    ),
]  # fmt: skip


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "-".join(map(str, o.changed().values())))
def test_no_sentence_reads_wrong(options: CowboysOptions) -> None:
    """The core's reader of sentences (:mod:`saloon.testing.sentences`)
    finds nothing: no internal name, no empty (), no (s), no None; every
    choice in words, every refusal with a reason, every ending in words."""
    found = list(read_games(GAME, options, games=1, seed=7))
    assert not found, "\n".join(map(str, found[:10]))


def test_the_rules_at_every_decision_read_right() -> None:
    for s in random_states(CowboysOptions(scenario="brawl", advanced=True), 1, seed=2):
        if s.is_chance or s.is_over:
            continue
        for line in GAME.rules_help(s).splitlines():
            assert not problems(line), line
    for o in GAME.variants().values():
        for line in GAME.rules_help(None, o).splitlines():
            assert not problems(line), line


# -- endings -----------------------------------------------------------------------------------

CATEGORIES = {"eliminated", "escaped", "reached", "held", "goal lost", "turn limit"}


def random_game(options: CowboysOptions, seed: int) -> CowboysState:
    """A game of uniformly random choices and dice, played to its end."""
    rng = np.random.default_rng(seed)
    s = get_game("cowboys").new_state(options)
    assert isinstance(s, CowboysState)
    while not s.is_over:
        if s.is_chance:
            s.apply(s.sample_chance(rng))
        else:
            legal = s.legal_actions()
            s.apply(legal[int(rng.integers(len(legal)))])
    return s


#: The words that name each way a game is decided (ruling CW-W2, CW-X2).
WAYS = {
    "eliminated": (" is down", " are down", " has left the town", "down or gone"),
    "escaped": (" left the town",),
    "reached": (" stands in ", " stand in "),
    "held": (" when the last turn (",),
    "goal lost": (" can no longer ",),
    "turn limit": (" is over with no goal met",),
}


@pytest.mark.parametrize("scenario", sorted(GAME.variants()))
def test_every_ending_names_its_way_everywhere_it_is_shown(scenario: str) -> None:
    """The audit's item (ruling CW-X2): a scenario game ended as "Hickok
    wins ()." with no category (``saloon simulate`` showed "(none)"), as
    the ending read the goals a scenario file leaves empty. Over random
    games of every scenario (three seeds, the last with all the Advanced
    Rules), the ending names how the game was decided (the goal met, the
    other side down, a goal lost or the turn limit), never with empty
    parentheses or "(none)", and says so alike in the log's last line,
    the result, the view, the status line, the game's JSON record and
    ``saloon simulate``'s tally of how the games ended."""
    for seed in range(3):
        s = random_game(CowboysOptions(scenario=scenario, advanced=seed == 2), seed)
        r = s.result()
        assert r.category in CATEGORIES, (seed, r)
        # Who won leads the sentence (or the draw does); the turn limit says
        # which turn was the last.
        lead = s.the(r.winners[0], True) if r.winners else "A draw"
        assert r.text.startswith(lead), (seed, r.text)
        if r.category == "turn limit":
            assert f"the last turn ({s.setup.turns}) is over" in r.text
        assert any(w in r.text for w in WAYS[r.category]), (seed, r.text)
        assert "()" not in r.text and "(none)" not in r.text and not problems(r.text)
        assert s.log[-1].text == r.text == s.view(None)["ending"]
        assert status_lines(s) == [f"Turn {s.turn} of {s.setup.turns}. Game over: {r.text}"]
        record = json.loads(GameRecord.from_state(s, seed=seed).dumps())
        assert record["result"]["category"] == r.category and record["result"]["text"] == r.text
    seats = ["random"] * s.num_players
    summary = simulate("cowboys", CowboysOptions(scenario=scenario), seats, games=1, seed=1)
    assert summary.categories and all(c in CATEGORIES for c in summary.categories)


def test_endings_by_escape_reach_and_a_goal_lost() -> None:
    out = street_game(
        [C("C1", "h1", "E")], [C("C2", "a6", "N")],
        goals=((Goal("escape"),), (Goal("eliminate"),)), exits=("E",),
    )  # fmt: skip
    act(out, "C1 move off E")
    assert (
        out.result().text
        == "Side 1 wins: Cowboy 1 has left the town across the east edge on turn 1."
    )
    assert out.result().category == "escaped"
    there = street_game(
        [C("C1", "a1", "E")], [C("C2", "h6", "N")],
        goals=((Goal("reach", squares=("T:b1",)),), (Goal("eliminate"),)),
    )  # fmt: skip
    act(there, "C1 move T:b1 E")
    assert there.result().text == "Side 1 wins: Cowboy 1 stands in T:b1 on turn 1."
    s = GAME.new_state(CowboysOptions(scenario="the-witness"))
    assert isinstance(s, CowboysState)
    while s.is_chance:
        s.apply(s.chance_outcomes()[0][0])
    witness = next(f for f in s.figures if f.name == "Tom Riggs")
    from dataclasses import replace

    s.figures[s.index[witness.id]] = replace(witness, health=0)
    check_winner(s)
    assert s.result().category == "goal lost"
    assert s.result().text == (
        "The Harlan gang wins: the Law can no longer get Tom Riggs into the Jail "
        "(too few are left to do it) on turn 1."
    )


def test_a_draw_at_the_limit_says_who_stands() -> None:
    s = street_game([C("C1", "a1", "E")], [C("C2", "h6", "N")], turns=1)
    act(s, "end", "end")
    assert s.result().text == (
        "A draw: the last turn (1) is over with no goal met "
        "(figures standing: Side 1 1 and Side 2 1)."
    )
    assert s.result().category == "turn limit"


# -- a referee's cards ----------------------------------------------------------------------


def test_a_referee_types_cards_as_printed() -> None:
    s = GAME.new_state(CowboysOptions(scenario="ok-corral"))
    assert isinstance(s, CowboysState)
    prompt = s.chance_prompt()
    assert "card" in prompt and "dice" not in prompt
    assert prompt.startswith("the card dealt to the Earps, a card as printed")
    assert "joker 1 is Lady Luck, joker 2 is Luck Runs Out" in s.chance_help()
    for typed, face in [
        ("QH", "QH"), ("qh", "QH"), ("10S", "10S"), ("10 of spades", "10S"),
        ("Queen of Hearts", "QH"), ("Q\u2665", "QH"), ("t s", "10S"), ("joker 1", "JK1"),
        ("JK2", "JK2"), ("Luck Runs Out", "JK2"), ("deal 7C", "7C"),
    ]:  # fmt: skip
        assert s.parse(typed) == Deal(face), typed
    with pytest.raises(NotationError, match="which joker"):
        s.parse("joker")
    with pytest.raises(NotationError, match="is not a card"):
        s.parse("11H")


def test_manual_cards_at_the_table() -> None:
    """A referee's session: the deal typed as printed, then a Variable
    Damage card (the deck's other chance nodes read cards the same way)."""
    from saloon.core.session import Session

    game = get_game("cowboys")
    session = Session(
        game, CowboysOptions(scenario="hickok-tutt"), ["human", "human"], manual_dice=True
    )
    assert session.pending == "dice"
    for typed in ("2 of hearts", "3H", "four of hearts", "6\u2665", "7 h", "8H"):
        session.enter_dice(typed)
    assert not session.state.is_chance
    s = street_game([C("C1", "a1", "S")], [C("C2", "a3", "N")], rules=("variable_damage",))
    act(s, "C1 shoot C2", "roll 4 4")
    assert s.phase == Phase.DAMAGE and "card as printed" in s.chance_prompt()
    assert s.parse("jack of spades") == DamageCard("JS")
