"""Each game's own dice: a counter-based stream.

Game ``i`` of a run with seed ``seed`` draws its dice from a key made of
``(seed, i)`` alone, and its ``k``-th die from the key and ``k``
(SplitMix64's finaliser over the key plus ``k`` times the golden ratio), so
a game's dice do not depend on which thread plays it, in which block, or
what other games were played: a run split into chunks or spread over
threads gives the same games.

A die is the top of a 64-bit draw times six (the bias, under 2**-60, is
far below anything a simulation can see). The state array keeps the key
(63 bits, so it fits a signed slot) and the counter.
"""

from __future__ import annotations

import numpy as np

from saloon.core.jit import jit, jit_inline
from saloon.games.d6shooters.batch.slots import RNG_CTR, RNG_KEY

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S32 = np.uint64(32)
_S1 = np.uint64(1)
_SIX = np.uint64(6)


@jit_inline
def mix(z: np.uint64) -> np.uint64:
    """SplitMix64's finaliser: a 64-bit bijection that scrambles every bit."""
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@jit
def game_key(seed: int, index: int) -> int:
    """The key of game ``index`` of a run seeded ``seed`` (63 bits)."""
    k = mix(np.uint64(seed) * _GOLDEN + _S1)
    k = mix(k ^ (np.uint64(index) * _M2))
    return int(np.int64(k >> _S1))


@jit_inline
def die(s: np.ndarray) -> int:
    """The game's next die, 1 to 6."""
    ctr = s[RNG_CTR]
    s[RNG_CTR] = ctr + 1
    z = mix(np.uint64(s[RNG_KEY]) + np.uint64(ctr + 1) * _GOLDEN)
    return int(np.int64(((z >> _S32) * _SIX) >> _S32) + 1)


@jit_inline
def below(s: np.ndarray, n: int) -> int:
    """A uniform whole number from 0 to ``n - 1`` (``n`` at most 2**31)."""
    ctr = s[RNG_CTR]
    s[RNG_CTR] = ctr + 1
    z = mix(np.uint64(s[RNG_KEY]) + np.uint64(ctr + 1) * _GOLDEN)
    return int(np.int64(((z >> _S32) * np.uint64(n)) >> _S32))
