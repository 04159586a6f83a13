"""The rules in brief, and the passages for the decision at hand (``rules_help``).

``rules_help(None)`` is the whole summary (``saloon rules dungeons``); in a
game, ``rules_help(state)`` says what is being decided now and gives the
passages of the rulebook (and Saloon's rulings) that bear on it: at the
active player's turn they follow the moment (free to act, engaged, picking
a weapon, improving a roll), elsewhere the decision asked (a card window,
the hand limit, a Wild gather...).

>>> print(rules_help(None).splitlines()[0])
Rulebook: d6-dungeons.txt (the standard game: Parts I, II, V, the Addenda).
"""

from __future__ import annotations

from saloon.core.state import State

SUMMARY = """\
Rulebook: d6-dungeons.txt (the standard game: Parts I, II, V, the Addenda).

Goal: the most glory after 3 (or 6) rounds: bounties collected and Guardian
trophies; ties go to coins, then the stat total (Part I, The End of the Game).

Setup (Part I, Setup): a class board (+1 to a stat) and a gather board each;
the environment pieces placed in turn; two enemies per player; an Advantage
and a Heroic Quest card each; three bounties face up; four stat rolls each,
placed as rolled (1-3 count as 3 and pay a coin).

A turn (Part I, Beginning Your Turn): the spawn die and the open gather's D4
together (the GM, the next player, draws the enemy; every player collects
his own board's reward); enemies in your space then engage you; then three
actions (move, hunt, gather) in any order and any number of non-action
tasks (cards, potions, skills, purchases, the Cash Cube); rest after all
three actions for two Heroic Quest cards.

Stealth (Part I, On Stealth): before each action in a space with enemies,
roll under your stealth or be engaged with all of them (the action is not
spent). Another player's Cash Cube cannot be stealthed: entering its space
engages you with it and everything there.

Combat (Part II, Specialty Hides, steps 1-7): declare the fight; the other
players may play red cards (buffs); transform (three specialty hides);
choose the weapon; roll against the GM's die; improve (buffs, Dogmud,
potions, skills, escapes) and accept. Higher total wins; ties only with
strength 6. A win takes an HP (enemies have one); a kill pays 2 coins and a
bounty, a specialty hide or a wild hide. A loss costs an HP (Poison: a stat).
Escape before the hit: chib out (a D4 until Acupunch), Wingso Flightamous,
Hero Swap, cards. At 0 HP the hero goes to the Styx (hides and Heroic Quest
cards lost) and comes back on a random space at his next turn.

The Village (Part II): drop off bounties and heal on entering; the Fountain
of You (1), Training Camp (2), skill refresh (1). No skills there, and no
one can harm or target you there.

Between rounds, a GM event (1-100). Type 'rules' at a prompt for the rules
of the decision in front of you.

The expansion (Part IV): environment_pieces=expansion adds its sixteen
environment pieces (a monster still gets +1 once in its environment,
however many of its pieces are there: ruling DG-R53). curses=echoes,gift,
beastie puts a curse castle for each curse named on the map with the
environment pieces, never in the Village, never two in a space; its curse
holds in its space: Endless Echoes +1 to stealth rolls there, Gift to the
Gods a coin more with any coins earned there (a kill pays three), Buff the
Beastie +1 to beasts' combat rolls there (never a Guardian's).

Alliance (Part III; mode=alliance, four players): two teams, teammates
across the table (players 1 and 3 against 2 and 4); the GM of a turn is the
next opponent, never a teammate. When a player rests after a full turn
(two Heroic Quest cards), his teammate draws two Alliance cards; none after
an early end. Alliance cards count toward the hand limit and are never
played in one's own turn: an ally card for your teammate in his turn (at
its start, or in his fight before the roll), a foe card in an opponent's
fight, in the GM's window. Teammates in one space may give each other coins
and Advantage cards (give p3 coins 2, give p3 short-sword): in your turn
outside a fight, or at the start of your teammate's. Cash Cubes spare their
owner's teammate. team_hands=shared lets teammates see each other's hands.
The team with the most glory (both players added) wins; tied, more coins,
then the better best player (rulings DG-R80 to DG-R89)."""

