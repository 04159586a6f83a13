"""Cowboys from the command line: every scenario simulated, played to the
end by bots at the terminal, and listed by ``saloon rules``."""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Callable
from typing import Any

import pytest

from saloon.games.cowboys import GAME

Run = Callable[..., subprocess.CompletedProcess[str]]
SCENARIOS = sorted(GAME.variants())


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_simulate_runs_every_scenario(saloon: Run, scenario: str) -> None:
    done = saloon(
        "simulate", "cowboys", "-o", f"scenario={scenario}", "--agent", "heuristic",
        "-n", "2", "--no-db", "--json",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["games"] == 2
    assert len(summary["per_seat"]) == GAME.player_range(GAME.variants()[scenario])[0]


#: The scenarios played to the end by the command at a terminal: each size
#: of table (two, three and four sides), a solitaire, and each special rule
#: that acts between the figures' actions (a jail cell, the night, the
#: rolling stage). The command's part is the same for every scenario; every
#: scenario is played to the end at the terminal's table in-process
#: (``tests/cli/test_table_choices.py``) and to each of its endings
#: (``test_cowboys_words.py``), and simulated by the command below.
AT_THE_TERMINAL = [
    "hickok-tutt",
    "three-way-standoff",
    "four-corners",
    "sundown-at-red-rock",
    "jailbreak",
    "night-riders",
    "noon-stage",
]


@pytest.mark.parametrize("scenario", AT_THE_TERMINAL)
def test_bots_play_a_scenario_of_each_kind_to_the_end_at_the_terminal(
    saloon: Run, scenario: str
) -> None:
    seats = ["--seat", "heuristic"] * GAME.player_range(GAME.variants()[scenario])[0]
    done = saloon(
        "play", "cowboys", "-o", f"scenario={scenario}", *seats, "--seed", "3", "--delay", "0"
    )
    assert done.returncode == 0, done.stderr
    assert "Game over" in done.stdout
    assert "Turn 1 of" in done.stdout


def test_rules_list_the_scenarios_and_their_sides(saloon: Run) -> None:
    done = saloon("rules", "cowboys")
    assert done.returncode == 0, done.stderr
    for scenario in SCENARIOS:
        assert f"{scenario}:" in done.stdout
    assert "players: 2 (the game: 2-4)" in done.stdout  # the duel, by default
    assert "Game Turn:" in done.stdout and "Card Play:" in done.stdout
    three = saloon("rules", "cowboys", "-o", "scenario=three-way-standoff")
    assert "players: 3 (the game: 2-4)" in three.stdout
    assert "The Stranger" in three.stdout


def test_a_scenario_for_three_refuses_two_seats(saloon: Run) -> None:
    done = saloon(
        "play", "cowboys", "-o", "scenario=three-way-standoff",
        "--seat", "random", "--seat", "random",
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1].startswith("error: ")
    assert "3" in done.stderr


DEALT_FACE = re.compile(r"is dealt ((10|[2-9JQKA])[CDHS]|JK[12]) \(")


def test_the_log_tells_each_deal_to_whom_it_may(saloon: Run) -> None:
    """Card Play (hands hidden from the other side): one person reads his
    own cards dealt and only the count of the others'; a hotseat table (one
    screen for both sides) reads only the counts; bots alone, every card
    once."""
    quit_now = "quit\ny\n"
    alone = saloon("play", "cowboys", "--seat", "human", "--seat", "random", stdin=quit_now)
    deals = [
        line for line in alone.stdout.splitlines() if line.startswith("» ") and "is dealt" in line
    ]
    faces = [line for line in deals if DEALT_FACE.search(line)]
    assert len(deals) == 6 and len(faces) == 3
    assert all("Hickok is dealt" in line for line in faces)
    assert all("Tutt is dealt a card" in line for line in deals if line not in faces)
    hotseat = saloon("play", "cowboys", "--seat", "human", "--seat", "human", stdin=quit_now)
    deals = [
        line for line in hotseat.stdout.splitlines() if line.startswith("» ") and "is dealt" in line
    ]
    assert len(deals) == 6 and not any(DEALT_FACE.search(line) for line in deals)
    bots = saloon("play", "cowboys", "--seat", "random", "--seat", "random", "--delay", "0")
    deals = [
        line for line in bots.stdout.splitlines() if line.startswith("» ") and "is dealt" in line
    ]
    assert len(deals) == 6 and all(DEALT_FACE.search(line) for line in deals)


def play_to_the_end(child: Any, pexpect: Any) -> int:
    """Type the first choice of each of player 1's menus until the game is
    over, then leave without keeping the record; the choices typed."""
    typed = 0
    for _ in range(1000):
        if child.expect([r"Player 1 \(you\), your move:", "Game over"], timeout=60) == 1:
            break
        child.expect(r"Player 1 > ")
        choices = re.findall(r"\[([^\]\n]+)\]\s*$", child.before, re.M)
        assert choices, f"no menu before the prompt:\n{child.before[-500:]}"
        child.sendline(choices[0])
        typed += 1
    else:  # pragma: no cover - a game that never ends fails here
        pytest.fail("the game did not end at the table")
    child.expect(r"Save this game's record\? ")
    child.sendline("")
    child.expect(pexpect.EOF)
    return typed


@pytest.mark.parametrize("scenario", ["three-way-standoff", "stage-holdup"])
def test_a_person_plays_a_scenario_to_the_end_by_typing_actions(
    spawn: Callable[..., Any], scenario: str
) -> None:
    """Player 1 is a person at a real terminal who types the notation of
    the first choice of each menu (a move by its destination and facing, a
    shot by its target, a card or ``pass``); the other sides are the
    heuristic. The scenario is played to its end."""
    pexpect = pytest.importorskip("pexpect")
    sides = GAME.player_range(GAME.variants()[scenario])[0]
    seats = ["--seat", "human", *["--seat", "heuristic"] * (sides - 1)]
    child = spawn(
        "play", "cowboys", "-o", f"scenario={scenario}", *seats, "--seed", "7", "--delay", "0"
    )
    assert play_to_the_end(child, pexpect) > 3


def test_a_person_plays_the_solitaire_scenario_naming_only_his_seat(
    spawn: Callable[..., Any],
) -> None:
    """Solitaire (ruling CS-S8): ``--seat human`` alone seats the solo bot
    on the gang's side, as the scenario says; the person plays the Law to
    the end by typing the first choice of each menu."""
    pexpect = pytest.importorskip("pexpect")
    child = spawn(
        "play", "cowboys", "-o", "scenario=sundown-at-red-rock", "--seat", "human",
        "--seed", "4", "--delay", "0",
    )  # fmt: skip
    child.expect("player 1: human")
    child.expect("player 2: solo")
    assert play_to_the_end(child, pexpect) > 3


def test_a_person_plays_a_whole_game_with_the_advanced_rules(
    spawn: Callable[..., Any],
) -> None:
    """Issue: a whole game with the Advanced Rules is playable at the
    terminal by a person, reaction fire included, and a reaction window
    never asks him when no reaction is possible. The person takes every
    reaction shot offered, else the first choice; each time the table says
    his side "may react", the menu offers a reaction shot (``pass`` too)."""
    pexpect = pytest.importorskip("pexpect")
    child = spawn(
        "play", "cowboys", "-o", "scenario=ok-corral", "-o", "advanced=true",
        "--seat", "human", "--seat", "heuristic", "--seed", "1", "--delay", "0",
    )  # fmt: skip
    windows = drawn = 0
    for _ in range(1000):
        if child.expect([r"Player 1 \(you\), your move:", "Game over"], timeout=60) == 1:
            break
        screen = child.before
        child.expect(r"Player 1 > ")
        choices = re.findall(r"\[([^\]\n]+)\]\s*$", child.before, re.M)
        assert choices, f"no menu before the prompt:\n{child.before[-500:]}"
        flat = re.sub(r"[\s│]+", " ", screen + child.before)
        drawn += "is drawn from the cup" in flat
        reactions = [c for c in choices if " react " in c]
        if "Earps may react with" in flat:
            windows += 1
            assert reactions, choices  # ``pass`` may be on the menu's next page
        child.sendline(reactions[0] if reactions else choices[0])
    else:  # pragma: no cover - a game that never ends fails here
        pytest.fail("the game with the Advanced Rules did not end at the table")
    assert windows >= 1, "the person was never offered a reaction shot"
    assert drawn >= 1, "no marker was drawn from the activation cup"
    child.expect(r"Save this game's record\? ")
    child.sendline("")
    child.expect(pexpect.EOF)


def test_a_bots_poker_draw_names_no_card_to_the_person(saloon: Run) -> None:
    """Advanced Optional Rule 7: the poker hand is hidden until shown, so
    a person hears how many cards the bot's side throws away, not which."""
    done = saloon(
        "play", "cowboys", "-o", "poker_order=true", "--seat", "heuristic", "--seat", "human",
        "--seed", "3", "--delay", "0", stdin="stand\nquit\ny\n",
    )  # fmt: skip
    said = [line for line in done.stdout.splitlines() if line.startswith("Player 1 (heuristic)")]
    assert said and said[0].startswith("Player 1 (heuristic): throw away 3 poker cards and draw 3")
    bots = saloon(
        "play", "cowboys", "-o", "poker_order=true", "--seat", "heuristic", "--seat", "heuristic",
        "--seed", "3", "--delay", "0",
    )  # fmt: skip
    assert re.search(r"Player 1 \(heuristic\): throw away (\S+ ){3}and draw 3", bots.stdout)
