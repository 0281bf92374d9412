"""Bad values everywhere: every public entry point refuses them with a typed, named error.

For each argument the test states which values are valid (an oracle written here, from the
documented contract), then throws hypothesis-generated values of every kind at it:
non-finite, negative, huge ints, wrong types, NumPy scalars, wrong arity, unknown names.
A valid value must be accepted; an invalid one must raise a ``LiteError`` whose ``code`` and
``input_name`` name the argument, with a hint, and must change nothing: the manager, its
groups, fades and tasks, and the animated targets are snapshotted before and compared after,
and a twin world that never saw the bad call is advanced alongside and must stay identical.
"""

from __future__ import annotations

import inspect
import math
import numbers
from collections.abc import Callable
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lite
from lite import (
    AnimationGroupMaskMode,
    AnimationStateError,
    KeyframeError,
    LiteError,
    add_animation_group,
    add_animation_groups,
    add_animation_task,
    create_animation_group_mask,
    create_animation_manager,
    create_animation_task,
    create_property_animation_clip,
    create_property_animation_group,
    cross_fade_animation_groups,
    enable_property_animation_blending,
    fade_animation_weight,
    get_animation_groups,
    go_to_frame,
    pause_animation,
    play_animation,
    remove_animation_group,
    remove_animation_task,
    set_animation_task_category_handler,
    set_animation_weight,
    stop_animation,
    update_animation_manager,
)
from lite.animation.animation_weight_fade import active_weight_fades
from lite.animation.state import MAX_FIXED_DELTA_MS
from lite.errors import ERROR_CODES
from tests.lite._gltf_util import FIXTURES as FIXTURES_DIR

#: float32 values at or beyond this magnitude round to infinity (2**128 - 2**103).
F32_OVERFLOW = 2.0**128 - 2.0**103

# ---------------------------------------------------------------------------------------------
# Values of every kind
# ---------------------------------------------------------------------------------------------

ANY_VALUE = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.floats(min_value=-2.0, max_value=2.0),
    st.integers(min_value=-3, max_value=100),
    st.integers(min_value=-(10**400), max_value=10**400),
    st.sampled_from([0, 1, 0.0, 1.0, 0.5, -0.0, 1e-320, 1e308, -1e308, 3.5e38, 3.4e38]),
    st.floats(width=32, allow_nan=True, allow_infinity=True).map(np.float32),
    st.floats(allow_nan=True, allow_infinity=True).map(np.float64),
    st.integers(min_value=-(2**63), max_value=2**63 - 1).map(np.int64),
    st.booleans(),
    st.just(np.True_),
    st.none(),
    st.text(max_size=3),
    st.binary(max_size=2),
    st.lists(st.floats(-2, 2), max_size=4),
    st.tuples(st.floats(-2, 2)),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    st.complex_numbers(max_magnitude=2),
    st.just(object()),
    st.just(np.array([0.5])),
    st.just(lambda *a: None),
)


def real(value: object) -> float | None:
    """The oracle's reading of a number: a finite real (no bool), else None."""
    if isinstance(value, bool | np.bool_) or not isinstance(value, numbers.Real):
        return None
    try:
        number = float(value)
    except OverflowError:
        return None
    return number if math.isfinite(number) else None


def is_weight(v: object) -> bool:
    n = real(v)
    return n is not None and 0.0 <= n <= 1.0


def is_non_negative(v: object) -> bool:
    n = real(v)
    return n is not None and n >= 0.0


def is_fixed_delta(v: object) -> bool:
    n = real(v)
    return n is not None and 0.0 <= n <= MAX_FIXED_DELTA_MS


def is_positive(v: object) -> bool:
    n = real(v)
    return n is not None and n > 0.0


def is_finite(v: object) -> bool:
    return real(v) is not None


# ---------------------------------------------------------------------------------------------
# A small world, its snapshot, and a twin
# ---------------------------------------------------------------------------------------------


class Vec3:
    __slots__ = ("x", "y", "z")

    def __init__(self) -> None:
        self.x = self.y = self.z = 0.0

    def set(self, x: float, y: float, z: float) -> None:
        self.x, self.y, self.z = x, y, z


CLIP = create_property_animation_clip(
    "walk",
    [
        {
            "path": "x",
            "keys": [{"time": 0, "value": 0}, {"time": 1, "value": 4}, {"time": 2, "value": 0}],
        },
        {
            "path": "position",
            "keys": [{"time": 0, "value": [0, 0, 0]}, {"time": 2, "value": [1, 2, 3]}],
        },
        {
            "path": "rotationQuaternion",
            "keys": [
                {"time": 0, "value": [0, 0, 0, 1]},
                {"time": 2, "value": [0, 0.7071068, 0, 0.7071068]},
            ],
        },
    ],
    frame_rate=30,
)


@dataclass
class World:
    manager: lite.AnimationManager
    groups: list[lite.AnimationGroup]
    targets: list[SimpleNamespace]
    task: lite.AnimationTask
    ticks: list[float]


def make_world() -> World:
    m = create_animation_manager()
    targets = [
        SimpleNamespace(x=0.0, position=Vec3(), rotationQuaternion=Vec3q()) for _ in range(3)
    ]
    groups = [create_property_animation_group(m, t, CLIP) for t in targets]
    groups.append(
        create_property_animation_group(m, targets[0], CLIP, speed_ratio=-0.5, from_frame=6)
    )
    enable_property_animation_blending(m)
    set_animation_weight(groups[1], 0.5)
    fade_animation_weight(m, groups[2], to=0.25, duration_ms=500)
    groups[0].mask = create_animation_group_mask(["a"], AnimationGroupMaskMode.EXCLUDE)
    ticks: list[float] = []
    task = create_animation_task(lambda _m, dt, _t: ticks.append(dt), category="sprites")
    add_animation_task(m, task)
    for _ in range(7):
        update_animation_manager(m, 16.0)
    return World(m, groups, targets, task, ticks)


class Vec3q:
    __slots__ = ("w", "x", "y", "z")

    def __init__(self) -> None:
        self.x = self.y = self.z = 0.0
        self.w = 1.0

    def set(self, x: float, y: float, z: float, w: float) -> None:
        self.x, self.y, self.z, self.w = x, y, z, w


def snapshot(w: World) -> Any:
    m = w.manager
    return (
        [id(t) for t in m.animations],
        [id(g) for g in m._groups],
        [(id(f.group), f.from_, f.to, f.duration_ms, f.elapsed_ms) for f in active_weight_fades(m)],
        (m.fixed_delta_ms, m._task_category, m._task_category_handler, m.on_update, m.running),
        [
            (
                g.current_time,
                g.speed_ratio,
                g.weight,
                g.frame_rate,
                g.is_playing,
                g.loop_animation,
                g.mask,
                None if g.mask is None else (list(g.mask.names), g.mask.mode, g.mask.disabled),
                g._stopped,
                g._completed,
                id(g._manager),
            )
            for g in w.groups
        ],
        [
            (
                t.x,
                t.position.x,
                t.position.y,
                t.position.z,
                *(getattr(t.rotationQuaternion, c) for c in "xyzw"),
            )
            for t in w.targets
        ],
        (w.task.active, id(w.task._owner), list(w.ticks)),
    )