#: Part III's Hide Collection, told after the summary (``mode=solo`` or ``mode=coop``).
HIDES = """

Hide Collection, solo and co-op (Part III; -o mode=solo for one player,
-o mode=coop for two to four together): no glory; the table wins at once
when the Hide Collection board holds a hide of each of the 15 monsters
(five classes of three), and loses when the turns run out. A kill counts
for one of a bounty, the collection (its own monster's hide) or a hide of
your boards, your choice (ruling DG-R63); a Dragon or the Kraken counts as
any missing hide, placed at once (DG-R64); a Plant of Eden only pays its
coins. Four turns to start on the max turn counter, one more for each
bounty dropped off in the Village (collecting it is not enough); the
compass dial counts turns, the players of co-op taking them in seat order
(DG-R61). Eight bounties are dealt face up at setup, the only ones (DG-R62);
four enemies at setup; each turn begins with two spawns and two open
gathers in solo, one of each in co-op (DG-R65). No Heroic Quest deck, no
Cash Cube, no GM events, no player as GM (DG-R66): after a full turn roll
the Heroic Benefits (a D8 in solo, a D10 in co-op): three markers; a
benefit held is used once in your turn at its timing, like a potion
(DG-R67); with every marker placed, move one to the new benefit or gain
nothing. Specialty hides turn a monster into a specific monster
(hide_transform=standard: a bare D6 for the round; advanced: that monster's
own die; never its environment's +1: DG-R70). Solo: the red-dot gather
board, whose 1 is your companion (out of its carrier to your space, two
coins when it is there, or a call to your side), and one companion, whose
help counts only in your space: the Bird an extra D4 with your natural D6,
the Kitteh +1, the Crustacean +2 by a dungeon, the Wasteland Wisp +2 a
terrain (forest, trails, cemetery, hills); it may move a space for each
action you spend; Hero Swap may trade places with it; hurt beside it, it
flees to its carrier (DG-R68, DG-R69)."""

#: The passages for a decision of the active player, by the moment of his turn.
_MOMENTS = {
    "turn": "Part I, Spending Your Actions: three actions a turn, in any order: move one "
    "space along the arrows (ride: one more for a coin, Addenda, Rent a Horse), hunt (the "
    "GM draws an enemy into your space; not in the Village), gather (roll the D4 for your "
    "board's reward). Part I, On Stealth: in a space with enemies, each action needs a "
    "stealth roll under your stealth first (ruling DG-R8); fighting one of them is your "
    "choice and not an action. Part I, Non-Action Tasks: cards, potions, skills (never in "
    "the Village), an Advantage card (2 coins), the Cash Cube (2 coins, any numbered "
    "space). Part I, (R)est: rest ends the turn; two Heroic Quest cards only after every "
    "action (ruling DG-R16).",
    "engaged": "Part I, Enemy Engagement: you are engaged, so you take no action and may "
    "not rest until you have fought every enemy you are engaged with or escaped (rulings "
    "DG-R29, DG-R34). Fight them in the order you like, a Cash Cube first (Addenda, Village "
    "Signs, Cash Cube), unless the table lets you fight it in any order; once a round is "
    "fought against one, you stay with it until one of you falls. "
    "Escapes (Part I, Enemy Disengagement): chib out to an adjacent space (a D4 and no "
    "Advantage cards until Acupunch), Wingso Flightamous to the Village, Hero Swap, cards.",
    "arm": "Part II, Specialty Hides, steps 3 and 4: with three specialty hides you may turn "
    "the monster into a class of your choice (a bare D6, no bonus of any kind: ruling "
    "DG-R20); then pick the weapon: your natural D6, a weapon card (Dual Wield: two weapons "
    "added; Ranged: a lost roll does no harm; Critical: that weapon's dice doubled), or Holy "
    "Water against the Undead (2 coins: a D12; Addenda). A weapon card is spent once "
    "wielded. A chib rolls its own die and plays no weapon card (Part I, Chibbing Out).",
    "improve": "Part II, Specialty Hides, steps 6 and 7: the roll says what will happen "
    "unless you change it: hero buffs and shields, potions, skills, Dogmud (2 coins: one of "
    "your dice again), or an escape before the hit (chib out, Wingso Flightamous, Hero Swap, "
    "cards). Then accept: the higher total wins; a tie is yours only with strength 6 (Part "
    "I, Enemy Engagement). A win takes one HP off the enemy; a loss costs you an HP (a "
    "Poison monster: a stat; a Ranged weapon: nothing). The collective GM's buffs go after "
    "the round (ruling DG-R22).",
}

