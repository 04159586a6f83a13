"""The game registry: every game by its id.

Games register through the ``saloon.games`` entry-point group, so a game in
another package is found the same way as the built-in ones; tests may also
:func:`register` a game directly.
"""

from __future__ import annotations

from importlib.metadata import entry_points

from saloon.core.errors import UnknownName, shown
from saloon.core.game import Game

_GAMES: dict[str, Game] = {}
_LOADED = False


def register(game: Game, *, replace: bool = False) -> Game:
    """Register ``game`` under its id; returns it (usable as a decorator)."""
    if game.id in _GAMES and not replace and _GAMES[game.id] is not game:
        raise ValueError(f"a game with id {game.id!r} is already registered")
    _GAMES[game.id] = game
    return game


def unregister(game_id: str) -> None:
    _GAMES.pop(game_id, None)


def _load_entry_points() -> None:
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    for ep in entry_points(group="saloon.games"):
        game = ep.load()
        if isinstance(game, Game) and game.id not in _GAMES:
            _GAMES[game.id] = game


def get_game(game_id: str) -> Game:
    """The registered game with this id.

    >>> get_game("shootout").title
    'Shoot Out'
    """
    _load_entry_points()
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "(none)"
        raise UnknownName(f"no game called {shown(game_id)} (games: {known})") from None


def all_games() -> list[Game]:
    """Every registered game, by id."""
    _load_entry_points()
    return [_GAMES[k] for k in sorted(_GAMES)]
