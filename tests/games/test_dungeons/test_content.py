"""D6's authored content and its loader (RULINGS.md, D6; docs/rulings.md,
DG-C): the built-in files load and hold the printed counts and facts, an
owner's folder replaces files by name, and every broken file is refused
with one line naming the file, the entry and the problem."""

from __future__ import annotations

import pickle
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from saloon.core.errors import ContentError
from saloon.games.dungeons.content import (
    FILES,
    MONSTER_CLASSES,
    REWARDS,
    STYX,
    VILLAGE,
    Content,
    GameMap,
    load_content,
)
from saloon.games.dungeons.effects import (
    DICE,
    KINDS,
    ROUND_FLAGS,
    STATS,
    TARGETS,
    Effect,
    read_effects,
    walk,
)

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


def message_for(folder: str) -> str:
    """The one-line message that refuses the content of ``folder``."""
    with pytest.raises(ContentError) as info:
        load_content(folder)
    message = str(info.value)
    assert "\n" not in message
    return message


def effects_of(content: Content) -> dict[str, tuple[Effect, ...]]:
    """Every authored effect list, by where it is."""
    out: dict[str, tuple[Effect, ...]] = {}
    for c in content.classes:
        for s in c.skills:
            out[f"skill {s.id}"] = s.effects
    for s in content.common_skills:
        out[f"skill {s.id}"] = s.effects
    for p in content.potions.values():
        out[f"potion {p.id}"] = p.effects
    for a in content.advantages:
        out[f"advantage {a.id}"] = a.effects
    for q in content.quests:
        out[f"quest {q.id}"] = q.effects
    for e in content.events:
        out[f"event {e.number}"] = e.effects
    return out


def kinds(effects: tuple[Effect, ...]) -> set[str]:
    return {e.kind for e in walk(effects)}


# --- the built-in content: loading ------------------------------------------------


def test_the_built_in_content_loads_once_and_is_cached() -> None:
    """Every new game reads the content; the built-in one is read once."""
    assert load_content() is CONTENT
    assert load_content(None) is CONTENT


def test_every_file_says_it_is_reconstructed() -> None:
    """RULINGS.md, D6: the content is Saloon's authoring, and says so."""
    assert set(CONTENT.reconstructed) == set(FILES)
    for name in FILES:
        text = builtin(name)
        assert "Reconstructed" in text.split("\n\n")[0], name
        assert "reconstructed = true" in text, name
    assert all(c.reconstructed for c in CONTENT.classes)
    assert all(m.reconstructed for m in CONTENT.maps.values())


def test_content_pickles_and_cannot_be_changed() -> None:
    """A state goes whole to another process; the content is read-only."""
    copy = pickle.loads(pickle.dumps(CONTENT))
    assert copy == CONTENT
    with pytest.raises(TypeError):
        CONTENT.potions["acupunch"] = CONTENT.potions["acupunch"]  # type: ignore[index]
    with pytest.raises(TypeError):
        CONTENT.maps["standard"].round_rules[3] = ()  # type: ignore[index]


# --- printed counts and facts -------------------------------------------------------


def test_the_printed_counts() -> None:
    """Components: 54 Advantage, 54 Heroic Quest and 45 Bounty cards, 70
    enemy tokens, 44 hero cards in the base game; Part I, GM Events: 100."""
    assert sum(c.copies for c in CONTENT.advantages) == 54
    assert sum(c.copies for c in CONTENT.quests) == 54
    assert len(CONTENT.bounties) == 45
    assert sum(CONTENT.bag().values()) == 70
    assert [e.number for e in CONTENT.events] == list(range(1, 101))
    assert sum(len(c.heroes) for c in CONTENT.classes if not c.expansion) == 44


def test_the_printed_prices() -> None:
    """Addenda, Village Signs; Part II, The Village; Part I, Cash Cube, Roll
    for Stats, Know Thine Enemy, Place Your HP. The Advantage card's price
    is Saloon's (DG-C6)."""
    p = CONTENT.prices
    assert (p.dogmud, p.holy_water, p.holy_water_die, p.horse) == (2, 2, 12, 1)
    assert (p.cash_cube, p.cash_cube_die) == (2, 12)
    assert (p.fountain, p.training, p.refresh) == (1, 2, 1)
    assert (p.coin_cap, p.kill_coins, p.hp) == (10, 2, 3)
    assert p.advantage_card == 2