def strip_ids(snap: Any) -> Any:
    """A snapshot comparable across two worlds (object ids replaced by positions)."""
    tasks, groups, fades, settings_, per_group, targets, task = snap
    return (
        len(tasks),
        len(groups),
        [f[1:] for f in fades],
        settings_[:2] + settings_[3:],
        [g[:6] + g[7:10] for g in per_group],
        targets,
        task[:1] + task[2:],
    )


def check_refused(
    w: World,
    call: Callable[[], object],
    code: str,
    input_name: str | None,
    error: type[LiteError] = AnimationStateError,
) -> None:
    """``call`` raises ``code`` naming ``input_name`` with a hint, and changes nothing."""
    twin = make_world()
    before = snapshot(w)
    with pytest.raises(error) as exc:
        call()
    assert exc.value.code == code, exc.value
    assert code in lite.errors.ERROR_CODES
    if input_name is not None:
        assert exc.value.input_name == input_name, exc.value
    assert exc.value.hint
    assert snapshot(w) == before
    for _ in range(5):
        update_animation_manager(w.manager, 16.0)
        update_animation_manager(twin.manager, 16.0)
    assert strip_ids(snapshot(w)) == strip_ids(snapshot(twin))


def attempt(
    value: object,
    valid: bool,
    call: Callable[[World, object], object],
    code: str,
    input_name: str | None,
    error: type[LiteError] = AnimationStateError,
) -> None:
    w = make_world()
    if valid:
        call(w, value)
        update_animation_manager(w.manager, 16.0)  # and the world still runs
        for t in w.targets:
            assert math.isfinite(t.x) and math.isfinite(t.position.z)
    else:
        check_refused(w, lambda: call(w, value), code, input_name, error)


FEW = settings(max_examples=60, deadline=None)

# ---------------------------------------------------------------------------------------------
# Manager deltas and settings
# ---------------------------------------------------------------------------------------------


@FEW
@given(ANY_VALUE)
def test_update_delta_is_finite_non_negative(v: object) -> None:
    attempt(
        v,
        is_non_negative(v),
        lambda w, x: update_animation_manager(w.manager, x),  # type: ignore[arg-type]
        "LITE-STATE-002",
        "delta_ms",
    )


@FEW
@given(ANY_VALUE)
def test_fixed_delta_on_create_and_assignment(v: object) -> None:
    if is_fixed_delta(v):
        assert create_animation_manager(fixed_delta_ms=v).fixed_delta_ms == float(v)  # type: ignore[arg-type]
    else:
        with pytest.raises(AnimationStateError) as exc:
            create_animation_manager(fixed_delta_ms=v)  # type: ignore[arg-type]
        assert exc.value.code == "LITE-STATE-009"

    def assign(w: World, x: object) -> None:
        w.manager.fixed_delta_ms = x  # type: ignore[assignment]

    attempt(v, is_fixed_delta(v), assign, "LITE-STATE-009", "fixed_delta_ms")


@FEW
@given(ANY_VALUE)
def test_on_update_must_be_callable(v: object) -> None:
    def assign(w: World, x: object) -> None:
        w.manager.on_update = x  # type: ignore[assignment]

    attempt(v, v is None or callable(v), assign, "LITE-STATE-011", "on_update")


# ---------------------------------------------------------------------------------------------
# Group fields, assigned directly
# ---------------------------------------------------------------------------------------------


@FEW
@given(ANY_VALUE, st.sampled_from(["speed_ratio", "current_time", "weight", "frame_rate"]))
def test_direct_group_field_assignment_is_validated(v: object, name: str) -> None:
    rules = {
        "speed_ratio": (is_finite, "LITE-STATE-006", AnimationStateError),
        "current_time": (is_finite, "LITE-STATE-007", AnimationStateError),
        "weight": (is_weight, "LITE-STATE-003", AnimationStateError),
        "frame_rate": (is_positive, "LITE-ANIM-006", KeyframeError),
    }
    valid, code, error = rules[name]

    def assign(w: World, x: object) -> None:
        setattr(w.groups[1], name, x)
        assert type(getattr(w.groups[1], name)) is float  # stored as a Python float

    attempt(v, valid(v), assign, code, name, error)


@FEW
@given(st.one_of(ANY_VALUE, st.just(create_animation_group_mask(["b"]))))
def test_group_mask_assignment_is_validated(v: object) -> None:
    def assign(w: World, x: object) -> None:
        w.groups[1].mask = x  # type: ignore[assignment]

    attempt(
        v, v is None or isinstance(v, lite.AnimationGroupMask), assign, "LITE-STATE-014", "mask"
    )


def test_speed_ratio_nan_is_refused_and_playback_continues() -> None:
    w = make_world()
    g = w.groups[0]
    check_refused(
        w, lambda: setattr(g, "speed_ratio", float("nan")), "LITE-STATE-006", "speed_ratio"
    )
    assert g.speed_ratio == 1.0 and math.isfinite(g.current_time)


# ---------------------------------------------------------------------------------------------
# Weights and fades
# ---------------------------------------------------------------------------------------------


@FEW
@given(ANY_VALUE)
def test_set_animation_weight(v: object) -> None:
    attempt(
        v,
        is_weight(v),
        lambda w, x: set_animation_weight(w.groups[0], x),  # type: ignore[arg-type]
        "LITE-STATE-003",
        "weight",
    )


@FEW
@given(ANY_VALUE, st.sampled_from(["to", "from_", "duration_ms"]))
def test_fade_arguments(v: object, which: str) -> None:
    kwargs: dict[str, object] = {"to": 0.5, "duration_ms": 100.0, "from_": 0.25}
    kwargs[which] = v
    valid = (
        is_positive(v)
        if which == "duration_ms"
        else is_weight(v) or (which == "from_" and v is None)
    )
    code = "LITE-STATE-004" if which == "duration_ms" else "LITE-STATE-003"
    attempt(
        v,
        valid,
        lambda w, _x: fade_animation_weight(w.manager, w.groups[0], **kwargs),  # type: ignore[arg-type]
        code,
        which,
    )


@FEW
@given(ANY_VALUE, st.sampled_from(["duration_ms", "to_weight"]))
def test_cross_fade_arguments(v: object, which: str) -> None:
    kwargs: dict[str, object] = {"duration_ms": 100.0, "to_weight": 1.0}
    kwargs[which] = v
    valid = is_positive(v) if which == "duration_ms" else is_weight(v)
    code = "LITE-STATE-004" if which == "duration_ms" else "LITE-STATE-003"
    attempt(
        v,
        valid,
        lambda w, _x: cross_fade_animation_groups(w.manager, w.groups[0], w.groups[1], **kwargs),  # type: ignore[arg-type]
        code,
        which,
    )


