"""The rules in brief, for ``saloon rules cowboys`` and the table's ``?``.

Each passage sums up a section of the rulebook (``cowboys-way-of-the-gun.txt``)
in Saloon's own words, and names it; :func:`rules_help` gives the whole
summary with the scenario chosen and the list of scenarios, or, during a
game, the passage for the decision at hand and the scenario's goal.

>>> from saloon.games.cowboys.options import CowboysOptions
>>> text = rules_help(None, CowboysOptions())
>>> "Game Turn" in text and "coffeyville" in text
True
"""

from __future__ import annotations

from dataclasses import dataclass

from saloon.games.cowboys.options import CowboysOptions


@dataclass(frozen=True)
class Passage:
    """A section of the rulebook in brief, and the phases it explains."""

    heading: str
    text: str
    phases: tuple[str, ...] = ()


PASSAGES = (
    Passage(
        "Game Turn",
        "Each turn the sides act one after another in the scenario's order. A side's "
        "figures each take one action or none: a move action or a shoot action. Once "
        "one of them has shot, the others may not move this turn. The side types "
        "`end` when it is done.",
        ("select",),
    ),
    Passage(
        "Move Actions",
        "A figure has 4 movement points, one less per wound, 4 more on a horse. A "
        "square costs 1 (no diagonals), crossing a window or obstacle 1 more; walls "
        "block, a door opens while someone stands beside it. Figures may be passed "
        "through but not shared at the end, except with horses, cattle and the "
        "stagecoach. Mounting, dismounting, changing weapon and picking one up cost 2. "
        "Facing may change freely during a move; you choose where the move ends and "
        "which way the figure then faces.",
        ("select",),
    ),
    Passage(
        "Shoot Actions",
        "A target must stand in front of the shooter, in sight and in range. Declare "
        "one or two shots from one weapon; each is 2d6 plus modifiers read on the shot "
        "chart for the weapon and range (a shotgun rolls twice a shot). A natural 12 "
        "is two hits, a natural 2 misses. Modifiers: the cowboy's own +1 or +2, a shot "
        "in the back +2, a red line (window or obstacle) or an open door crossed next "
        "to the target -1, firing from horseback -2 (-3 with a rifle or shotgun), "
        "spin and shoot -1 (-3 with a rifle or shotgun). Draw and shoot draws a "
        "holstered pistol and fires one shot; a "
        "reload fills one weapon (pistol 6, rifle 16, shotgun 2). Each hit is a "
        "wound: health and movement fall by one; at 0 the figure is down.",
        ("select", "roll"),
    ),
    Passage(
        "High Card (Advanced Optional Rule 6)",
        "Before the deal each side flips a card from the deck, one more for each point "
        "of its best cowboy's modifier, and keeps the highest (aces high, a joker "
        "lowest). The highest card acts first in every turn of the scenario, the others "
        "follow from high to low; sides with equal cards flip again. The flipped cards "
        "go under the deck, and the deal comes off the top. With random modifiers, each "
        "cowboy's modifier is first rolled on a die: 1-3 none, 4-5 +1, 6 +2.",
        ("flip", "modifier"),
    ),
    Passage(
        "Poker (Advanced Optional Rule 7)",
        "Before the deal the sides play a hand of five-card draw: five cards each, then "
        "each in turn throws away what it likes and draws as many. The best hand acts "
        "first in every turn of the scenario (jokers wild); equal hands play again. The "
        "poker cards go under the deck, and the deal comes off the top.",
        ("poker", "draw"),
    ),
    Passage(
        "Fist Fights (Advanced Optional Rule 8)",
        "A cowboy with no loaded weapon may, as his shoot action, fight a figure in a "
        "square beside his, never across a wall, window or obstacle. Each rolls one "
        "die (the attacker's first) and adds his own modifier, the attacker +2 from "
        "behind the target; the higher total does one wound to the other, a tie none.",
        ("fist",),
    ),
    Passage(
        "Player Turn Sequence (Advanced Rules)",
        "The first turn is played as the scenario says. From the second, each turn "
        "starts with a marker in a cup for every cowboy in the town and one for each "
        "side's town folk; markers are drawn one at a time. A cowboy drawn takes his "
        "action (or waits); a town-folk marker lets its side act with each of its town "
        "folk (or end). A figure that lost his horse loses his activation; one knocked "
        "down or pinned may not move in it. The turn ends when the cup is empty.",
        ("cup",),
    ),
    Passage(
        "Variable Damage (Advanced Rules)",
        "Each hit flips the top card of the unused deck: a joker is a miss, a 2 a graze "
        "(no damage, but the target may not move the next time he acts), 3-10 one hit, "
        "J or Q two, K three, A four. Critical Hit, played after the flip, doubles it. "
        "Cards played, and the cards flipped, go under the deck, which is reshuffled at "
        "the end of a turn.",
        ("damage", "after_hit"),
    ),
    Passage(
        "Facing After Movement, Move and Shoot (Advanced Rules)",
        "With Facing After Movement, a move ends facing the way of its last square; "
        "turning to another facing at the end costs 1 movement point, so only a move "
        "with a point left may turn. With Move and Shoot, a cowboy (not a town folk) may "
        "move and then take one shot with the weapon in hand, -1 for each square moved "
        "(`C6 move B:c7 N shoot C3`), and moves no more; or take one shot and then move "
        "up to 2 squares (`C6 shoot C3 move`), choosing the move once the shot is over, "
        "or `stay`.",
        ("select", "shoot_move"),
    ),
    Passage(
        "Reaction Fire (Advanced Rules)",
        "A move is carried out square by square. At each square a figure enters, a side "
        "with a cowboy who has not moved or shot this turn, his loaded weapon in hand, "
        "and the square in his sight and range, may have him take one reaction shot at "
        "-2 (one round), which is his action for the turn; any number may react to one "
        "mover, and nobody is asked when none can. A mover who falls or is knocked down "
        "stops there. The engine walks the cheapest way past the fewest such squares.",
        ("react", "select"),
    ),
    Passage(
        "Spin and Shoot, Shot Horses (Advanced Rules)",
        "With the Advanced Rules a spin and shoot fires two shots, each at -1 with a "
        "pistol or -3 with a rifle or shotgun (one when one round is left). A horse once "
        "shot adds only 2 to its rider's movement.",
        ("select",),
    ),
    Passage(
        "Card Play",
        "Cards are dealt as the scenario says and shared by a side's players. A side "
        "may play one card during its own actions (when a figure starts its action) "
        "and one during the other side's (after an action or card is announced, which "
        "may cancel it). Each window asks every side that may play there, whatever "
        "it holds; `pass` plays nothing, and is the only choice of a side with nothing "
        "playable. A move that needs a Run card's points tells all that its side "
        "holds one.",
        ("start", "answer", "ally", "before_shot", "after_hit"),
    ),
    Passage(
        "Scenarios",
        "A scenario sets the town's boards, the figures and their weapons, the cards, "
        "who goes first, the turn limit, special rules and how each side wins.",
    ),
)

