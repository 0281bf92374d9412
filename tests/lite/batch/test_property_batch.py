"""Batched property groups (lite.batch.property_batch): array clocks equal the scalar clock
to the bit, and bulk writes equal the per-group writer closures, in attachment order."""

from __future__ import annotations

import pytest

import lite
from lite.animation.animation_tick import CLOCK_FOLD_S, MAX_TIME
from lite.batch.engine import BatchEngine, enable_batched_evaluation
from lite.batch.property_batch import WritePlan, _Run

STEP = 1000.0 / 60.0


class _Vec3:
    __slots__ = ("x", "y", "z")

    def __init__(self) -> None:
        self.x = self.y = self.z = 0.0

    def set(self, x: float, y: float, z: float) -> None:
        self.x, self.y, self.z = x, y, z


class _XYZ:
    """A vector leaf without ``set``: written component by component."""

    __slots__ = ("x", "y", "z")

    def __init__(self) -> None:
        self.x = self.y = self.z = 0.0


class _Target:
    def __init__(self) -> None:
        self.position = _Vec3()
        self.offset = _XYZ()
        self.extra = {"k": 0.0}
        self.alpha = 0.0


_KEYS3 = [
    {"time": 0, "value": [0, 0, 0]},
    {"time": 0.25, "value": [1, 2, 3]},
    {"time": 1, "value": [0, -1, 5]},
]
_TRACKS = [
    {
        "path": "position.x",
        "keys": [{"time": 0, "value": 0}, {"time": 0.5, "value": 1}, {"time": 1, "value": 0}],
    },
    {"path": "position", "keys": _KEYS3},
    {
        "path": "offset",
        "keys": [{"time": 0, "value": [1, 1, 1]}, {"time": 0.7, "value": [3, 0, 2]}],
    },
    {"path": "extra.k", "keys": [{"time": 0.2, "value": 5}, {"time": 0.9, "value": -2}]},
    {
        "path": "alpha",
        "interpolation": "step",
        "keys": [{"time": 0.1, "value": 0.3}, {"time": 0.6, "value": 0.9}],
    },
]


def _state(targets: list[_Target]) -> list[tuple[float, ...]]:
    return [
        (
            t.position.x,
            t.position.y,
            t.position.z,
            t.offset.x,
            t.offset.y,
            t.offset.z,
            t.extra["k"],
            t.alpha,
        )
        for t in targets
    ]


_SETUP: list[dict[str, object]] = [
    {},
    {"loop": False},
    {"speed_ratio": -1.0},
    {"from_time": 0.2, "to_time": 0.7},
    {"loop": False, "speed_ratio": 2.5},
    {"speed_ratio": 0.5},
] * 5


def _managers(
    targets_for: object = None,
) -> tuple[lite.AnimationManager, list[_Target], lite.AnimationManager, list[_Target], BatchEngine]:
    clip = lite.create_property_animation_clip("c", _TRACKS)
    out: list[object] = []
    eng = None
    for batched in (False, True):
        m = lite.create_animation_manager(batched=False)
        targets = [_Target() for _ in _SETUP]
        for tgt, opts in zip(targets, _SETUP, strict=True):
            lite.create_property_animation_group(m, tgt, clip, **opts)  # type: ignore[arg-type]
        if batched:
            eng = enable_batched_evaluation(m)
            eng.property_min = 1
        out += [m, targets]
    assert eng is not None
    return out[0], out[1], out[2], out[3], eng  # type: ignore[return-value]


def _runs(eng: BatchEngine) -> list[_Run]:
    assert isinstance(eng.plan, WritePlan)
    return [s for s in eng.plan.steps if isinstance(s, _Run)]


def _step_both(m_s: lite.AnimationManager, m_b: lite.AnimationManager, d: float) -> None:
    lite.update_animation_manager(m_s, d)
    lite.update_animation_manager(m_b, d)


def test_bulk_writes_equal_the_writer_closures() -> None:
    m_s, t_s, m_b, t_b, eng = _managers()
    for d in [0.0, STEP, 123.0, 400.0, STEP, 999.0, 50.0, 250.0, STEP]:
        _step_both(m_s, m_b, d)
        assert _state(t_b) == _state(t_s)
        groups_s, groups_b = m_s._groups, m_b._groups
        assert [g.current_time for g in groups_b] == [g.current_time for g in groups_s]
        assert [g.is_playing for g in groups_b] == [g.is_playing for g in groups_s]
    runs = _runs(eng)
    assert len(runs) == 1 and runs[0].parts is not None  # the bulk form ran
    kinds = sorted(bt.kind for bt in runs[0].parts[0].tracks)
    assert kinds == ["attr", "attr", "key", "set", "xyz"]


