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


def jit_inline(func: _F) -> _F:
    """As :func:`jit`, and inlined into the compiled functions that call it
    (Numba's ``inline="always"``): for small helpers called in a hot loop,
    where a call's bookkeeping (the reference counts of the arrays passed)
    would cost more than the helper's work."""
    if not HAVE_NUMBA:  # pragma: no cover
        return func
    return cast(_F, numba.njit(cache=True, nogil=True, inline="always")(func))


def borrowed(array: Any) -> Any:
    """A view of ``array`` that does not own it, for a compiled kernel's hot
    loop: Numba counts the references to an array at every call it is
    passed to, with an atomic operation that can cost more than a small
    function's work; a view that owns nothing skips that. The array itself
    must outlive the view (a kernel makes the view of an array it holds,
    and passes it down). In plain Python: the array itself.

    >>> import numpy as np
    >>> a = np.arange(3)
    >>> borrowed(a) is a
    True
    """
    return array


if HAVE_NUMBA:
    from numba.core import cgutils
    from numba.extending import intrinsic, overload

    @intrinsic
    def _unowned(typingctx: Any, array: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            src = context.make_array(array)(context, builder, value=args[0])
            out = context.make_array(array)(context, builder)
            out.meminfo = cgutils.get_null_value(src.meminfo.type)  # type: ignore[no-untyped-call]
            out.parent = cgutils.get_null_value(src.parent.type)  # type: ignore[no-untyped-call]
            out.nitems = src.nitems
            out.itemsize = src.itemsize
            out.data = src.data
            out.shape = src.shape
            out.strides = src.strides
            return out._getvalue()

        return array(array), codegen

    @overload(borrowed)
    def _borrowed_compiled(array: Any) -> Any:
        def impl(array: Any) -> Any:
            return _unowned(array)  # type: ignore[call-arg]

        return impl


__all__ = ["HAVE_NUMBA", "borrowed", "jit", "jit_inline"]
