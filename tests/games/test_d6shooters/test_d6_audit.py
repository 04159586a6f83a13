"""Corrections from the independent rules audit (issue: "The d6 Shooters:
corrections from an independent rules audit"), one test per finding, each
with scripted dice and citing its passage of ``d6-shooters.txt`` or the
binding facts in RULINGS.md ("RULINGS d6"), or Saloon's ruling (D6-n).
"""

from __future__ import annotations

import pytest

from saloon.core import CHANCE, get_game
from saloon.games.d6shooters.content import load_map
from saloon.games.d6shooters.guide import rules_help
from saloon.games.d6shooters.options import D6ShootersOptions
from saloon.games.d6shooters.rules import D6State
from saloon.games.d6shooters.rules.nodes import (
    BINOCULARS,
    C_POSSE_VOLLEY,
    FX_GUIDE,
    FX_HILLS,
    HUNTER,
    MEDICINE,
    P_BEGIN,
    P_LOSS,
    P_TACTIC,
)

from .conftest import run, start

GAME = get_game("d6shooters")


def legal(state: D6State) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def reach_event_ep2(s: D6State, event: str) -> D6State:
    """Episode 2: one move from the space before an E square draws ``event``
    (there is no Special Event in episode 2)."""
    s.journey.space = min(e for e in s.map.events if e > s.journey.space) - 1
    # Black 2, red 2 3, white 1 2 2 3 3: one move; the 2s and 3s come after.
    return run(s, "black 2", "red 23", "white 12233", "stop", f"event {event}")


# -- 1. The Special Event is episode 1's alone -----------------------------------------------


def test_special_event_is_offered_in_episode_1_only() -> None:
    """Ep.1 "Special Event" offers an Event once per game at the start of a
    turn; episode 2's "Events" section has no such offer (RULINGS d6)."""
    assert start({"events": "d6"}, special=True).phase == P_BEGIN
    fresh = GAME.new_state(D6ShootersOptions(episode=2))
    assert fresh.to_move == CHANCE and str(fresh.chance_outcomes()[0][0]) == "black 1"
    s = start({"episode": 2}, special=True)
    assert s.to_move == CHANCE
    assert not s.is_legal(GAME.parse_action("special"))


# -- 2. Episode 2's Binoculars: the player chooses the die -----------------------------------


def test_episode_2_binoculars_reroll_the_red_five_or_six_chosen() -> None:
    """Ep.2 "Special Items": Binoculars reroll one red 5 or 6 of the first roll,
    the player's choice (RULINGS d6); episode 1's reroll only a red 5."""
    s = start({"episode": 2}, items=BINOCULARS)
    run(s, "black 2", "red 56", "white 12233")
    assert legal(s) == ["binoculars 5", "binoculars 6", "pass"]
    run(s, "binoculars 6", "red 3")
    assert s.dice.red == (3, 5) and s.dice.locked == (5,)
    s = start(items=BINOCULARS)
    run(s, "red 556", "white 12233")
    assert legal(s) == ["binoculars 5", "pass"]


def test_binoculars_rerolled_die_is_never_locked() -> None:
    """Ep.1 "Gameplay" locks the red 5s and 6s of the first roll; the
    Binoculars' reroll is not that roll, so its die stays free (D6-I4)."""
    s = start(items=BINOCULARS)
    run(s, "red 156", "white 12233", "binoculars 5", "red 6")
    assert s.dice.red == (1, 6, 6) and s.dice.locked == (6,)
    assert s.is_legal(GAME.parse_action("keep r16"))


# -- 3. Crowe's Hometown lasts until the next Town ------------------------------------------