def test_the_classes() -> None:
    """Part I, Choose Your Class Board: the four base classes, each with a
    +1 stat; Roll for Stats: the Mesmerist's is skill; Part IV: the
    expansion's Bard, Cleric and Werewolf, whose chib rolls a D8."""
    base = [c for c in CONTENT.classes if not c.expansion]
    assert [c.name for c in base] == ["Explorer", "Mesmerist", "Slayer", "Woodling"]
    assert CONTENT.hero_class("mesmerist").bonus_stat == "skill"
    assert {c.bonus_stat for c in base} == set(STATS)  # each stat favoured once
    expansion = {c.id: c.chib_die for c in CONTENT.classes if c.expansion}
    assert expansion == {"bard": 4, "cleric": 4, "werewolf": 8}
    for c in CONTENT.classes:
        assert len(c.skills) == 3 and c.heroes
    ids = [s.id for c in CONTENT.classes for s in c.skills]
    ids += [s.id for s in CONTENT.common_skills]
    assert len(ids) == len(set(ids))


def test_the_common_skills() -> None:
    """Part I, Non-Action Tasks: Hero Swap and Animal Handling, common to
    all classes; Hero Swap changes places in a fight (Enemy
    Disengagement)."""
    assert [s.name for s in CONTENT.common_skills] == ["Hero Swap", "Animal Handling"]
    assert CONTENT.skill("hero-swap").effects == (Effect("hero_swap"),)
    assert CONTENT.skill("hero-swap").timing == "combat"


def test_skills_reach_the_fight_the_stealth_check_and_the_turn() -> None:
    """Issue 16 (Deliver 2, 3): skills usable in the combat window, at a stealth check,
    and in the turn."""
    every = [s for c in CONTENT.classes for s in c.skills] + list(CONTENT.common_skills)
    timings = {s.timing for s in every}
    assert {"combat", "roll", "turn", "any"} <= timings
    stealth = {"auto_stealth", "stealth_bonus"}
    assert any(kinds(s.effects) & stealth for s in every)


def test_the_monsters_are_the_printed_fifteen() -> None:
    """Part I, Know Thine Enemy: five classes of three, each monster's
    environment as printed, none for Poison (Part II, The Maps)."""
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
    for m in CONTENT.monsters:  # Issue 16 (Deliver 3): weapons D4 to D12
        assert m.die in (4, 6, 8, 10, 12) and m.tokens >= 1


def test_the_tougher_monster_of_a_class_rolls_the_higher_die() -> None:
    """Part I, Enemy Engagement: the tougher the enemy, the higher its die;
    within a class the rarer tokens are the tougher monsters."""
    for cls in MONSTER_CLASSES:
        ms = sorted((m for m in CONTENT.monsters if m.monster_class == cls), key=lambda m: m.die)
        assert [m.tokens for m in ms] == sorted((m.tokens for m in ms), reverse=True)
        assert len({m.die for m in ms}) == 3


def test_the_guardians() -> None:
    """Part I, Know Thine Enemy: Dragons and the Kraken are worth glory;
    a Plant of Eden has a natural attack of 3 and rolls nothing."""
    kinds_ = Counter(g.kind for g in CONTENT.guardians for _ in range(g.tokens))
    assert kinds_["dragon"] >= 2 and kinds_["plant"] >= 2 and kinds_["kraken"] == 1
    for g in CONTENT.guardians:
        if g.kind == "plant":
            assert (g.die, g.attack, g.glory) == (0, 3, 0)
        else:
            assert g.die in DICE and g.attack == 0 and g.glory >= 1
    assert CONTENT.guardian("plant-of-eden").attack == 3


def test_the_gather_boards() -> None:
    """Part II, The Gather Board: four boards, the same four rewards in
    different orders, different specialty combinations; Part I, Choose Your
    Gather Board: no board has an advantage (the same hand limits)."""
    boards = CONTENT.gather_boards
    assert len(boards) == 4
    assert all(sorted(b.rewards) == sorted(REWARDS) for b in boards)
    assert len({b.rewards for b in boards}) == 4
    for face in range(4):  # each reward on each face once
        assert sorted(b.rewards[face] for b in boards) == sorted(REWARDS)
    assert len({frozenset(b.specialty) for b in boards}) == 4
    assert all(len(set(b.specialty)) == 3 for b in boards)
    for b in boards:
        assert {"wingso-flightamous", "acupunch", "grapejib-juice"} <= set(b.potions)
        assert set(b.potions) <= set(CONTENT.potions)
        assert dict(b.hand_limit) == {3: 3, 4: 4, 5: 5, 6: 6}