def test_a_replaced_owner_redirects_the_bulk_writes() -> None:
    m_s, t_s, m_b, t_b, eng = _managers()
    _step_both(m_s, m_b, STEP)
    old = t_b[3].position
    t_s[3].position = _Vec3()
    t_b[3].position = _Vec3()
    before = (old.x, old.y, old.z)
    _step_both(m_s, m_b, 200.0)
    assert _state(t_b) == _state(t_s)
    assert (old.x, old.y, old.z) == before
    _step_both(m_s, m_b, 200.0)  # the plan is rebuilt for the new owner
    assert _state(t_b) == _state(t_s)
    assert _runs(eng)[0].parts is not None


def test_shared_objects_keep_the_attachment_order() -> None:
    m_s, t_s, m_b, t_b, eng = _managers()
    for targets in (t_s, t_b):
        targets[4].position = targets[1].position  # two groups write one vector
        targets[7].offset = targets[2].offset
    lite.update_animation_manager(m_b, 0.0)
    for d in [STEP, 300.0, 70.0]:
        _step_both(m_s, m_b, d)
        assert _state(t_b) == _state(t_s)
    assert _runs(eng)[0].parts is None  # the closures, one group after another


def test_a_scalar_group_between_batched_ones_splits_the_run() -> None:
    clip = lite.create_property_animation_clip("c", _TRACKS)
    eased = lite.create_property_animation_clip(
        "eased",
        [dict(_TRACKS[0], easing=lambda p: p * p)],  # type: ignore[list-item]
    )
    out = []
    for batched in (False, True):
        m = lite.create_animation_manager(batched=False)
        targets = [_Target() for _ in _SETUP]
        for k, (tgt, opts) in enumerate(zip(targets, _SETUP, strict=True)):
            if k == 15:  # an eased group (scalar path) writing a target of the first half
                lite.create_property_animation_group(m, targets[3], eased)
            lite.create_property_animation_group(m, tgt, clip, **opts)  # type: ignore[arg-type]
        if batched:
            eng = enable_batched_evaluation(m)
            eng.property_min = 1
        out.append((m, targets))
    (m_s, t_s), (m_b, t_b) = out
    for d in [STEP, 300.0, 70.0, STEP]:
        _step_both(m_s, m_b, d)
        assert _state(t_b) == _state(t_s)
    runs = _runs(eng)
    assert len(runs) == 2 and all(r.parts is not None for r in runs)
    # each run holds half of the batch's members: written through index arrays
    assert [p.slots.tolist() for r in runs for p in r.parts or [] if p.slots is not None] == [
        list(range(15)),
        list(range(15, 30)),
    ]


def test_a_stopped_member_in_the_middle_writes_through_slots() -> None:
    m_s, t_s, m_b, t_b, eng = _managers()
    _step_both(m_s, m_b, STEP)
    for m in (m_s, m_b):
        lite.stop_animation(m._groups[10])
    for d in [STEP, 300.0, 70.0]:
        _step_both(m_s, m_b, d)
        assert _state(t_b) == _state(t_s)
    (run,) = _runs(eng)
    assert run.parts is not None and run.parts[0].slots is not None
    assert 10 not in run.parts[0].slots.tolist()


@pytest.mark.parametrize("sign", [1.0, -1.0])
def test_clock_folds_like_the_scalar_clock(sign: float) -> None:
    m_s, t_s, m_b, t_b, eng = _managers()
    _step_both(m_s, m_b, STEP)
    # Carry a rounding error just below the fold threshold in both clocks.
    for g_s, g_b in zip(m_s._groups, m_b._groups, strict=True):
        ctrl_clock = g_s._ctrl._clock  # type: ignore[union-attr]
        assert g_s.current_time == g_b.current_time
        for clock, g in ((ctrl_clock, g_s), (g_b._clock, g_b)):
            clock.state[0] = g.current_time
            clock.state[1] = sign * CLOCK_FOLD_S * (1.0 - 1e-9)
    for d in [1e-3, 0.37, STEP, 1e-3, 999.0]:
        _step_both(m_s, m_b, d)
        assert [g.current_time for g in m_b._groups] == [g.current_time for g in m_s._groups]
        assert _state(t_b) == _state(t_s)


def test_an_overflowing_speed_holds_at_max_time_as_the_scalar_clock() -> None:
    m_s, t_s, m_b, t_b, eng = _managers()
    for m in (m_s, m_b):
        for g in m._groups[:6]:
            g.speed_ratio = 1e308
            g.loop_animation = False
    for d in [STEP, 5000.0]:
        _step_both(m_s, m_b, d)
        assert [g.current_time for g in m_b._groups] == [g.current_time for g in m_s._groups]
        assert _state(t_b) == _state(t_s)
    assert all(abs(g.current_time) <= MAX_TIME for g in m_b._groups)
