"""``saloon replay``: step through a game record forwards and back, each step
told in the log's sentences."""

from __future__ import annotations

import click
from rich.console import Console

from saloon.cli.common import ask, make_console
from saloon.core.errors import SaloonError, printable, shown
from saloon.core.numerals import parse_int
from saloon.core.record import GameRecord
from saloon.core.state import CHANCE, State


@click.command("replay")
@click.argument("path", metavar="FILE", type=click.Path(dir_okay=False))
@click.option("--step", type=int, help="Show the state after this many steps and stop.")
def replay_command(path: str, step: int | None) -> None:
    """Step through a saved game: n(ext), p(revious), a step number, fork
    (a new game from this step; ``fork human heuristic`` names the seats),
    q(uit)."""
    console = make_console()
    record = GameRecord.load(path)
    final = record.replay()  # checks every move before anything is shown
    total = len(record.moves)
    states: dict[int, State] = {total: final}

    def state_at(k: int) -> State:
        if k not in states:
            states[k] = record.replay(k)
        return states[k]

    def show(k: int) -> None:
        state = state_at(k)
        console.print(state.game.render_rich(state))
        if k == 0:
            console.print(f"step 0 of {total}: the start")
            for fork in record.forks:  # a game forked from another: where from
                console.print(f"this game was {fork.describe()}", markup=False)
        else:
            by, move = record.moves[k - 1]
            before = state_at(k - 1)
            if by == CHANCE:
                head = f"step {k} of {total}: the dice, {move}"
            else:
                action = before.parse(move)
                mover = f"player {by + 1} ({shown(record.seats[by])})"
                head = f"step {k} of {total}: {mover}: {before.describe_action(action)} [{move}]"
            console.print(head, markup=False)
            for event in state.log[len(before.log) :]:
                console.print(f"» {event.text}", markup=False, style="italic")
        if k == total and final.is_over:  # the replayed result, not the file's say-so
            console.print(f"result: {list(final.result().scores)}", markup=False)

    if step is not None:
        if not 0 <= step <= total:
            raise SaloonError(f"{path} has steps 0 to {total}, not {step}")
        show(step)
        return
    k = 0
    show(k)
    while True:
        try:
            text = ask(console, "replay [n]ext, [p]revious, a step number, fork, [q]uit > ")
        except (EOFError, KeyboardInterrupt):
            console.print()
            return
        text = text.strip().lower()
        if text in ("", "n", "next"):
            if k == total:
                console.print("that was the last step; p goes back, q quits")
                continue
            k += 1
        elif text in ("p", "prev", "previous", "b", "back"):
            if k == 0:
                console.print("this is the start; n goes forward, q quits")
                continue
            k -= 1
        elif text in ("q", "quit", "exit"):
            return
        elif text.split()[:1] == ["fork"]:
            _fork(console, record, path, k, text.split()[1:])
            console.print(f"back to the replay of {printable(path)}, step {k} of {total}")
            continue
        elif parse_int(text) is not None:
            n = parse_int(text)
            assert n is not None
            if n > total:
                console.print(f"the record has steps 0 to {total}")
                continue
            k = n
        else:
            console.print(
                f"{shown(text)}: type n, p, a step number from 0 to {total}, fork, or q",
                markup=False,
            )
            continue
        show(k)


def _fork(console: Console, record: GameRecord, path: str, step: int, seats: list[str]) -> None:
    """Play a new game from ``step`` of ``record`` at the terminal table
    (``saloon play --load PATH --from STEP``), then come back."""
    from saloon.cli.play import carry_on
    from saloon.cli.table import QuitGame

    try:
        carry_on(
            console, lambda prompt: ask(console, prompt), record, path, seat_specs=seats,
            fork=(step, False),
        )  # fmt: skip
    except QuitGame:
        console.print("Left the table.")
    except SaloonError as exc:
        console.print(f"cannot fork here: {exc}", markup=False)
