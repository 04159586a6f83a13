"""A person's own content kept with the game built from it: read once,
named by its digest, carried by records and pickles, never read again."""

from __future__ import annotations

import pickle
from importlib import resources
from pathlib import Path

import numpy as np
import pytest

from saloon.core import content
from saloon.core.content import Bundle
from saloon.core.errors import ContentError, OptionError, RecordError
from saloon.core.record import GameRecord
from saloon.core.registry import get_game


def scenario_text(title: str = "A Duel of Our Own") -> str:
    text = (
        resources.files("saloon.games.cowboys")
        .joinpath("content", "scenarios", "01-hickok-tutt.toml")
        .read_text(encoding="utf-8")
    )
    return text.replace("Wild Bill and Davis Tutt", title)


@pytest.fixture(autouse=True)
def fresh_registry() -> None:
    content._BUNDLES.clear()


def test_a_bundle_is_named_by_its_text() -> None:
    a = Bundle.of_text("duel.toml", "x = 1\n")
    b = Bundle.of_text("elsewhere.toml", "x = 1\n")
    c = Bundle.of_text("duel.toml", "x = 2\n")
    assert a.digest == b.digest != c.digest
    assert a.ref == f"duel.toml#sha256={a.digest}" and content.display_name(a.ref) == "duel.toml"
    assert Bundle.from_json(a.to_json()) == a
    edited = {**a.to_json(), "files": {"": "x = 3\n"}}
    with pytest.raises(ContentError, match="does not match its sha256"):
        Bundle.from_json(edited)


def test_a_folder_bundle_holds_toml_files_one_folder_deep() -> None:
    ok = Bundle.of_folder("mine", {"prices.toml": "a = 1", "maps/standard.toml": "b = 2"}).check()
    assert ok.kind == "folder"
    for bad in ("../x.toml", "a/b/c.toml", "notes.txt", "/etc/passwd.toml"):
        with pytest.raises(ContentError, match="is not a content file's name"):
            Bundle.of_folder("mine", {bad: "x = 1"}).check()
    with pytest.raises(ContentError, match="holds more than 64 files"):
        Bundle.of_folder("mine", {f"f{i}.toml": "" for i in range(65)}).check()


def test_an_unknown_reference_says_where_its_content_comes_from() -> None:
    ref = "duel.toml#sha256=" + "ab" * 32
    with pytest.raises(ContentError, match="comes with the record or the game"):
        content.read_file(ref)


def test_pinned_options_no_longer_need_the_file(tmp_path: Path) -> None:
    game = get_game("cowboys")
    path = tmp_path / "duel.toml"
    path.write_text(scenario_text())
    options = game.parse_options([f"scenario={path}"]).pin_content()
    assert content.is_reference(options.scenario)  # type: ignore[attr-defined]
    assert options.describe() == f"scenario={path}"
    path.unlink()
    state = game.new_state(options)
    # Another process (a pickled copy) builds the game without the file too.
    data = pickle.dumps(options)
    content._BUNDLES.clear()
    copy = pickle.loads(data)
    assert copy == options
    game.new_state(copy)
    assert state.view(None) == game.new_state(copy).view(None)


def test_pinning_a_missing_file_is_one_line(tmp_path: Path) -> None:
    game = get_game("d6shooters")
    with pytest.raises(OptionError, match=r"cannot read map content file .*No such file"):
        game.parse_options([f"map={tmp_path / 'nope.toml'}"]).pin_content()


def test_a_record_keeps_its_content_and_replays_after_the_file_is_gone(tmp_path: Path) -> None:
    """The report: a game built on a user's scenario no longer replayed once
    the file was edited or deleted."""
    game = get_game("cowboys")
    path = tmp_path / "duel.toml"
    path.write_text(scenario_text())
    options = game.parse_options([f"scenario={path}"]).pin_content()
    state = game.new_state(options)
    rng = np.random.default_rng(3)
    for _ in range(60):
        if state.is_over:
            break
        if state.is_chance:
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])
    record = GameRecord.from_state(state, ["random", "random"], seed=3)
    saved = tmp_path / "game.json"
    record.save(saved)
    path.write_text(scenario_text("Edited Since"))
    content._BUNDLES.clear()
    again = GameRecord.load(saved).replay()
    assert again.history == state.history
    path.unlink()
    content._BUNDLES.clear()
    assert GameRecord.load(saved).replay().history == state.history
    # An edited record is refused, naming the content.
    text = saved.read_text().replace("A Duel of Our Own", "A Duel of Their Own")
    saved.write_text(text)
    with pytest.raises(RecordError, match="does not match its sha256"):
        GameRecord.load(saved)


def test_the_same_text_under_two_names_keeps_both_names() -> None:
    first = content.register(Bundle.of_text("duel.toml", "x = 1\n"))
    second = content.register(Bundle.of_text("upload:scenario", "x = 1\n"))
    assert content.bundle_of(first).name == "duel.toml"
    assert content.bundle_of(second).name == "upload:scenario"
