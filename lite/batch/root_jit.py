"""The crowd's root-motion pass as one compiled loop (numba), bit for bit the Python path.

The same float operations in the same order as the Python-float path of
:mod:`lite.batch.root_motion`, so the same float64 bits, without the interpreter's cost per
operation.

numba is a dependency of the package, but the batch engine does not need it: where it cannot be
imported, or with ``LITE_JIT=0`` in the environment, :data:`ENABLED` is False and the engine
keeps its pure-Python and numpy paths, which give the same numbers. numba is imported and the
loop compiled on first use (a few seconds once; then loaded from ``__pycache__`` where the
package folder is writable).

The loop of :func:`advance_rows_kernel` handles every member whose frame is a step forward
inside one loop cycle, a single wrap to the next cycle, or a paused clock, for a root whose
translation and rotation share one LINEAR key grid. It flags the others (seeks backwards,
several loops in one frame, times before the first key) in the last column of its state rows
and leaves their crowd rows untouched, for the caller to finish with the tracker's own
extraction.
"""

from __future__ import annotations

import math
import os
import warnings
from collections.abc import Callable
from importlib.util import find_spec
from typing import Any, Final

import numpy as np

from lite.batch import aot
from lite.errors import LiteWarning

__all__ = ["ENABLED", "advance_rows_kernel"]

#: Whether the compiled pass is used: numba is installed and ``LITE_JIT`` is not ``0``.
#: (numba itself is imported on the pass's first use: it takes about half a second.)
ENABLED: Final = find_spec("numba") is not None and os.environ.get("LITE_JIT", "1") != "0"


def _sample_impl(x: float, times: Any, seg: Any, out: Any) -> None:  # pragma: no cover
    """The root at clip-local time ``x > times[0]`` into ``out[0:7]``, its rotation
    normalised (``_sample1`` then ``qnormalize`` of :mod:`lite.batch.root_motion`)."""
    hi = times.shape[0] - 1
    idx = hi - 1 if x >= times[hi] else np.searchsorted(times, x, side="right") - 1
    f = 1.0 if x >= times[idx + 1] else (x - seg[idx, 0]) / seg[idx, 1]
    out[0] = seg[idx, 2] + f * seg[idx, 5]
    out[1] = seg[idx, 3] + f * seg[idx, 6]
    out[2] = seg[idx, 4] + f * seg[idx, 7]
    ax, ay, az, aw = seg[idx, 8], seg[idx, 9], seg[idx, 10], seg[idx, 11]
    if seg[idx, 18] != 0.0:  # lerped and renormalised (the pair is this close)
        x0 = ax + f * seg[idx, 12]
        y0 = ay + f * seg[idx, 13]
        z0 = az + f * seg[idx, 14]
        w0 = aw + f * seg[idx, 15]
        inv = 1.0 / math.sqrt(x0 * x0 + y0 * y0 + z0 * z0 + w0 * w0)
        qx, qy, qz, qw = x0 * inv, y0 * inv, z0 * inv, w0 * inv
    else:
        theta, sin_theta = seg[idx, 16], seg[idx, 17]
        wa = math.sin((1.0 - f) * theta) / sin_theta
        wb = math.sin(f * theta) / sin_theta
        qx = wa * ax + wb * seg[idx, 12]
        qy = wa * ay + wb * seg[idx, 13]
        qz = wa * az + wb * seg[idx, 14]
        qw = wa * aw + wb * seg[idx, 15]
    n = math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw)
    if n == 0.0:
        qx, qy, qz, qw = 0.0, 0.0, 0.0, 1.0
    else:
        qx, qy, qz, qw = qx / n, qy / n, qz / n, qw / n
    out[3] = qx
    out[4] = qy
    out[5] = qz
    out[6] = qw


def _segment_impl(a: Any, ao: int, b: Any, bo: int, m: Any) -> None:  # pragma: no cover
    """The motion from sample ``a[ao:]`` to ``b[bo:]`` in the first one's frame, into ``m``."""
    ix, iy, iz, iw = -a[ao + 3], -a[ao + 4], -a[ao + 5], a[ao + 6]
    vx, vy, vz = b[bo] - a[ao], b[bo + 1] - a[ao + 1], b[bo + 2] - a[ao + 2]
    cx = iy * vz - iz * vy
    cy = iz * vx - ix * vz
    cz = ix * vy - iy * vx
    m[0] = vx + 2.0 * (iw * cx + iy * cz - iz * cy)
    m[1] = vy + 2.0 * (iw * cy + iz * cx - ix * cz)
    m[2] = vz + 2.0 * (iw * cz + ix * cy - iy * cx)
    qx, qy, qz, qw = b[bo + 3], b[bo + 4], b[bo + 5], b[bo + 6]
    m[3] = iw * qx + ix * qw + iy * qz - iz * qy
    m[4] = iw * qy - ix * qz + iy * qw + iz * qx
    m[5] = iw * qz + ix * qy - iy * qx + iz * qw
    m[6] = iw * qw - ix * qx - iy * qy - iz * qz


