"""Damped springs sampled as a pure function of time: secondary motion (tails, antennas, cables).

lite's own addition (Babylon Lite has no springs), shaped after the design reference 004
(DriftEngine's ``sampleSpring`` / ``sampleSpringChain``). A spring is never *advanced*: asking
for its position at time ``t`` replays it from rest over the lookback window
``[t - spring_settle_time(settings), t]``, calling ``anchor_at(s, out)`` at the times ``s`` it
needs. So no state is carried between calls, and dragging a playhead backwards gives exactly the
pose the forward pass gave. ``anchor_at`` must itself be a pure function of the time it is handed
(sample a clip at that time, never read a clock).

The model, per axis: ``x'' = omega^2 (a(t) - x) - 2 zeta omega x'`` (``a`` the anchor). Each
substep applies the exact transition of that linear system (a 2x2 matrix exponential, closed
form for under-, critically and over-damped springs) with the anchor held at its value at the
substep's midpoint: exact for an anchor that is constant over each substep, second order in the
substep for a smooth one. Substeps lie on a fixed lattice of times ``k * dt`` (``dt`` depends on
the settings only), so the answer at ``t`` does not depend on how earlier calls were made, and an
anchor that jumps at a lattice time is followed exactly.

A chain (:func:`sample_spring_chain`) marches every link on that one lattice: link 0 follows the
anchor, link ``i`` follows where link ``i - 1`` actually is (lagging and overshooting) plus its
rest offset. Evaluating links one by one would need each parent at every substep of every
child, ``steps ** depth`` anchor calls for the same answer.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

import numpy as np

from lite.errors import AnimationStateError, finite_real

if TYPE_CHECKING:
    from lite.animation.types import F64Array

__all__ = [
    "SPRING_FORGET_RATIO",
    "SpringSettings",
    "sample_spring",
    "sample_spring_chain",
    "spring_chain_settle_time",
    "spring_settle_time",
]

#: What a spring still remembers after its settle time: ``exp(-zeta * omega * settle)``.
SPRING_FORGET_RATIO: Final = 1e-3
#: Substeps per settle window (the lattice is finer when the spring oscillates fast).
_STEPS_PER_SETTLE: Final = 90
#: At most this fraction of ``1 / omega`` per substep, so fast springs stay resolved.
_STEP_OMEGA_FRACTION: Final = 0.25
#: Most substeps one call may take (a very lightly damped, very stiff spring is refused).
MAX_SPRING_STEPS: Final = 1_000_000

#: ``anchor_at(time_s, out)`` writes the anchor position at ``time_s`` into ``out`` (3 floats).
AnchorAt = Callable[[float, "F64Array"], object]


def _positive(value: object, name: str, code: str) -> float:
    number = finite_real(value)
    if number is None or number <= 0.0:
        raise AnimationStateError(
            code,
            f"SpringSettings {name} must be a finite number > 0, got {value!r}",
            hint="an undamped spring never forgets, so no lookback can sample it; use a damping "
            "ratio > 0 (1 is critical damping)"
            if name == "damping_ratio"
            else "pass the spring's natural angular frequency in rad/s, e.g. 12.0",
            input_name=name,
        )
    return number


@dataclass(frozen=True, slots=True)
class SpringSettings:
    """A damped spring: natural angular frequency ``omega`` (rad/s) and damping ratio ``zeta``.

    ``damping_ratio`` 1 is critical damping (no overshoot), below 1 it overshoots and rings,
    above 1 it sags in. Exactly 0 is refused: an undamped spring rings forever, so no lookback
    is long enough to sample it as a function of time.

    Parameters
    ----------
    angular_frequency
        ``omega`` in rad/s (``2 * pi * frequency_hz``), finite and > 0.
    damping_ratio
        ``zeta``, finite and > 0.

    Raises
    ------
    AnimationStateError
        ``LITE-MOTION-001`` for a damping ratio that is not a finite number > 0;
        ``LITE-MOTION-002`` for a frequency that is not a finite number > 0, or a spring so
        stiff and so lightly damped that sampling it would take over a million substeps.
    """

    angular_frequency: float
    damping_ratio: float

    def __post_init__(self) -> None:
        zeta = _positive(self.damping_ratio, "damping_ratio", "LITE-MOTION-001")
        omega = _positive(self.angular_frequency, "angular_frequency", "LITE-MOTION-002")
        object.__setattr__(self, "damping_ratio", zeta)
        object.__setattr__(self, "angular_frequency", omega)
        if _steps_for(self) > MAX_SPRING_STEPS:
            raise AnimationStateError(
                "LITE-MOTION-002",
                f"SpringSettings(angular_frequency={omega!r}, damping_ratio={zeta!r}) needs "
                f"over {MAX_SPRING_STEPS:,} substeps per sample",
                hint="raise the damping ratio or lower the frequency",
                input_name="damping_ratio",
            )


def spring_settle_time(settings: SpringSettings) -> float:
    """How long ``settings`` takes to forget: ``-ln(1e-3) / (zeta * omega)`` seconds.

    The lookback :func:`sample_spring` replays. (Over-damped springs decay more slowly than
    ``zeta * omega``; their slow rate ``omega * (zeta - sqrt(zeta^2 - 1))`` is used instead.)

    Examples
    --------
    >>> round(spring_settle_time(SpringSettings(10.0, 1.0)), 4)
    0.6908
    """
    _check_settings(settings, "settings")
    return _settle(settings)


def spring_chain_settle_time(
    settings: SpringSettings | Sequence[SpringSettings], links: int
) -> float:
    """Lookback of a chain of ``links`` springs: the sum of the links' settle times.

    A link's anchor is its parent's lagging position, so a chain remembers longer than any one
    of its links; the sum bounds that memory and grows with depth.
    """
    per_link = _link_settings(settings, _link_count(links))
    return sum(_settle(s) for s in per_link)


def _settle(settings: SpringSettings) -> float:
    zeta = settings.damping_ratio
    omega = settings.angular_frequency
    rate = zeta * omega if zeta <= 1.0 else omega * (zeta - math.sqrt(zeta * zeta - 1.0))
    return -math.log(SPRING_FORGET_RATIO) / rate


def _lattice_dt(settings: Sequence[SpringSettings], window: float) -> float:
    fastest = max(s.angular_frequency for s in settings)
    return min(window / _STEPS_PER_SETTLE, _STEP_OMEGA_FRACTION / fastest)


def _steps_for(settings: SpringSettings) -> float:
    window = _settle(settings)
    return window / _lattice_dt((settings,), window)


def _transition(settings: SpringSettings, dt: float) -> tuple[float, float, float, float]:
    """``exp(A dt)`` for ``A = [[0, 1], [-omega^2, -2 zeta omega]]``: (m00, m01, m10, m11)."""
    omega = settings.angular_frequency
    zeta = settings.damping_ratio
    if abs(zeta - 1.0) < 1e-9:
        decay = math.exp(-omega * dt)
        return (
            decay * (1.0 + omega * dt),
            decay * dt,
            -decay * omega * omega * dt,
            decay * (1.0 - omega * dt),
        )
    if zeta < 1.0:
        wd = omega * math.sqrt(1.0 - zeta * zeta)
        decay = math.exp(-zeta * omega * dt)
        c = math.cos(wd * dt)
        s = math.sin(wd * dt)
        k = zeta * omega / wd
        return (
            decay * (c + k * s),
            decay * s / wd,
            -decay * omega * omega * s / wd,
            decay * (c - k * s),
        )
    root = math.sqrt(zeta * zeta - 1.0)
    r1 = -omega * (zeta - root)
    r2 = -omega * (zeta + root)
    e1 = math.exp(r1 * dt)
    e2 = math.exp(r2 * dt)
    inv = 1.0 / (r1 - r2)
    return (
        (r1 * e2 - r2 * e1) * inv,
        (e1 - e2) * inv,
        r1 * r2 * (e2 - e1) * inv,
        (r1 * e1 - r2 * e2) * inv,
    )


def _check_settings(settings: object, name: str) -> SpringSettings:
    if not isinstance(settings, SpringSettings):
        raise AnimationStateError(
            "LITE-MOTION-003",
            f"{name} must be a SpringSettings, got {type(settings).__name__}",
            hint="pass lite.SpringSettings(angular_frequency, damping_ratio)",
            input_name=name,
        )
    return settings


#: Most links one chain may have.
MAX_SPRING_CHAIN_LINKS: Final = 100_000


def _link_count(links: object) -> int:
    if (
        isinstance(links, bool)
        or not isinstance(links, int | np.integer)
        or not 1 <= int(links) <= MAX_SPRING_CHAIN_LINKS
    ):
        raise AnimationStateError(
            "LITE-MOTION-003",
            f"a spring chain needs 1 to {MAX_SPRING_CHAIN_LINKS:,} links, got {links!r}",
            hint="pass out with shape (links, 3)",
            input_name="links",
        )
    return int(links)


def _link_settings(
    settings: SpringSettings | Sequence[SpringSettings], links: int
) -> tuple[SpringSettings, ...]:
    if isinstance(settings, SpringSettings):
        return (settings,) * links
    if isinstance(settings, str | bytes) or not isinstance(settings, Sequence):
        raise _check_settings_error(settings)
    items = tuple(settings)
    if len(items) != links:
        raise AnimationStateError(
            "LITE-MOTION-003",
            f"settings gives {len(items)} springs for a chain of {links} links",
            hint="pass one SpringSettings for every link, or one for all of them",
            input_name="settings",
        )
    for i, item in enumerate(items):
        _check_settings(item, f"settings[{i}]")
    return items


def _check_settings_error(settings: object) -> AnimationStateError:
    return AnimationStateError(
        "LITE-MOTION-003",
        f"settings must be a SpringSettings or a sequence of them, got {type(settings).__name__}",
        hint="pass lite.SpringSettings(angular_frequency, damping_ratio)",
        input_name="settings",
    )


def _check_time(time: object) -> float:
    number = finite_real(time)
    if number is None:
        raise AnimationStateError(
            "LITE-MOTION-004",
            f"a spring sample time must be a finite number of seconds, got {time!r}",
            hint="pass the time in seconds, e.g. 1.25",
            input_name="time",
        )
    return number


def _check_out(out: object, rows: int | None) -> F64Array:
    shape = (3,) if rows is None else None
    ok = (
        isinstance(out, np.ndarray)
        and out.dtype == np.float64
        and out.flags.writeable
        and out.flags.c_contiguous
        and (out.shape == shape if shape is not None else out.ndim == 2 and out.shape[1] == 3)
    )
    if not ok:
        want = "(3,)" if rows is None else "(links, 3)"
        got = (
            f"{out.dtype} array of shape {out.shape}"
            if isinstance(out, np.ndarray)
            else type(out).__name__
        )
        raise AnimationStateError(
            "LITE-MOTION-005",
            f"out must be a writable, C-contiguous float64 array of shape {want}, got {got}",
            hint=f"allocate it once with np.zeros({'3' if rows is None else '(links, 3)'})",
            input_name="out",
        )
    assert isinstance(out, np.ndarray)
    return out


def _anchor(anchor_at: AnchorAt, t: float, buf: F64Array) -> tuple[float, float, float]:
    anchor_at(t, buf)
    x, y, z = float(buf[0]), float(buf[1]), float(buf[2])
    if not (math.isfinite(x) and math.isfinite(y) and math.isfinite(z)):
        raise AnimationStateError(
            "LITE-MOTION-006",
            f"anchor_at({t!r}) wrote a non-finite position ({x!r}, {y!r}, {z!r})",
            hint="anchor_at(time_s, out) must write 3 finite floats into out",
            input_name="anchor_at",
        )
    return x, y, z


def sample_spring(
    settings: SpringSettings, anchor_at: AnchorAt, time: float, out: F64Array
) -> F64Array:
    """Position at ``time`` of a spring that follows ``anchor_at``, into ``out`` (3 floats).

    A pure function of ``time``: the spring starts at rest on the anchor
    :func:`spring_settle_time` before ``time`` (snapped down to the substep lattice) and is
    replayed to ``time``; what happened before that window is forgotten to within a factor of
    1e-3. ``anchor_at(s, buf)`` is called at the midpoint of every substep, and must write the
    anchor position at ``s`` into ``buf`` (it is handed ``out`` as the buffer).

    Parameters
    ----------
    settings
        The spring.
    anchor_at
        ``anchor_at(time_s, out)``: a pure function of ``time_s``.
    time
        Seconds (finite; any sign).
    out
        ``(3,)`` float64, C-contiguous, writable: receives the position.

    Returns
    -------
    numpy.ndarray
        ``out``.

    Raises
    ------
    AnimationStateError
        ``LITE-MOTION-003`` for settings that are not :class:`SpringSettings`;
        ``LITE-MOTION-004`` for a non-finite time; ``LITE-MOTION-005`` for a bad ``out``;
        ``LITE-MOTION-006`` when ``anchor_at`` is not callable or writes a non-finite position
        (``out`` is then unspecified).

    Examples
    --------
    >>> import numpy as np
    >>> def anchor(t, out):
    ...     out[:] = (1.0 if t >= 0.0 else 0.0, 0.0, 0.0)
    >>> p = sample_spring(SpringSettings(10.0, 1.0), anchor, 0.1, np.zeros(3))
    >>> round(float(p[0]), 6)  # critically damped step response: 1 - e^(-1) (1 + 1)
    0.264241
    """
    _check_settings(settings, "settings")
    t = _check_time(time)
    buf = _check_out(out, None)
    _check_anchor(anchor_at)
    window = _settle(settings)
    dt = _lattice_dt((settings,), window)
    full = _transition(settings, dt)
    k0 = math.floor((t - window) / dt)
    k1 = math.floor(t / dt)
    s = k0 * dt
    ax, ay, az = _anchor(anchor_at, s, buf)
    # Deviation from the anchor (e) and velocity (v) per axis: at rest on the anchor.
    px, py, pz = ax, ay, az
    vx = vy = vz = 0.0
    m00, m01, m10, m11 = full
    for k in range(k0, k1 + 1):
        start = k * dt
        end = min((k + 1) * dt, t)
        h = end - start
        if h <= 0.0:
            break
        if h < dt:
            m00, m01, m10, m11 = _transition(settings, h)
        ax, ay, az = _anchor(anchor_at, start + 0.5 * h, buf)
        ex, ey, ez = px - ax, py - ay, pz - az
        px = ax + m00 * ex + m01 * vx
        py = ay + m00 * ey + m01 * vy
        pz = az + m00 * ez + m01 * vz
        vx, vy, vz = m10 * ex + m11 * vx, m10 * ey + m11 * vy, m10 * ez + m11 * vz
    buf[0] = px
    buf[1] = py
    buf[2] = pz
    return buf


def _check_anchor(anchor_at: object) -> None:
    if not callable(anchor_at):
        raise AnimationStateError(
            "LITE-MOTION-006",
            f"anchor_at must be callable, got {type(anchor_at).__name__}",
            hint="pass a function anchor_at(time_s, out) writing 3 floats into out",
            input_name="anchor_at",
        )


def sample_spring_chain(
    settings: SpringSettings | Sequence[SpringSettings],
    anchor_at: AnchorAt,
    time: float,
    out: F64Array,
    offsets: F64Array | None = None,
) -> F64Array:
    """Positions at ``time`` of a chain of springs hanging from ``anchor_at``, into ``out``.

    ``out`` is ``(links, 3)``. Link 0 follows the anchor; link ``i`` follows link ``i - 1``'s
    actual position plus ``offsets[i]`` (its rest offset from the link above; link 0's offset
    is from the anchor). Every link is marched on one substep lattice over the chain's lookback,
    :func:`spring_chain_settle_time`; the chain starts at rest, each link at its parent plus its
    offset.

    Parameters
    ----------
    settings
        One :class:`SpringSettings` for every link, or a sequence of ``links`` of them.
    anchor_at
        ``anchor_at(time_s, out)``: a pure function of ``time_s`` writing 3 floats.
    time
        Seconds (finite).
    out
        ``(links, 3)`` float64, C-contiguous, writable.
    offsets
        Optional ``(links, 3)`` rest offsets (default: every link on its parent).

    Returns
    -------
    numpy.ndarray
        ``out``.

    Raises
    ------
    AnimationStateError
        As :func:`sample_spring`; ``LITE-MOTION-003`` also when ``settings`` has the wrong
        number of springs; ``LITE-MOTION-005`` for ``offsets`` of the wrong shape or dtype or
        with non-finite values.
    """
    t = _check_time(time)
    arr = _check_out(out, 0)
    links = _link_count(arr.shape[0])
    springs = _link_settings(settings, links)
    _check_anchor(anchor_at)
    if offsets is None:
        offs = np.zeros((links, 3), dtype=np.float64)
    else:
        if (
            not isinstance(offsets, np.ndarray)
            or offsets.shape != (links, 3)
            or not np.issubdtype(offsets.dtype, np.floating)
            or not np.all(np.isfinite(offsets))
        ):
            raise AnimationStateError(
                "LITE-MOTION-005",
                f"offsets must be a finite float array of shape ({links}, 3), got "
                f"{getattr(offsets, 'shape', type(offsets).__name__)}",
                hint="pass each link's rest offset from the link above, or None",
                input_name="offsets",
            )
        offs = np.asarray(offsets, dtype=np.float64)
    window = sum(_settle(s) for s in springs)
    dt = _lattice_dt(springs, window)
    full = tuple(_transition(s, dt) for s in springs)
    k0 = math.floor((t - window) / dt)
    k1 = math.floor(t / dt)
    buf = np.zeros(3, dtype=np.float64)
    anchor = np.array(_anchor(anchor_at, k0 * dt, buf))
    pos = anchor + np.cumsum(offs, axis=0)
    vel = np.zeros((links, 3), dtype=np.float64)
    target = np.zeros(3, dtype=np.float64)
    dev = np.zeros(3, dtype=np.float64)
    for k in range(k0, k1 + 1):
        start = k * dt
        end = min((k + 1) * dt, t)
        h = end - start
        if h <= 0.0:
            break
        mats = full if h >= dt else tuple(_transition(s, h) for s in springs)
        target[:] = _anchor(anchor_at, start + 0.5 * h, buf)
        for i in range(links):
            m00, m01, m10, m11 = mats[i]
            np.add(target, offs[i], out=target)
            np.subtract(pos[i], target, out=dev)
            row = vel[i]
            pos[i] = target + m00 * dev + m01 * row
            vel[i] = m10 * dev + m11 * row
            # The next link follows where this one is now (after this substep).
            target[:] = pos[i]
    arr[:] = pos
    return arr
