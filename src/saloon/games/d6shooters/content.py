"""The d6 Shooters' content: maps and Event lists, read from TOML and validated.

The rulebook prints neither map (the playsheet is not in it) nor the whole
2d6 Event list, so Saloon authors them as data in ``content/*.toml``, each
marked ``reconstructed`` with its reason (rulings D6-R1 to D6-R4). A player
who owns the playsheet or the cards can replace them with the options
``map=PATH`` and ``events_file=PATH``; a malformed file raises
:class:`~saloon.core.errors.ContentError` naming the file and the key.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from saloon.core.errors import ContentError, shown
from saloon.core.files import read_content
from saloon.core.numerals import is_digits

#: Resource-space codes (Ep.2 "Resource Spaces"): resource letter and sign.
RESOURCE_CODES = ("P+", "P-", "F+", "F-", "G+", "G-", "A+", "A-", "D+")

#: A payment offered by an Event: (gold, food, ammo, posse).
Payment = tuple[int, int, int, int]

#: Every Event kind and its parameters with their defaults. Lists of
#: payments are written in TOML as tables ``{gold = 1, food = 1}``.
EVENT_KINDS: dict[str, dict[str, Any]] = {
    "nothing": {},
    "stampede": {"loss": 2},
    "rattlesnakes": {},
    "billy_escapes": {"ahead": 2, "days": 1},
    "deer_herd": {"small_ammo": 1, "small_food": 2, "big_ammo": 0, "big_days": 0, "big_bonus": 0},
    "gold_hills": {"which": "any"},
    "wagon_train": {"rate": 2},
    "slow_train": {},
    "downhill": {"mode": "extra_one"},
    "gunsight": {"gold": 5},
    "shortcut": {"spaces": 3},
    "shortcut_roll": {},
    "lost": {"days": 1, "food": 1},
    "demands": {"options": []},
    "fishing_hole": {},
    "bandits": {"options": [], "posse_dice": 1, "gang_dice": 2},
    "prisoner": {"gold_lost": 1, "gold_gained": 3},
    "campfire": {"food": 1},
    "critters": {"dice": 2},
    "lost_family": {"days": 1},
    "deserters": {"men": 2},
    "indian_guide": {},
    "traitor": {},
    "hometown": {"posse_dice": 2, "gang_dice": 2},
}
_CHOICES = {"which": ("any", "white"), "mode": ("extra_one", "red_ones")}

#: The 2d6 keys of the card list, low die first (Ep.1 "Event List").
CARD_KEYS = tuple(f"{a}-{b}" for a in range(1, 7) for b in range(a, 7))


@dataclass(frozen=True, eq=False)
class EventSpec:
    """One Event: its kind (what the code does), name, summary and parameters."""

    kind: str
    name: str
    text: str
    reconstructed: bool
    params: dict[str, Any] = field(default_factory=dict)

    def p(self, key: str) -> Any:
        return self.params[key]


@dataclass(frozen=True, eq=False)
class EventTable:
    """An episode's Event list (2d6, ``cards``) and one-die table (``d6``)."""

    source: str
    cards: dict[tuple[int, int], EventSpec]
    d6: tuple[EventSpec, ...]


@dataclass(frozen=True, eq=False)
class MapData:
    """An episode's route: spaces ``start``..``length`` (the destination)."""

    source: str
    name: str
    start: int
    length: int
    limit: int
    destination: str
    short_destination: str
    short_limit: int
    short_crowe: int
    towns: dict[int, str]
    events: frozenset[int]
    resources: dict[int, str]
    reconstructed: bool
    reason: str
    #: Named places that are not Towns (Ep.2's Loud Mouth Canyon): drawn only.
    landmarks: dict[int, str] = field(default_factory=dict)

    def town_at(self, name: str) -> int:
        for space, town in self.towns.items():
            if town == name:
                return space
        raise KeyError(name)


def _read(path: str | None, default: str) -> tuple[str, dict[str, Any]]:
    return read_content(path, "saloon.games.d6shooters", default)


def _int(source: str, where: str, value: object, lo: int = 0, hi: int = 10_000) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ContentError(f"{source}: {where} must be a whole number from {lo} to {hi}")
    return value


