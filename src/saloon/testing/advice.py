"""A check of a search advisor's order, for the tests of every game's advisor."""

from __future__ import annotations

from saloon.agents.advisor import SearchAdvisor
from saloon.core.advice import Advice


def assert_best_first(search: SearchAdvisor, answer: Advice) -> None:
    """``answer`` (the last of ``search``) lists the choices the search is
    sure beat the heuristic's own first, by value, then the heuristic's
    choice, then the rest by value (``SearchAdvisor``, "Best first")."""
    reference = search.last_candidates[0]
    order = [v.action for v in answer.values]
    k = order.index(reference)
    assert set(order[:k]) == search.last_sure, (order[:k], search.last_sure)
    values = [v.value for v in answer.values]
    assert values[:k] == sorted(values[:k], reverse=True)
    assert values[k + 1 :] == sorted(values[k + 1 :], reverse=True)
    assert all(v > values[k] for v in values[:k])