def test_cross_fade_with_a_bad_second_group_starts_no_fade() -> None:
    w = make_world()
    check_refused(
        w,
        lambda: cross_fade_animation_groups(w.manager, w.groups[0], "g1", duration_ms=100),  # type: ignore[arg-type]
        "LITE-STATE-014",
        "to_group",
    )


# ---------------------------------------------------------------------------------------------
# Seeking, playing, creating groups
# ---------------------------------------------------------------------------------------------


@FEW
@given(ANY_VALUE)
def test_go_to_frame(v: object) -> None:
    n = real(v)
    valid = n is not None and math.isfinite(n / 30.0)
    attempt(v, valid, lambda w, x: go_to_frame(w.groups[0], x), "LITE-STATE-007", "frame")  # type: ignore[arg-type]


@FEW
@given(
    ANY_VALUE, st.sampled_from(["speed_ratio", "from_frame", "to_frame", "from_time", "to_time"])
)
def test_create_group_numeric_arguments(v: object, which: str) -> None:
    code = "LITE-STATE-006" if which == "speed_ratio" else "LITE-STATE-007"
    n = real(v)
    valid = n is not None
    if valid and which != "speed_ratio":
        t = n / 30.0 if which.endswith("frame") else n  # type: ignore[operator]
        start, end = (t, CLIP.duration) if which.startswith("from") else (0.0, t)
        if not math.isfinite(t):
            valid = False
        elif not end > start:
            valid, code = False, "LITE-STATE-001"
    if which == "speed_ratio" and v is None:
        return  # speed_ratio=None is not a default; covered by the refusal above for others

    def call(w: World, x: object) -> None:
        create_property_animation_group(w.manager, w.targets[2], CLIP, **{which: x})  # type: ignore[arg-type]

    name = "to_time" if code == "LITE-STATE-001" else which
    if v is None:
        attempt(v, True, call, code, name)  # None means "default" for the range arguments
    else:
        attempt(v, valid, call, code, name)


@pytest.mark.parametrize(
    ("call", "code", "name"),
    [
        (
            lambda w: create_property_animation_group(w.manager, SimpleNamespace(y=0.0), CLIP),
            "LITE-PATH-002",
            "x",
        ),
        (lambda w: create_property_animation_group(w.manager, None, CLIP), "LITE-PATH-003", "x"),
        (
            lambda w: create_property_animation_group("m", w.targets[0], CLIP),
            "LITE-STATE-014",
            "manager",
        ),
        (
            lambda w: create_property_animation_group(w.manager, w.targets[0], "walk"),
            "LITE-STATE-014",
            "clip",
        ),
        (
            lambda w: create_property_animation_group(
                w.manager, w.targets[0], CLIP, from_time=2, to_time=1
            ),
            "LITE-STATE-001",
            "to_time",
        ),
        (
            lambda w: create_property_animation_group(
                w.manager, SimpleNamespace(x=0.0, position=Vec3(), rotationQuaternion=0.5), CLIP
            ),
            "LITE-PATH-003",
            "rotationQuaternion",
        ),
        (
            lambda w: create_property_animation_group(
                w.manager,
                SimpleNamespace(x=0.0, position=[0.0, 0.0], rotationQuaternion=Vec3q()),
                CLIP,
            ),
            "LITE-PATH-004",
            "position",
        ),
    ],
    ids=[
        "unknown-path",
        "none-target",
        "manager-type",
        "clip-type",
        "empty-range",
        "scalar-leaf",
        "short-list",
    ],
)
def test_create_group_refusals_attach_nothing(
    call: Callable[[World], object], code: str, name: str
) -> None:
    w = make_world()
    error: type[LiteError] = (
        AnimationStateError if code.startswith("LITE-STATE") else lite.AnimationPathError
    )
    check_refused(w, lambda: call(w), code, name, error)


@pytest.mark.parametrize(
    "fn",
    [
        play_animation,
        pause_animation,
        stop_animation,
        lambda g: go_to_frame(g, 1),
        lambda g: set_animation_weight(g, 0.5),
    ],
    ids=["play", "pause", "stop", "go_to_frame", "set_weight"],
)
@pytest.mark.parametrize("bad", ["walk", None, 3, SimpleNamespace(_manager=None)], ids=repr)
def test_group_functions_refuse_non_groups(fn: Callable[[object], object], bad: object) -> None:
    w = make_world()
    check_refused(w, lambda: fn(bad), "LITE-STATE-014", "group")


@pytest.mark.parametrize("bad", ["m", None, 3, SimpleNamespace(_lock=None)], ids=repr)
@pytest.mark.parametrize(
    ("fn", "name"),
    [
        (lambda m, w: update_animation_manager(m, 16.0), "manager"),
        (lambda m, w: add_animation_group(m, w.groups[0]), "manager"),
        (lambda m, w: remove_animation_group(m, w.groups[0]), "manager"),
        (lambda m, w: get_animation_groups(m), "manager"),
        (lambda m, w: fade_animation_weight(m, w.groups[0], to=0.0, duration_ms=10), "manager"),
        (lambda m, w: enable_property_animation_blending(m), "manager"),
        (lambda m, w: add_animation_task(m, w.task), "manager"),
        (lambda m, w: lite.clear_animation_manager(m), "manager"),
        (lambda m, w: lite.start_animation_manager(m), "manager"),
        (lambda m, w: lite.stop_animation_manager(m), "manager"),
    ],
    ids=[
        "update",
        "add_group",
        "remove_group",
        "get_groups",
        "fade",
        "blending",
        "add_task",
        "clear",
        "start",
        "stop",
    ],
)
def test_manager_functions_refuse_non_managers(
    fn: Callable[[object, World], object], name: str, bad: object
) -> None:
    w = make_world()
    check_refused(w, lambda: fn(bad, w), "LITE-STATE-014", name)


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda w: add_animation_group(w.manager, "g"), "group"),
        (lambda w: remove_animation_group(w.manager, 3), "group"),
        (lambda w: add_animation_groups(w.manager, [w.groups[0], "g"]), "groups[1]"),
        (lambda w: add_animation_groups(w.manager, w.groups[0]), "groups"),
        (lambda w: add_animation_groups(w.manager, 5), "groups"),
        (lambda w: add_animation_task(w.manager, "t"), "task"),
        (lambda w: remove_animation_task(w.manager, None), "task"),
    ],
    ids=[
        "add",
        "remove",
        "add-many-mixed",
        "add-many-single",
        "add-many-int",
        "add-task",
        "remove-task",
    ],
)
def test_membership_functions_refuse_wrong_objects(
    call: Callable[[World], object], name: str
) -> None:
    w = make_world()
    check_refused(w, lambda: call(w), "LITE-STATE-014", name)


