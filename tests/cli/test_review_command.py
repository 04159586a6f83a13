"""``saloon review``: the table, ``--json`` and ``--html`` on a saved game."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

from saloon.agents import make_agent
from saloon.core.dice import RandomDice
from saloon.core.driver import play
from saloon.core.registry import get_game

Saloon = Callable[..., subprocess.CompletedProcess[str]]


def _record(folder: Path) -> Path:
    game = get_game("shootout")
    bots = [make_agent("random", game, seed=1), make_agent("random", game, seed=2)]
    path = folder / "duel.json"
    play(game, None, bots, RandomDice(3), seed=3).save(path)
    return path


def test_review_prints_the_table_and_the_summary(saloon: Saloon, tmp_path: Path) -> None:
    _record(tmp_path)
    done = saloon("review", "duel.json")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Review of Shoot Out" in out
    for column in ("step", "seat", "action", "value", "best", "cost", "mark"):
        assert column in out
    assert "accuracy" in out and "blunder" in out
    assert "The costliest decisions" in out and "was worth" in out


def test_review_json_and_html(saloon: Saloon, tmp_path: Path) -> None:
    _record(tmp_path)
    done = saloon("review", "duel.json", "--json", "--seat", "2")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["game"] == "shootout" and [s["seat"] for s in data["seat_reviews"]] == [1]
    assert data["thresholds"] == {"blunder": 0.2, "mistake": 0.1, "inaccuracy": 0.05}
    done = saloon("review", "duel.json", "--html", "page.html", "--steps", "1:30")
    assert done.returncode == 0, done.stderr
    page = (tmp_path / "page.html").read_text(encoding="utf-8")
    assert "<svg" in page
    assert 'src="http' not in page and "<link" not in page  # self-contained


def test_review_refuses_a_bad_file_in_one_line(saloon: Saloon, tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    for args in (("bad.json",), ("missing.json",)):
        done = saloon("review", *args)
        assert done.returncode == 2
        assert done.stderr.startswith("error:") and len(done.stderr.strip().splitlines()) == 1
    _record(tmp_path)
    done = saloon("review", "duel.json", "--steps", "x")
    assert done.returncode == 2 and "A:B" in done.stderr


def test_review_on_one_worker_or_two_says_the_same(saloon: Saloon, tmp_path: Path) -> None:
    _record(tmp_path)
    outs = []
    for n in ("1", "2"):
        done = saloon("review", "duel.json", "--json", "--workers", n)
        assert done.returncode == 0, done.stderr
        outs.append(json.loads(done.stdout))
    assert outs[0] == outs[1] and outs[0]["steps"]
    done = saloon("review", "duel.json", "--workers", "0")
    assert done.returncode == 2 and "--workers" in done.stderr


def _duels(folder: Path, games: int = 4) -> list[str]:
    """Shoot Out records of random against the solver, seats alternating."""
    game = get_game("shootout")
    names = []
    for i in range(games):
        agents = ["random", "solver"] if i % 2 == 0 else ["solver", "random"]
        bots = [make_agent(a, game, seed=10 * i + k) for k, a in enumerate(agents)]
        name = f"duel{i}.json"
        play(game, None, bots, RandomDice(i), seed=i).save(folder / name)
        names.append(name)
    return names


def test_review_summary_puts_the_solver_above_random(saloon: Saloon, tmp_path: Path) -> None:
    names = _duels(tmp_path)
    done = saloon("review", *names, "--summary", "--sample", "6", "--seed", "1")
    assert done.returncode == 0, done.stderr
    assert "Summary of 4 reviews of Shoot Out (6 decisions a record)" in done.stdout
    assert "bootstrap over games" in done.stdout
    rows = [line.split() for line in done.stdout.splitlines()]
    rows = [row for row in rows if row[:1] in (["solver"], ["random"])]
    assert [row[0] for row in rows] == ["solver", "random"]  # best accuracy first
    (_, s_games, s_judged, _, s_acc, *_), (_, r_games, r_judged, _, r_acc, *_) = rows
    assert s_games == r_games == "4" and int(s_judged) + int(r_judged) == 24  # 6 a record
    assert float(s_acc) == 100.0 > float(r_acc)


def test_review_summary_refuses_bad_input_in_one_line(saloon: Saloon, tmp_path: Path) -> None:
    names = _duels(tmp_path, 1)
    game = get_game("cowboys")
    bots = [make_agent("random", game, seed=1), make_agent("random", game, seed=2)]
    play(game, None, bots, RandomDice(1), seed=1).save(tmp_path / "cowboys.json")
    for args, words in (
        ((*names, "missing.json", "--summary"), "missing.json"),
        ((*names, "cowboys.json", "--summary"), "several games (cowboys, shootout)"),
        ((*names, "--sample", "0"), "--sample"),
        ((*names, *names), "only with --summary"),
    ):
        done = saloon("review", *args)
        assert done.returncode == 2, args
        assert done.stderr.startswith("error:") and len(done.stderr.strip().splitlines()) == 1
        assert words in done.stderr, done.stderr