def _str(source: str, where: str, value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ContentError(f"{source}: {where} must be a non-empty string")
    return value


def _payment(source: str, where: str, value: object) -> Payment:
    if not isinstance(value, dict) or not value:
        raise ContentError(f"{source}: {where} must be a table such as {{gold = 1, food = 1}}")
    for k in value:
        if k not in ("gold", "food", "ammo", "posse"):
            raise ContentError(f"{source}: {where}.{k} is not gold, food, ammo or posse")
    g, f, a, p = (
        _int(source, f"{where}.{k}", value.get(k, 0), 0, 20)
        for k in ("gold", "food", "ammo", "posse")
    )
    if g + f + a + p == 0:
        raise ContentError(f"{source}: {where} pays nothing")
    return (g, f, a, p)


def _event(source: str, where: str, data: object, reconstructed: bool) -> EventSpec:
    if not isinstance(data, dict):
        raise ContentError(f"{source}: {where} must be a table")
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in EVENT_KINDS:
        raise ContentError(
            f"{source}: {where}.kind must be one of {', '.join(sorted(EVENT_KINDS))}, "
            f"not {shown(kind)}"
        )
    defaults = EVENT_KINDS[kind]
    params: dict[str, Any] = {}
    for key, default in defaults.items():
        value = data.get(key, default)
        if key == "options":
            if not isinstance(value, list) or not value:
                raise ContentError(
                    f"{source}: {where}.options must be a non-empty list of payments"
                )
            params[key] = tuple(
                _payment(source, f"{where}.options[{i}]", v) for i, v in enumerate(value)
            )
        elif key in _CHOICES:
            if value not in _CHOICES[key]:
                raise ContentError(
                    f"{source}: {where}.{key} must be one of {', '.join(_CHOICES[key])}"
                )
            params[key] = value
        else:
            params[key] = _int(source, f"{where}.{key}", value, 0, 20)
    known = {"kind", "name", "text", "reconstructed", "reason", *defaults}
    for key in data:
        if key not in known:
            raise ContentError(
                f"{source}: {where}.{shown(key)} is not a parameter of a {kind} Event"
            )
    if kind == "deer_herd" and params["small_ammo"] == 0:
        raise ContentError(f"{source}: {where}.small_ammo must be at least 1")
    return EventSpec(
        kind=kind,
        name=_str(source, f"{where}.name", data.get("name")),
        text=_str(source, f"{where}.text", data.get("text")),
        reconstructed=bool(data.get("reconstructed", reconstructed)),
        params=params,
    )


def load_events(path: str | None, episode: int) -> EventTable:
    """The Event list of ``episode`` (or the user's file), validated."""
    return _load_events(path, episode)


@cache
def _load_events(path: str | None, episode: int) -> EventTable:
    source, data = _read(path, f"events-ep{episode}.toml")
    top = bool(data.get("reconstructed", False))
    cards_raw = data.get("cards")
    if not isinstance(cards_raw, dict):
        raise ContentError(f"{source}: a [cards] table with the 21 entries 1-1 to 6-6 is needed")
    cards: dict[tuple[int, int], EventSpec] = {}
    for key in CARD_KEYS:
        if key not in cards_raw:
            raise ContentError(f"{source}: cards.{key} is missing")
        lo, hi = int(key[0]), int(key[2])
        cards[(lo, hi)] = _event(source, f"cards.{key}", cards_raw[key], top)
    for key in cards_raw:
        if key not in CARD_KEYS:
            raise ContentError(
                f"{source}: cards.{shown(key)} is not a roll of two dice, low die first"
            )
    d6_raw = data.get("d6")
    if not isinstance(d6_raw, dict):
        raise ContentError(f"{source}: a [d6] table with the entries 1 to 6 is needed")
    d6: list[EventSpec] = []
    for n in range(1, 7):
        if str(n) not in d6_raw:
            raise ContentError(f"{source}: d6.{n} is missing")
        d6.append(_event(source, f"d6.{n}", d6_raw[str(n)], top))
    for key in d6_raw:
        if key not in {str(n) for n in range(1, 7)}:
            raise ContentError(f"{source}: d6.{shown(key)} is not a face of a die")
    return EventTable(source=source, cards=cards, d6=tuple(d6))


def load_map(path: str | None, episode: int) -> MapData:
    """The map of ``episode`` (or the user's file), validated."""
    return _load_map(path, episode)


@cache
def _load_map(path: str | None, episode: int) -> MapData:
    source, data = _read(path, f"map-ep{episode}.toml")
    length = _int(source, "length", data.get("length"), 5, 500)
    start = _int(source, "start", data.get("start", 1), 0, length - 1)
    limit = _int(source, "limit", data.get("limit"), 5, 200)
    short_limit = _int(source, "short_limit", data.get("short_limit"), 5, 200)
    towns_raw = data.get("towns")
    if not isinstance(towns_raw, list) or not towns_raw:
        raise ContentError(f"{source}: towns must be a list of {{space = N, name = ...}}")
    towns: dict[int, str] = {}
    for i, t in enumerate(towns_raw):
        if not isinstance(t, dict):
            raise ContentError(f"{source}: towns[{i}] must be a table")
        space = _int(source, f"towns[{i}].space", t.get("space"), start, length)
        if space in towns:
            raise ContentError(f"{source}: towns[{i}].space {space} holds two towns")
        towns[space] = _str(source, f"towns[{i}].name", t.get("name"))
    names = list(towns.values())
    if len(set(names)) != len(names):
        raise ContentError(f"{source}: towns: two towns have the same name")
    destination = _str(source, "destination", data.get("destination"))
    short = _str(source, "short_destination", data.get("short_destination"))
    for key, name in (("destination", destination), ("short_destination", short)):
        if name not in names:
            raise ContentError(f"{source}: {key} {shown(name)} is not one of the towns")
    if towns.get(length) != destination:
        raise ContentError(
            f"{source}: destination {shown(destination)} must stand on the last space"
        )
    if towns.get(start) is None:
        raise ContentError(f"{source}: start space {start} must be a town")
    events_raw = data.get("events")
    if not isinstance(events_raw, list):
        raise ContentError(f"{source}: events must be a list of spaces")
    events: set[int] = set()
    for i, e in enumerate(events_raw):
        space = _int(source, f"events[{i}]", e, start + 1, length - 1)
        if space in towns:
            raise ContentError(f"{source}: events[{i}] {space} is a town")
        events.add(space)
    res_raw = data.get("resources", {})
    if not isinstance(res_raw, dict):
        raise ContentError(f"{source}: resources must be a table of space = code")
    resources_: dict[int, str] = {}
    for key, code in res_raw.items():
        if not is_digits(str(key)) or len(str(key)) > 4:
            raise ContentError(f"{source}: resources.{shown(key)} is not a space number")
        space = int(key)
        if not start < space < length or space in towns or space in events:
            raise ContentError(f"{source}: resources.{key} must be a plain space on the route")
        if code not in RESOURCE_CODES:
            raise ContentError(
                f"{source}: resources.{key} must be one of {', '.join(RESOURCE_CODES)}"
            )
        resources_[space] = str(code)
    if resources_ and episode == 1:
        raise ContentError(f"{source}: resource spaces belong to episode 2 only")
    marks_raw = data.get("landmarks", {})
    if not isinstance(marks_raw, dict):
        raise ContentError(f"{source}: landmarks must be a table of space = name")
    landmarks: dict[int, str] = {}
    for key, name in marks_raw.items():
        if not str(key).isdigit() or not start < int(key) < length or int(key) in towns:
            raise ContentError(f"{source}: landmarks.{key} must be a plain space on the route")
        landmarks[int(key)] = _str(source, f"landmarks.{key}", name)
    return MapData(
        source=source,
        name=_str(source, "name", data.get("name")),
        start=start,
        length=length,
        limit=limit,
        destination=destination,
        short_destination=short,
        short_limit=short_limit,
        short_crowe=_int(source, "short_crowe", data.get("short_crowe", 18), 0, 18),
        towns=dict(sorted(towns.items())),
        events=frozenset(events),
        resources=resources_,
        reconstructed=bool(data.get("reconstructed", False)),
        reason=str(data.get("reason", "")),
        landmarks=dict(sorted(landmarks.items())),
    )
