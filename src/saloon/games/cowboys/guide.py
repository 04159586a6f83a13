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

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from saloon.games.cowboys.actions import Draw, Shoot
from saloon.games.cowboys.options import CowboysOptions
from saloon.games.cowboys.shotchart import ShotChart, Weapon
from saloon.games.cowboys.words import percent

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.state import CowboysState


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
        "mover, and nobody is asked when none can. A rider thrown from a horse killed "
        "under him does not react until the turn whose action he loses is over. A mover "
        "who falls or is knocked down stops there. The engine walks the cheapest way past "
        "the fewest such squares.",
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


#: Padding in the chart's columns: a figure space and a figure dash are as
#: wide as a digit, so the numbers line up in the browser's type (where
#: digits are all one width, letters not) as in the terminal's; the row's
#: name comes after its numbers for the same reason.
_PAD = "\u2007"
_NONE = "\u2012"


def chart_table(chart: ShotChart, weapons: Sequence[Weapon] | None = None) -> str:
    """The shot chart as a table (Cowboys rulebook, "Game Chart", "Shoot"):
    for each weapon, the modified 2d6 total needed at each range, then the
    weapon's name; a dash past its longest range. ``weapons`` picks the
    rows (all by default).

    >>> from saloon.games.cowboys.shotchart import load_shot_chart
    >>> table = chart_table(load_shot_chart(), [Weapon.SHOTGUN])
    >>> print(table.replace(_PAD, " ").replace(_NONE, "-"))
      1  2  3  4  5  range
      4  6  8 10 12  shotgun
    """
    rows = list(weapons) if weapons is not None else list(Weapon)
    width = max(chart.max_range(w) for w in rows)

    def cells(values: Sequence[str]) -> str:
        return "".join(v.rjust(3, _PAD) for v in values)

    lines = [f"{cells([str(r) for r in range(1, width + 1)])}  range"]
    for w in rows:
        row = chart.rows[w]
        values = [str(row[r - 1]) if r <= len(row) else _NONE for r in range(1, width + 1)]
        lines.append(f"{cells(values)}  {w.value}")
    return "\n".join(lines)


def dice_chances() -> str:
    """The chance of at least each total on 2d6 (a natural 2 always misses,
    a natural 12 always hits).

    >>> dice_chances()  # doctest: +ELLIPSIS
    'On 2d6: 3+ 97%, 4+ 92%, 5+ 83%, 6+ 72%, 7+ 58%, ... 11+ 8%, 12 3%.'
    """
    ways = {t: 6 - abs(t - 7) for t in range(2, 13)}
    parts = []
    for n in range(3, 13):
        p = Fraction(sum(v for t, v in ways.items() if t >= n), 36)
        parts.append(f"{n}{'+' if n < 12 else ''} {percent(p)}")
    return "On 2d6: " + ", ".join(parts) + "."


def chart_passage(chart: ShotChart, weapons: Sequence[Weapon] | None = None) -> str:
    """The shot chart with how to read it, and whose entries it holds."""
    printed = [
        f"{w.value} at {' and '.join(str(r) for r in sorted(chart.printed[w]))}"
        for w in Weapon
        if chart.printed[w]
    ]
    head = (
        "Shot Chart: the modified 2d6 total each weapon needs at each range "
        "(squares, diagonals counting one), the weapon named after its row; where a row "
        "has a dash the weapon cannot reach. "
        "A natural 12 is always two hits, a natural 2 always a miss."
    )
    source = ""
    if chart.reconstructed:
        source = (
            f"\nThe rulebook prints the entries {', '.join(printed)}; the others are "
            "Saloon's (ruling CW-R1), and `-o chart=FILE` loads your own."
        )
    return f"{head}\n{chart_table(chart, weapons)}\n{dice_chances()}{source}"


def cards_passage(options: CowboysOptions) -> str:
    """The deck's cards in brief, each with its faces, what it does and when
    it is played (Game Cards; the deck Saloon reconstructs, ruling CW-R2,
    or the player's own, ``-o cards=FILE``)."""
    from saloon.games.cowboys.cards import WINDOW_WORDS, effect_words, load_deck

    deck = load_deck(options.cards)
    by_name: dict[str, list[str]] = {}
    for card in deck:
        by_name.setdefault(card.name, []).append(str(card))
    lines = [
        "The Cards: each is played once, in its window; a side plays one card in its "
        "own actions and one in the others' each turn."
    ]
    for name, faces in by_name.items():
        card = deck.card(faces[0])
        lines.append(
            f"  {name} ({' '.join(faces)}): {effect_words(card)} ({WINDOW_WORDS[card.window]})"
        )
    return "\n".join(lines)


