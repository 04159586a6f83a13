"""Read-only mappings that pickle.

Cowboys' content values (a deck, a shot chart, a card's parameters) keep
their tables in :class:`types.MappingProxyType`, which the standard pickle
refuses; a state goes to another process whole (the web table's bots think
in a process pool), so this module teaches pickle to copy one as the
proxy of a plain dict.
"""

from __future__ import annotations

import copyreg
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any


def frozen(mapping: Mapping[Any, Any]) -> MappingProxyType[Any, Any]:
    """A read-only view of a copy of ``mapping`` (one that pickles).

    >>> import pickle
    >>> pickle.loads(pickle.dumps(frozen({"a": 1})))["a"]
    1
    """
    return MappingProxyType(dict(mapping))


def _reduce(proxy: MappingProxyType[Any, Any]) -> tuple[Any, tuple[dict[Any, Any]]]:
    return frozen, (dict(proxy),)


copyreg.pickle(MappingProxyType, _reduce)
