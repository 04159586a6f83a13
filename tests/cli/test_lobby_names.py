"""The terminal lobby by names (issue 36, item 5): each variant by its title
and a line (picked by number or name), each option with its label, each
seat by the side it plays."""

from __future__ import annotations

import io

from rich.console import Console

from saloon.cli.play import Lobby
from saloon.core import get_game


def lobby(answers: list[str]) -> tuple[Lobby, io.StringIO, list[str]]:
    out = io.StringIO()
    asked: list[str] = []
    replies = iter(answers)

    def reader(prompt: str) -> str:
        asked.append(prompt)
        return next(replies)

    return Lobby(Console(file=out, width=200), reader), out, asked


def test_a_variant_is_picked_by_its_number_and_shown_by_its_title() -> None:
    game = get_game("cowboys")
    number = list(game.variants()).index("ok-corral") + 1
    room, out, _ = lobby([str(number), ""])
    options = room.pick_options(game)
    assert options == game.variants()["ok-corral"]
    text = out.getvalue()
    assert f"{number}. The Gunfight near the O.K. Corral (ok-corral): Tombstone" in text
    assert "facing_by_last_step (Facing by the last step (Optional Rule 1))" in text
    assert "Variant The Gunfight near the O.K. Corral (ok-corral)" in text


def test_each_seat_is_asked_by_the_side_it_plays() -> None:
    game = get_game("cowboys")
    room, _, asked = lobby(["", ""])
    specs = room.pick_seats(game, game.variants()["hickok-tutt"])
    assert specs[0] == "human"
    assert asked[0].startswith("Seat 1 (Hickok) [human]") and asked[1].startswith("Seat 2 (Tutt) [")
    shootout = get_game("shootout")
    room, _, asked = lobby(["", "", ""])  # how many players (a round robin past 2), two seats
    room.pick_seats(shootout, shootout.options())
    assert asked[1] == "Seat 1 [human]: "  # no sides: the seat's number alone