def test_the_printed_potions() -> None:
    """Part I, Enemy Disengagement (Wingso Flightamous to the Village),
    Chibbing Out (Acupunch), Part III, Companions (Grapejib Juice: one more
    action)."""
    p = CONTENT.potions
    assert p["wingso-flightamous"].effects == (Effect("disengage", where="village"),)
    assert p["acupunch"].effects == (Effect("unchib"),)
    assert p["grapejib-juice"].effects == (Effect("extra_action", amount=1),)
    assert 6 <= len(p) <= 8


# --- the maps -----------------------------------------------------------------------


def reach(game_map: GameMap, start: int, backwards: bool = False) -> set[int]:
    edges = {s.number: set(s.exits) for s in game_map.spaces}
    if backwards:
        edges = {n: {m for m, out in edges.items() if n in out} for n in edges}
    seen, todo = {start}, [start]
    while todo:
        for nxt in edges[todo.pop()] - seen:
            seen.add(nxt)
            todo.append(nxt)
    return seen


@pytest.mark.parametrize(("map_id", "die"), [("standard", 10), ("advanced", 12)])
def test_a_map_has_its_spaces_and_every_one_is_reachable(map_id: str, die: int) -> None:
    """Part II, The Maps: 10 (D10) or 12 (D12) numbered spaces, the Village
    and the Styx; every space can be reached from the Village and leads
    back to it."""
    m = CONTENT.maps[map_id]
    assert m.die == die and m.id == map_id
    assert sorted(s.number for s in m.spaces) == [STYX, VILLAGE, *range(1, die + 1)]
    numbered = set(range(VILLAGE, die + 1))
    assert reach(m, VILLAGE) == numbered
    assert reach(m, VILLAGE, backwards=True) == numbered
    assert m.space(STYX).exits == ()
    assert len({s.name for s in m.spaces}) == len(m.spaces)


def test_the_advanced_map_is_harder() -> None:
    """Part I, Choose a Map: the advanced map is more difficult: fewer ways
    out of the Village, longer ways."""
    standard, advanced = CONTENT.maps["standard"], CONTENT.maps["advanced"]
    assert len(advanced.space(VILLAGE).exits) < len(standard.space(VILLAGE).exits)
    assert len(advanced.space(VILLAGE).exits) >= 2 and len(standard.space(VILLAGE).exits) <= 3

    def farthest(m: GameMap) -> int:
        edges = {s.number: s.exits for s in m.spaces}
        dist, frontier = {VILLAGE: 0}, [VILLAGE]
        while frontier:
            nxt = []
            for n in frontier:
                for e in edges[n]:
                    if e not in dist:
                        dist[e] = dist[n] + 1
                        nxt.append(e)
            frontier = nxt
        return max(dist.values())

    assert farthest(advanced) > farthest(standard)


def test_the_hunters_moon() -> None:
    """Part I, Enemy Engagement, GM's Note: on the standard map one round of
    three, two of six, are a Hunters' Moon (DG-C14: rounds 3; 3 and 6); the
    advanced map changes more rounds, the Hunters' Moon among them."""
    standard = CONTENT.maps["standard"].round_rules
    assert [(r.rounds, r.flags) for r in standard[3]] == [((3,), {"hunters_moon"})]
    assert [(r.rounds, r.flags) for r in standard[6]] == [((3, 6), {"hunters_moon"})]
    advanced = CONTENT.maps["advanced"].round_rules
    for length in (3, 6):
        flags = {f for r in advanced[length] for f in r.flags}
        assert "hunters_moon" in flags and len(flags) >= 3
        assert all(set(r.flags) <= set(ROUND_FLAGS) for r in advanced[length])
        assert all(1 <= n <= length for r in advanced[length] for n in r.rounds)


# --- the decks ------------------------------------------------------------------------


def test_the_bounties_let_every_class_and_space_come_up() -> None:
    """Part II, Bounty Cards: a class, a space, glory; every class is wanted
    and every space of the advanced map named; the standard map leaves out
    the cards of spaces 11 and 12 (DG-C18)."""
    assert {b.monster_class for b in CONTENT.bounties} == set(MONSTER_CLASSES)
    assert {b.space for b in CONTENT.bounties} == set(range(1, 13))
    assert all(1 <= b.glory <= 3 and b.story for b in CONTENT.bounties)
    standard = CONTENT.bounty_deck("standard")
    assert {b.space for b in standard} == set(range(1, 11))
    assert len(standard) == 40 and len(CONTENT.bounty_deck("advanced")) == 45
    per_class = Counter(b.monster_class for b in CONTENT.bounties)
    assert set(per_class.values()) == {9}


