"""The longest a game of D6 can last: a true bound on its steps.

A step is a decision or a chance outcome. The bound is generous (far above
any game played) but proved: every step is either one of a fixed number a
turn, or spends a resource that the rules (and rulings DG-R11 to DG-R13)
make finite within a turn.

**Per turn, the powers are finite.** Let a *power* be a card, a potion or
a skill. A card played goes to the discard pile, which becomes a deck again
only when a turn ends (DG-R11), so each card of the Advantage and Heroic
Quest decks is played at most once a turn, by anyone; the active hero
drinks each potion at most once a turn and uses each skill at most twice
(DG-R13; with ``potion_limit=bottles`` or ``skill_limit=markers`` a power
that gives nothing back is used again at most once for each refill or
refresh, bounded by the gathers, actions and effects of the rest, and one
that gives actions, gathers, potions or markers back keeps its cap); nobody
else drinks or uses skills. So the powers used in a turn
are at most ``cards + potions + 2 * skills`` of the content, and what they
do is bounded by their effects: an effect reaches at most ``n`` players,
nested at most :data:`~saloon.games.dungeons.effects.MAX_DEPTH` deep, and
one effect on one player takes at most ``12 + 3n`` steps (four spawns of
three steps; three draws of two; an open gather of ``1 + 3n``; a choice, a
roll or a check of one, besides its branch). :func:`effect_steps` sums
this over an effect tree; ``apps`` counts the effect applications.

**Per turn, the rest follows.** Actions: three, plus the ``extra_action``
amounts of the powers (``actions``); each action takes at most 10 steps (its
decision, a stealth roll and its answer, a ride's second check, a gather's
four). Enemies in the hero's space: at most every token and Cube on the
board, plus those added in the turn (hunts, the turn's spawn, a spawn per
bounty collected, four per spawning effect); so are the kills. Coins: each
spend costs at least one coin (a free service once a turn, DG-R12), and the
coins gained are bounded (two a gather or kill, ten an effect), so the
spends are bounded (a curse castle's coins added to each earning in its
space, DG-R54), at 4 steps each (a Dogmud and its reroll, the Fountain
and its choice, a purchase and its draw). Rounds of combat: each ends with
an enemy losing an HP (its natural HP or extra HP, which the game's powers
and events add finitely), the hero losing an HP (his three, refilled by
each entry into the Village or heal) or a stat (12 at most, plus those
raised), a Ranged weapon or a ward (a card or power each), or an escape (a
power, or chibbing out, once per heroic form); each round takes at most
``11 + 2n`` steps, the windows' passes included.

**The windows of a turn** (option ``red_cards=turn``): one at its start and
one after each action, fight and Village service, each closed by at most
``n - 1`` passes beyond those counted with the cards played in it.

**Discards at the hand limit.** A draw waits until the hand is below the
limit (DG-R2), so a hand over it (its strength fell) takes a discard
decision for each card too many; a card discarded goes to the discard
pile, which becomes a deck again only when a turn ends, so a turn (and an
event) has at most ``cards`` such discards beyond the draws' own steps.

**House rules.** A Mercenary Cube (ruling DG-R55) is a spend of four
coins, counted with the spends; Melee Mode (ruling DG-R57) adds at most
``n - 1`` melees a turn (once against each other hero), of three steps each.

**Alliance** (Part III; rulings DG-R81 to DG-R84). The Alliance cards are
powers like the others (each played at most once a turn, counted in
``cards``); two are drawn for each rest, as the Heroic Quest cards are.
The teammate's windows open at the start of the turn and in each round of
combat, each closed by one pass beyond the cards played and gifts given in
it. A gift moves at least a coin or an Advantage card one way: within the
active player's decisions from him to his teammate, within a window from
the teammate to him, so a turn has at most two passes over the team's
coins (at most twice the cap and what is gained) and two over the cards.

**Hide Collection** (solo and co-op, Part III) has at most ``4 + 8``
turns (four, and one per bounty returned, of the eight dealt), each with a
second spawn and open gather at most, and one decision more per kill
(what it counts for, or the hide a Dragon stands for).

**The game** is the setup (one step a piece and a curse castle placed),
``n * rounds`` turns and the GM events (one or
two between rounds, one more with ``final_event``), each at most one roll
and its effects.
"""

