"""The batch engine (``saloon.games.d6shooters.batch``) against the reference.

For a few hundred games of each episode and version, and of the options
and knobs that take other paths (the d6 Event table, one Hiding Day a
turn, Poker, a user's map and Event list), the kernel logs every game;
the reference engine replays each with ``HeuristicAgent`` and the logged
dice through ``ScriptedDice`` and must take the same decisions, use every
outcome and end with the same playsheet and result (:mod:`..batch.check`).
A rule changed in the reference and not in the kernel fails here, naming
the game and the step.

More games: ``python benchmarks/d6shooters_batch.py --check 20000``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from itertools import combinations_with_replacement
from pathlib import Path

import numpy as np
import pytest

from saloon.analysis.simulate import simulate
from saloon.core import get_game
from saloon.core.errors import SaloonError
from saloon.games.d6shooters import batch
from saloon.games.d6shooters.batch import tables, towns
from saloon.games.d6shooters.batch.check import Divergence, replay
from saloon.games.d6shooters.batch.engine import HeuristicBatch
from saloon.games.d6shooters.batch.log import GameLog
from saloon.games.d6shooters.batch.slots import SIZE, WHITE
from saloon.games.d6shooters.content import CARD_KEYS
from saloon.games.d6shooters.dice import hand_key
from saloon.games.d6shooters.options import D6ShootersOptions
from saloon.games.d6shooters.strategy import Knobs, shootout_loss, shootout_win

SEED = 20261201
GAMES = 250
POKER = Knobs(poker_stake=2, poker_rich=3)

CASES = {
    "ep1-standard": ({}, Knobs()),
    "ep1-easier": ({"version": "easier"}, Knobs()),
    "ep1-shorter": ({"version": "shorter"}, Knobs()),
    "ep1-d6-events": ({"events": "d6"}, Knobs()),
    "ep1-poker": ({}, POKER),
    "ep2-standard": ({"episode": 2}, Knobs()),
    "ep2-easier": ({"episode": 2, "version": "easier"}, Knobs()),
    "ep2-shorter": ({"episode": 2, "version": "shorter"}, Knobs()),
    "ep2-d6-per-turn": ({"episode": 2, "events": "d6", "hide_days": "per_turn"}, Knobs()),
    "ep1-days-34": ({"days": 34}, Knobs()),
    "ep2-shorter-days-26": ({"episode": 2, "version": "shorter", "days": 26}, Knobs()),
    "ep2-other-knobs": (
        {"episode": 2, "hide_days": "per_turn"},
        Knobs(pace=3.1, crowe=2.0, fight_dice=0, ammo_ep2=8, threes=1, food_margin=3),
    ),
}


def _checked(options: D6ShootersOptions, knobs: Knobs, games: int) -> list[GameLog]:
    logs = batch.trace(options, knobs, SEED, range(games))
    for game in logs:
        replay(options, knobs, game)
    return logs


def _seen(logs: list[GameLog]) -> Counter[str]:
    """What the games went through: decisions by their first word, outcomes
    by their group or label, and how the games ended."""
    seen: Counter[str] = Counter()
    for game in logs:
        for kind, _, a in game.steps:
            seen[str(a).split()[0] if kind == "decision" else str(a).split()[0] + " dice"] += 1
        seen["ended " + game.final["ended"]] += 1
    return seen


@pytest.mark.parametrize("case", list(CASES))
def test_the_kernel_plays_as_the_reference(case: str) -> None:
    options, knobs = D6ShootersOptions(**CASES[case][0]), CASES[case][1]
    seen = _seen(_checked(options, knobs, GAMES))
    # The games go where the case says they go (else the check proves little).
    assert seen["ended won"] and seen["keep"] and seen["fours"] and seen["buy"]
    assert seen["gang dice"] and seen["heat dice"] and seen["posse dice"]
    if options.episode == 2:
        assert seen["tactic"] and seen["reroll"] and seen["assign"] and seen["crowe dice"]
        assert seen["ended showdown"]
    else:
        assert seen["heat"]  # Heat paid in Food (Ep.1 "Extreme Heat!")
    if knobs.poker_stake:
        assert seen["poker"] and seen["stake"] and seen["hand dice"]
    if options.version == "easier":
        assert seen["start"] == GAMES


def test_every_event_happens_and_is_checked() -> None:
    """Each Event of both lists (2d6 and d6), through the Special Event of
    episode 1 and the E squares: games drawn until every one has come up."""
    for ep in (1, 2):
        for events in ("cards", "d6"):
            options = D6ShootersOptions(episode=ep, events=events)
            logs = _checked(options, Knobs(), 200)
            drawn = {str(a) for g in logs for kind, _, a in g.steps if str(a).startswith("event")}
            keys = CARD_KEYS if events == "cards" else [str(n) for n in range(1, 7)]
            # Ep.2's 2-5 Downhill Ride is drawn again once the Compass is owned (D6-V12).
            assert {f"event {k}" for k in keys} <= drawn


def test_a_users_map_and_event_list(tmp_path: Path) -> None:
    """The kernel's tables come from the loaded content, a user's files too:
    a short map with its own Towns, and an Event list whose entries are
    other kinds with other numbers."""
    route = tmp_path / "trail.toml"
    route.write_text(
        'name = "Short Trail"\nstart = 1\nlength = 40\nlimit = 20\ndestination = "End"\n'
        'short_destination = "Mid"\nshort_limit = 12\nevents = [6, 13, 25, 33]\n'
        'towns = [{ space = 1, name = "Start" }, { space = 9, name = "Camp" },\n'
        '  { space = 20, name = "Mid" }, { space = 40, name = "End" }]\n'
    )
    cards = {k: 'kind = "bandits"\nname = "Road Agents"\ntext = "Pay or fight."\n'
             "options = [{ gold = 1 }, { ammo = 2 }, { posse = 1 }]\nposse_dice = 2\n"
             "gang_dice = 3" for k in CARD_KEYS}  # fmt: skip
    cards["1-1"] = 'kind = "wagon_train"\nname = "Traders"\ntext = "Trade."\nrate = 3'
    cards["2-2"] = 'kind = "shortcut"\nname = "Ford"\ntext = "Move on."\nspaces = 5'
    d6 = ['kind = "lost"\nname = "Fog"\ntext = "Lost."\ndays = 2\nfood = 3'] * 6
    text = "".join(f"[cards.{k}]\n{v}\n\n" for k, v in cards.items())
    text += "".join(f"[d6.{n}]\n{v}\n\n" for n, v in enumerate(d6, 1))
    events = tmp_path / "events.toml"
    events.write_text(text)
    for ep, ev in ((1, "cards"), (2, "cards"), (1, "d6")):
        options = D6ShootersOptions(episode=ep, map=str(route), events_file=str(events), events=ev)
        seen = _seen(_checked(options, Knobs(), 150))
        assert seen["event dice"] and seen["ended won" if ev == "cards" else "ended event"]
        if ev == "cards":  # the user's Bandits, with their payments and their dice
            assert seen["pay"] and seen["fight"] and seen["trade"]


def test_an_event_kind_the_kernel_cannot_play_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables, "PLAYABLE", tuple(k for k in tables.PLAYABLE if k != "traitor"))
    with pytest.raises(SaloonError, match="cannot play an Event of kind 'traitor'"):
        tables.build(D6ShootersOptions(episode=2), Knobs())


def test_a_divergence_names_the_game_the_step_and_both_decisions() -> None:
    options = D6ShootersOptions()
    game = batch.trace(options, None, SEED, [0])[0]
    at = next(i for i, (kind, _, a) in enumerate(game.steps) if str(a).startswith("keep"))
    kind, node, _ = game.steps[at]
    steps = (*game.steps[:at], (kind, node, batch.log.N.STOP), *game.steps[at + 1 :])
    with pytest.raises(Divergence, match=r"game 0, step \d+: the reference decides keep .* stop"):
        replay(options, Knobs(), GameLog(0, steps, game.final))
    with pytest.raises(Divergence, match="final playsheets differ"):
        replay(options, Knobs(), GameLog(0, game.steps, {**game.final, "gold": -1}))


def test_the_heuristics_shootout_tables_are_the_references_to_the_bit() -> None:
    odds = tables.shootout_odds()
    for posse in range(tables.MAX_POSSE + 1):
        for gang in range(tables.MAX_GANG + 1):
            for bonus in (0, 2, 5, 11, 30, tables.MAX_BONUS, 90):
                b = min(bonus, tables.MAX_BONUS)
                assert odds[0, posse, gang, b] == shootout_loss(posse, gang, bonus)
                assert odds[1, posse, gang, b] == shootout_win(posse, gang, bonus)


def test_poker_hands_order_as_the_reference_orders_them() -> None:
    """Ep.1 "Poker" (RULINGS d6): the kernel's hand numbers sort every pair of
    hands as :func:`~saloon.games.d6shooters.dice.hand_key` does."""
    hands = list(combinations_with_replacement(range(1, 7), 5))
    s = np.zeros(SIZE, np.int64)
    codes = []
    for hand in hands:
        s[WHITE : WHITE + 7] = np.bincount(hand, minlength=7)
        codes.append(towns.hand_code(s, WHITE))
        assert codes[-1] == tables.hand_code(hand_key(hand))
    ref = [hand_key(h) for h in hands]
    order = sorted(range(len(hands)), key=lambda i: ref[i])
    assert [codes[i] for i in order] == sorted(codes)


def test_a_run_does_not_depend_on_threads_or_chunks() -> None:
    for options in (D6ShootersOptions(), D6ShootersOptions(episode=2, version="easier")):
        n = 2 * batch.BLOCK + 300
        one = batch.play(options, None, n, SEED, threads=1)
        two = batch.play(options, None, n, SEED, threads=2)
        k = 1234
        parts = batch.play(options, None, k, SEED, threads=2) + batch.play(
            options, None, n - k, SEED, first=k, threads=1
        )
        assert one == two == parts
        assert one.games == n and sum(one.scores) == n and sum(one.days) == n
        assert sum(dict(one.ended).values()) == n and one.categories["won"] == one.wins


def test_a_tally_says_what_the_traced_games_say() -> None:
    """The tally of games ``first ..`` adds up their logged results."""
    options = D6ShootersOptions(episode=2)
    logs = batch.trace(options, None, SEED, range(40, 100))
    t = batch.play(options, None, 60, SEED, first=40)
    assert t.wins == sum(g.final["ended"] == "won" for g in logs)
    assert t.score_sum == sum(g.final["score"] for g in logs)
    assert t.score_squares == sum(g.final["score"] ** 2 for g in logs)
    assert t.categories == dict(Counter(g.final["ended"] for g in logs))
    assert t.days == tuple(sum(g.final["day"] == d for g in logs) for d in range(len(t.days)))
    assert t.mean_score == t.score_sum / 60 and 0 < t.win_rate < 1
    assert t.lengths == tuple(sorted(Counter(len(g.steps) for g in logs).items()))


def test_the_labs_engine_is_the_kernel_for_the_heuristic_alone() -> None:
    """``simulate --engine batch`` and ``sweep`` reach the kernel through
    the game (:meth:`D6Shooters.batch_engine`), with the heuristic's knobs;
    its tally is the kernel's, in the lab's terms."""
    game = get_game("d6shooters")
    options = D6ShootersOptions(episode=2)
    engine = game.batch_engine(options, [("heuristic", {"pace": "3.1"})])
    assert isinstance(engine, HeuristicBatch) and engine.knobs == Knobs(pace=3.1)
    assert game.batch_engine(options, [("planner", {})]) is None
    lab = engine.play(60, SEED, first=40)
    kernel = batch.play(options, Knobs(pace=3.1), 60, SEED, first=40)
    assert lab.wins == (kernel.wins,) and lab.categories == kernel.categories
    assert lab.scores == lab.returns == ({str(k): n for k, n in enumerate(kernel.scores) if n},)
    assert lab.lengths == {str(k): n for k, n in kernel.lengths}
    summary = simulate(game, options, ["heuristic:pace=3.1"], 100, seed=SEED, engine="batch")
    assert summary.engine == "batch" and summary.games == 100
    with pytest.raises(SaloonError, match="no batch engine for planner"):
        simulate(game, options, ["planner"], 10, engine="batch")


def test_without_numba_the_same_games_are_played() -> None:
    """The kernel runs as plain Python when Numba is absent (here: disabled)."""
    code = (
        "import json\n"
        "from saloon.games.d6shooters import batch\n"
        "from saloon.games.d6shooters.options import D6ShootersOptions as O\n"
        "t = batch.play(O(episode=2), None, 12, 5, first=100)\n"
        "print(json.dumps([t.wins, t.score_sum, t.days]))\n"
    )
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    t = batch.play(D6ShootersOptions(episode=2), None, 12, 5, first=100)
    assert json.loads(out.stdout) == [t.wins, t.score_sum, list(t.days)]


def test_bad_arguments_are_named() -> None:
    with pytest.raises(SaloonError, match="games and first"):
        batch.play(D6ShootersOptions(), None, -1, 1)
    with pytest.raises(SaloonError, match="seed -3"):
        batch.play(D6ShootersOptions(), None, 1, -3)


def test_a_sweep_on_the_batch_engine_is_the_same_whatever_runs_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Cells in blocks, on one process, a pool of two and a Dask cluster:
    the same table, every cell played by the kernel."""
    from importlib import import_module

    from saloon.analysis.sweep import Axis, sweep

    monkeypatch.setattr(import_module("saloon.analysis.simulate"), "BATCH_BLOCK", 700)
    args = ("d6shooters", ["episode=2"], [Axis.parse("days=24,30")], ["heuristic"], 2000)
    one = sweep(*args, seed=5)
    two = sweep(*args, seed=5, workers=2)
    assert one == two and {c.engine for c in one.cells} == {"batch"}
    assert one.cells[0].win_rate < one.cells[1].win_rate
    pytest.importorskip("distributed")
    from saloon.analysis.cluster import dask_executor

    with dask_executor("local") as executor:
        assert sweep(*args, seed=5, executor=executor) == one