def test_the_advantage_deck() -> None:
    """Part II, Advantage Cards: weapons (a die; Ranged, Critical, Dual
    Wield) and hero buffs; every keyword on at least one weapon, weapons of
    D8, D10, D12 and D20, buffs of +1 and +2, rerolls, wards, doubles."""
    weapons = [e for a in CONTENT.advantages for e in a.effects if e.kind == "weapon"]
    assert {w.die for w in weapons} == {8, 10, 12, 20}
    for flag in ("ranged", "critical", "dual_wield"):
        assert any(flag in w.flags for w in weapons)
    assert any(len(w.flags) == 2 for w in weapons)  # keywords together
    buffs = {(e.kind, e.amount) for a in CONTENT.advantages for e in a.effects}
    assert {("hero_buff", 1), ("hero_buff", 2), ("reroll", 0), ("ward", 0), ("double", 0)} <= buffs
    for a in CONTENT.advantages:
        assert a.timing in ("combat", "roll")
        assert (a.timing == "combat") == any(e.kind in ("weapon", "win_ties") for e in a.effects)


def test_the_heroic_quest_deck() -> None:
    """Part II, Heroic Quest Cards: green in one's own turn, red in an
    opponent's; the weapon icon before the roll, the shield after; the
    intervention cards (+1 to the monster) in many copies."""
    green = [q for q in CONTENT.quests if q.banner == "green"]
    red = [q for q in CONTENT.quests if q.banner == "red"]
    assert green and red
    assert all(q.timing in ("combat", "any") for q in red)  # none after the roll (DG-R39)
    assert all((q.icon == "shield") == (q.timing == "roll") for q in CONTENT.quests)
    assert all(q.timing == "combat" for q in CONTENT.quests if q.icon == "weapon")
    intervention = CONTENT.quest("intervention")
    assert intervention.banner == "red" and intervention.copies >= 6
    assert intervention.effects == (Effect("monster_buff", amount=1),)
    red_kinds = set().union(*(kinds(q.effects) for q in red))
    assert {
        "monster_buff",
        "monster_hp",
        "cancel_card",
        "steal_coins",
    } <= red_kinds
    green_kinds = set().union(*(kinds(q.effects) for q in green))
    wanted = {"gain_coins", "draw_advantage", "extra_action", "free_move", "auto_stealth"}
    assert wanted | {"disengage", "heal", "fill_potion"} <= green_kinds


def test_card_ids_are_one_namespace() -> None:
    """``play <card id>`` names one card of either deck."""
    ids = [c.id for c in CONTENT.advantages] + [c.id for c in CONTENT.quests]
    assert len(ids) == len(set(ids))


# --- the events -------------------------------------------------------------------------


def test_the_events_cover_every_kind_of_event() -> None:
    """Part I, GM Events: good, bad, mixed, choices, chance; DG-C21: stat
    checks (wits among them), rolls on a table, round rules, spawns,
    monsters stirring, bounties replaced, open gathers; "nothing" rare."""
    per_event = [kinds(e.effects) for e in CONTENT.events]
    for kind in (
        "stat_check",
        "roll",
        "choice",
        "round_rule",
        "spawn",
        "new_bounties",
        "open_gather",
        "hp_all",
        "gain_coins",
        "lose_coins",
    ):
        assert sum(kind in k for k in per_event) >= 1, kind
    assert sum(k == {"nothing"} for k in per_event) <= 3
    wits = [e for e in CONTENT.events for x in walk(e.effects) if x.kind == "stat_check"]
    assert any(x.stat == "wits" for e in wits for x in walk(e.effects) if x.kind == "stat_check")
    stirs = [e for e in CONTENT.events for x in walk(e.effects) if "bloodlust" in x.flags]
    assert stirs  # the monsters stirring; never the Guardians (DG-R40)
    assert len({e.name for e in CONTENT.events}) == 100
    assert not any(e.printed for e in CONTENT.events)  # the rulebook prints none


def test_no_event_needs_a_turn_or_a_fight() -> None:
    """Part I, GM Events: an event happens between rounds."""
    for e in CONTENT.events:
        for x in walk(e.effects):
            assert KINDS[x.kind].timing not in ("turn", "combat", "roll"), (e.number, x)


def test_every_effect_is_of_a_known_kind_with_sound_parameters() -> None:
    for where, effects in effects_of(CONTENT).items():
        assert effects, where
        for e in walk(effects):
            assert e.kind in KINDS, where
            assert e.target in TARGETS and e.target != "engaged", where
            if e.die:
                assert e.die in DICE, where
            if e.stat:
                assert e.stat in (*STATS, "choice"), where


