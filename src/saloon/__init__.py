"""Saloon: play, solve and simulate tabletop dice games, true to their rulebooks."""

__version__ = "0.1.0"