from __future__ import annotations

from saloon.games.dungeons.content import Content
from saloon.games.dungeons.effects import Effect
from saloon.games.dungeons.options import DungeonsOptions

#: Steps one effect takes on one player, besides its branches (see above),
#: given ``n`` players: ``12 + 3n``.
STEP_BASE = 12


def _weight(effects: tuple[Effect, ...], n: int, depth: int = 0) -> int:
    """Effect applications: each node reaches ``n`` players at most, and a
    branch runs for each player its parent reached."""
    total = 0
    for e in effects:
        total += n ** (depth + 1)
        for branch in (e.then, e.otherwise, *e.options):
            total += _weight(branch, n, depth + 1)
    return total


def _amount(effects: tuple[Effect, ...], kind: str, n: int, depth: int = 0) -> int:
    """The most ``kind`` amounts an effect tree can add up to."""
    total = 0
    for e in effects:
        if e.kind == kind:
            total += e.amount * n ** (depth + 1)
        for branch in (e.then, e.otherwise, *e.options):
            total += _amount(branch, kind, n, depth + 1)
    return total


def effect_steps(effects: tuple[Effect, ...], n: int) -> int:
    """The most steps an effect tree takes with ``n`` players."""
    return _weight(effects, n) * (STEP_BASE + 3 * n)


def _powers(content: Content, alliance: bool = False) -> list[tuple[tuple[Effect, ...], int]]:
    """Every power with how often it may be used in a turn (the Alliance
    cards in Alliance)."""
    out: list[tuple[tuple[Effect, ...], int]] = []
    out += [(c.effects, c.copies) for c in content.advantages]
    out += [(c.effects, c.copies) for c in content.quests]
    if alliance:
        out += [(c.effects, c.copies) for c in content.alliances]
    out += [(p.effects, 1) for p in content.potions.values()]
    # The Heroic Benefits (Part III): each used at most once a turn (one is
    # rolled at a turn's end, and a use frees its marker: ruling DG-R67).
    out += [(b.effects, 1) for b in content.benefits]
    skills = [sk for c in content.classes for sk in c.skills] + list(content.common_skills)
    out += [(sk.effects, 2) for sk in skills]
    return out


def _reusable(content: Content, options: DungeonsOptions) -> list[tuple[Effect, ...]]:
    """The potions and skills the options let be used again in a turn
    (``potion_limit=bottles``, ``skill_limit=markers``): those that give
    nothing back (``powers.LOOPING``)."""
    from saloon.games.dungeons.rules.powers import feeds_itself

    out: list[tuple[Effect, ...]] = []
    if options.potion_limit == "bottles":
        out += [p.effects for p in content.potions.values() if not feeds_itself(p.effects)]
    if options.skill_limit == "markers":
        skills = [sk for c in content.classes for sk in c.skills] + list(content.common_skills)
        out += [sk.effects for sk in skills if not feeds_itself(sk.effects)]
    return out


