"""D6's options: the map, the length, and the readings players may choose.

The standard game (Part I, Setup; Part V) is played on either side of the
board for three or six rounds; the rest are the rulings where players could
reasonably read the rulebook another way (``docs/rulings.md``, D6 Dungeons: rules),
and the homebrews of Part IV ("Suggestions") that Saloon offers as house
rules.

>>> o = DungeonsOptions()
>>> o.map, o.rounds, o.stealth, o.wild_conversion, o.hero_swap
('standard', 3, 'on_acting', 'may', 'escape')
>>> DungeonsOptions.parse(["map=advanced", "rounds=6"]).rounds
6
>>> DungeonsOptions.parse(["house_rules=uneventful,quiet_space"]).house_rules
('uneventful', 'quiet_space')
>>> DungeonsOptions.parse(["curses=echoes,gift", "environment_pieces=expansion"]).curses
('echoes', 'gift')
>>> DungeonsOptions.parse(["mode=alliance", "team_hands=shared"]).team_hands
'shared'
>>> DungeonsOptions.parse(["house_rules=jousting"])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
saloon.core.errors.OptionError: no house rule 'jousting' (known: creature_quota, ...)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final, Literal

from saloon.core.content import FileKind
from saloon.core.errors import OptionError, shown
from saloon.core.options import Options

#: The homebrews of Part IV, Suggestions, that Saloon plays, by option name,
#: with what each does (``house_rules=a,b``).
HOUSE_RULES: Final[dict[str, str]] = {
    "creature_quota": "Creature Quota: no space holds more than three enemies; a spawn into a "
    "full space goes to the next numbered space (looping, never the Village)",
    "uneventful": "Uneventful: no GM events",
    "funeventful": "Funeventful: two GM events between rounds instead of one",
    "overzealous_moon": "Overzealous Hunters' Moon: the Moon's +2 applies to every enemy, "
    "Guardians and Cash Cubes included",
    "handcuff_guardians": "Handcuff the Guardians: Guardians are taken out of the bag before "
    "the game (those named by handcuffed=..., else the four Dragons and the Kraken)",
    "quiet_space": "Quiet Space: after a successful stealth check a hero stays stealthy in "
    "that space until he leaves it",
    "mercenary_cube": "Mercenary Cube: in his turn a player may pay four coins to turn an "
    "opponent's deployed Cash Cube against its owner: it then engages its owner (and every "
    "other hero) and spares the payer, until it is slain or its owner rehires it",
    "melee": "Melee Mode: in his turn, unengaged, a hero may fight another hero in his "
    "numbered space, once per turn each: both roll their natural die, the higher wins (a tie "
    "to the higher strength, else the one attacked); the loser is sent to a random space by "
    "the map's die, no HP lost",
}


#: The expansion's curse castle standees (Expansion Components).
CASTLES: Final = 4


@dataclass(frozen=True)
class DungeonsOptions(Options):
    """Which map, how long, and which readings of the rules.

    ``content`` is a folder of the owner's content files, each replacing
    Saloon's file of the same name (RULINGS.md, D6).
    """

    mode: Literal["standard", "solo", "coop", "alliance"] = "standard"
    team_hands: Literal["hidden", "shared"] = "hidden"
    map: Literal["standard", "advanced"] = "standard"
    rounds: Literal[3, 6] = 3
    environments: Literal["placed", "random"] = "placed"
    environment_pieces: Literal["base", "expansion"] = "base"
    curses: tuple[str, ...] = ()
    stealth: Literal["on_acting", "on_entry"] = "on_acting"
    wild_conversion: Literal["may", "must"] = "may"
    hero_swap: Literal["escape", "any"] = "escape"
    red_cards: Literal["fights", "turn"] = "fights"
    cube_order: Literal["first", "any"] = "first"
    guarded_window: Literal["closed", "open"] = "closed"
    transformed_buffs: Literal["discarded", "kept"] = "discarded"
    spawn_engages: bool = True
    dogmud: Literal["fights", "any"] = "fights"
    potion_limit: Literal["turn", "bottles"] = "turn"
    skill_limit: Literal["turn", "markers"] = "turn"
    chib_weapons: Literal["none", "quest"] = "none"
    final_event: bool = False
    expansion: bool = False
    content: str | None = None
    house_rules: tuple[str, ...] = ()
    handcuffed: tuple[str, ...] = ()
    hide_transform: Literal["standard", "advanced"] = "standard"

    LABELS: ClassVar[dict[str, str]] = {
        "mode": "Mode",
        "team_hands": "Teammates' hands (Alliance)",
        "map": "Board side",
        "rounds": "Rounds in the hunting season",
        "environments": "Environment pieces",
        "environment_pieces": "The expansion's 16 environment pieces",
        "curses": "Curse castles (Part IV)",
        "stealth": "Stealth checks",
        "wild_conversion": "Converting wild hides",
        "hero_swap": "Hero Swap skill",
        "red_cards": "Red Heroic Quest cards",
        "cube_order": "Fighting a Cash Cube among enemies",
        "guarded_window": "Red cards against a Guardian or a Cube",
        "transformed_buffs": "Buffs on a transformed monster that wins",
        "spawn_engages": "The turn's own spawn engages",
        "dogmud": "Dogmud rerolls",
        "potion_limit": "Potions in a turn",
        "skill_limit": "Skills in a turn",
        "chib_weapons": "A chib's weapons",
        "final_event": "An event after the last round",
        "expansion": "Expansion classes (Bard, Cleric, Werewolf)",
        "content": "Content (your own folder)",
        "house_rules": "House rules (Part IV)",
        "handcuffed": "Guardians handcuffed",
        "hide_transform": "Specialty hides in Hide Collection",
    }
    HELP: ClassVar[dict[str, str]] = {
        "mode": "standard: the competitive game for glory (Parts I-II); solo: the Hide "
        "Collection for one player; coop: the Hide Collection for two to four together; "
        "alliance: four players in two teams, teammates across the table (Part III)",
        "team_hands": "alliance only: hidden: teammates keep their cards to themselves; "
        "shared: each sees his teammate's hand (Part III, Alliance, GM's Note: the table's "
        "choice; ruling DG-R87)",
        "map": "the side of the board: standard (10 spaces, a D10) or advanced (12 spaces, "
        "a D12, more round rules) (Part II, The Maps)",
        "rounds": "the hunting season: 3 rounds (standard) or 6 (extended) "
        "(Part I, Choose the Length of Your Game)",
        "environments": "placed: the players place the eight environment pieces in turn; "
        "random: each piece goes to a space rolled on the map's die (Part I, Place "
        "Environment Pieces)",
        "environment_pieces": "base: the eight pieces of the box; expansion: the expansion's "
        "sixteen too (eight dungeons, two each of forest, cemetery, hills and trails), placed "
        "the same way; a space holds two of a piece only when every space holds one, and "
        "gives its +1 once (Part IV, Environment Miniatures; rulings DG-R52, DG-R53)",
        "curses": "curse castles, comma-separated by curse: echoes (Curse of Endless Echoes: "
        "+1 to stealth rolls there), gift (Gift to the Gods: a coin more with any coins "
        "earned there), beastie (Buff the Beastie: +1 to beasts' combat rolls there), or an "
        "owner's own from his content folder; each castle is placed with the environment "
        "pieces, never in the Village, never two in a space (Part IV, Curse Castle "
        "Standees; rulings DG-R50, DG-R51)",
        "stealth": "on_acting: a stealth check before each action taken in a space with "
        "enemies (Saloon's reading); on_entry: also one on entering such a space "
        "(Part I, On Stealth and Stealthing)",
        "wild_conversion": "may: with both wild-hide slots full the player may convert one "
        "into a specialty hide (Saloon's reading); must: he must when a slot is free "
        "(Part II, Hides)",
        "hero_swap": "escape: the Hero Swap skill gets a hero out of a fight (Saloon's "
        "reading); any: it may be used at any time of his turn, as a move (Part I, Enemy "
        "Disengagement; Non-Action Tasks, Hero Swapping!)",
        "red_cards": "fights: the opponents play red Heroic Quest cards in the windows of "
        "a hero's fight (Saloon's reading); turn: those of timing any (Pickpocket, Ambush, "
        "Tripwire) also at the start of an opponent's turn and after each of his actions "
        "(Part II, Heroic Quest Cards)",
        "cube_order": "first: with another player's Cash Cube among the enemies engaging a "
        "hero, he fights the Cube first (Addenda, Village Signs, Cash Cube; Saloon's "
        "reading); any: in the order he likes, as with any other enemies (Part I, On "
        "Stealth)",
        "guarded_window": "closed: no red card is played in a round against a Guardian or a "
        "Cash Cube (Saloon's reading); open: the collective GM's window opens there too, for "
        "the red cards that are not buffs or extra HP (thefts, spawns, lost actions) (Part "
        "I, Know Thine Enemy; Cash Cube)",
        "transformed_buffs": "discarded: a transformed monster that wins the round loses the "
        "buffs played on it with the round (Saloon's reading); kept: it takes them back "
        "into the next round (Part II, Specialty Hides, step 7)",
        "spawn_engages": "true: an enemy the turn's own spawn die puts in the hero's space "
        "engages him with the rest (Saloon's reading); false: only the enemies there before "
        "the roll engage, the new one calls for a stealth check (Part I, On Stealth)",
        "dogmud": "fights: Dogmud rerolls a combat die or a failed stealth roll (Saloon's "
        "reading); any: also the hero's gather die and the Fountain's die in his turn "
        "(Addenda, Village Signs, Dogmud)",
        "potion_limit": "turn: each potion at most once a turn (Saloon's reading); bottles: "
        "a bottle refilled in the turn may be drunk again in it, but a potion that gives "
        "actions only once a turn (Part I, Non-Action Tasks)",
        "skill_limit": "turn: each skill once a turn, twice when stacked (Saloon's reading); "
        "markers: as often as free skill markers allow (Part I, Non-Action Tasks; Addenda, "
        "Stacking Skills)",
        "chib_weapons": "none: a chib rolls only its chib die (Saloon's reading); quest: it "
        "may wield a Heroic Quest weapon card, never an Advantage weapon card (Part I, "
        "Chibbing Out; Part IV, the Werewolf)",
        "final_event": "a GM event after the last round too (Part I, Choose the Length of "
        "Your Game: events come between rounds)",
        "expansion": "the expansion's class boards (Bard, Cleric, Werewolf) may be chosen too "
        "(Part IV, The D6 Expansion)",
        "content": "a folder of content files (TOML) replacing Saloon's reconstructed files "
        "of the same names",
        "house_rules": "homebrews of Part IV, Suggestions, comma-separated: "
        + ", ".join(HOUSE_RULES),
        "handcuffed": "with Handcuff the Guardians, the Guardians taken out of the bag, "
        "comma-separated ids (e.g. onyx-dragon,kraken); none named: the four Dragons and "
        "the Kraken (Part IV, Suggestions)",
        "hide_transform": "in solo and co-op, specialty hides turn a monster into a monster "
        "of the player's choice: standard, it rolls a bare D6 for the round; advanced, it "
        "becomes that monster in every respect, its own die (Part III, Specialty Hides; "
        "ruling DG-R70)",
    }

    FILES: ClassVar[dict[str, FileKind]] = {"content": "folder"}

    def validate(self) -> None:
        if self.team_hands != "hidden" and self.mode != "alliance":
            raise OptionError("team_hands is an Alliance option: it needs mode=alliance")
        if self.hide_transform != "standard" and not self.hides:
            raise OptionError(
                "hide_transform is a Hide Collection option: it needs mode=solo or coop"
            )
        if self.hides:
            # Part III: no Cash Cube in solo or co-op (Companions), and no
            # opponent's hero to fight: these homebrews have nothing to act on.
            idle = [h for h in ("mercenary_cube", "melee") if h in self.house_rules]
            if idle:
                raise OptionError(
                    f"house_rules {','.join(idle)} acts on opponents and their Cash Cubes, "
                    f"and mode={self.mode} has neither (Part III)"
                )
        if len(set(self.curses)) != len(self.curses):
            raise OptionError(f"curses names a curse twice: {shown(','.join(self.curses))}")
        if len(self.curses) > CASTLES:
            raise OptionError(
                f"curses names {len(self.curses)} curses, and the expansion has {CASTLES} curse "
                "castle standees"
            )
        for name in self.house_rules:
            if name not in HOUSE_RULES:
                known = ", ".join(HOUSE_RULES)
                raise OptionError(f"no house rule {shown(name)} (known: {known})")
        if len(set(self.house_rules)) != len(self.house_rules):
            raise OptionError(
                f"house_rules names a rule twice: {shown(','.join(self.house_rules))}"
            )
        if {"uneventful", "funeventful"} <= set(self.house_rules):
            raise OptionError("uneventful and funeventful contradict each other: pick one")
        if self.handcuffed and not self.house("handcuff_guardians"):
            raise OptionError(
                "handcuffed names Guardians, but the house rule handcuff_guardians is not on"
            )
        if len(set(self.handcuffed)) != len(self.handcuffed):
            raise OptionError(
                f"handcuffed names a Guardian twice: {shown(','.join(self.handcuffed))}"
            )

    @property
    def hides(self) -> bool:
        """Whether this is Hide Collection (solo or co-op: Part III).

        >>> DungeonsOptions(mode="coop").hides, DungeonsOptions().hides
        (True, False)
        """
        return self.mode in ("solo", "coop")

    def house(self, name: str) -> bool:
        """Whether the house rule ``name`` is in play.

        >>> DungeonsOptions(house_rules=("uneventful",)).house("uneventful")
        True
        """
        return name in self.house_rules
