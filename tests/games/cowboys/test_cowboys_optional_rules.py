"""Cowboys' Advanced Optional Rules 1-5 and 8, each an option off by default
(rulebook, "Advanced Optional Rules"; rulings CW-A1.. in docs/rulings.md,
"Cowboys: the turn, moves and shots", "Advanced Optional Rules"). The dice
are scripted, as in test_cowboys_rules.py, on the test street of conftest.
"""

from __future__ import annotations

from importlib import resources

import pytest

from saloon.core.errors import ContentError, OptionError
from saloon.core.state import CHANCE
from saloon.games.cowboys import GAME, setup_of
from saloon.games.cowboys.actions import parse_action
from saloon.games.cowboys.options import OPTIONAL_RULES, CowboysOptions
from saloon.games.cowboys.rules.state import CowboysState
from saloon.games.cowboys.scenario import parse_scenario

from .conftest import C, figure, log_text, street_game


def act(state: CowboysState, text: str) -> None:
    state.apply(state.parse(text))


def rolls(state: CowboysState, *dice: str) -> None:
    for d in dice:
        assert state.to_move == CHANCE, state.phase
        state.apply(state.parse(d))


def legal(state: CowboysState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


# -- the options and the scenario files ------------------------------------------------------


def test_every_rule_is_an_option_off_by_default() -> None:
    """Each rule is a boolean option, off unless chosen (issue: each
    rule switchable on its own from -o)."""
    opts = CowboysOptions()
    assert not any(getattr(opts, name) for name in OPTIONAL_RULES)
    on = CowboysOptions.parse(["fan_fire=true", "deadly_shots=yes"])
    assert on.optional_rules == ("fan_fire", "deadly_shots")
    with pytest.raises(OptionError):
        CowboysOptions.parse(["fan_fire=maybe"])


def _hickok_tutt(extra: str) -> str:
    files = resources.files("saloon.games.cowboys") / "content" / "scenarios"
    return (files / "01-hickok-tutt.toml").read_text() + extra


def test_a_scenario_file_switches_rules_on() -> None:
    """A scenario's ``[options]`` table plays its rules whatever the game's
    options say; the game's options add their own."""
    sc = parse_scenario(_hickok_tutt("\n[options]\nfan_fire = true\ndeadly_shots = false\n"))
    assert sc.options == ("fan_fire",)
    setup = setup_of(CowboysOptions(scenario="hickok-tutt"))
    assert setup.optional == ()
    from saloon.games.cowboys.rules.setup import from_scenario

    state = CowboysState(GAME, CowboysOptions(two_targets=True), from_scenario(sc))
    assert state.rule("fan_fire") and state.rule("two_targets") and not state.rule("deadly_shots")


def test_a_bad_options_table_is_one_clear_error() -> None:
    with pytest.raises(ContentError, match=r"options\.'fan' is not a key of \[options\]"):
        parse_scenario(_hickok_tutt("\n[options]\nfan = true\n"))
    with pytest.raises(ContentError, match="options.fan_fire"):
        parse_scenario(_hickok_tutt("\n[options]\nfan_fire = 3\n"))


# -- Rule 4: Deadly Shots --------------------------------------------------------------------


def test_deadly_shots_a_modified_twelve_is_two_hits() -> None:
    """Advanced Optional Rule 4: a modified total of 12 or more scores two
    hits (CW-S6); without the rule it is one; a natural 2 still misses."""
    # +2 cowboy: 5 + 5 + 2 = 12 at range 2 (needs 6)
    for rules, health in (((), 3), (("deadly_shots",), 2)):
        s = street_game([C("C1", "a1", "S", modifier=2)], [C("C2", "a3", "N")], rules=rules)
        act(s, "C1 shoot C2")
        rolls(s, "roll 5 5")
        assert figure(s, "C2").health == health
    s = street_game(
        [C("C1", "a1", "S", modifier=2)], [C("C2", "a3", "N")], rules=("deadly_shots",)
    )
    act(s, "C1 shoot C2 x2")
    rolls(s, "roll 4 5", "roll 1 1")  # 11: one hit; a natural 2 misses
    assert figure(s, "C2").health == 3
    assert "two hits, a deadly shot" not in log_text(s)