#: The passages for every other decision, by the name of its node.
_PASSAGES = {
    "AllyWindow": "Part III, Alliance: Alliance cards have red banners, played only out of "
    "your own turn; an ally card helps your teammate in his turn (its effects act for "
    "him): at the start of his turn, or in his fight before his roll (ruling DG-R81); at the "
    "start of his turn, in one space, you may also give him coins or Advantage cards "
    "(ruling DG-R84). Pass to let him go on.",
    "PickClass": "Part I, Choose Your Class Board: each class has three skills of its own "
    "and a stat with +1 (never above 6); the boards are distinct (ruling DG-R26).",
    "PickBoard": "Part I, Choose Your Gather Board: every board has the same rewards in "
    "another order on the D4, its own three specialty hide classes and its potions; none is "
    "better than another.",
    "PlacePiece": "Part I, Place Environment Pieces: the eight pieces (four dungeons, a "
    "forest, a cemetery, hills, trails) go on numbered spaces, placed in turn (ruling "
    "DG-R26); never two identical pieces in a space. A monster gets +1 in its environment "
    "(Part I, Know Thine Enemy).",
    "PlaceCastle": "Part IV, Curse Castle Standees: each curse named by the option has its "
    "castle, placed in turn with the environment pieces, in any space but the Village, never "
    "two in a space (rulings DG-R50, DG-R51); its curse holds in that space (Incorporating "
    "the Curse Castles).",
    "AssignStat": "Part I, Roll for Stats: each roll is placed on an empty stat before the "
    "next; 1-3 count as 3 (and paid a coin); the class's +1 applies to its stat, never "
    "above 6. Strength: ties and the hand limit; stealth: stealth checks; skill: skill "
    "markers (Part II, The Class Board).",
    "Window": "Part I, Enemy Engagement and The Role of the GM: after the hero declares a "
    "fight, the other players, as the collective GM, may buff the monster and play red "
    "cards, as many as they like, until all pass in a row; never on a Guardian or a Cash "
    "Cube (ruling DG-R4). A card with the shield icon is played after the roll. In Alliance "
    "(Part III) only the hero's opponents are asked, and they may play foe Alliance cards "
    "here too (ruling DG-R81).",
    "Counter": "Part II, Heroic Quest Cards (ruling DG-R4): a card played in a fight may be "
    "cancelled by a card that cancels it; pass to let it stand.",
    "HandLimit": "Part I, Shuffle and Draw, GM's Note: your hand (Advantage and Heroic "
    "Quest cards together) holds as many cards as your strength allows on your gather "
    "board; to draw at the limit you discard first, down below the limit, or pass and "
    "draw nothing (ruling DG-R2).",
    "WildChoice": "Part II, Gather Rewards: Wild is any one of the other three rewards: two "
    "coins, an Advantage card, or Alchemy.",
    "AlchemyChoice": "Part II, Gather Rewards, Alchemy: place a potion bottle on a potion of "
    "your board, or move one to another potion; one bottle a potion, two bottles in all.",
    "Conversion": "Part II, Hides: with both wild slots full you may convert one into a "
    "specialty hide of a free slot; the other goes to the bag (ruling DG-R5).",
    "ChooseBounty": "Part I, Enemy Engagement: a monster slain in a face-up bounty's space "
    "and of its class collects the bounty (three in the backpack at most); it goes to the "
    "backpack, a new bounty is turned and an enemy spawned (ruling DG-R24).",
    "PoisonStat": "Part I, Know Thine Enemy: a Poison monster's hit drops a stat of your "
    "choice by 1 (never below 3; with every stat at 3 it kills).",
    "StealthDogmud": "Addenda, Village Signs: Dogmud rerolls one of your dice for 2 coins, "
    "as often as you can pay (ruling DG-R7); accept, and the enemies here engage you.",
    "RollDogmud": "Addenda, Village Signs: at a table that lets Dogmud reroll any of your "
    "dice, a Dogmud (2 coins) rerolls your gather die or the Fountain's die too, as often "
    "as you can pay; accept, and the face stands.",
    "FountainRaise": "Part II, The Village: a stat lower than the Fountain's roll may be "
    "raised to it; you need not have named it before the roll.",
    "RefreshChoice": "Part II, The Class Board, E: a used skill marker goes back to the "
    "unlocked row for a coin each, in the Village.",
    "WhichDie": "Part II, Advantage Cards, Dual Wield: a reroll takes one of your dice.",
    "SwapWith": "Part I, Non-Action Tasks, Hero Swapping!: you change places with another "
    "hero on a numbered space; he takes a free personal gather (ruling DG-R23).",
    "ChooseClass": "Part II, Specialty Hides: the monster becomes the class you choose for "
    "this roll, with a bare D6 (ruling DG-R20).",
    "ChooseTarget": "Part II, The Village: a hero in the Village cannot be targeted by "
    "another player's card (ruling DG-R14).",
    "ChooseSpace": 'The card, potion, skill or event says where; "Random" Thoughts: a '
    "random space is the map's die.",
    "ChooseEnemy": "The card, skill or event says which enemies it may take: never a "
    "Cash Cube; one that sends an enemy back to the bag takes a monster, never a Guardian.",
    "ChooseStat": "Part I, Roll for Stats: stats go from 3 to 6.",
    "KillUse": "Part III, Hide Collection: a monster slain counts for just one of a "
    "bounty (its class, in its space), the Hide Collection board (its own monster's hide, "
    "if missing), or a specialty or wild hide of your boards (ruling DG-R63).",
    "AnyHide": "Part III, Special Enemies: a Dragon or the Kraken is worth any one hide the "
    "board lacks, placed at once; you cannot wait to see what you still need (DG-R64).",
    "BenefitSwap": "Part III, Heroic Quest Deck Replacement: with no skill marker free, "
    "move one from a benefit held to the new one (the old is lost), or gain nothing.",
    "PickCompanion": "Part III, Companions: one companion for the game; its help counts "
    "only while it shares your space: the Bird an extra D4 with your natural D6, the Kitteh "
    "+1, the Crustacean +2 in a space with a dungeon, the Wasteland Wisp +2 for each "
    "terrain there.",
    "CallCompanion": "Part III, Companions: a gather's 1 with the companion elsewhere on "
    "the map lets you move it to your space.",
    "FollowMove": "Part III, Companions: each action spent lets the companion move one "
    "space (a horse ride too is one move); you need not move it.",
    "ChoosePotion": "Part II, Gather Rewards, Alchemy: an emptied potion's bottle goes back "
    "to its slot.",
    "ChooseOption": "Part I, GM Events: follow the directions and make the decisions the "
    "event asks for (player one decides for the table: ruling DG-R14).",
}