def test_crowes_hometown_outlasts_an_event_until_the_next_town() -> None:
    """Ep.2 Event List 2-6: a Shootout at the next Town the posse stops at; its
    text has no "until the next Town or Event" clause, so an Event on the way
    does not end it (RULINGS d6)."""
    s = start({"episode": 2}, hometown=True, space=7)
    reach_event_ep2(s, "1-1")  # Tumbling Tumbleweeds, on space 9
    assert s.journey.space == 9 and s.effects.hometown
    assert "Crowe's Hometown" in s.effects_in_force()
    # Next Day: black 1 (two moves), red 1 1, white 1: five moves, stopping on Cactus Springs (14).
    run(s, "black 1", "red 11", "white 12233", "stop")
    assert s.journey.space == 14 and s.phase == C_POSSE_VOLLEY
    assert (s.shootout.posse_dice, s.shootout.gang_dice, s.shootout.kind) == (2, 2, "hometown")
    assert not s.effects.hometown


# -- 4. Medicine prevents all Posse loss from one source, whatever the source ---------------


def _rations(s: D6State) -> None:
    run(s, "red 123", "white 12333", "stop")  # Day 5: Rations for 6 with 2 Food


def _space(s: D6State) -> None:
    s.journey.space = 15  # two moves onto the P- space at 17
    run(s, "black 1", "red 23", "white 22333", "stop")


def _traitor(s: D6State) -> None:
    reach_event_ep2(s, "1-2")


def _heat(s: D6State) -> None:
    run(s, "red 155", "white 12233", "stop", "heat 36")


def _gang(s: D6State) -> None:
    run(s, "red 266", "white 12233", "stop", "gang 36")


def _shootout(s: D6State) -> None:
    run(s, "red 246", "white 12233", "stop", "fours s0 h0 f1 b0", "posse 1", "gang 6")


def _stampede(s: D6State) -> None:
    run(s, "special", "event 1-2", "stampede 12")


def _snakes(s: D6State) -> None:
    run(s, "special", "event 1-3", "snakes 1166")


def _showdown(s: D6State) -> None:
    s.journey.space = s.destination - 1
    run(s, "black 2", "red 23", "white 12233", "stop")  # one move: Hoodia
    assert s.phase == P_TACTIC
    run(s, "tactic defend", f"posse {'1' * s.showdown.posse}", f"crowe {'6' * s.showdown.crowes}")


#: Each source: the options, the playsheet, whether the Special Event is open, the play.
SOURCES = {
    "Rations": ({}, {"day": 4, "food": 2, "posse": 6, "space": 2}, False, _rations),
    "a P- space": ({"episode": 2}, {}, False, _space),
    "the Traitor": ({"episode": 2}, {}, False, _traitor),
    "the Heat": ({}, {"food": 0}, False, _heat),
    "the Gang": ({}, {}, False, _gang),
    "a lost Shootout": ({}, {"ammo": 0}, False, _shootout),
    "the Stampede": ({}, {}, True, _stampede),
    "the Rattlesnakes": ({}, {"posse": 4}, True, _snakes),
    "a round of the Showdown": (
        {"episode": 2},
        {"posse": 3, "crowes": 1, "ammo": 0},
        False,
        _showdown,
    ),
}


@pytest.mark.parametrize("source", SOURCES)
def test_medicine_prevents_a_loss_from_any_single_source(source: str) -> None:
    """Ep.1/Ep.2 "Special Items": Medicine/Bandages prevent all Posse loss from a
    single source, then are discarded, whatever the source: Rations, a P-
    space, Traitor, Heat, a Gang, a Shootout, Stampede, Rattlesnakes, one
    round of the Showdown (RULINGS d6)."""
    options, fields, special, play = SOURCES[source]
    s = start(options, special=special, items=MEDICINE, **fields)
    posse = s.journey.posse
    play(s)
    assert s.phase == P_LOSS and "medicine" in legal(s)
    run(s, "medicine")
    assert s.journey.posse == posse and not s.journey.items & MEDICINE
    assert any(source in e.text for e in s.log if e.kind == "medicine")


def test_medicine_is_not_offered_for_posse_paid_by_choice() -> None:
    """RULINGS d6: Posse the player chooses to pay (a Demands payment) is not a
    loss Medicine prevents."""
    s = start({"episode": 2, "events": "d6"}, items=MEDICINE)
    reach_event_ep2(s, "6")
    assert "pay 2p" in legal(s)
    run(s, "pay 2p")
    assert s.phase != P_LOSS and s.journey.posse == 8 and s.journey.items & MEDICINE


