"""Optional Numba compilation for the hot kernels (solvers, batch loops).

Numba is the ``fast`` extra: with it, :func:`jit` compiles a function to
machine code (cached on disk, without the GIL); without it the function
runs as plain Python, with the same results, only slower.

Functions are decorated in a module's source (Numba caches by file):

>>> from saloon.games.d6shooters.showdown_kernel import cont
>>> import numpy as np
>>> cont(np.full((3, 3), 0.25), 2, 1), cont(np.full((3, 3), 0.25), 0, 1)
(0.25, 0.0)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

try:
    import numba

    HAVE_NUMBA = True
except ImportError:  # pragma: no cover - numba is an optional extra
    HAVE_NUMBA = False

_F = TypeVar("_F", bound=Callable[..., Any])


def jit(func: _F) -> _F:
    """Compile ``func`` with Numba (machine code cached on disk, ``nogil``)
    when it is installed; else return it unchanged."""
    if not HAVE_NUMBA:  # pragma: no cover
        return func
    return cast(_F, numba.njit(cache=True, nogil=True)(func))


__all__ = ["HAVE_NUMBA", "jit"]
