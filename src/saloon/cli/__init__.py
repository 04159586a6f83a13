"""Saloon's command line: ``saloon play``, ``solve``, ``advise``, ``rules``,
``replay`` and ``games``.

The CLI talks to games only through the core contract and each game's
renderers; bots come from :mod:`saloon.agents`.
"""