def max_length(options: DungeonsOptions, content: Content, players: int = 4) -> int:
    """A bound on the steps of any game under ``options`` with at most
    ``players`` players (see the module docstring).

    >>> from saloon.games.dungeons.content import load_content
    >>> b = max_length(DungeonsOptions(), load_content())
    >>> b > 10_000, b < max_length(DungeonsOptions(rounds=6), load_content())
    (True, True)
    """
    n = players
    rounds = options.rounds
    turns = n * rounds
    if options.hides:
        # Hide Collection (Part III): four turns, one more per bounty
        # returned, and only the eight bounties dealt at setup.
        from saloon.games.dungeons.rules import hides

        turns = hides.START_TURNS + hides.SETUP_BOUNTIES
    powers = _powers(content, options.mode == "alliance")
    cards = sum(c.copies for c in content.advantages) + sum(c.copies for c in content.quests)
    if options.mode == "alliance":
        cards += sum(c.copies for c in content.alliances)
    tokens = sum(content.bag().values())
    bounties = len(content.bounties)
    apps = sum(k * _weight(e, n) for e, k in powers)
    # A power: its decision, the counter window and the GM window's passes
    # after it (n - 1 each), and its effects.
    power_steps = sum(k * (1 + 2 * (n - 1) + effect_steps(e, n)) for e, k in powers)
    actions = 3 + sum(k * _amount(e, "extra_action", n) for e, k in powers)
    hp_added = sum(k * _amount(e, "monster_hp", n) for e, k in powers)
    again = _reusable(content, options)
    if again:
        # Used again in a turn (ruling DG-R13's other readings): a potion
        # once more for each refill (an Alchemy of a gather, or a card's),
        # at most the turn's gathers and effects; a skill once more for each
        # refresh, which needs the Village, where no skill is used, so a way
        # out of it between two uses (an action or an effect). What is used
        # again gives no actions, gathers, potions or markers back
        # (``LOOPING``), so the turn's actions stay those above; each reuse
        # is counted as the heaviest of them.
        uses = 2 * (1 + actions + apps + apps)
        apps += uses * max(_weight(e, n) for e in again)
        power_steps += uses * max(1 + 2 * (n - 1) + effect_steps(e, n) for e in again)
        hp_added += uses * max(_amount(e, "monster_hp", n) for e in again)
    gathers = 1 + actions + apps
    kills = tokens + n + actions + 1 + bounties + 4 * apps
    # A curse castle adds its coins to each earning in its space (DG-R54).
    known = {c.id: c for c in content.curses}
    gift = sum(known[c].amount("gain_coins") for c in options.curses if c in known)
    gained = (2 + gift) * gathers + (2 + gift) * kills + (10 + gift) * apps
    spends = 10 + gained + 3
    events = (rounds - 1) * 2 + 1
    hp_events = 2 * tokens * events
    extra_hp = turns * hp_added + hp_events
    hero_hits = 3 * (1 + actions + apps) + 3 * apps + 12 + spends + 3 * apps
    rounds_of_combat = kills + extra_hp + hero_hits + (cards + apps) + (2 + 2 * apps)
    per_turn = (
        3
        + 4 * n
        + 10 * actions
        + power_steps
        + rounds_of_combat * (11 + 2 * n)
        + 4 * spends
        + (2 + apps)
        + 1
        + 4
        + cards
    )
    if options.hides:
        # Hide Collection: a second spawn and gather at the turn's start
        # (solo), its bag draw; a kill's use or a Guardian's hide chosen
        # (one decision each).
        per_turn += 4 + 4 * n + 1 + kills
        # Solo's companion: a move offered after each action, a call on
        # each gather's 1 (Part III, Companions).
        per_turn += actions + apps + gathers
    if options.house("melee"):
        # Melee Mode (ruling DG-R57): at most once a turn against each other
        # hero, each its declaration, its roll and the map's die.
        per_turn += 3 * (n - 1)
    if options.mode == "alliance":
        # The teammate's windows and the gifts (see above).
        per_turn += (1 + rounds_of_combat) + 2 * (2 * 10 + gained + cards)
    if options.red_cards == "turn":
        # The windows of the turn: at its start and after each action, fight
        # and service, each closed by at most n - 1 passes.
        per_turn += (n - 1) * (1 + actions + rounds_of_combat + spends)
    pieces = 8 + (16 if options.environment_pieces == "expansion" else 0)
    setup = 2 * n + pieces + len(options.curses) + 4 * n + 4 * n + 3 + 8 * n
    event_steps = 1 + cards + max((effect_steps(ev.effects, n) for ev in content.events), default=0)
    return setup + turns * per_turn + events * event_steps
