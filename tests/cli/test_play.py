"""``saloon play``: the lobby, the table, bots, manual dice, save/load/undo, bad input."""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pexpect

from saloon.core.record import GameRecord

Run = Callable[..., subprocess.CompletedProcess[str]]
Spawn = Callable[..., Any]

#: A short street and a small deck, so whole games take a few dozen steps.
SMALL = ["-o", "cards=2,3,4", "-o", "target=5", "-o", "start=9", "-o", "back=10"]
SMALL += ["-o", "black=3", "-o", "red=2"]

HUMAN_VS_BOT = ["play", "shootout", *SMALL, "--seat", "human", "--seat", "random", "--delay", "0"]
MANUAL = [*HUMAN_VS_BOT, "--dice", "manual", "--seed", "1"]
MENU_LINE = re.compile(r"^\s+(\d+)\. .*\[(\S+)\]\s*$", re.M)
#: A Shoot Out game's ending, as the table announces it (the game's own words).
GAME_OVER = r"Game over: Player \d wins the game, \d+ points? to \d+: "


def answers_after(output: str, prompt: str) -> list[str]:
    """What was printed after each ``prompt`` (piped input is not echoed)."""
    return output.split(prompt)[1:]


def test_lobby_starts_a_game(spawn: Spawn) -> None:
    child = spawn("play")
    child.expect(r"\d\. Shoot Out")
    child.expect(r"Game \[1\]: ")
    child.sendline("97")
    child.expect("no game '97'")
    child.expect(r"Game \[1\]: ")
    child.sendline("shootout")
    child.expect(r"start \(Starting space\): int from 1 to 99, default 17")
    child.expect(r"3\. Short street \(short-street\)")
    child.expect("option> ")
    child.sendline("target=x")
    child.expect("option 'target' must be a whole number from 1 to 3000, not 'x'; try again")
    child.expect("option> ")
    child.sendline("short-street")
    child.expect("option> ")
    child.sendline("red=1")
    child.expect("option> ")
    child.sendline("")
    child.expect(r"Options: .*red=1")
    child.expect(r"Players.*: ")
    child.sendline("")
    child.expect(r"Seat 1 \[human\]: ")
    child.sendline("")
    child.expect(r"Seat 2 \[\S+\]: ")
    child.sendline("robot")
    child.expect("no agent called 'robot'")
    child.expect(r"Seat 2 \[\S+\]: ")
    child.sendline("random")
    child.expect(r"Seed \[random\]: ")
    child.sendline("5")
    child.expect(r"Dice, random or manual \[random\]: ")
    child.sendline("")
    child.expect("Player 1 \\(you\\), your move:")
    child.expect("Player 1 > ")
    child.sendline("quit")
    child.expect(r"Quit anyway\? \[y/N\] ")
    child.sendline("y")
    child.expect("Left the table")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_full_game_human_against_a_bot(spawn: Spawn, tmp_path: Path) -> None:
    child = spawn(*HUMAN_VS_BOT, "--seed", "11")
    for turn in range(300):
        if child.expect([r"Player 1 > ", GAME_OVER]) == 1:
            break
        choices = {notation: n for n, notation in MENU_LINE.findall(child.before)}
        assert "move" in choices, child.before
        if turn % 3 == 1 and "colt" in choices:
            child.sendline("colt")  # the action notation
        elif turn % 3 == 2 and "winchester" in choices:
            child.sendline(choices["winchester"])  # the menu number
        else:
            child.sendline(choices["move"])
    else:
        raise AssertionError("the game did not end")
    # A finished game offers its review and to keep its record, and says how to replay it.
    child.expect(r"Save this game's record\? \[y/N, a FILE\.json, or review\] ")
    child.sendline("review")
    child.expect(r"Player 1 \(human\): \d+ decisions, \d+ judged; accuracy [\d.]+")
    child.expect(r"Player 2 \(random\): \d+ decisions")
    child.expect(r"result: Player \d wins")
    child.expect(r"Save this game's record\? \[y/N, a FILE\.json, or review\] ")
    child.sendline("y")
    child.expect(r"saved to (saloon-game-\d{8}-\d{6}\.json) \(replay it with: saloon replay \1\)")
    saved = child.match.group(1)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert GameRecord.load(tmp_path / saved).replay().is_over