def test_add_groups_owned_elsewhere_adds_none() -> None:
    w = make_world()
    other = create_animation_manager()
    foreign = create_property_animation_group(
        other, SimpleNamespace(x=0.0, position=Vec3(), rotationQuaternion=Vec3q()), CLIP
    )
    fresh = w.groups[0]
    remove_animation_group(w.manager, fresh)
    w2 = make_world()
    remove_animation_group(w2.manager, w2.groups[0])
    before = snapshot(w)
    with pytest.raises(AnimationStateError) as exc:
        add_animation_groups(w.manager, [fresh, foreign])
    assert exc.value.code == "LITE-STATE-005"
    assert snapshot(w) == before


# ---------------------------------------------------------------------------------------------
# Tasks and categories
# ---------------------------------------------------------------------------------------------


@FEW
@given(ANY_VALUE)
def test_task_category(v: object) -> None:
    valid = v is None or (isinstance(v, str) and v != "")
    if valid:
        create_animation_task(lambda *_: None, category=v)  # type: ignore[arg-type]
    else:
        with pytest.raises(AnimationStateError) as exc:
            create_animation_task(lambda *_: None, category=v)  # type: ignore[arg-type]
        assert exc.value.code == "LITE-STATE-008" and exc.value.input_name == "category"

    def call(w: World, x: object) -> None:
        set_animation_task_category_handler(w.manager, x, lambda _m, _dt: False)  # type: ignore[arg-type]

    attempt(v, isinstance(v, str) and v != "", call, "LITE-STATE-008", "category")


@FEW
@given(ANY_VALUE)
def test_task_callbacks_must_be_callable(v: object) -> None:
    for kwargs, name, valid in (
        ({}, "update", callable(v)),
        ({"dispose": v}, "dispose", v is None or callable(v)),
    ):
        update = v if name == "update" else (lambda *_: None)
        if valid:
            create_animation_task(update, **kwargs)  # type: ignore[arg-type]
        else:
            with pytest.raises(AnimationStateError) as exc:
                create_animation_task(update, **kwargs)  # type: ignore[arg-type]
            assert exc.value.code == "LITE-STATE-011" and exc.value.input_name == name

    def call(w: World, x: object) -> None:
        set_animation_task_category_handler(w.manager, "other", x)  # type: ignore[arg-type]

    attempt(v, v is None or callable(v), call, "LITE-STATE-011", "handler")


def test_task_owned_by_another_manager_is_refused() -> None:
    w = make_world()
    check_refused(
        w, lambda: add_animation_task(create_animation_manager(), w.task), "LITE-STATE-005", "task"
    )


# ---------------------------------------------------------------------------------------------
# Masks
# ---------------------------------------------------------------------------------------------


NAMES = st.one_of(
    ANY_VALUE,
    st.lists(st.text(max_size=4), max_size=3),
    st.lists(st.one_of(st.text(max_size=2), st.integers()), max_size=3),
    st.tuples(st.text(max_size=2)),
)


@FEW
@given(NAMES, ANY_VALUE)
def test_mask_construction(names: object, mode: object) -> None:
    names_ok = names is None or (
        not isinstance(names, str | bytes)
        and isinstance(names, list | tuple | dict)
        and all(isinstance(n, str) for n in names)
    )
    if isinstance(names, np.ndarray):
        names_ok = False
    mode_ok = (
        not isinstance(mode, bool)
        and isinstance(mode, int | float | np.integer | np.floating)
        and real(mode) in (0.0, 1.0)
    )
    if names_ok and mode_ok:
        mask = create_animation_group_mask(names, mode)  # type: ignore[arg-type]
        assert mask.mode in (AnimationGroupMaskMode.INCLUDE, AnimationGroupMaskMode.EXCLUDE)
        assert all(isinstance(n, str) for n in mask.names)
    else:
        with pytest.raises(AnimationStateError) as exc:
            create_animation_group_mask(names, mode)  # type: ignore[arg-type]
        assert exc.value.code == "LITE-STATE-013"
        assert exc.value.input_name is not None
        assert exc.value.input_name.split("[")[0] in ("names", "mode")


@FEW
@given(NAMES)
def test_mask_names_assignment_keeps_previous_on_error(names: object) -> None:
    mask = create_animation_group_mask(["Head"])
    previous = mask.names
    ok = isinstance(names, list | tuple) and all(isinstance(n, str) for n in names)
    if ok:
        mask.names = names  # type: ignore[assignment]
        assert mask.names is names  # kept as the same object (masks detect changes by identity)
    else:
        with pytest.raises(AnimationStateError) as exc:
            mask.names = names  # type: ignore[assignment]
        assert exc.value.code == "LITE-STATE-013"
        assert mask.names is previous and previous == ["Head"]


@pytest.mark.parametrize("mode", [2, -1, "include", None, True, 0.5, float("nan")])
def test_mask_mode_assignment_keeps_previous_on_error(mode: object) -> None:
    mask = create_animation_group_mask(["Head"], AnimationGroupMaskMode.EXCLUDE)
    with pytest.raises(AnimationStateError) as exc:
        mask.mode = mode  # type: ignore[assignment]
    assert exc.value.code == "LITE-STATE-013" and exc.value.input_name == "mode"
    assert mask.mode is AnimationGroupMaskMode.EXCLUDE


# ---------------------------------------------------------------------------------------------
# Property clips: keys, values, arity, frame rates, unknown names
# ---------------------------------------------------------------------------------------------


def clip_with(path: str = "x", **track: object) -> lite.PropertyAnimationClip:
    spec: dict[str, Any] = {
        "path": path,
        "keys": [{"time": 0, "value": 0}, {"time": 1, "value": 1}],
    }
    spec.update(track)
    return create_property_animation_clip("c", [spec])  # type: ignore[list-item]


@FEW
@given(ANY_VALUE, st.sampled_from(["time", "frame"]))
def test_key_time_or_frame(v: object, field_name: str) -> None:
    n = real(v)
    t = None if n is None else (n if field_name == "time" else n / 60.0)
    valid = t is not None and 0.0 <= t < F32_OVERFLOW
    keys = [{field_name: v, "value": 1.0}]
    if v is None:
        with pytest.raises(KeyframeError) as exc:
            clip_with(keys=keys)
        assert exc.value.code == "LITE-ANIM-004"
    elif valid:
        clip = clip_with(keys=keys)
        assert math.isfinite(float(clip.tracks[0].sampler.input[0]))
    else:
        with pytest.raises(KeyframeError) as exc:
            clip_with(keys=keys)
        assert exc.value.code == "LITE-ANIM-003" and exc.value.input_name == "x.keys[0]"


