"""Cowboys' options: the scenario, the content files, and the rules players may choose.

>>> CowboysOptions().scenario, CowboysOptions().moves_first
('hickok-tutt', True)

The Advanced Optional Rules 1-8 (and Rule 6's die table) are options, each off by default
(rulebook, Advanced Optional Rules; rulings CW-A1..):

>>> CowboysOptions(deadly_shots=True).deadly_shots, CowboysOptions().fan_fire
(True, False)

Where a careful player reads a passage otherwise, the other reading is an
option too, off by default (rulings CW-O1..):

>>> CowboysOptions(draw_while_armed=True).readings
('draw_while_armed',)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from saloon.core.content import FileKind
from saloon.core.errors import OptionError
from saloon.core.options import Options


@dataclass(frozen=True)
class CowboysOptions(Options):
    """Which scenario is played, from which content, and how.

    ``scenario`` names a built-in scenario or a scenario file; ``boards`` a
    folder of board files replacing Saloon's; ``cards`` and ``chart`` a deck
    and a shot chart of the player's own (rulings CB-B1, CW-R1, CW-R2).
    """

    scenario: str = "hickok-tutt"
    boards: str | None = None
    cards: str | None = None
    chart: str | None = None
    moves_first: bool = True
    facing_by_last_step: bool = False
    fan_fire: bool = False
    two_pistols: bool = False
    deadly_shots: bool = False
    two_targets: bool = False
    high_card: bool = False
    random_modifiers: bool = False
    poker_order: bool = False
    fist_fights: bool = False
    activation_cup: bool = False
    facing_after_move: bool = False
    move_and_shoot: bool = False
    spin_two_shots: bool = False
    reaction_fire: bool = False
    variable_damage: bool = False
    slowed_horses: bool = False
    advanced: bool = False
    draw_while_armed: bool = False
    weapon_in_move: bool = False
    red_line_whole: bool = False
    fists_all_round: bool = False
    good_day_cap: bool = False
    reaction_cards: bool = False
    advanced_all: bool = False
    two_pistols_short: bool = False

    LABELS: ClassVar[dict[str, str]] = {
        "boards": "Town boards (your own folder)",
        "cards": "Card deck (your own file)",
        "chart": "Shot chart (your own file)",
        "moves_first": "Moves before shots",
        "facing_by_last_step": "Facing by the last step (Optional Rule 1)",
        "fan_fire": "Fanning a pistol (Optional Rule 2)",
        "two_pistols": "Two pistols (Optional Rule 3)",
        "deadly_shots": "Deadly shots (Optional Rule 4)",
        "two_targets": "Two targets (Optional Rule 5)",
        "high_card": "High card acts first (Optional Rule 6)",
        "random_modifiers": "Rolled modifiers (Optional Rule 6)",
        "poker_order": "Poker for the first turn (Optional Rule 7)",
        "fist_fights": "Fist fights (Optional Rule 8)",
        "activation_cup": "Activation cup (Advanced Rules)",
        "facing_after_move": "Facing after movement (Advanced Rules)",
        "move_and_shoot": "Move and shoot (Advanced Rules)",
        "spin_two_shots": "Spin and shoot twice (Advanced Rules)",
        "reaction_fire": "Reaction fire (Advanced Rules)",
        "variable_damage": "Variable damage (Advanced Rules)",
        "slowed_horses": "Shot horses slowed (Advanced Options)",
        "advanced": "All the Advanced Rules",
        "draw_while_armed": "Draw and shoot with a weapon in hand (other reading)",
        "weapon_in_move": "Weapons changed within a move (other reading)",
        "red_line_whole": "The whole red line next to the target (other reading)",
        "fists_all_round": "Fist fights in any square next to him (other reading)",
        "good_day_cap": "A Good Day for a Killing never past +2 (other reading)",
        "reaction_cards": "Cards in a reaction shot (other reading)",
        "advanced_all": "All the Additional Advanced Options with the Advanced Rules",
        "two_pistols_short": "Two pistols with a round left in one (other reading)",
    }
    HELP: ClassVar[dict[str, str]] = {
        "scenario": "a built-in scenario's id (the duel hickok-tutt by default; brawl, Saloon's "
        "test bed), or a scenario file (TOML)",
        "boards": "a folder of board files (TOML) replacing Saloon's boards of the same letters",
        "cards": "a deck file (TOML) replacing Saloon's reconstructed deck",
        "chart": "a shot chart file (TOML) replacing Saloon's reconstructed chart",
        "moves_first": "once one of a side's figures has taken a shoot action in a turn, "
        "its other figures may not move (Game Turn: moves before shots)",
        "facing_by_last_step": "Advanced Optional Rule 1: a figure that uses all its movement "
        "ends facing the way of the last square it moved to",
        "fan_fire": "Advanced Optional Rule 2: a cowboy may fan a pistol, firing every round "
        "in it at -3 a shot",
        "two_pistols": "Advanced Optional Rule 3: a figure with two pistols may fire both, "
        "two shots from each at -2 a shot",
        "deadly_shots": "Advanced Optional Rule 4: a modified total of 12 or more is two hits",
        "two_targets": "Advanced Optional Rule 5: two shots may go at two different targets, "
        "one each at -2",
        "high_card": "Advanced Optional Rule 6: before the deal each side flips cards, one "
        "more for each point of its best cowboy's modifier; the highest card acts first",
        "random_modifiers": "Advanced Optional Rule 6's die table: each cowboy's modifier is "
        "rolled on a die before the game (1-3: 0, 4-5: +1, 6: +2)",
        "poker_order": "Advanced Optional Rule 7: before the deal the sides play a hand of "
        "five-card draw; the best hand acts first (not with high_card)",
        "fist_fights": "Advanced Optional Rule 8: a cowboy with no loaded weapon may fight "
        "a figure next to him with his fists",
        "activation_cup": "Advanced Rules, Player Turn Sequence: after the first turn, markers "
        "drawn from a cup (one per cowboy, one for each side's town folk) say who acts next",
        "facing_after_move": "Advanced Rules, Facing After Movement: a move ends facing the way "
        "of its last square; turning at the end costs 1 point",
        "move_and_shoot": "Advanced Rules, Move and Shoot: a cowboy may move and take one shot "
        "(-1 a square moved, no movement after), or shoot once and move up to 2 squares",
        "spin_two_shots": "Advanced Rules, Modification to Spin and Shoot: a spin and shoot "
        "fires two shots (one with a single round left; at two targets with two_targets)",
        "reaction_fire": "Advanced Rules, Reaction Fire: a cowboy who has not acted this turn "
        "may shoot once at -2 at a figure moving through his sight, as his action",
        "variable_damage": "Advanced Rules, Variable Damage: each hit flips a card for its "
        "damage (joker a miss, 2 a graze that pins, 3-10 one, J-Q two, K three, A four)",
        "slowed_horses": "Additional Advanced Options, Shot Horses: a horse once shot adds "
        "only 2 to its rider's movement, not 4",
        "advanced": "the Advanced Rules together, as the rulebook recommends: activation_cup, "
        "facing_after_move, move_and_shoot, spin_two_shots, reaction_fire, variable_damage, "
        "and slowed_horses (ruling CW-V0)",
        "draw_while_armed": "Draw and Shoot, other reading: any figure with a holstered "
        "pistol that can fire may draw it and fire one shot, whatever he holds (ruling CW-O1)",
        "weapon_in_move": "Movement to Change Weapons, other reading: changing or picking up "
        "a weapon is 2 points within a move, where the move ends (ruling CW-O2)",
        "red_line_whole": "Shot Modifiers, other reading: the -1 for a red line counts when "
        "the line crosses any part of a straight red line that the target stands against "
        "(ruling CW-O3)",
        "fists_all_round": "Fist Fights, other reading: a fist fight at a figure in any of "
        "the eight squares around, whichever way he faces (ruling CW-O4; with fist_fights)",
        "good_day_cap": "A Good Day for a Killing, other reading: only a figure whose "
        "modifier with its card bonuses is 0 or +1, so never past +2 (ruling CW-O5)",
        "reaction_cards": "Reaction Fire, other reading: a reaction shot opens the card "
        "windows of an ordinary shot (ruling CW-O6; with reaction_fire)",
        "advanced_all": "with the Advanced Rules, switch on the other Additional Advanced "
        "Options as well: fan_fire, two_pistols, two_targets, fist_fights (ruling CW-O7)",
        "two_pistols_short": "Two Pistols, other reading: a pistol with one round fires "
        "one shot of the four (ruling CW-O8; with two_pistols)",
    }

    FILES: ClassVar[dict[str, FileKind]] = {
        "scenario": "file",
        "boards": "folder",
        "cards": "file",
        "chart": "file",
    }

    @classmethod
    def names_file(cls, key: str, value: object) -> bool:
        """A file option's value, but a built-in scenario's id.

        >>> CowboysOptions.names_file("scenario", "hickok-tutt")
        False
        >>> CowboysOptions.names_file("scenario", "/etc/passwd")
        True
        """
        if key == "scenario" and isinstance(value, str):
            from saloon.games.cowboys import BUILTIN
            from saloon.games.cowboys.scenario import builtin_scenarios

            if value in BUILTIN or value in builtin_scenarios():
                return False
        return super().names_file(key, value)

    def validate(self) -> None:
        check_order_rules(self.optional_rules)

    @property
    def optional_rules(self) -> tuple[str, ...]:
        """The Advanced Optional Rules switched on, by option name.

        >>> CowboysOptions(fan_fire=True, deadly_shots=True).optional_rules
        ('fan_fire', 'deadly_shots')
        """
        on = {name for name in OPTIONAL_RULES if getattr(self, name)}
        if self.advanced:
            on |= set(ADVANCED_RULES)
        return tuple(name for name in OPTIONAL_RULES if name in on)

    @property
    def readings(self) -> tuple[str, ...]:
        """The other readings switched on, by option name (rulings CW-O1..).

        >>> CowboysOptions(red_line_whole=True, good_day_cap=True).readings
        ('red_line_whole', 'good_day_cap')
        """
        return tuple(name for name in READINGS if getattr(self, name))


#: The Advanced Rules, which ``advanced`` switches on together (rulebook,
#: Advanced Rules: "players should generally use them all"; with Shot
#: Horses of the Additional Advanced Options: ruling CW-V0).
ADVANCED_RULES = (
    "activation_cup",
    "facing_after_move",
    "move_and_shoot",
    "spin_two_shots",
    "reaction_fire",
    "variable_damage",
    "slowed_horses",
)

#: The Advanced Optional Rules and the Advanced Rules Saloon offers as
#: options, in the rulebook's order (rulings CW-A1.., CW-V1..;
#: ``docs/rulings.md``, "Advanced Optional Rules", "Advanced Rules").
OPTIONAL_RULES = (
    "facing_by_last_step",
    "fan_fire",
    "two_pistols",
    "deadly_shots",
    "two_targets",
    "high_card",
    "random_modifiers",
    "poker_order",
    "fist_fights",
    *ADVANCED_RULES,
)


#: The other readings of disputed passages, each an option off by default
#: (``docs/rulings.md``, "Other readings as options", CW-O1..CW-O8).
READINGS = (
    "draw_while_armed",
    "weapon_in_move",
    "red_line_whole",
    "fists_all_round",
    "good_day_cap",
    "reaction_cards",
    "advanced_all",
    "two_pistols_short",
)

#: The Additional Advanced Options that restate Advanced Optional Rules 2,
#: 3, 5 and 8, which ``advanced_all`` adds to the Advanced Rules (CW-O7).
ADDITIONAL_OPTIONS = ("fan_fire", "two_pistols", "two_targets", "fist_fights")

#: A reading that changes an Advanced Optional Rule or Advanced Rule is
#: idle without it (CW-O4, CW-O6, CW-O8).
_NEEDS = {
    "fists_all_round": "fist_fights",
    "reaction_cards": "reaction_fire",
    "two_pistols_short": "two_pistols",
}


def rules_in_play(options: CowboysOptions, scenario: Iterable[str] = ()) -> frozenset[str]:
    """The Advanced Optional Rules, Advanced Rules and other readings in
    play: the options' and the scenario's ``[options]``. With
    ``advanced_all`` and every Advanced Rule in play, the Additional
    Advanced Options come with them (CW-O7).

    >>> sorted(rules_in_play(CowboysOptions(advanced=True, advanced_all=True)) - {*ADVANCED_RULES})
    ['advanced_all', 'fan_fire', 'fist_fights', 'two_pistols', 'two_targets']
    >>> sorted(rules_in_play(CowboysOptions(advanced=True)) - {*ADVANCED_RULES})
    []
    """
    rules = {*options.optional_rules, *scenario, *options.readings}
    if "advanced_all" in rules and set(ADVANCED_RULES) <= rules:
        rules |= set(ADDITIONAL_OPTIONS)
    return frozenset(rules)


def check_readings(rules: Iterable[str]) -> None:
    """Refuse another reading whose rule is not in play: it would change
    nothing (CW-O4, CW-O6, CW-O7, CW-O8).

    >>> check_readings(("fist_fights", "fists_all_round"))
    >>> check_readings(("reaction_cards",))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    saloon.core.errors.OptionError: reaction_cards reads reaction_fire otherwise: ...
    """
    on = set(rules)
    for reading, rule in _NEEDS.items():
        if reading in on and rule not in on:
            raise OptionError(
                f"{reading} reads {rule} otherwise: switch on {rule} too, or leave it off"
            )
    if "advanced_all" in on and not set(ADVANCED_RULES) <= on:
        raise OptionError(
            "advanced_all adds to the Advanced Rules: switch on advanced too, or leave it off"
        )


def check_order_rules(rules: Iterable[str]) -> None:
    """Refuse high card and poker together: each decides the order of play
    before the deal, and the rulebook plays one (ruling CW-A7).

    >>> check_order_rules(("high_card", "fan_fire"))
    >>> check_order_rules(("poker_order", "high_card"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    saloon.core.errors.OptionError: high_card and poker_order both decide the order of play: ...
    """
    if {"high_card", "poker_order"} <= set(rules):
        raise OptionError(
            "high_card and poker_order both decide the order of play: switch on one of them"
        )