def test_bot_against_bot_to_the_end_with_replay(saloon: Run, tmp_path: Path) -> None:
    args = ["play", "shootout", *SMALL, "--seat", "random", "--seat", "random", "--seed", "3"]
    done = saloon(*args, "--delay", "0", "--record", "game.json")
    assert done.returncode == 0, done.stderr
    assert "Game over: Player" in done.stdout
    assert "Traceback" not in done.stderr
    record = GameRecord.load(tmp_path / "game.json")
    assert record.replay().is_over

    shown = saloon("replay", "game.json", stdin="n\nn\np\n3\n999\nzz\nq\n")
    assert shown.returncode == 0, shown.stderr
    assert "step 2 of" in shown.stdout and "step 3 of" in shown.stdout
    assert "the record has steps 0 to" in shown.stdout
    assert "'zz': type n, p" in shown.stdout
    last = saloon("replay", "game.json", "--step", str(len(record.moves)))
    assert "result:" in last.stdout


def test_round_robin_of_three_bots(saloon: Run) -> None:
    seats = ["--seat", "random"] * 3
    done = saloon("play", "shootout", *SMALL, *seats, "--seed", "2", "--delay", "0")
    assert done.returncode == 0, done.stderr
    assert "round robin" in done.stdout
    assert "Tournament won by seat" in done.stdout
    assert len(re.findall(GAME_OVER, done.stdout)) == 3


def test_manual_dice_turn_with_a_typo(saloon: Run) -> None:
    typed = "first p1\ncard 3\ncolt\n25\nd20 12\n"
    done = saloon(*MANUAL, stdin=typed)
    out = done.stdout
    assert "Referee: who starts the first duel" in out
    assert "» Player 1 starts the first duel." in out
    assert "» Duel 1: the card 3 is turned up (left in the deck: 2 4); player 1 starts." in out
    after = answers_after(out, "Referee: the d20, 1-20, e.g. 14 > ")
    assert after[0].strip() == "'25' cannot happen here; expected the d20, 1-20, e.g. 14 (or help)"
    assert (
        "» Player 1 fires the Colt from space 9: d20 12, a hit (9 needed; 2 black bullets "
        "left). Player 2 is pushed back from space 9 to 10." in " ".join(out.split())
    )


RECOVERY = re.compile(r"the game is saved to (saloon-recovery-\d{8}-\d{6}(?:-\d+)?\.json)")


def test_end_of_input_mid_game_writes_a_recovery_file(saloon: Run, tmp_path: Path) -> None:
    done = saloon(*HUMAN_VS_BOT, "--seed", "4", stdin="move\n")
    assert done.returncode == 1
    assert "Traceback" not in done.stderr + done.stdout
    found = RECOVERY.search(done.stdout)
    assert found, done.stdout
    name = found.group(1)
    assert f"(carry on with: saloon play --load {name})" in done.stdout
    record = GameRecord.load(tmp_path / name)
    assert ("move" in [m for _, m in record.moves]) and not record.replay().is_over
    # ... and the game carries on from it.
    again = saloon("play", "--load", name, "--delay", "0", stdin="quit\ny\n")
    assert again.returncode == 0, again.stderr
    assert f"Carrying on {name}" in again.stdout
    # The same game interrupted again writes another file, never over the first.
    twice = saloon(*HUMAN_VS_BOT, "--seed", "4", stdin="move\n")
    second = RECOVERY.search(twice.stdout)
    assert second and second.group(1) != name
    assert GameRecord.load(tmp_path / name) == record
    assert GameRecord.load(tmp_path / second.group(1)).moves == record.moves


def test_ctrl_c_at_the_table_saves_and_exits(spawn: Spawn, tmp_path: Path) -> None:
    child = spawn(*HUMAN_VS_BOT, "--seed", "4")
    child.expect("Player 1 > ")
    child.sendintr()
    # a loaded machine (the suite on every core) may take a while to save
    child.expect(
        r"interrupted; the game is saved to (saloon-recovery-\d{8}-\d{6}\.json)", timeout=60
    )
    name = child.match.group(1)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert "Traceback" not in child.before
    assert GameRecord.load(tmp_path / name).moves