def _advance_rows_impl(
    consts: Any,
    seg: Any,
    state: Any,
    rows: Any,
    positions: Any,
    rotations: Any,
    translations: Any,
    turns: Any,
) -> int:  # pragma: no cover - compiled
    """One frame of root motion for ``len(state)`` members (see the module notes).

    ``consts`` is the duration, the root at time 0 and at the duration (7 floats each,
    rotations normalised), then the key times; ``seg`` the segment table ``(S, 19)`` of
    :mod:`lite.batch.root_motion`. ``state`` is ``(n, 11)``, one row per member: the times
    before and after (set by the caller), its last clip-local time and sample (kept here),
    and a flag set for the members left to the caller. ``rows`` are the members' rows of the
    crowd's arrays. Returns how many members were flagged. (Few arguments: numba's dispatch
    costs about half a microsecond per argument, more than the loop over a small crowd.)
    """
    duration = consts[0]
    ends = consts[1:15]
    times = consts[15:]
    first_time = times[0]
    # RootMotionTracker.tick_ok's rule (MAX_TICK_CYCLES = 2^51 loops), checked before any
    # floor: past 2^63 loops an int64 floor wraps. NaN fails every comparison.
    limit = 2251799813685248.0 * duration
    cur = np.empty(7)
    prev = np.empty(7)
    m = np.empty(7)
    tail = np.empty(7)
    flagged = 0
    for i in range(state.shape[0]):
        st = state[i]
        a, b = st[0], st[1]
        st[10] = 0.0
        if not (-limit < a < limit and -limit < b < limit):
            st[10] = 1.0  # refused by the caller, this member alone
            st[2] = math.nan
            flagged += 1
            continue
        if a == b:
            for c in range(7):
                m[c] = 0.0
            m[6] = 1.0
            st[2] = math.nan
        else:
            ca = math.floor(a / duration)
            cb = math.floor(b / duration)
            la = a - ca * duration
            lb = b - cb * duration
            if not (b > a and cb - ca <= 1.0 and lb > first_time and la > first_time):
                st[10] = 1.0
                st[2] = math.nan
                flagged += 1
                continue
            if st[2] == la:
                for c in range(7):
                    prev[c] = st[3 + c]
            else:
                _sample(la, times, seg, prev)
            _sample(lb, times, seg, cur)
            st[2] = lb
            for c in range(7):
                st[3 + c] = cur[c]
            if ca == cb:
                _segment(prev, 0, cur, 0, m)
            else:
                # Tail of the cycle (to its end), then the head of the next (from time 0).
                _segment(prev, 0, ends, 7, tail)
                _segment(ends, 0, cur, 0, m)
                hx, hy, hz, hqx, hqy, hqz, hqw = m[0], m[1], m[2], m[3], m[4], m[5], m[6]
                tqx, tqy, tqz, tqw = tail[3], tail[4], tail[5], tail[6]
                cx = tqy * hz - tqz * hy
                cy = tqz * hx - tqx * hz
                cz = tqx * hy - tqy * hx
                m[0] = tail[0] + (hx + 2.0 * (tqw * cx + tqy * cz - tqz * cy))
                m[1] = tail[1] + (hy + 2.0 * (tqw * cy + tqz * cx - tqx * cz))
                m[2] = tail[2] + (hz + 2.0 * (tqw * cz + tqx * cy - tqy * cx))
                m[3] = tqw * hqx + tqx * hqw + tqy * hqz - tqz * hqy
                m[4] = tqw * hqy - tqx * hqz + tqy * hqw + tqz * hqx
                m[5] = tqw * hqz + tqx * hqy - tqy * hqx + tqz * hqw
                m[6] = tqw * hqw - tqx * hqx - tqy * hqy - tqz * hqz
        # The turn, normalised, then the character's update.
        mx, my, mz = m[0], m[1], m[2]
        rx, ry, rz, rw = m[3], m[4], m[5], m[6]
        n = math.sqrt(rx * rx + ry * ry + rz * rz + rw * rw)
        if n == 0.0:
            ux, uy, uz, uw = 0.0, 0.0, 0.0, 1.0
        else:
            ux, uy, uz, uw = rx / n, ry / n, rz / n, rw / n
        r = rows[i]
        translations[r, 0] = mx
        translations[r, 1] = my
        translations[r, 2] = mz
        turns[r, 0] = ux
        turns[r, 1] = uy
        turns[r, 2] = uz
        turns[r, 3] = uw
        wx, wy, wz, ww = rotations[r, 0], rotations[r, 1], rotations[r, 2], rotations[r, 3]
        cx = wy * mz - wz * my
        cy = wz * mx - wx * mz
        cz = wx * my - wy * mx
        positions[r, 0] += mx + 2.0 * (ww * cx + wy * cz - wz * cy)
        positions[r, 1] += my + 2.0 * (ww * cy + wz * cx - wx * cz)
        positions[r, 2] += mz + 2.0 * (ww * cz + wx * cy - wy * cx)
        px = ww * ux + wx * uw + wy * uz - wz * uy
        py = ww * uy - wx * uz + wy * uw + wz * ux
        pz = ww * uz + wx * uy - wy * ux + wz * uw
        pw = ww * uw - wx * ux - wy * uy - wz * uz
        n = math.sqrt(px * px + py * py + pz * pz + pw * pw)
        if n == 0.0:
            rotations[r, 0], rotations[r, 1], rotations[r, 2], rotations[r, 3] = 0.0, 0.0, 0.0, 1.0
        else:
            rotations[r, 0] = px / n
            rotations[r, 1] = py / n
            rotations[r, 2] = pz / n
            rotations[r, 3] = pw / n
    return flagged


