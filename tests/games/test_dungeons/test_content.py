"""D6's authored content and its loader (RULINGS.md, D6; docs/rulings.md,
D6-C): the built-in files load and hold the printed counts, an owner's
folder replaces files by name, and every broken file is refused with one
line naming the file, the entry and the problem."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from saloon.core.errors import ContentError
from saloon.games.dungeons.content import (
    FILES,
    MONSTER_CLASSES,
    Content,
    load_content,
)
from saloon.games.dungeons.effects import KINDS, walk

CONTENT = load_content()


def builtin(name: str) -> str:
    """The text of the built-in content file ``name``."""
    path = resources.files("saloon.games.dungeons").joinpath("content")
    for part in name.split("/"):
        path = path.joinpath(part)
    return path.read_text(encoding="utf-8")


def owner(tmp_path: Path, name: str, text: str) -> str:
    """A folder holding one owner's file ``name`` with ``text``."""
    path = tmp_path / "mine" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return str(tmp_path / "mine")


def refused(tmp_path: Path, name: str, old: str, new: str) -> str:
    """The message that refuses the built-in ``name`` with ``old`` made ``new``."""
    text = builtin(name)
    assert old in text, f"{old!r} is not in {name}"
    folder = owner(tmp_path, name, text.replace(old, new, 1))
    with pytest.raises(ContentError) as info:
        load_content(folder)
    message = str(info.value)
    assert "\n" not in message
    return message


def every_effect(content: Content) -> list[object]:
    effects = []
    for c in content.classes:
        for s in c.skills:
            effects.extend(walk(s.effects))
    for s in content.common_skills:
        effects.extend(walk(s.effects))
    for p in content.potions.values():
        effects.extend(walk(p.effects))
    for a in content.advantages:
        effects.extend(walk(a.effects))
    for q in content.quests:
        effects.extend(walk(q.effects))
    for e in content.events:
        effects.extend(walk(e.effects))
    return effects


# --- the built-in content --------------------------------------------------------


def test_the_built_in_content_loads_and_is_cached() -> None:
    """Every new game reads the content: the built-in one is read once."""
    assert load_content() is CONTENT
    assert set(CONTENT.reconstructed) == set(FILES)


def test_the_printed_counts() -> None:
    """Components: 54 Advantage, 54 Heroic Quest, 45 Bounty cards, 70
    enemy tokens; Part I, GM Events: 100 events; four base classes."""
    assert sum(c.copies for c in CONTENT.advantages) == 54
    assert sum(c.copies for c in CONTENT.quests) == 54
    assert len(CONTENT.bounties) == 45
    assert sum(CONTENT.bag().values()) == 70
    assert [e.number for e in CONTENT.events] == list(range(1, 101))
    base = [c.name for c in CONTENT.classes if not c.expansion]
    assert base == ["Explorer", "Mesmerist", "Slayer", "Woodling"]


def test_every_effect_is_of_a_known_kind() -> None:
    effects = every_effect(CONTENT)
    assert effects
    assert all(e.kind in KINDS for e in effects)  # type: ignore[attr-defined]


def test_the_monsters_are_the_printed_fifteen() -> None:
    """Part I, Know Thine Enemy: five classes of three, each monster's
    environment as printed, none for Poison."""
    printed = {
        "gnoll": ("beast", "forest"),
        "hellhound": ("beast", "forest"),
        "werewolf": ("beast", "trails"),
        "bone-banshee": ("rogue", "dungeon"),
        "owlbear": ("rogue", "dungeon"),
        "minotaur": ("rogue", "dungeon"),
        "goblin": ("bandit", "hills"),
        "kobold": ("bandit", "trails"),
        "orc": ("bandit", "hills"),
        "mummy": ("undead", "dungeon"),
        "skeleton": ("undead", "cemetery"),
        "vampire": ("undead", "cemetery"),
        "flesh-leech": ("poison", None),
        "giant-spider": ("poison", None),
        "mushroom": ("poison", None),
    }
    assert {m.id: (m.monster_class, m.environment) for m in CONTENT.monsters} == printed
    assert {m.monster_class for m in CONTENT.monsters} == set(MONSTER_CLASSES)


def test_an_owners_folder_replaces_one_file(tmp_path: Path) -> None:
    """Option content=FOLDER: a file there replaces the built-in one of the
    same name; the others stay built-in."""
    text = builtin("prices.toml").replace("dogmud = 2", "dogmud = 3")
    content = load_content(owner(tmp_path, "prices.toml", text))
    assert content.prices.dogmud == 3
    assert content.advantages == CONTENT.advantages
    assert load_content() is CONTENT and CONTENT.prices.dogmud == 2


def test_a_broken_file_is_refused_with_its_name_and_entry(tmp_path: Path) -> None:
    message = refused(
        tmp_path, "cards/advantage.toml", 'kind = "weapon", die = 8 }', 'kind = "wepon", die = 8 }'
    )
    assert "advantage.toml: card 'short-sword': effects[0]" in message
    assert "did you mean 'weapon'" in message