@FEW
@given(st.one_of(ANY_VALUE, st.lists(ANY_VALUE, max_size=5)))
def test_key_values(v: object) -> None:
    seq = v if isinstance(v, list | tuple | np.ndarray) and not isinstance(v, str) else [v]
    numeric = all(not isinstance(c, bool) and isinstance(c, numbers.Real) for c in seq)
    if isinstance(v, str | bytes | dict) or not numeric or len(seq) == 0:
        code: str | None = "LITE-ANIM-005"
    else:
        code = None
        for c in seq:
            try:
                finite32 = abs(float(c)) < F32_OVERFLOW  # type: ignore[arg-type]
            except OverflowError:
                finite32 = False
            if not finite32:
                code = "LITE-ANIM-009"
    keys = [{"time": 0, "value": v}]
    if code is None:
        clip = clip_with(keys=keys)
        assert np.all(np.isfinite(clip.tracks[0].sampler.output))
    else:
        with pytest.raises(KeyframeError) as exc:
            clip_with(keys=keys)
        assert exc.value.code == code and exc.value.input_name == "x.keys[0].value", exc.value


def test_key_arity_must_match_the_first_key() -> None:
    with pytest.raises(KeyframeError) as exc:
        clip_with(
            path="position", keys=[{"time": 0, "value": [0, 0, 0]}, {"time": 1, "value": [1, 2]}]
        )
    assert exc.value.code == "LITE-ANIM-005" and exc.value.input_name == "position.keys[1].value"


def test_five_components_are_refused_at_bind() -> None:
    clip = clip_with(path="v", keys=[{"time": 0, "value": [0] * 5}, {"time": 1, "value": [1] * 5}])
    w = make_world()
    check_refused(
        w,
        lambda: create_property_animation_group(w.manager, SimpleNamespace(v=[0.0] * 5), clip),
        "LITE-PATH-005",
        "v",
        lite.AnimationPathError,
    )


@FEW
@given(ANY_VALUE, st.sampled_from(["clip", "track"]))
def test_frame_rates(v: object, where: str) -> None:
    if v is None:
        return  # None means "default"
    if where == "clip":
        call = lambda: create_property_animation_clip(
            "c", [{"path": "x", "keys": [{"frame": 0, "value": 0}]}], frame_rate=v
        )  # type: ignore[arg-type]
    else:
        call = lambda: clip_with(frame_rate=v)
    if is_positive(v):
        call()
    else:
        with pytest.raises(KeyframeError) as exc:
            call()
        assert exc.value.code == "LITE-ANIM-006"


@pytest.mark.parametrize(
    ("track", "code", "name"),
    [
        ({"interpolation": "cubic"}, "LITE-ANIM-007", "x.interpolation"),
        ({"interpolation": None}, "LITE-ANIM-007", "x.interpolation"),
        ({"interp": "linear"}, "LITE-ANIM-008", "tracks[0].interp"),
        ({"keys": [{"time": 0, "value": 1, "ease": 2}]}, "LITE-ANIM-008", "x.keys[0].ease"),
        ({"keys": [{"time": 0, "frame": 0, "value": 1}]}, "LITE-ANIM-004", "x.keys[0]"),
        ({"keys": [{"time": 0}]}, "LITE-ANIM-005", "x.keys[0]"),
        ({"keys": []}, "LITE-ANIM-002", "x.keys"),
        ({"keys": "0,1"}, "LITE-ANIM-002", "x.keys"),
        ({"keys": [5]}, "LITE-ANIM-008", "x.keys[0]"),
        ({"easing": 3}, "LITE-ANIM-011", "x.easing"),
        ({"quaternion": 1}, "LITE-ANIM-008", "x.quaternion"),
    ],
)
def test_unknown_and_malformed_track_fields(track: dict[str, object], code: str, name: str) -> None:
    with pytest.raises(LiteError) as exc:
        clip_with(**track)
    assert exc.value.code == code and exc.value.input_name == name and exc.value.hint


@pytest.mark.parametrize(
    ("path", "code"),
    [
        ("", "LITE-PATH-001"),
        ("a..b", "LITE-PATH-001"),
        (".x", "LITE-PATH-001"),
        (3, "LITE-PATH-001"),
        (None, "LITE-PATH-001"),
    ],
)
def test_malformed_paths(path: object, code: str) -> None:
    with pytest.raises(LiteError) as exc:
        clip_with(path=path)  # type: ignore[arg-type]
    assert exc.value.code == code


@pytest.mark.parametrize(
    ("tracks", "code"),
    [
        ([], "LITE-ANIM-001"),
        ({"path": "x"}, "LITE-ANIM-001"),
        ("x", "LITE-ANIM-001"),
        (None, "LITE-ANIM-001"),
        ([3], "LITE-ANIM-008"),
    ],
)
def test_malformed_track_lists(tracks: object, code: str) -> None:
    with pytest.raises(KeyframeError) as exc:
        create_property_animation_clip("c", tracks)  # type: ignore[arg-type]
    assert exc.value.code == code


# ---------------------------------------------------------------------------------------------
# Raw samplers
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("inp", "out", "interp", "code"),
    [
        ([0, 1], [0, 1], 3, "LITE-ANIM-007"),
        ([0, 1], [0, 1], True, "LITE-ANIM-007"),
        ([0, float("nan")], [0, 1], 0, "LITE-ANIM-003"),
        ([1, 0], [0, 1], 0, "LITE-ANIM-003"),
        ([0, 1], [0, 1e39], 0, "LITE-ANIM-009"),
        ([0, 1], [0, float("inf")], 0, "LITE-ANIM-009"),
        ([0, 10**400], [0, 1], 0, "LITE-ANIM-010"),
        ([0, 1], [0, 1, 2], 0, "LITE-ANIM-010"),
        ([0, 1], ["a", "b"], 0, "LITE-ANIM-010"),
    ],
)
def test_sampler_construction_refuses_bad_arrays(
    inp: object, out: object, interp: object, code: str
) -> None:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no RuntimeWarning from an overflowing cast either
        with pytest.raises(KeyframeError) as exc:
            lite.AnimationSampler(inp, out, interp)  # type: ignore[arg-type]
    assert exc.value.code == code


# ---------------------------------------------------------------------------------------------
# Extreme but finite values keep playback finite
# ---------------------------------------------------------------------------------------------


@settings(max_examples=100, deadline=None)
@given(
    st.floats(-1e308, 1e308),
    st.floats(0, 1.7e308),
    st.floats(-1e308, 1e308),
    st.booleans(),
    st.booleans(),
)
def test_extreme_finite_speed_delta_and_time_stay_finite(
    speed: float, delta: float, start: float, loop: bool, blend: bool
) -> None:
    m = create_animation_manager()
    t = SimpleNamespace(x=0.0, position=Vec3(), rotationQuaternion=Vec3q())
    g = create_property_animation_group(m, t, CLIP, loop=loop)
    if blend:
        enable_property_animation_blending(m)
        set_animation_weight(g, 0.5)
    g.speed_ratio = speed
    g.current_time = start
    for _ in range(3):
        update_animation_manager(m, delta)
        assert math.isfinite(g.current_time)
        assert all(math.isfinite(v) for v in (t.x, t.position.x, t.rotationQuaternion.w))