def test_the_look_ups() -> None:
    assert CONTENT.monster("gnoll").die == 6
    assert CONTENT.board("ember").rewards[0] == "coins"
    assert CONTENT.advantage("longbow").effects[0].flags == {"ranged"}
    assert CONTENT.bounty("mill-raiders").space == 1
    with pytest.raises(KeyError):
        CONTENT.monster("dragon")
    with pytest.raises(KeyError):
        CONTENT.event(101)


RULINGS = Path(__file__).resolve().parents[3] / "docs" / "rulings.md"


def test_the_rulings_list_every_authored_name() -> None:
    """docs/rulings.md, D6 Dungeons: content lists every name Saloon authored: each
    event by number and name, every card, skill, potion and space."""
    text = RULINGS.read_text(encoding="utf-8")
    start = text.index("## D6 Dungeons: content")
    end = text.find("\n## ", start + 1)
    section = " ".join(text[start : end if end > 0 else len(text)].split())
    names = [f"{e.number} {e.name}" for e in CONTENT.events]
    names += [c.name for c in (*CONTENT.advantages, *CONTENT.quests)]
    names += [s.name for c in CONTENT.classes for s in c.skills]
    names += [s.name for s in CONTENT.common_skills]
    names += [p.name for p in CONTENT.potions.values()]
    names += [s.name for m in CONTENT.maps.values() for s in m.spaces]
    names += [g.name for g in CONTENT.guardians] + [b.name for b in CONTENT.gather_boards]
    assert [n for n in names if n not in section] == []


# --- an owner's folder ----------------------------------------------------------------


def test_an_owners_folder_replaces_one_file(tmp_path: Path) -> None:
    """Option content=FOLDER: a file there replaces the built-in one of the
    same name; the others stay built-in, and the built-in content is
    untouched."""
    text = builtin("prices.toml").replace("dogmud = 2", "dogmud = 3")
    content = load_content(owner(tmp_path, "prices.toml", text))
    assert content.prices.dogmud == 3
    assert content.advantages == CONTENT.advantages
    assert content is not CONTENT
    assert load_content() is CONTENT and CONTENT.prices.dogmud == 2


def test_an_owners_map_replaces_the_built_in_map(tmp_path: Path) -> None:
    text = builtin("maps/standard.toml").replace('"Whisperwood"', '"Gloomwood"')
    content = load_content(owner(tmp_path, "maps/standard.toml", text))
    assert content.maps["standard"].space(2).name == "Gloomwood"
    assert content.maps["advanced"] == CONTENT.maps["advanced"]


def test_an_owners_files_need_not_say_they_are_reconstructed(tmp_path: Path) -> None:
    """An owner's real content is the publisher's: no reconstructed flag."""
    text = builtin("prices.toml").replace("reconstructed = true", "reconstructed = false")
    content = load_content(owner(tmp_path, "prices.toml", text))
    assert "prices.toml" not in content.reconstructed


def test_an_unknown_file_in_the_folder_is_refused(tmp_path: Path) -> None:
    folder = owner(tmp_path, "bountys.toml", builtin("cards/bounties.toml"))
    message = message_for(folder)
    assert "bountys.toml is not a D6 content file" in message
    assert "cards/bounties.toml" in message


def test_a_folder_that_is_not_there_is_refused(tmp_path: Path) -> None:
    assert "does not exist" in message_for(str(tmp_path / "nowhere"))
    (tmp_path / "file.toml").write_text("", encoding="utf-8")
    assert "is not a folder" in message_for(str(tmp_path / "file.toml"))


def test_a_file_that_is_not_text_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "events.toml").write_bytes(b"\xff\xfe\x00 not text")
    assert "is not a text file" in message_for(str(folder))


def test_a_file_that_is_not_toml_is_refused(tmp_path: Path) -> None:
    folder = owner(tmp_path, "potions.toml", "reconstructed = = true\n")
    assert "potions.toml is not valid TOML" in message_for(folder)


# --- every validation rule refuses a broken copy ----------------------------------------

