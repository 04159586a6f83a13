"""Shoot Out's own agents (filled in by the solver and heuristic)."""

from __future__ import annotations

from saloon.core.game import AgentFactory

AGENTS: dict[str, AgentFactory] = {}