# ---------------------------------------------------------------------------------------------
# Every entry point of lite.__all__, table-driven (issue 15, finding 10)
# ---------------------------------------------------------------------------------------------

#: Per-sample math that sits on the hot path and, by contract (STYLE section 5: validate at the
#: boundaries, then assume valid data), does not validate. Every other function in
#: ``lite.__all__`` must appear in ``ENTRY_POINTS`` below.
UNCHECKED_HOT_PATH = frozenset(
    {
        "back_ease", "bezier_curve_ease", "bounce_ease", "circle_ease", "cubic_ease",
        "ease_with_mode", "elastic_ease", "exponential_ease", "power_ease", "quadratic_ease",
        "quartic_ease", "quintic_ease", "sine_ease", "evaluate_sampler",
        "evaluate_property_sampler", "find_keyframe", "quat_slerp", "update_world_matrices",
        "update_joint_matrices", "animation_group_mask_retains_target",
        # A predicate: any value is a valid question (issue 25).
        "is_target_id",
    }
)  # fmt: skip

_FIGURE = FIXTURES_DIR / "rigged_figure.glb"
_KEYS = [{"time": 0, "value": 0.0}, {"time": 1, "value": 1.0}]


def _clip_10() -> lite.PropertyAnimationClip:
    return lite.create_property_animation_clip("c", [{"path": "x", "keys": _KEYS}])


def _group_10() -> lite.AnimationGroup:
    m = lite.create_animation_manager()
    return lite.create_property_animation_group(m, SimpleNamespace(x=0.0), _clip_10())


def _asset_10() -> lite.GltfAsset:
    return _ASSET_CACHE.setdefault("a", lite.load_gltf(_FIGURE))


_ASSET_CACHE: dict[str, lite.GltfAsset] = {}


def _walk_clip() -> lite.AnimationClip:
    return _asset_10().animation_data.clips[0]  # node 2 (Hips) translates


def _pose_10() -> lite.NodePose:
    return lite.instantiate(_asset_10()).pose


def _fresh_group() -> lite.AnimationGroup:
    return lite.instantiate(_asset_10()).animation_groups[0]


def _spring() -> lite.SpringSettings:
    return lite.SpringSettings(10.0, 1.0)


def _still(t: float, out: Any) -> None:
    out[:] = (0.0, 1.0, 0.0)


def _poses(n: int) -> list[Any]:
    return [lite.create_pose(_asset_10()) for _ in range(n)]


def _clips(n: int) -> list[lite.AnimationClip]:
    return list(_asset_10().animation_data.clips[:n])


def _space_1d() -> Any:
    return lite.create_blend_space_1d(_clips(2), [0.0, 1.0])


def _machine_spec() -> dict[str, Any]:
    names = [c.name for c in _clips(2)]
    return {
        "states": {"a": names[0], "b": names[1]},
        "transitions": [{"from": "a", "to": "b", "trigger": "go", "duration_ms": 100}],
        "parameters": {"speed": 0.0},
        "initial": "a",
    }


def _machine() -> Any:
    return lite.create_state_machine(_M(), lite.instantiate(_asset_10()), **_machine_spec())


_M = lite.create_animation_manager
#: Where a valid bake_files call would write (every hostile call is refused before any work).
_BAKE_OUT = FIXTURES_DIR.parent / "never_written_bake_out"