BROKEN = [
    # an effect: its kind, its parameters, their values
    (
        "cards/advantage.toml",
        '{ kind = "weapon", die = 8 }',
        '{ kind = "wepon", die = 8 }',
        "advantage.toml: card 'short-sword': effects[0]: 'wepon' is not an effect kind "
        "(did you mean 'weapon'?)",
    ),
    (
        "potions.toml",
        '{ kind = "heal", amount = 1 }',
        '{ kind = "heal", amount = 1, die = 6 }',
        "potions.toml: potion 'heartroot-tonic': effects[0]: heal does not read 'die' "
        "(it reads amount, target)",
    ),
    (
        "potions.toml",
        '{ kind = "heal", amount = 1 }',
        '{ kind = "heal", amount = 1, colour = "red" }',
        "effects[0]: 'colour' is not a parameter of any effect",
    ),
    (
        "potions.toml",
        '{ kind = "heal", amount = 1 }',
        '{ kind = "heal", amount = 0 }',
        "potion 'heartroot-tonic': effects[0]: heal's amount must be a whole number from 1 to 3",
    ),
    (
        "cards/heroic_quest.toml",
        'target = "active" }',
        'target = "victim" }',
        "heroic_quest.toml: card 'pickpocket': effects[0]: steal_coins's target must be one of",
    ),
    (
        "cards/heroic_quest.toml",
        'target = "active" }',
        'target = "engaged" }',
        "card 'pickpocket': effects[0]: steal_coins reaches a hero, not the engaged enemy",
    ),
    (
        "potions.toml",
        'where = "village"',
        'where = "moon"',
        "potion 'wingso-flightamous': effects[0]: disengage's where must be one of adjacent, "
        "village, random, chosen, not 'moon'",
    ),
    (
        "events.toml",
        'stat = "wits"',
        'stat = "wisdom"',
        "stat_check's stat must be one of strength, stealth, wits, skill, not 'wisdom'",
    ),
    (
        "cards/advantage.toml",
        'flags = ["ranged"]',
        'flags = ["sniper"]',
        "card 'longbow': effects[0]: 'sniper' is not a weapon flag "
        "(one of ranged, critical, dual_wield)",
    ),
    (
        "cards/advantage.toml",
        "die = 8 }",
        "die = 9 }",
        "card 'short-sword': effects[0]: weapon's die must be one of 4, 6, 8, 10, 12, 20, not 9",
    ),
    (
        "events.toml",
        "die = 6, options",
        "die = 4, options",
        "a roll of a D4 has more options than faces",
    ),
    (
        "events.toml",
        '[{ kind = "send", where = "village" }],\n        [{ kind = "nothing" }],',
        '[{ kind = "send", where = "village" }],',
        "a choice needs a list of at least two options",
    ),
    (
        "events.toml",
        '{ kind = "gain_coins", amount = 2, target = "each" }',
        '{ kind = "hero_buff", amount = 2 }',
        "events.toml: event 1: hero_buff needs a turn or a fight; "
        "a GM event happens between rounds",
    ),
    # timings and banners
    (
        "potions.toml",
        '[{ kind = "extra_action", amount = 1 }]',
        '[{ kind = "extra_action", amount = 1 }, { kind = "hero_buff", amount = 1 }]',
        "potion 'grapejib-juice': effects: extra_action (turn) and hero_buff (roll) cannot be "
        "played together",
    ),
    (
        "cards/heroic_quest.toml",
        '[{ kind = "gain_coins", amount = 2 }]',
        '[{ kind = "open_gather" }]',
        "card 'windfall': effects[0]: open_gather happens only in a GM event or a check's branch",
    ),
    (
        "cards/heroic_quest.toml",
        '[{ kind = "monster_buff", amount = 1 }]',
        '[{ kind = "extra_action", amount = 1 }]',
        "card 'intervention': a red card is played in an opponent's turn",
    ),
    (
        "cards/heroic_quest.toml",
        '[{ kind = "reroll" }]',
        '[{ kind = "gain_coins", amount = 1 }]',
        "card 'lucky-horseshoe': the shield icon means after the roll",
    ),
    (
        "cards/advantage.toml",
        '[{ kind = "hero_buff", amount = 1 }]',
        '[{ kind = "gain_coins", amount = 1 }]',
        "card 'whetstone': an Advantage card is a weapon or a hero buff",
    ),
    (
        "potions.toml",
        '[{ kind = "disengage", where = "village" }]',
        '[{ kind = "disengage", where = "village" }]\ntiming = "turn"',
        "potion 'wingso-flightamous': timing 'turn' does not fit its effects, which need 'combat'",
    ),
    # ids and keys
    (
        "cards/advantage.toml",
        'id = "longbow"',
        'id = "short-sword"',
        "advantage.toml: card 'short-sword' appears twice",
    ),
    (
        "cards/heroic_quest.toml",
        'id = "windfall"',
        'id = "longbow"',
        "card 'longbow': an Advantage card has that id",
    ),
    (
        "cards/advantage.toml",
        'id = "short-sword"',
        'id = "Short Sword"',
        "card 1: id must be lowercase words joined by hyphens",
    ),
    (
        "classes.toml",
        'bonus = "wits"',
        'bonus = "wits"\ncolour = "green"',
        "class 'explorer': 'colour' is not a key here",
    ),
    (
        "classes.toml",
        'bonus = "wits"',
        'bonus = "luck"',
        "class 'explorer': bonus must be one of strength, stealth, wits, skill, not 'luck'",
    ),
    (
        "classes.toml",
        'id = "second-wind"',
        'id = "pathfinder"',
        "skill 'pathfinder' is also one of class 'explorer'",
    ),
    (
        "classes.toml",
        'bonus = "stealth"',
        'bonus = "stealth"\nexpansion = true',
        "the base game needs 4 classes (one a player), not 3",
    ),
    ("classes.toml", "chib_die = 8", "chib_die = 7", "class 'werewolf': chib_die must be a die"),
    ("cards/bounties.toml", "story = ", "tale = ", "bounty 'mill-raiders' has no story"),
    (
        "prices.toml",
        'reason = "The rulebook prints every price',
        'rationale = "The rulebook prints every price',
        "prices.toml: the file: reason must be a non-empty string",
    ),
    ("prices.toml", "dogmud = 2\n", "", "prices.toml: the file has no dogmud"),
    ("prices.toml", "holy_water_die = 12", "holy_water_die = 13", "holy_water_die must be a die"),
    # monsters and Guardians
    (
        "enemies.toml",
        'class = "beast"',
        'class = "beasts"',
        "enemies.toml: monster 'gnoll': class must be one of beast, rogue, bandit, undead, "
        "poison, not 'beasts'",
    ),
    (
        "enemies.toml",
        "die = 6",
        "die = 7",
        "monster 'gnoll': die must be a die of 4, 6, 8, 10, 12, 20 sides, not 7",
    ),
    (
        "enemies.toml",
        'environment = "forest"',
        'environment = "swamp"',
        "monster 'gnoll': environment must be one of dungeon, forest, cemetery, hills, trails",
    ),
    (
        "enemies.toml",
        'class = "poison"\ndie = 4',
        'class = "poison"\nenvironment = "forest"\ndie = 4',
        "monster 'mushroom': a Poison monster has no environment",
    ),
    (
        "enemies.toml",
        "tokens = 5",
        "tokens = 6",
        "enemies.toml: the tokens add up to 71; the bag holds 70 (Components)",
    ),
    (
        "enemies.toml",
        "attack = 3",
        "die = 6",
        "guardian 'plant-of-eden': a Plant of Eden rolls no die",
    ),
    # maps
    (
        "maps/standard.toml",
        "exits = [5, 7, 9]\n\n[[spaces]]\nnumber = -1",
        "exits = [5, 7, 11]\n\n[[spaces]]\nnumber = -1",
        "standard.toml: space 10: an arrow leads to 11, which the map lacks",
    ),
    (
        "maps/advanced.toml",
        "exits = [5, 10, 11]",
        "exits = [5, 10]",
        "advanced.toml: space 11 cannot be reached from the Village",
    ),
    (
        "maps/advanced.toml",
        "exits = [12]",
        "exits = []",
        "advanced.toml: from space 11 no way of arrows leads back to the Village",
    ),
    (
        "maps/standard.toml",
        "number = 10",
        "number = 9",
        "standard.toml: space 9 appears twice",
    ),
    ("maps/standard.toml", "die = 10", "die = 12", "standard.toml: the die must be a D10"),
    (
        "maps/standard.toml",
        "exits = []",
        "exits = [1]",
        "space -1: the Styx has no arrows",
    ),
    (
        "maps/standard.toml",
        "exits = [1, 2, 3]",
        "exits = [0, 1, 2, 3]",
        "space 0: an arrow leads to itself",
    ),
    (
        "maps/standard.toml",
        "rounds = [3, 6]",
        "rounds = [3, 7]",
        "round rule 2: rounds must be a list of different rounds from 1 to 6",
    ),
    (
        "maps/standard.toml",
        'flags = ["hunters_moon"]',
        'flags = ["harvest_moon"]',
        "round rule 1: 'harvest_moon' is not a round flag",
    ),
    # gather boards
    (
        "gather_boards.toml",
        "{ 3 = 3, 4 = 4, 5 = 5, 6 = 6 }",
        "{ 3 = 3, 4 = 4, 5 = 5 }",
        "gather_boards.toml: board 'ember': hand_limit has no entry for strength 6",
    ),
    (
        "gather_boards.toml",
        "{ 3 = 3, 4 = 4, 5 = 5, 6 = 6 }",
        "{ 3 = 4, 4 = 4, 5 = 5, 6 = 6 }",
        "board 'frost': its hand limits differ from those of board 'ember'",
    ),
    (
        "gather_boards.toml",
        '"heartroot-tonic", "ogre-brew"]',
        '"heartroot-tonic", "elixir"]',
        "board 'ember': potion 'elixir' is not in potions.toml",
    ),
    (
        "gather_boards.toml",
        'specialty = ["beast", "rogue", "bandit"]',
        'specialty = ["beast", "rogue", "dragon"]',
        "board 'ember': specialty 'dragon' is not a monster class",
    ),
    (
        "gather_boards.toml",
        'rewards = ["coins", "advantage", "alchemy", "wild"]',
        'rewards = ["coins", "coins", "alchemy", "wild"]',
        "board 'ember': rewards must be coins, advantage, alchemy, wild",
    ),
    # decks
    (
        "cards/bounties.toml",
        'class = "beast"',
        'class = "dragon"',
        "bounties.toml: bounty 'mill-raiders': class must be one of beast, rogue, bandit, "
        "undead, poison, not 'dragon'",
    ),
    (
        "cards/bounties.toml",
        "space = 1\n",
        "space = 13\n",
        "bounty 'mill-raiders': space 13 is on neither map (1 to 12)",
    ),
    (
        "cards/advantage.toml",
        "copies = 4",
        "copies = 5",
        "advantage.toml: the deck has 55 cards; the game has 54 (Components)",
    ),
    (
        "cards/heroic_quest.toml",
        "copies = 8",
        "copies = 7",
        "heroic_quest.toml: the deck has 53 cards; the game has 54 (Components)",
    ),
    # events
    ("events.toml", "number = 2\n", "number = 1\n", "events.toml: event 1 appears twice"),
    (
        "events.toml",
        "number = 100",
        "number = 101",
        "event 101: number must be a whole number from 1 to 100",
    ),
]


