"""The core contract over random games of Cowboys with the Advanced Rules
(issue: "the conformance suite covers every scenario with all advanced rules
on, and with each optional rule alone"). Each case is a few random games,
the first checked at every state (``saloon.testing.check_game``): legal
actions, chance outcomes, the notation's round trip, clones and keys, views
that hide the hands, and the declared length bound."""

from __future__ import annotations

import pytest

from saloon.games.cowboys import GAME
from saloon.games.cowboys.options import OPTIONAL_RULES, CowboysOptions
from saloon.testing import check_game

SCENARIOS = sorted(GAME.variants())


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_scenario_with_the_advanced_rules(scenario: str) -> None:
    opts = CowboysOptions(scenario=scenario, advanced=True)
    assert set(opts.optional_rules) >= {"activation_cup", "reaction_fire", "variable_damage"}
    report = check_game(GAME, opts, games=2, seed=3)
    assert report.games == 2


#: Each rule alone on two scenarios, chosen by its place in the list, so
#: that between them the rules meet every scenario several times.
ALONE = [
    (rule, SCENARIOS[(k + shift) % len(SCENARIOS)])
    for k, rule in enumerate(OPTIONAL_RULES)
    for shift in (0, len(SCENARIOS) // 2)
]


@pytest.mark.parametrize(("rule", "scenario"), ALONE)
def test_each_optional_rule_alone(rule: str, scenario: str) -> None:
    opts = CowboysOptions(scenario=scenario, **{rule: True})
    assert opts.optional_rules == (rule,)
    report = check_game(GAME, opts, games=2, seed=5)
    assert report.games == 2