# name -> (valid call: () -> (args, kwargs), {slot: kind}); kinds pick the hostile values.
ENTRY_POINTS: dict[str, tuple[Callable[[], tuple[list[Any], dict[str, Any]]], dict[Any, str]]] = {
    "add_animation_group": (lambda: ([_M(), _group_10()], {}), {0: "obj", 1: "obj"}),
    "add_animation_groups": (lambda: ([_M(), []], {}), {0: "obj", 1: "obj"}),
    "add_animation_task": (
        lambda: ([_M(), lite.create_animation_task(lambda m, d, t: None)], {}),
        {0: "obj", 1: "obj"},
    ),
    "as_column_major": (lambda: ([np.eye(4)], {}), {0: "obj"}),
    "as_row_major": (lambda: ([np.eye(4).reshape(16)], {}), {0: "obj"}),
    "bake_files": (
        lambda: ([[_FIGURE], _BAKE_OUT], {"fps": 4.0, "progress": False}),
        {
            0: "obj",
            1: "path",
            "clip": "name",
            "fps": "num",
            "fmt": "name",
            "executor": "obj",
            "workers": "int",
            "progress": "fn",
        },
    ),
    "batch_engine_of": (lambda: ([_M()], {}), {0: "obj"}),
    "bind_property_clip": (
        lambda: ([SimpleNamespace(x=0.0), _clip_10()], {}),
        {0: "target", 1: "obj"},
    ),
    "clear_animation_manager": (lambda: ([_M()], {}), {0: "obj"}),
    "create_animation_controller": (
        lambda: ([_asset_10().animation_data.clips[0], _asset_10().pose, [], []], {}),
        {0: "obj"},
    ),
    "create_animation_group_mask": (lambda: ([["a"], 0], {}), {0: "obj", 1: "num"}),
    "create_animation_groups": (lambda: ([_asset_10().animation_data], {}), {0: "obj"}),
    "create_animation_manager": (
        lambda: ([], {"fixed_delta_ms": 0.0}),
        {"fixed_delta_ms": "num", "on_update": "fn"},
    ),
    "create_animation_task": (
        lambda: ([lambda m, d, t: None], {}),
        {0: "fn", "category": "name", "dispose": "fn"},
    ),
    "create_back_ease": (lambda: ([1.0], {}), {0: "num"}),
    "create_bezier_curve_ease": (lambda: ([0.0, 0.0, 1.0, 1.0], {}), {i: "num" for i in range(4)}),
    "create_bounce_ease": (lambda: ([3.0, 2.0], {}), {0: "num", 1: "num"}),
    "create_elastic_ease": (lambda: ([3.0, 3.0], {}), {0: "num", 1: "num"}),
    "create_exponential_ease": (lambda: ([2.0], {}), {0: "num"}),
    "create_power_ease": (lambda: ([2.0], {}), {0: "num"}),
    "create_property_animation_clip": (
        lambda: (["c", [{"path": "x", "keys": _KEYS}]], {}),
        {0: "name", 1: "obj", "frame_rate": "num"},
    ),
    "create_property_animation_group": (
        lambda: ([_M(), SimpleNamespace(x=0.0), _clip_10()], {}),
        {0: "obj", 2: "obj", "speed_ratio": "num", "from_frame": "num", "to_time": "num"},
    ),
    "cross_fade_animation_groups": (
        lambda: (lambda g, h: ([g._manager, g, h], {"duration_ms": 100.0}))(
            _group_10(), _group_10()
        ),
        {0: "obj", 1: "obj", 2: "obj", "duration_ms": "num", "to_weight": "num"},
    ),
    "disable_batched_evaluation": (lambda: ([_M()], {}), {0: "obj"}),
    "enable_animation_blending": (lambda: ([_M()], {}), {0: "obj"}),
    "enable_batched_evaluation": (lambda: ([_M()], {}), {0: "obj"}),
    "enable_property_animation_blending": (lambda: ([_M()], {}), {0: "obj"}),
    "fade_animation_weight": (
        lambda: (lambda g: ([g._manager, g], {"to": 1.0, "duration_ms": 100.0}))(_group_10()),
        {0: "obj", 1: "obj", "to": "num", "duration_ms": "num", "from_": "num"},
    ),
    "get_animation_groups": (lambda: ([_M()], {}), {0: "obj"}),
    "create_array_animation_group": (
        lambda: ([_M(), _clip_10(), {"x": np.zeros(4)}], {}),
        {0: "obj", 1: "obj", 2: "obj", "speed_ratio": "num", "time_offsets": "obj"},
    ),
    "disable_root_motion": (lambda: ([_fresh_group()], {}), {0: "obj"}),
    "enable_crowd_root_motion": (
        lambda: ([[_fresh_group(), _fresh_group()], 2], {}),
        {0: "obj", 1: "int", "origins": "obj", "rotations": "obj"},
    ),
    "enable_root_motion": (
        lambda: ([_fresh_group(), 2], {}),
        {0: "obj", 1: "int", "origin": "obj", "rotation": "obj"},
    ),
    "extract_root_motion": (
        lambda: ([_walk_clip(), 2, 0.0, 0.5, lite.RootMotion()], {}),
        {0: "obj", 1: "int", 2: "num", 3: "num", 4: "obj", "rest": "obj"},
    ),
    "strip_root_motion": (
        lambda: ([_walk_clip(), 2, _pose_10()], {}),
        {0: "obj", 1: "int", 2: "obj"},
    ),
    "retarget_clip": (
        lambda: ([_walk_clip(), _asset_10(), _asset_10()], {}),
        {0: "obj", 1: "obj", 2: "obj", "joint_map": "obj"},
    ),
    "solve_two_bone_ik": (
        lambda: ([_pose_10(), 4, 7, 8, (0.5, 1.0, 0.5)], {}),
        {0: "obj", 1: "int", 2: "int", 3: "int", 4: "obj", "pole": "obj", "weight": "num"},
    ),
    "solve_crowd_two_bone_ik": (
        lambda: ([[_pose_10(), _pose_10()], 4, 7, 8, np.full((2, 3), 0.5)], {}),
        {
            0: "obj",
            1: "int",
            2: "int",
            3: "int",
            4: "obj",
            "poles": "obj",
            "weight": "num",
            "out": "obj",
        },
    ),
    "look_at": (
        lambda: ([_pose_10(), 6, (0.0, 1.0, 2.0)], {}),
        {0: "obj", 1: "int", 2: "obj", "forward": "obj", "max_angle": "num", "weight": "num"},
    ),
    "sample_spring": (
        lambda: ([_spring(), _still, 0.5, np.zeros(3)], {}),
        {0: "obj", 1: "fn", 2: "num", 3: "obj"},
    ),
    "sample_spring_chain": (
        lambda: ([_spring(), _still, 0.5, np.zeros((2, 3))], {}),
        {0: "obj", 1: "fn", 2: "num", 3: "obj", "offsets": "obj"},
    ),
    "spring_settle_time": (lambda: ([_spring()], {}), {0: "obj"}),
    "spring_chain_settle_time": (lambda: ([_spring(), 3], {}), {0: "obj", 1: "int"}),
    "go_to_frame": (lambda: ([_group_10(), 1.0], {}), {0: "obj", 1: "num"}),
    "instantiate": (lambda: ([_asset_10()], {}), {0: "obj"}),
    "instantiate_many": (lambda: ([_asset_10(), 2], {}), {0: "obj", 1: "int"}),
    "load_gltf": (lambda: ([_FIGURE], {}), {0: "path", "base_dir": "path", "resolver": "fn"}),
    "pause_animation": (lambda: ([_group_10()], {}), {0: "obj"}),
    "play_animation": (lambda: ([_group_10()], {}), {0: "obj"}),
    "read_gltf_document": (
        lambda: ([_FIGURE], {}),
        {0: "path", "base_dir": "path", "resolver": "fn", "emit_warnings": "flag"},
    ),
    "remove_animation_group": (
        lambda: (lambda g: ([g._manager, g], {}))(_group_10()),
        {0: "obj", 1: "obj"},
    ),
    "remove_animation_task": (
        lambda: (lambda m: ([m, lite.create_animation_task(lambda *a: None)], {}))(_M()),
        {0: "obj", 1: "obj"},
    ),
    "set_animation_additive": (
        lambda: ([_group_10()], {"reference_time": 0.0}),
        {0: "obj", "reference_time": "num"},
    ),
    "set_animation_task_category_handler": (
        lambda: ([_M(), "c", lambda m, d: True], {}),
        {0: "obj", 1: "name", 2: "fn"},
    ),
    "set_animation_weight": (lambda: ([_group_10(), 0.5], {}), {0: "obj", 1: "num"}),
    "start_animation_manager": (lambda: ([_M()], {}), {0: "obj"}),
    "snapshot_pose": (lambda: ([_asset_10(), _group_10()], {}), {0: "obj", 1: "obj"}),
    "stop_animation": (lambda: ([_group_10()], {}), {0: "obj"}),
    "stop_animation_manager": (lambda: ([_M(), 1.0], {}), {0: "obj", 1: "num"}),
    "update_animation_manager": (lambda: ([_M(), 16.0], {}), {0: "obj", 1: "num"}),
    # issue 25 (forgeax): target ids, diagnostics, animated bounds
    "derive_target_id": (lambda: ([["Root", "Hips"]], {}), {0: "obj"}),
    "find_node_by_target_id": (
        lambda: ([_asset_10(), next(t for t in _asset_10().target_ids if t)], {}),
        {0: "obj", 1: "obj"},
    ),
    "subscribe_animation_diagnostics": (lambda: ([print], {}), {0: "fn"}),
    "animated_bounds": (
        lambda: ([_asset_10(), None], {}),
        {0: "obj", 1: "obj", "skin": "int", "morph_envelope": "obj"},
    ),
    "skinned_positions": (lambda: ([_asset_10(), 0], {}), {0: "obj", 1: "int"}),
    # the pose graph (lite.pose): poses, blends, blend spaces, state machines
    "create_pose": (lambda: ([_asset_10()], {}), {0: "obj"}),
    "sample_clip": (
        lambda: ([_walk_clip(), 0.25, lite.create_pose(_asset_10())], {}),
        {0: "obj", 1: "num", 2: "obj"},
    ),
    "blend_poses": (
        lambda: ([*_poses(3)[:2], 0.5, _poses(3)[2]], {"mask": None}),
        {0: "obj", 1: "obj", 2: "num", 3: "obj", "mask": "obj"},
    ),
    "additive_pose": (lambda: (_poses(3), {}), {0: "obj", 1: "obj", 2: "obj"}),
    "add_pose": (
        lambda: ([*_poses(2), 1.0, lite.create_pose(_asset_10())], {}),
        {0: "obj", 1: "obj", 2: "num", 3: "obj"},
    ),
    "apply_pose": (
        lambda: ([lite.create_pose(_asset_10()), _asset_10()], {}),
        {0: "obj", 1: "obj"},
    ),
    "create_blend_space_1d": (lambda: ([_clips(2), [0.0, 1.0]], {}), {0: "obj", 1: "obj"}),
    "create_blend_space_2d": (
        lambda: ([_clips(3), [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)]], {}),
        {0: "obj", 1: "obj"},
    ),
    "blend_space_weights": (lambda: ([_space_1d(), 0.5], {}), {0: "obj", 1: "num"}),
    "blend_space_duration": (lambda: ([_space_1d(), 0.5], {}), {0: "obj", 1: "num"}),
    "sample_blend_space": (
        lambda: ([_space_1d(), 0.5, 0.25, lite.create_pose(_asset_10())], {}),
        {0: "obj", 1: "num", 2: "num", 3: "obj"},
    ),
    "create_state_machine": (
        lambda: ([_M(), lite.instantiate(_asset_10())], _machine_spec()),
        {0: "obj", 1: "obj", "states": "obj", "transitions": "obj", "initial": "name"},
    ),
    "set_state_parameter": (
        lambda: ([_machine(), "speed", 1.0], {}),
        {0: "obj", 1: "name", 2: "param"},
    ),
    "fire_state_trigger": (lambda: ([_machine(), "go"], {}), {0: "obj", 1: "name"}),
    "write_property_track": (
        lambda: ([lite.bind_property_clip(SimpleNamespace(x=0.0), _clip_10()), 0, 0.5], {}),
        {0: "obj", 1: "int", 2: "num"},
    ),
}