@pytest.mark.parametrize(("name", "old", "new", "expected"), BROKEN)
def test_a_broken_file_is_refused_in_one_line(
    tmp_path: Path, name: str, old: str, new: str, expected: str
) -> None:
    """Each validation rule: a copy of the built-in file with one thing
    broken is refused, naming the file, the entry and the problem."""
    text = builtin(name)
    assert old in text, f"{old!r} is not in {name}"
    message = message_for(owner(tmp_path, name, text.replace(old, new, 1)))
    assert expected in message
    assert message.startswith(str(tmp_path / "mine" / name))


def test_a_deck_without_a_card_is_refused(tmp_path: Path) -> None:
    """Components: 45 Bounty cards."""
    text = builtin("cards/bounties.toml")
    last = text.rindex("[[bounties]]")
    assert "the deck has 44 cards; the game has 45" in message_for(
        owner(tmp_path, "cards/bounties.toml", text[:last])
    )


def test_a_missing_event_is_refused(tmp_path: Path) -> None:
    """Part I, GM Events: a list of 100, numbered 1 to 100."""
    text = builtin("events.toml")
    last = text.rindex("[[events]]")
    assert "event 100 is missing (the events are numbered 1 to 100)" in message_for(
        owner(tmp_path, "events.toml", text[:last])
    )