def test_each_bad_input_gives_one_line_and_the_game_goes_on(saloon: Run) -> None:
    typed = "first p1\ncard 3\nd20 5\n7\n3x\nfrobnicate\nmove\n"
    out = saloon(*MANUAL, stdin=typed).stdout
    after = answers_after(out, "Player 1 > ")
    assert after[0].strip() == (  # the game's reason, as the browser gives it
        "d20 5 is not legal for player 1 now: a roll is not a choice: the d20 is rolled when "
        "a gun is fired (Shooting); legal: retreat, move, colt, winchester; choose 1-4 (or help)"
    )
    assert after[1].strip().startswith("there is no choice 7; choose 1-4")
    assert after[2].strip() == "'3x' is not a whole number from 1 to 4"
    assert after[3].strip().startswith("unknown command or action 'frobnicate'; choose 1-4")
    assert all(len(a.strip().splitlines()) == 1 for a in after[:4])
    assert "» Player 1 moves to space 8." in after[4]


def test_save_then_load(saloon: Run, tmp_path: Path) -> None:
    typed = (
        "first p1\ncard 3\nsave early.json\nmove\n"  # saved before player 1 moved
        "load missing.json\nload early.json\ny\n"  # a failed load loses nothing
        "colt\nd20 20\nquit\ny\n"
    )
    done = saloon(*MANUAL, stdin=typed)
    out = done.stdout
    assert done.returncode == 0, done.stderr
    assert "saved to early.json" in out
    assert "cannot load: " in out and "nothing changed" in out
    assert "loaded early.json (2 steps)" in out
    # After the load player 1 is back on space 9 and shoots from there.
    assert "» Player 1 fires the Colt from space 9: d20 20, a hit" in out
    record = GameRecord.load(tmp_path / "early.json")
    assert record.moves == [(-1, "first p1"), (-1, "card 3")]
    assert json.loads((tmp_path / "early.json").read_text())["game"] == "shootout"


def test_undo_with_real_dice_never_goes_back_past_them(saloon: Run) -> None:
    """A shot taken back before its die is typed; once the referee has typed
    the d20, the shot stands (the rule of every table: undo cannot peek)."""
    typed = "first p1\ncard 3\ncolt\nundo\nwinchester\n12\nundo\nmove\nquit\ny\n"
    out = saloon(*MANUAL, stdin=typed).stdout
    assert "undone back to before colt (1 step taken back)" in out
    assert "» Player 1 fires the Winchester from space 9: d20 12 + 3 = 15, a hit" in out
    assert (
        "nothing to undo: the dice typed 'd20 12' came after player 1's last decision, "
        "and undo never goes back past a roll or a draw"
    ) in out
    assert "» Player 1 moves to space 8." in out


def test_the_referee_takes_back_a_slip_of_the_dice(saloon: Run) -> None:
    typed = "first p1\nundo\nfirst p2\ncard 3\nquit\ny\n"
    out = saloon(*MANUAL, stdin=typed).stdout
    assert "undone back to before first p1 (1 step taken back; type the dice again)" in out
    assert "» Player 2 starts the first duel." in out


def test_undo_cannot_peek_at_the_d20(saloon: Run) -> None:
    """The report from the table: a Colt fired and missed, undone, and the
    Winchester fired into the same d20. The d20 now stands."""
    args = [*HUMAN_VS_BOT, "--seed", "5"]
    out = saloon(*args, stdin="colt\nundo\nquit\ny\n").stdout
    assert re.search(r"» Player 1 fires the Colt from space 9: d20 \d+", out)
    # The bot answered after the d20 was rolled: neither is taken back.
    assert "nothing to undo: player 2 (a bot) decided after player 1's last decision" in out
    assert "undone back" not in out


def test_undo_cannot_peek_at_the_d6_shooters_dice(saloon: Run) -> None:
    out = saloon(
        "play", "d6shooters", "--seat", "human", "--seed", "3", stdin="roll\nundo\nquit\ny\n"
    )
    assert "nothing to undo: the roll " in out.stdout
    assert "undo never goes back past a roll or a draw" in out.stdout


