"""The core contract over random games of Cowboys with the Advanced Rules
(issue: "the conformance suite covers every scenario with all advanced rules
on, and with each optional rule alone"). Each case is a few random games,
the first checked at every state (``saloon.testing.check_game``): legal
actions, chance outcomes, the notation's round trip, clones and keys, views
that hide the hands, and the declared length bound."""

from __future__ import annotations

import pytest

from saloon.games.cowboys import GAME
from saloon.games.cowboys.options import OPTIONAL_RULES, READINGS, CowboysOptions
from saloon.testing import check_game
from saloon.testing.encoding import check_encoding

SCENARIOS = sorted(GAME.variants())


#: The largest towns and the longest game, played once each here (a game of
#: them is several of a small scenario's; every other scenario twice).
ONCE = ("coffeyville", "cattlemens-bank", "four-corners")


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_scenario_with_the_advanced_rules(scenario: str) -> None:
    opts = CowboysOptions(scenario=scenario, advanced=True)
    assert set(opts.optional_rules) >= {"activation_cup", "reaction_fire", "variable_damage"}
    games = 1 if scenario in ONCE else 2
    report = check_game(GAME, opts, games=games, seed=3)
    assert report.games == games


#: The scenarios for a rule alone: all but the three largest and the
#: longest (four sides for 20 turns), which the Advanced Rules' run above
#: covers (a rule alone adds little there but time).
SMALLER = [
    s
    for s in SCENARIOS
    if s not in ("coffeyville", "saloon-siege", "cattlemens-bank", "four-corners")
]
#: Each rule alone on a scenario chosen by its place in the list, so that
#: between them the rules meet every smaller scenario twice.
#: Shot horses needs horses (the three-way standoff has none).
ALONE = [
    (rule, "jailbreak" if rule == "slowed_horses" else SMALLER[k % len(SMALLER)])
    for k, rule in enumerate(OPTIONAL_RULES)
]


@pytest.mark.parametrize(("rule", "scenario"), ALONE)
def test_each_optional_rule_alone(rule: str, scenario: str) -> None:
    opts = CowboysOptions(scenario=scenario, **{rule: True})
    assert opts.optional_rules == (rule,)
    report = check_game(GAME, opts, games=2, seed=5)
    assert report.games == 2


def test_every_other_reading_with_the_advanced_rules() -> None:
    """The other readings of disputed passages all on (rulings CW-O1..O8),
    with the Advanced Rules and the Additional Advanced Options they read,
    on the small brawl: the contract, the encoding's round trip included."""
    opts = CowboysOptions(scenario="brawl", advanced=True, **dict.fromkeys(READINGS, True))
    assert opts.readings == READINGS
    report = check_game(GAME, opts, games=2, seed=7)
    assert report.games == 2
    assert check_encoding(GAME, opts, games=1, seed=7, resample_every=9).games == 1