_NUM_BAD: list[object] = ["1", "0.5", b"1", object(), [], [1.0], math.nan, math.inf, -math.inf,
                          10**400, -(10**400), np.float64("nan"), np.float32("inf"), 1j, True]  # fmt: skip
HOSTILE: dict[str, list[object]] = {
    "num": _NUM_BAD,
    # a state-machine parameter: a number or a bool (True is a value, not an attack)
    "param": [v for v in _NUM_BAD if v is not True],
    "int": [*_NUM_BAD, 0.5, 1.0, np.float64(1.0), 10**20, -1],
    "obj": ["x", 3, 0.5, object(), SimpleNamespace(), np.int64(1)],
    "target": ["x", 3, None],
    "fn": ["f", 3, object()],
    "name": [3, b"c", object(), ["c"]],
    "path": [3, 0.5, object(), "a\0b", ["a"]],
    "flag": ["no", 2, None, object()],
}
_CASES = [
    pytest.param(name, slot, bad, id=f"{name}-{slot}-{kind}{i}")
    for name, (_, slots) in sorted(ENTRY_POINTS.items())
    for slot, kind in slots.items()
    for i, bad in enumerate(HOSTILE[kind])
]


def test_every_entry_point_is_in_the_table_or_documented_as_hot_path() -> None:
    functions = {n for n in lite.__all__ if inspect.isfunction(getattr(lite, n))}
    assert functions - UNCHECKED_HOT_PATH == set(ENTRY_POINTS)
    assert functions >= UNCHECKED_HOT_PATH


@pytest.mark.filterwarnings("ignore::lite.errors.LiteWarning")
@pytest.mark.parametrize(("name", "slot", "bad"), _CASES)
def test_every_entry_point_refuses_hostile_arguments_with_a_code(
    name: str, slot: object, bad: object
) -> None:
    make, _ = ENTRY_POINTS[name]
    args, kwargs = make()
    if isinstance(slot, int):
        args[slot] = bad
    else:
        kwargs[slot] = bad
    managers = [a for a in [*args, *kwargs.values()] if isinstance(a, lite.AnimationManager)]
    try:
        with pytest.raises(LiteError) as exc:
            getattr(lite, name)(*args, **kwargs)
    finally:
        for m in managers:
            if m.running:
                lite.stop_animation_manager(m)
    assert exc.value.code in ERROR_CODES
    assert exc.value.hint
    for m in managers:
        assert not m.running  # e.g. a bad stop timeout left the loop as it was: not started


@pytest.mark.parametrize(
    ("name", "slot", "value"),
    [
        ("create_animation_manager", "fixed_delta_ms", np.float32(16.0)),
        ("create_power_ease", 0, np.int64(3)),
        ("go_to_frame", 1, np.float64(1.0)),
        ("set_animation_weight", 1, np.float32(0.5)),
        ("update_animation_manager", 1, np.int32(16)),
        ("instantiate_many", 1, np.int64(2)),
        ("write_property_track", 1, np.int64(0)),
        ("write_property_track", 2, np.float32(0.25)),
        ("stop_animation_manager", 1, np.float64(0.5)),
        ("create_animation_group_mask", 1, np.int64(1)),
        ("create_property_animation_group", "speed_ratio", np.float32(2.0)),
    ],
)
def test_numpy_scalars_are_accepted_like_python_numbers(
    name: str, slot: object, value: object
) -> None:
    make, _ = ENTRY_POINTS[name]
    args, kwargs = make()
    if isinstance(slot, int):
        args[slot] = value
    else:
        kwargs[slot] = value
    getattr(lite, name)(*args, **kwargs)


def test_a_bad_stop_timeout_leaves_the_running_loop_running() -> None:
    m = lite.create_animation_manager()
    lite.start_animation_manager(m)
    try:
        for bad in ("1", -1.0, math.nan, math.inf, object()):
            with pytest.raises(AnimationStateError) as exc:
                lite.stop_animation_manager(m, bad)  # type: ignore[arg-type]
            assert exc.value.code == "LITE-STATE-025"
            assert exc.value.input_name == "timeout_s"
            assert m.running
    finally:
        lite.stop_animation_manager(m)
    assert not m.running


def test_samplers_refuse_strings_and_bools_where_numbers_are_meant() -> None:
    for inp, out in ((["0", "1"], [0, 1]), ([0, 1], ["0", "1"]), ([0, 1], [True, False])):
        with pytest.raises(KeyframeError) as exc:
            lite.AnimationSampler(inp, out, 0)  # type: ignore[arg-type]
        assert exc.value.code == "LITE-ANIM-010"
    for interp in (0.0, "0", True):
        with pytest.raises(KeyframeError) as exc:
            lite.AnimationSampler([0, 1], [0, 1], interp)  # type: ignore[arg-type]
        assert exc.value.code == "LITE-ANIM-007"
    assert lite.AnimationSampler([0, 1], [0, 1], np.int64(1)).interpolation == 1  # type: ignore[arg-type]