def curse_lines(options: object) -> str:
    """The curses in play under ``options`` (an owner's own included), a line each.

    >>> from saloon.games.dungeons.options import DungeonsOptions
    >>> print(curse_lines(DungeonsOptions(curses=("gift",))))
    <BLANKLINE>
    <BLANKLINE>
    The curses in play (Part IV, Incorporating the Curse Castles):
    - Gift to the Gods (gift): Whoever earns coins in this space earns one coin more with them.
    """
    from saloon.games.dungeons.content import load_content
    from saloon.games.dungeons.options import DungeonsOptions

    if not isinstance(options, DungeonsOptions) or not options.curses:
        return ""
    c = load_content(options.content)
    known = {x.id: x for x in c.curses}
    lines = [f"- {known[k].name} ({k}): {known[k].text}" for k in options.curses if k in known]
    return "\n\nThe curses in play (Part IV, Incorporating the Curse Castles):\n" + "\n".join(lines)


def rules_help(state: State | None, options: object = None) -> str:
    """The whole summary, or what is decided now and the passages for it,
    with what the decision needs explained: at a class choice each class's
    +1, skills and chib; at a gather board's each board's rewards, hides and
    potions; around a fight the numbers (each side's dice and bonuses, the
    chance to win the round: :mod:`.odds`)."""
    if state is None:
        return SUMMARY + curse_lines(options) + HIDES
    agenda = getattr(state, "agenda", None)
    if not agenda:
        return SUMMARY + curse_lines(getattr(state, "options", None)) + HIDES
    top = agenda[-1]
    name = type(top).__name__
    prompt = getattr(top, "prompt", None)
    passage = _MOMENTS[_moment(state)] if name == "Act" else _PASSAGES.get(name, "")
    if not passage:
        return SUMMARY + curse_lines(getattr(state, "options", None))
    if name == "Act" and _moment(state) == "turn":
        passage += house_passages(state)
    now = f"Now: {prompt(state)}.\n" if callable(prompt) else ""
    more = _explained(state, name)
    return now + passage + (("\n" + more) if more else "")