def test_practice_undo_lets_the_dice_fall_as_they_did(saloon: Run) -> None:
    """With practice undo (one person) the same decision meets the same roll,
    and another one the same luck; the record says the game was so played."""
    args = [*HUMAN_VS_BOT, "--seed", "5", "--practice-undo"]
    first = saloon(*args, stdin="colt\nquit\ny\n").stdout
    assert "Table: advisor on ('hint'); practice undo" in first
    shot = re.search(r"» Player 1 fires the Colt from space 9: d20 (\d+)", first)
    assert shot is not None
    again = saloon(*args, stdin="colt\nundo\ncolt\nundo\nwinchester\nquit\ny\n").stdout
    faces = re.findall(r"» Player 1 fires the (?:Colt|Winchester) from space 9: d20 (\d+)", again)
    assert faces == [shot.group(1)] * 3
    assert "the dice will fall as they did" in again
    refused = saloon(
        "play", "shootout", "--seat", "human", "--seat", "human", "--practice-undo", stdin=""
    )
    assert refused.returncode == 2
    assert "practice undo is for a table of one person and bots, not of 2 people" in refused.stderr


def test_hint_and_help_at_the_table(saloon: Run) -> None:
    out = saloon(
        *MANUAL, stdin="first p1\ncard 3\nhelp\nhint\nrules\nrules all\nboard\nquit\ny\n"
    ).stdout
    assert "undo             take back your last decision" in out
    assert "no advisor for Shoot Out" in out or re.search(r"fire the Colt.*\d+\.\d%", out)
    # 'rules' at the start of a turn: the passages on retreating, moving and shooting.
    assert "At the very start of your turn you may retreat" in out
    assert "[rulebook: Moving, Shooting; rulings 1-3]" in out
    assert "rulebook: shoot-out.txt" in out  # 'rules all'


def test_bad_options_and_seats_are_one_line_errors(saloon: Run) -> None:
    for args, message in [
        (["play", "shootout", "-o", "start=99"], "error: start=99 must lie between"),
        (["play", "shootout", "-o", "speed=3"], "error: unknown option 'speed'"),
        (["play", "shootout", "--seat", "robot", "--seat", "human"], "error: no agent called"),
        (["play", "shootout", "--seat", "human"], "error: shootout takes 2"),
        (["play", "checkers"], "error: no game called 'checkers'"),
        (["play", "--load", "nowhere.json"], "error: cannot read record nowhere.json"),
    ]:
        done = saloon(*args)
        assert done.returncode == 2, (args, done.stdout, done.stderr)
        assert done.stderr.startswith(message), done.stderr
        assert len(done.stderr.strip().splitlines()) == 1


def test_enter_skips_the_bots_pauses(spawn: Callable[..., Any]) -> None:
    """Bots' moves are shown at a readable pace, and Enter skips ahead: with
    a 5-second pause per move, a whole bot game ends in moments once Enter
    is pressed."""
    child = spawn("play", "shootout", *SMALL, "--seat", "random", "--seat", "random",
                  "--seed", "3", "--delay", "5")  # fmt: skip
    child.expect("press Enter to skip ahead")
    child.sendline("")
    child.expect("Game over", timeout=8)
    child.expect(pexpect.EOF)


def test_a_game_on_your_own_scenario_replays_after_the_file_is_gone(
    saloon: Run, tmp_path: Path
) -> None:
    """The record keeps the scenario's text: edited or deleted afterwards,
    the game still replays and carries on (the command line reads its file
    once, when the game is set up)."""
    from importlib import resources

    text = (
        resources.files("saloon.games.cowboys")
        .joinpath("content", "scenarios", "01-hickok-tutt.toml")
        .read_text(encoding="utf-8")
    )
    (tmp_path / "duel.toml").write_text(text.replace("Wild Bill and Davis Tutt", "Our Duel"))
    args = ["play", "cowboys", "-o", "scenario=duel.toml", "--seat", "random", "--seat", "random"]
    done = saloon(*args, "--delay", "0", "--seed", "4", "--record", "duel-game.json")
    assert done.returncode == 0, done.stderr
    assert "scenario=duel.toml" in done.stdout and "#sha256=" not in done.stdout
    record = json.loads((tmp_path / "duel-game.json").read_text())
    assert record["content"][0]["name"] == "duel.toml"
    (tmp_path / "duel.toml").write_text("this file was edited since")
    replayed = saloon("replay", "duel-game.json")
    assert replayed.returncode == 0, replayed.stderr
    (tmp_path / "duel.toml").unlink()
    replayed = saloon("replay", "duel-game.json")
    assert replayed.returncode == 0, replayed.stderr
    again = saloon("play", "--load", "duel-game.json", "--delay", "0")
    assert again.returncode == 0, again.stderr
