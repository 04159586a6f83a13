"""Saloon's games behind other libraries' APIs.

Each adapter is its own module and imports its library only when imported
itself, so Saloon works without them:

- :mod:`saloon.adapters.openspiel`: any game as a registered OpenSpiel
  (``pyspiel``) Python game, for OpenSpiel's algorithms and tests.
"""