#: The game in one line (the lobby shows it).
INTRO = (
    "A gunfight in a western town: two to four sides of cowboys and town folk, "
    "a figure at a time, on square-grid boards; the scenario says who wins."
)

_WINDOWS = {
    "start": "Your figure is starting its action: you may play one of your cards now.",
    "answer": "The other side has announced an action or a card: you may answer with one card.",
    "ally": "Choose what the town folk you called on does.",
    "before_shot": "A shot is about to be rolled: you may play a card on it.",
    "after_hit": "A shot has hit: you may play a card on its damage.",
    "shoot_move": "Your cowboy has shot: move him up to 2 squares, or stay.",
}


def overview(options: CowboysOptions) -> str:
    """The scenario the options choose, in full (a scenario file named by
    path is read; a bad one is reported by the options' check, not here)."""
    from saloon.games.cowboys import setup_of

    setup = setup_of(options)
    if setup.scenario is None:
        return f"Scenario {setup.name}: Saloon's test skirmish on board B."
    return str(setup.scenario.describe())


def scenario_list() -> str:
    """One line a built-in scenario: id, title, sides, turns."""
    from saloon.games.cowboys.scenario import builtin_scenarios

    lines = ["Scenarios (-o scenario=ID):"]
    for sid, sc in builtin_scenarios().items():
        sides = " v ".join(s.name for s in sc.sides)
        lines.append(f"  {sid}: {sc.title}; {sides}; {sc.turns} turns; town {sc.layout}")
    lines.append("  brawl: Saloon's test skirmish, two gangs of three on board B")
    return "\n".join(lines)


def rules_help(state: object | None, options: CowboysOptions) -> str:
    """The whole summary with the scenario and the list of scenarios when
    ``state`` is ``None``; otherwise the passages for the decision at hand."""
    if state is None:
        body = [f"{p.heading}: {p.text}" for p in PASSAGES]
        return "\n\n".join((INTRO, *body, overview(options), scenario_list()))
    phase = getattr(state, "phase", None)
    name = phase.name.lower() if phase is not None else ""
    parts = [f"{p.heading}: {p.text}" for p in PASSAGES if name in p.phases]
    if name in _WINDOWS:
        parts.insert(0, _WINDOWS[name])
    parts.append(overview(options))
    return "\n\n".join(parts)