def test_losses_queue_behind_the_one_being_decided() -> None:
    """Rattlesnakes' first 6 adds a Day, which may be a Rations Day; each loss
    is its own source, put to the player in order (RULINGS d6)."""
    s = start(special=True, day=4, food=1, posse=4, items=MEDICINE)
    run(s, "special", "event 1-3", "snakes 1666")  # Day 5: 3 unfed; then 2 to the snakes
    assert s.pending.losses == ((3, "rations"), (2, "snakes"))
    run(s, "medicine")  # saves the three unfed; the snakes' two have nothing against them
    assert s.journey.posse == 2 and s.pending.losses == ()


# -- 5. The Hunter leaves at Posse 1 in episode 1 only --------------------------------------


def test_hunter_is_lost_at_posse_one_in_episode_1_only() -> None:
    """Ep.1 "Special Items": the Hunter is lost if the Posse is ever reduced to
    1; episode 2's Hunter has no such clause (RULINGS d6)."""
    s = start(items=HUNTER, posse=3)
    _gang(s)
    assert s.journey.posse == 1 and not s.journey.items & HUNTER
    s = start({"episode": 2}, items=HUNTER, posse=3)
    run(s, "black 2", "red 66", "white 12233", "stop", "gang 36")
    assert s.journey.posse == 1 and s.journey.items & HUNTER


# -- 6. Traitor with a full Crowe Gang track -------------------------------------------------


def test_traitor_cannot_grow_the_gang_past_its_track() -> None:
    """Ep.2 Event List 1-2, Traitor: a Posse member lost and a Crowe Gang member
    added; the track has 18 boxes, so with none crossed off nothing is added,
    and the log says why (D6-V14)."""
    s = reach_event_ep2(start({"episode": 2}), "1-2")
    assert (s.journey.posse, s.journey.crowes) == (9, 18)
    assert any("track is full" in e.text for e in s.log)
    s = reach_event_ep2(start({"episode": 2}, crowes=15), "1-2")
    assert s.journey.crowes == 16


# -- 7. Episode 2's versions and map are labelled as Saloon's -------------------------------


def test_episode_2_versions_are_labelled_as_saloons_own() -> None:
    """Ep.1 prints an Easier and a Shorter Version; episode 2 prints none, so
    Saloon's own are labelled as such wherever they are offered (RULINGS d6)."""
    for version in ("easier", "shorter"):
        text = rules_help(None, D6ShootersOptions(episode=2, version=version))
        assert "Saloon's own" in text and "not in the rulebook" in text
    assert "Saloon's own" in D6ShootersOptions.help()["version"]
    assert "Saloon's own" not in rules_help(None, D6ShootersOptions(episode=1, version="easier"))
    variants = GAME.variants()
    assert all(
        "saloon" in name for name in variants if name.startswith("ep2-") and "standard" not in name
    )


def test_loud_mouth_canyon_is_a_canyon_not_a_town() -> None:
    """Ep.2 "Background": Hoodia lies just past Loud Mouth Canyon; the rulebook
    never makes the canyon a Town, so the authored map has no shop there (D6-R2)."""
    m = load_map(None, 2)
    assert "Loud Mouth Canyon" not in m.towns.values()
    canyon = [space for space, name in m.landmarks.items() if name == "Loud Mouth Canyon"]
    assert canyon and m.length - 5 <= canyon[0] < m.length


# -- the small ones ----------------------------------------------------------------------------


def test_hills_never_changes_a_red_six_even_one_the_guide_set() -> None:
    """Ep.1 Event List 1-6: red 5s and 6s may not be changed, however they came
    to show; a red 6 set by the Indian Guide is one (D6-V13)."""
    s = start(until_town_or_event=FX_HILLS | FX_GUIDE)
    run(s, "guide 6", "red 12", "white 12245")
    assert "hills r6" not in legal(s) and "hills r1" in legal(s)