# The helpers are looked up by name when the loop runs (in Python) or is compiled (numba
# resolves globals then): the plain functions, until advance_rows_kernel compiles them.
_sample: Any = _sample_impl
_segment: Any = _segment_impl
_kernel: Callable[..., int] | None = None
#: Why the compiled pass cannot be used in this process (None: it can, or was not tried).
_broken: str | None = None


def broken() -> str | None:
    """Why numba could not import, compile, cache or load the pass in this process (the
    batch engine then keeps its Python paths), or None."""
    return _broken


def disable(exc: BaseException) -> None:
    """Give up the compiled pass for this process after ``exc`` (raised by numba while
    importing, compiling, caching or loading it): warn once (``LITE-MOTION-W02``); the
    batch engine's Python and numpy paths give the same numbers."""
    global _broken, _kernel
    if _broken is not None:
        return
    _kernel = None
    _broken = (
        f"{type(exc).__name__}: {exc}".splitlines()[0][:300] if str(exc) else type(exc).__name__
    )
    warnings.warn(
        LiteWarning(
            "LITE-MOTION-W02",
            f"numba is installed but the compiled root-motion pass cannot be used ({_broken}); "
            "the Python path is used instead (same numbers, slower). Set LITE_JIT=0 to skip "
            "numba, or NUMBA_CACHE_DIR to a writable folder",
        ),
        stacklevel=3,
    )


def advance_rows_kernel() -> Callable[..., int] | None:
    """The frame's pass: compiled with numba (on the first call; cached on disk where the
    package folder is writable) when :data:`ENABLED`, else the plain Python function (the
    same arithmetic on numpy scalars, far slower; the batch engine does not call it then and
    runs its own Python paths instead).

    None when numba is installed but unusable (an import that raises, no writable cache
    location, a corrupt cache file): :func:`disable` warned once, and :func:`broken` says why.
    A failure in the first call of the returned kernel (where numba compiles or loads its
    cache) is the caller's to hand to :func:`disable`.
    """
    global _kernel, _sample, _segment
    if _broken is not None:
        return None
    if _kernel is None:
        if ENABLED:  # pragma: no branch - depends on the install
            try:
                import numba  # third-party, optional: imported on first use only

                jit = numba.njit(cache=aot.numba_cache(), nogil=True)
                sample, segment, kernel = (
                    jit(_sample_impl),
                    jit(_segment_impl),
                    jit(_advance_rows_impl),
                )
            except Exception as exc:  # numba present but broken: any failure, once
                disable(exc)
                return None
            _sample, _segment, _kernel = sample, segment, kernel
        else:
            _kernel = _advance_rows_impl
    return _kernel
