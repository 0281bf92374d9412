"""lite.pose.state_machine: transitions by condition, trigger, wildcard and exit time;
cross-fade weights that sum to 1; enter/exit signals; groups mode inside batched evaluation;
pose mode with blend spaces; error codes."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from numpy.testing import assert_allclose, assert_array_equal

import lite
from lite.errors import AnimationStateError, LiteError
from tests.lite.pose._util import clip, figure

STEP = 20.0  # ms


def _machine(
    asset: lite.GltfAsset | None = None,
    manager: lite.AnimationManager | None = None,
    **overrides: Any,
) -> lite.StateMachine:
    asset = asset or figure()
    manager = manager or lite.create_animation_manager()
    spec: dict[str, Any] = {
        "states": {"walk": "walk", "run": "run", "wave": "wave"},
        "transitions": [
            {"from": "walk", "to": "run", "when": [("speed", ">", 2.0)], "duration_ms": 100},
            {"from": "run", "to": "walk", "when": [("speed", "<=", 2.0)], "duration_ms": 100},
            {"from": "*", "to": "wave", "trigger": "greet", "duration_ms": 60},
            {"from": "wave", "to": "walk", "exit_time": 1.0, "duration_ms": 0},
        ],
        "parameters": {"speed": 1.0, "grounded": True},
        "initial": "walk",
    }
    spec.update(overrides)
    return lite.create_state_machine(manager, asset, **spec)


def _tick(machine: lite.StateMachine, frames: int = 1, step: float = STEP) -> None:
    for _ in range(frames):
        lite.update_animation_manager(machine.manager, step)


def test_the_initial_state_plays_alone_at_weight_1() -> None:
    m = _machine()
    assert m.mode == "groups"
    assert m.state == "walk"
    assert m.states == ("walk", "run", "wave")
    _tick(m, 3)
    assert m.weights == {"walk": 1.0, "run": 0.0, "wave": 0.0}
    walk = next(g for g in m.asset.animation_groups if g.name == "walk")
    assert walk.is_playing and walk.weight == 1.0
    assert walk.current_time == pytest.approx(0.06)
    assert not m.in_transition


def test_a_condition_starts_a_cross_fade_whose_weights_sum_to_1() -> None:
    m = _machine()
    _tick(m, 2)
    lite.set_state_parameter(m, "speed", 3.0)
    assert m.state == "walk"  # read at the next update
    _tick(m)
    assert m.state == "run"  # the target, as soon as the transition starts
    seen = []
    for _ in range(5):  # 100 ms at 20 ms a frame
        _tick(m)
        w = m.weights
        assert sum(w.values()) == pytest.approx(1.0, abs=1e-12)
        seen.append(w["run"])
    assert_allclose(seen, [0.2, 0.4, 0.6, 0.8, 1.0], atol=1e-12)
    _tick(m)
    assert m.weights == {"walk": 0.0, "run": 1.0, "wave": 0.0}
    walk = next(g for g in m.asset.animation_groups if g.name == "walk")
    assert not walk.is_playing  # stopped once faded out


def test_a_trigger_fires_its_transition_once_and_is_consumed() -> None:
    m = _machine()
    _tick(m)
    lite.fire_state_trigger(m, "greet")
    _tick(m)
    assert m.state == "wave"
    _tick(m, 4)  # fade done; the trigger is gone, so the wildcard does not fire again
    assert m.weights["wave"] == 1.0
    assert m.state == "wave"


def test_an_unused_trigger_is_dropped_after_one_update() -> None:
    m = _machine(
        transitions=[
            {"from": "walk", "to": "run", "when": [("speed", ">", 2.0)], "duration_ms": 40},
            {"from": "run", "to": "wave", "trigger": "greet", "duration_ms": 40},
        ]
    )
    lite.fire_state_trigger(m, "greet")  # walk has no transition using it
    _tick(m)
    lite.set_state_parameter(m, "speed", 3.0)
    _tick(m, 5)
    assert m.state == "run"  # not wave: the trigger did not wait
    lite.fire_state_trigger(m, "greet")
    _tick(m)
    assert m.state == "wave"


def test_a_wildcard_fires_from_every_state_but_its_target() -> None:
    m = _machine()
    lite.set_state_parameter(m, "speed", 3.0)
    _tick(m, 8)
    assert m.state == "run"
    entered: list[str] = []
    m.on_state_enter.add(lambda machine, name: entered.append(name))
    lite.fire_state_trigger(m, "greet")
    _tick(m, 4)
    assert m.state == "wave"
    assert entered == ["wave"]
    lite.fire_state_trigger(m, "greet")  # already in wave: '*' never re-enters its target
    _tick(m)
    assert entered == ["wave"]


def test_exit_time_waits_for_the_normalised_time_of_the_state() -> None:
    m = _machine()
    lite.fire_state_trigger(m, "greet")
    _tick(m)
    assert m.state == "wave"
    wave = clip(m.asset, "wave")
    frames_per_cycle = round(wave.duration * 1000.0 / STEP)  # 2 s / 20 ms = 100
    _tick(m, frames_per_cycle - 1)
    assert m.state == "wave"
    _tick(m)  # normalised time reaches 1.0 in this update
    assert m.state == "walk"
    _tick(m)  # duration 0: switched by the next update
    assert m.weights == {"walk": 1.0, "run": 0.0, "wave": 0.0}


def test_interrupting_a_cross_fade_keeps_the_weights_summing_to_1() -> None:
    m = _machine()
    lite.set_state_parameter(m, "speed", 3.0)
    _tick(m, 3)  # walk -> run, 40% through
    lite.fire_state_trigger(m, "greet")
    _tick(m)
    assert m.state == "wave"
    for _ in range(4):
        _tick(m)
        w = m.weights
        assert sum(w.values()) == pytest.approx(1.0, abs=1e-12)
        assert all(v >= 0.0 for v in w.values())
    assert m.weights["wave"] == 1.0


def test_enter_and_exit_signals_fire_in_order_and_can_be_removed() -> None:
    m = _machine()
    log: list[tuple[str, str]] = []
    remove = m.on_state_enter.add(lambda machine, name: log.append(("enter", name)))
    m.on_state_exit.add(lambda machine, name: log.append(("exit", name)))
    lite.set_state_parameter(m, "speed", 3.0)
    _tick(m, 8)
    assert log == [("enter", "run"), ("exit", "walk")]
    remove()
    lite.set_state_parameter(m, "speed", 1.0)
    _tick(m, 8)
    assert log == [("enter", "run"), ("exit", "walk"), ("exit", "run")]
    with pytest.raises(AnimationStateError) as exc:
        m.on_state_exit.add("print")  # type: ignore[arg-type]
    assert exc.value.code == "LITE-STATE-011"


def test_a_listener_may_drive_the_machine() -> None:
    m = _machine()
    m.on_state_enter.add(lambda machine, name: lite.set_state_parameter(machine, "speed", 1.0))
    lite.set_state_parameter(m, "speed", 3.0)
    _tick(m)
    assert m.state == "run"
    _tick(m)
    assert m.state == "walk"  # the listener set speed back; the next update went back


def test_groups_mode_is_batched_outside_cross_fades() -> None:
    base = figure()
    crowd = lite.instantiate_many(base, 8)
    manager = lite.create_animation_manager()
    machines = [_machine(inst, manager) for inst in crowd]
    eng = lite.batch_engine_of(manager)
    assert eng is not None
    _tick(machines[0], 3)
    eng.kinds[:] = [-1] * len(eng.kinds)
    _tick(machines[0])
    walking = [i for i, g in enumerate(lite.get_animation_groups(manager)) if g.name == "walk"]
    assert [eng.kinds[i] for i in walking] == [2] * 8  # every walk evaluated by a batch
    # the poses are the clip's, as sample_clip gives it
    pose = lite.create_pose(base)
    for inst in crowd:
        group = next(g for g in inst.animation_groups if g.name == "walk")
        lite.sample_clip(clip(base, "walk"), group.current_time, pose)
        assert_allclose(inst.pose.local, pose.local, rtol=1e-6, atol=1e-6)
    # during a cross-fade the mixer blends; after it, batches again
    for m in machines:
        lite.set_state_parameter(m, "speed", 3.0)
    _tick(machines[0], 7)
    eng.kinds[:] = [-1] * len(eng.kinds)
    _tick(machines[0])
    running = [i for i, g in enumerate(lite.get_animation_groups(manager)) if g.name == "run"]
    assert [eng.kinds[i] for i in running] == [2] * 8


def _space(asset: lite.GltfAsset) -> lite.BlendSpace:
    return lite.create_blend_space_1d([clip(asset, "walk"), clip(asset, "run")], [1.0, 3.0])


def _pose_machine() -> lite.StateMachine:
    asset = figure()
    return lite.create_state_machine(
        lite.create_animation_manager(),
        asset,
        states={"loco": {"blend_space": _space(asset), "parameter": "speed"}, "wave": "wave"},
        transitions=[
            {"from": "loco", "to": "wave", "trigger": "greet", "duration_ms": 100},
            {"from": "wave", "to": "loco", "exit_time": 0.5, "duration_ms": 100},
        ],
        parameters={"speed": 2.0},
        initial="loco",
    )


def test_pose_mode_plays_a_blend_space_at_its_blended_duration() -> None:
    m = _pose_machine()
    assert m.mode == "pose"
    space = _space(m.asset)
    duration = lite.blend_space_duration(space, 2.0)
    expected = lite.create_pose(m.asset)
    for k in range(1, 40):
        _tick(m)
        phase = (k * STEP / 1000.0 / duration) % 1.0
        lite.sample_blend_space(space, 2.0, phase, expected)
        assert_allclose(m.asset.pose.local, expected.local, atol=2e-6)
    assert m.weights == {"loco": 1.0, "wave": 0.0}


def test_pose_mode_cross_fades_by_blending_the_states_poses() -> None:
    m = _pose_machine()
    _tick(m, 5)
    lite.fire_state_trigger(m, "greet")
    _tick(m)
    assert m.state == "wave"
    space = _space(m.asset)
    duration = lite.blend_space_duration(space, 2.0)
    loco, wave, out = (lite.create_pose(m.asset) for _ in range(3))
    for k in range(1, 5):
        _tick(m)
        w = m.weights
        assert sum(w.values()) == pytest.approx(1.0, abs=1e-12)
        assert w["wave"] == pytest.approx(k * STEP / 100.0)
        phase = ((6 + k) * STEP / 1000.0 / duration) % 1.0
        lite.sample_blend_space(space, 2.0, phase, loco)
        lite.sample_clip(clip(m.asset, "wave"), k * STEP / 1000.0, wave)
        lite.blend_poses(loco, wave, w["wave"], out)
        assert_allclose(m.asset.pose.local, out.local, atol=2e-6)
    _tick(m, 2)
    assert m.weights == {"loco": 0.0, "wave": 1.0}
    _tick(m, 50)  # exit_time 0.5 of a 2 s clip, then 100 ms back
    assert m.state == "loco"


def test_parameters_read_back_and_booleans_are_numbers() -> None:
    m = _machine()
    assert dict(m.parameters) == {"speed": 1.0, "grounded": 1.0}
    lite.set_state_parameter(m, "grounded", False)
    assert m.parameters["grounded"] == 0.0
    assert m.triggers == frozenset({"greet"})


def _raises(code: str, call: Any) -> LiteError:
    with pytest.raises(LiteError) as exc:
        call()
    assert exc.value.code == code, (code, exc.value)
    assert exc.value.hint, code
    return exc.value


def test_unknown_names_and_bad_values_raise_their_codes() -> None:
    m = _machine()
    _raises("LITE-POSE-022", lambda: lite.set_state_parameter(m, "sped", 1.0))
    _raises("LITE-POSE-025", lambda: lite.set_state_parameter(m, "speed", float("nan")))
    _raises("LITE-POSE-025", lambda: lite.set_state_parameter(m, "speed", "fast"))
    _raises("LITE-POSE-023", lambda: lite.fire_state_trigger(m, "jump"))
    _raises("LITE-POSE-026", lambda: lite.fire_state_trigger("machine", "greet"))  # type: ignore[arg-type]
    assert m.parameters["speed"] == 1.0


BAD_SPECS: list[tuple[str, dict[str, Any]]] = [
    ("LITE-POSE-021", {"initial": "jog"}),
    ("LITE-POSE-021", {"transitions": [{"from": "jog", "to": "run", "trigger": "t"}]}),
    ("LITE-POSE-021", {"transitions": [{"from": "walk", "to": "jog", "trigger": "t"}]}),
    ("LITE-POSE-022", {"transitions": [{"to": "run", "when": [("sped", ">", 1)]}]}),
    ("LITE-POSE-024", {"transitions": [{"to": "run", "when": [("speed", "=>", 1)]}]}),
    ("LITE-POSE-024", {"transitions": [{"to": "run", "when": [("speed", ">")]}]}),
    ("LITE-POSE-024", {"transitions": [{"from": "walk", "to": "run"}]}),
    ("LITE-POSE-024", {"transitions": [{"from": "walk", "to": "walk", "trigger": "t"}]}),
    ("LITE-POSE-024", {"transitions": [{"to": "run", "trigger": "t", "duration_ms": -1}]}),
    ("LITE-POSE-024", {"transitions": [{"to": "run", "exit_time": float("nan")}]}),
    ("LITE-POSE-024", {"transitions": [{"to": "run", "trigger": "t", "blend": 1}]}),
    ("LITE-POSE-024", {"transitions": [{"from": "walk", "trigger": "t"}]}),
    ("LITE-POSE-024", {"transitions": [{"to": "run", "trigger": "speed"}]}),
    ("LITE-POSE-024", {"transitions": {"to": "run"}}),
    ("LITE-POSE-025", {"parameters": {"speed": float("inf")}}),
    ("LITE-POSE-025", {"transitions": [{"to": "run", "when": [("speed", ">", "1")]}]}),
    ("LITE-POSE-027", {"parameters": [("speed", 1.0)]}),
    ("LITE-POSE-027", {"parameters": {"": 1.0}}),
    ("LITE-POSE-020", {"states": {}}),
    ("LITE-POSE-020", {"states": {"walk": 3}}),
    ("LITE-POSE-020", {"states": {"*": "walk"}}),
    ("LITE-POSE-020", {"states": {"walk": {"clip": "walk", "speed": -1}}}),
    ("LITE-POSE-020", {"states": {"walk": {"clip": "walk", "loop": "yes"}}}),
    ("LITE-POSE-020", {"states": {"walk": {"clip": "walk", "fade": 1}}}),
    ("LITE-STATE-041", {"states": {"walk": "sprint"}}),
]


@pytest.mark.parametrize(("code", "override"), BAD_SPECS)
def test_bad_machines_raise_their_codes_and_attach_nothing(
    code: str, override: dict[str, Any]
) -> None:
    asset = figure()
    manager = lite.create_animation_manager()
    spec: dict[str, Any] = {
        "states": {"walk": "walk", "run": "run"},
        "transitions": [],
        "parameters": {"speed": 1.0},
        "initial": "walk",
    }
    spec.update(override)
    _raises(code, lambda: lite.create_state_machine(manager, asset, **spec))
    assert lite.get_animation_groups(manager) == ()
    assert manager.animations == []


def test_blend_space_states_need_known_parameters() -> None:
    asset = figure()
    space = _space(asset)
    manager = lite.create_animation_manager()

    def make(state: object) -> lite.StateMachine:
        return lite.create_state_machine(
            manager,
            asset,
            states={"loco": state},
            transitions=[],
            parameters={"speed": 0.0},
            initial="loco",
        )

    _raises("LITE-POSE-020", lambda: make(space))
    _raises("LITE-POSE-022", lambda: make({"blend_space": space, "parameter": "velocity"}))
    _raises("LITE-POSE-020", lambda: make({"blend_space": space, "parameter": ("a", "b")}))
    _raises("LITE-POSE-020", lambda: make({"blend_space": "space", "parameter": "speed"}))
    _raises(
        "LITE-POSE-003",
        lambda: lite.create_state_machine(
            manager, "asset", states={"a": "walk"}, transitions=[], parameters={}, initial="a"
        ),
    )  # type: ignore[arg-type]
    _raises(
        "LITE-STATE-014",
        lambda: lite.create_state_machine(
            "manager", asset, states={"a": "walk"}, transitions=[], parameters={}, initial="a"
        ),
    )  # type: ignore[arg-type]
    assert manager.animations == []


def test_a_state_group_on_another_manager_is_refused() -> None:
    asset = figure()
    other = lite.create_animation_manager()
    lite.add_animation_groups(other, asset.animation_groups)
    _raises("LITE-STATE-005", lambda: _machine(asset))


def test_same_clip_twice_runs_in_pose_mode() -> None:
    asset = figure()
    m = lite.create_state_machine(
        lite.create_animation_manager(),
        asset,
        states={"slow": {"clip": "walk", "speed": 0.5}, "fast": {"clip": "walk", "speed": 2.0}},
        transitions=[
            {"from": "slow", "to": "fast", "when": [("go", "==", True)], "duration_ms": 40}
        ],
        parameters={"go": False},
        initial="slow",
    )
    assert m.mode == "pose"
    _tick(m, 5)
    expected = lite.sample_clip(
        clip(asset, "walk"), 5 * STEP / 1000.0 * 0.5, lite.create_pose(asset)
    )
    assert_allclose(asset.pose.local, expected.local, atol=1e-6)
    lite.set_state_parameter(m, "go", True)
    _tick(m, 4)
    assert m.weights == {"slow": 0.0, "fast": 1.0}
    assert not np.array_equal(asset.pose.local, asset.pose.rest)
    assert_array_equal(asset.pose.rest, lite.create_pose(asset).rest)


def test_removing_the_task_stops_the_machine() -> None:
    m = _machine()
    _tick(m)
    lite.remove_animation_task(m.manager, m.task)
    lite.set_state_parameter(m, "speed", 3.0)
    _tick(m, 3)
    assert m.state == "walk"
    assert repr(m.on_state_enter) == "StateSignal(0 callback(s))"
    m.on_state_enter.add(print)
    m.on_state_enter.clear()
    assert len(m.on_state_enter) == 0