def test_a_missing_space_is_refused(tmp_path: Path) -> None:
    text = builtin("maps/standard.toml")
    start = text.index("[[spaces]]\nnumber = -1")
    end = text.index("[[round_rules]]\n", start)
    message = message_for(owner(tmp_path, "maps/standard.toml", text[:start] + text[end:]))
    assert "space the Styx (-1) is missing" in message


def test_effects_nest_only_so_deep() -> None:
    deep: dict[str, object] = {"kind": "nothing"}
    for _ in range(5):
        deep = {"kind": "stat_check", "stat": "wits", "then": [deep]}
    with pytest.raises(ValueError, match="nest more than 3 deep"):
        read_effects([deep], "effects")


# --- any input: an effect or one line of refusal ----------------------------------------

_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-30, 30)
    | st.sampled_from(
        ["weapon", "heal", "each", "wits", "village", "ranged", "choice", "roll", "x"]
    ),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(
                [
                    "kind",
                    "amount",
                    "die",
                    "stat",
                    "target",
                    "where",
                    "flags",
                    "then",
                    "options",
                    "otherwise",
                    "dice",
                    "oops",
                ]
            ),
            inner,
            max_size=4,
        )
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_VALUES, max_size=3))
def test_any_effects_table_reads_or_is_refused_in_one_line(value: list[object]) -> None:
    """Property: whatever a file holds where effects go, the reader returns
    valid effects or raises one ValueError of one line."""
    try:
        effects = read_effects(value, "effects")
    except ValueError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("effects")
    else:
        assert all(e.kind in KINDS for e in walk(effects))
