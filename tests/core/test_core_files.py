"""Users' files: read only when they are files, written without loss (issue 10)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from saloon.core.errors import SaloonError
from saloon.core.files import check_writable, fresh_path, read_text, write_fresh, write_text


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("/dev/zero", "not a regular file"),
        ("pipe", "not a regular file"),
        (".", "is a folder"),
        ("missing.txt", "No such file"),
        ("a\x00b", "not a usable file name"),
        ("big.txt", "larger than 1 MiB"),
        ("binary.txt", "not a text file"),
    ],
)
def test_what_cannot_be_read_is_one_line(
    name: str, words: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "big.txt").write_bytes(b"x" * (1024 * 1024 + 1))
    (tmp_path / "binary.txt").write_bytes(b"\xff\xfe\x00")
    os.mkfifo(tmp_path / "pipe")  # no writer: opening it must not wait for one
    with pytest.raises(SaloonError, match=words) as info:
        read_text(name, what="record", limit=1024 * 1024)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(
    ("limit", "size"),
    [(64 * 1024, "64 KiB"), (256 * 1024, "256 KiB"), (16 * 1024 * 1024, "16 MiB"),
     (1000, "1,000 bytes")],
)  # fmt: skip
def test_a_file_too_big_is_named_with_its_real_limit(
    limit: int, size: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Before: a limit under 1 MiB (a Cowboys board's 64 KiB) said "larger than 0 MiB".
    monkeypatch.chdir(tmp_path)
    (tmp_path / "board.toml").write_bytes(b"x" * (limit + 1))
    with pytest.raises(SaloonError) as info:
        read_text("board.toml", what="board file", limit=limit)
    assert str(info.value) == f"board file board.toml is larger than {size}; it is not one"


def test_write_never_replaces_when_told_not_to(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("mine", encoding="utf-8")
    with pytest.raises(FileExistsError):
        write_text(path, "theirs", overwrite=False)
    assert path.read_text(encoding="utf-8") == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]  # no temporary left
    write_text(path, "theirs")
    assert path.read_text(encoding="utf-8") == "theirs"


def test_fresh_names_never_collide(tmp_path: Path) -> None:
    names = {write_fresh("saloon-recovery", "x", folder=tmp_path) for _ in range(5)}
    assert len(names) == 5
    assert all(p.name.startswith("saloon-recovery-") and p.suffix == ".json" for p in names)
    assert fresh_path("saloon-recovery", folder=tmp_path) not in names


def test_a_record_path_is_checked_before_a_game(tmp_path: Path) -> None:
    with pytest.raises(SaloonError, match=r"the folder .* does not exist"):
        check_writable(tmp_path / "nowhere" / "game.json", overwrite=False, what="record")
    with pytest.raises(SaloonError, match="is a folder"):
        check_writable(tmp_path, overwrite=False, what="record")
    (tmp_path / "game.json").write_text("{}", encoding="utf-8")
    with pytest.raises(SaloonError, match="exists; add --force to replace it"):
        check_writable(tmp_path / "game.json", overwrite=False, what="record")
    check_writable(tmp_path / "game.json", overwrite=True, what="record")
    if os.geteuid() != 0:  # root may write anywhere
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        with pytest.raises(SaloonError, match="read-only"):
            check_writable(locked / "game.json", overwrite=False, what="record")


@pytest.mark.parametrize("name", ["a\nb", "\x1e", "a\u2028b", "x\rnotes", "\x1b[31mred"])
def test_a_name_with_control_characters_stays_on_one_line(name: str) -> None:
    """Found by the fuzz suite: a file name with a line break in it broke
    the one-line message (every SaloonError is now one line)."""
    with pytest.raises(SaloonError) as info:
        read_text(name, what="record")
    assert len(str(info.value).splitlines()) == 1
    assert "\x1b" not in str(info.value)