#: The house rules that add to the active player's choices (Part IV, Suggestions).
_HOUSE = {
    "mercenary_cube": " Mercenary Cube (house rule, rulings DG-R55, DG-R56): pay 4 coins "
    "to turn an opponent's deployed Cash Cube against him: it engages its owner and spares "
    "you until it is slain or he rehires it.",
    "melee": " Melee Mode (house rule, rulings DG-R57 to DG-R59): not engaged, attack an "
    "opponent's hero in your numbered space, once a turn each (not an action): both roll "
    "the natural die, the higher wins (a tie to the higher strength, else to the one "
    "attacked); the loser goes to a random space by the map's die, no HP lost.",
}


def house_passages(state: State) -> str:
    """The passages of the house rules in play that add to a turn's choices."""
    options = getattr(state, "options", None)
    rules = getattr(options, "house_rules", ())
    return "".join(_HOUSE[r] for r in rules if r in _HOUSE)


def _explained(state: State, name: str) -> str:
    """What the decision at hand needs explained, beside its passages."""
    from saloon.games.dungeons import words
    from saloon.games.dungeons.rules.setup import boards_open, classes_open
    from saloon.games.dungeons.rules.state import DungeonsState

    if not isinstance(state, DungeonsState):
        return ""
    s = state
    if name == "PickClass":
        lines = [f"- {words.class_words(s.index.classes[c])}" for c in classes_open(s)]
        common = "; ".join(words.skill_words(sk) for sk in s.content.common_skills)
        lines.append(f"Every class also has {common}.")
        lines.append(
            "Potions come with the gather board, chosen next: each board offers its own "
            "(Part I, Place Your Potions)."
        )
        return "The classes:\n" + "\n".join(lines)
    if name == "PickBoard":
        lines = [f"- {words.board_words(s, b)}" for b in boards_open(s)]
        return "The boards:\n" + "\n".join(lines)
    if name in ("Act", "Window"):
        here = castle_here(s)
        numbers = fight_numbers(s, you=name == "Act")
        return "\n".join(x for x in (here, numbers) if x)
    return ""


def castle_here(s: object) -> str:
    """The curses holding in the active hero's space (Part IV, Incorporating
    the Curse Castles), a line: ``Here: Gift to the Gods (...)``."""
    from saloon.games.dungeons.rules import curses
    from saloon.games.dungeons.rules.state import DungeonsState

    assert isinstance(s, DungeonsState)
    seat = s.active
    if seat is None:
        return ""
    found = curses.curses_at(s, s.heroes[seat].space)
    if not found:
        return ""
    return "Here, a curse castle: " + "; ".join(f"{c.name} ({c.text})" for c in found)


def fight_numbers(s: object, you: bool = True) -> str:
    """The numbers a player can act on around a fight (:mod:`.odds`): before
    a round's roll, each side's dice and bonuses and the chance to win it
    with the natural die and each weapon in hand; after it, the tally and
    what accepting does; before a declaration, the odds against each enemy
    the hero may fight. ``you``: said to the hero (else of him, to the
    other players at their window)."""
    from saloon.games.dungeons import odds
    from saloon.games.dungeons.rules import cards, combat
    from saloon.games.dungeons.rules.state import DungeonsState

    assert isinstance(s, DungeonsState)
    seat = s.active
    if seat is None or s.heroes[seat].space <= 0:
        return ""
    f = s.fight
    if f is not None and f.dice:
        tally = combat.tally_words(s, f, you=you)
        if not you:
            return f"The numbers: {tally}."
        return f"The numbers: {tally}; accepting: {combat.outcome_words(s, f)}."
    if f is not None:
        lines = [odds.round_odds(s, seat).words(you)]
        if you:
            for cid in combat.weapon_cards(s, seat):
                w = combat.weapon_of(s, seat, cid)
                chance = odds.round_odds(s, seat, [w]).words()
                lines.append(f"with {cards.card_name(s, cid)}: {chance}")
        return "The numbers: " + "; ".join(lines) + "."
    targets = combat.fight_targets(s, seat)
    if not targets:
        return ""
    lines = [odds.round_odds(s, seat, uid=e.uid).words() for e in targets]
    return "The numbers, with your natural die: " + "; ".join(lines) + "."


def _moment(state: State) -> str:
    """The active player's moment: free to act, engaged, or a round's stage."""
    fight = getattr(state, "fight", None)
    if fight is not None:
        return "arm" if fight.stage == "arm" else "improve"
    turn = getattr(state, "turn", None)
    return "engaged" if turn is not None and turn.engaged else "turn"