def shot_passages(state: CowboysState) -> list[str]:
    """At a decision with a shot in it, the shot's numbers and the chart's
    rows that matter: the shots the side may choose now (each figure's
    best-placed shot at each target), the shot announced or under way with
    the cards on it, or the reaction shots on offer."""
    from saloon.games.cowboys.describe import shots_words
    from saloon.games.cowboys.render import pending_shot
    from saloon.games.cowboys.rules.odds import of_state
    from saloon.games.cowboys.rules.phase import Phase
    from saloon.games.cowboys.rules.reaction import reactors
    from saloon.games.cowboys.rules.shots import shot_info, volley

    lines: list[str] = []
    weapons: list[Weapon] = []
    ph = state.phase
    if ph == Phase.SELECT and not state.is_over:
        seen: set[tuple[str, str]] = set()
        for a in state.legal_actions():
            if not isinstance(a, (Shoot, Draw)) or (a.fig, a.target) in seen:
                continue
            seen.add((a.fig, a.target))
            i = state.index[a.fig]
            verb = "draw" if isinstance(a, Draw) else "shoot"
            info = shot_info(state, i, a.target, verb=verb)
            if info is None:
                continue
            weapons.append(info.weapon)
            who = state.figures[i].short
            shots = ((a.target, info),)
            lines.append(
                f"{who}'s {info.weapon} at {state.name_of(a.target)}: {shots_words(state, shots)}"
            )
        if lines:
            lines.insert(0, "The shots you have now (one shot each; two shots hit more often):")
    elif ph == Phase.REACT:
        p = state.pending
        if p is not None and p.walk is not None:
            for j, t, info in reactors(state, p, p.walk.asking[0]):
                weapons.append(info.weapon)
                who = state.figures[j].short
                lines.append(
                    f"{who}'s reaction shot at {state.name_of(t)}: "
                    f"{shots_words(state, ((t, info),))}"
                )
    else:
        shot = pending_shot(state)
        p = state.resume if state.ally is not None else state.pending
        if shot is not None and p is not None:
            weapons.append(shot.info.weapon)
            who = state.name_of(shot.shooter)
            planned = volley(state, state.index[p.act.fig], p.act) if p.info is None else None
            if planned is not None:
                # Announced, not yet fired: every shot of the action.
                lines.append(
                    f"The action: {who}'s {shot.info.weapon} at "
                    f"{state.name_of(shot.target)}, {shots_words(state, planned)}."
                )
            else:
                odds = of_state(state, shot.info, p.action_cards + p.shot_cards)
                which = f" ({shot.shot + 1} of {shot.shots})" if shot.shots > 1 else ""
                lines.append(
                    f"The shot{which}: {who}'s {shot.info.weapon} at "
                    f"{state.name_of(shot.target)}, {odds.words()}."
                )
    if not lines:
        return []
    rows = list(dict.fromkeys(weapons))
    return ["\n".join(lines), chart_passage(state.chart, rows)]


def rules_help(state: object | None, options: CowboysOptions) -> str:
    """The whole summary with the shot chart, the scenario and the list of
    scenarios when ``state`` is ``None``; otherwise the passages for the
    decision at hand, with the shot's numbers and the chart's rows that
    matter at a shot."""
    if state is None:
        from saloon.games.cowboys.shotchart import load_shot_chart

        body = [f"{p.heading}: {p.text}" for p in PASSAGES]
        # The chart right after the passage on shooting.
        at = next(k for k, p in enumerate(PASSAGES) if p.heading == "Shoot Actions") + 1
        body.insert(at, chart_passage(load_shot_chart(options.chart)))
        body.append(cards_passage(options))
        return "\n\n".join((INTRO, *body, overview(options), scenario_list()))
    phase = getattr(state, "phase", None)
    name = phase.name.lower() if phase is not None else ""
    parts = [f"{p.heading}: {p.text}" for p in PASSAGES if name in p.phases]
    if name in _WINDOWS:
        parts.insert(0, _WINDOWS[name])
    from saloon.games.cowboys.rules.state import CowboysState

    if isinstance(state, CowboysState):
        # At a shot, its numbers and the chart's rows it reads; at any other
        # decision, the whole chart (a move is chosen for the shots after it).
        parts.extend(shot_passages(state) or [chart_passage(state.chart)])
    parts.append(overview(options))
    return "\n\n".join(parts)
