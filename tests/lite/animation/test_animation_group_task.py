"""Groups on a manager and the group pipeline (lite.animation.animation_group_task)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import lite
from lite.animation import animation_manager
from lite.animation.animation_group_task import (
    GROUP_STAGES,
    STAGE_BATCHED,
    STAGE_FADES,
    STAGE_MIXER,
    group_pipeline,
    group_stage,
    set_group_stage,
)
from lite.animation.constants import ANIMATION_GROUP_TASK_CATEGORY
from lite.animation.state import AnimationManager
from lite.errors import AnimationStateError


def _clip() -> lite.PropertyAnimationClip:
    return lite.create_property_animation_clip(
        "c", [{"path": "x", "keys": [{"time": 0, "value": 0}, {"time": 1, "value": 10}]}]
    )


def _recorder(log: list[str], name: str, handled: bool = False):  # type: ignore[no-untyped-def]
    def stage(manager: AnimationManager, delta_ms: float) -> bool:
        log.append(name)
        return handled

    return stage


def test_stages_run_in_pipeline_order_whatever_the_fill_order() -> None:
    m = animation_manager.create_animation_manager()
    log: list[str] = []
    set_group_stage(m, STAGE_BATCHED, _recorder(log, "batched"))
    set_group_stage(m, STAGE_MIXER, _recorder(log, "mixer"))
    set_group_stage(m, STAGE_FADES, _recorder(log, "fades"))
    lite.update_animation_manager(m, 16.0)
    assert log == ["fades", "mixer", "batched"]
    assert GROUP_STAGES == ("fades", "mixer", "batched")


def test_a_stage_that_handles_ends_the_pipeline_and_skips_group_tasks() -> None:
    m = animation_manager.create_animation_manager()
    target = SimpleNamespace(x=0.0)
    lite.create_property_animation_group(m, target, _clip())
    log: list[str] = []
    set_group_stage(m, STAGE_MIXER, _recorder(log, "mixer", handled=True))
    set_group_stage(m, STAGE_BATCHED, _recorder(log, "batched"))
    lite.update_animation_manager(m, 500.0)
    assert log == ["mixer"]
    assert target.x == 0.0  # the group's own task did not run


def test_no_stage_handles_so_each_group_ticks_on_its_own() -> None:
    m = animation_manager.create_animation_manager()
    target = SimpleNamespace(x=0.0)
    lite.create_property_animation_group(m, target, _clip())
    log: list[str] = []
    set_group_stage(m, STAGE_FADES, _recorder(log, "fades"))
    lite.update_animation_manager(m, 500.0)
    assert log == ["fades"]
    assert target.x == pytest.approx(5.0)


def test_one_mixer_slot_enabling_a_mixer_replaces_the_other() -> None:
    m = lite.create_animation_manager()
    lite.enable_property_animation_blending(m)
    first = group_stage(m, STAGE_MIXER)
    lite.enable_animation_blending(m)
    second = group_stage(m, STAGE_MIXER)
    assert first is not None and second is not None and first != second
    assert lite.batch_engine_of(m) is not None  # batching stays in its own stage


def test_category_handler_for_groups_fills_the_mixer_stage() -> None:
    m = lite.create_animation_manager()
    log: list[str] = []
    handler = _recorder(log, "user", handled=True)
    lite.set_animation_task_category_handler(m, ANIMATION_GROUP_TASK_CATEGORY, handler)
    assert group_stage(m, STAGE_MIXER) is handler
    assert lite.batch_engine_of(m) is not None
    lite.update_animation_manager(m, 16.0)
    assert log == ["user"]
    lite.set_animation_task_category_handler(m, ANIMATION_GROUP_TASK_CATEGORY, None)  # type: ignore[arg-type]
    assert group_stage(m, STAGE_MIXER) is None


def test_another_category_takes_the_slot_and_the_pipeline_comes_back_on_use() -> None:
    m = lite.create_animation_manager()
    log: list[str] = []
    lite.set_animation_task_category_handler(m, "other", _recorder(log, "other"))
    assert m._task_category == "other"
    assert group_stage(m, STAGE_BATCHED) is None
    lite.enable_property_animation_blending(m)
    assert m._task_category_handler is group_pipeline(m).handler


def test_fades_run_first_so_the_mixer_reads_the_faded_weight() -> None:
    m = lite.create_animation_manager()
    g = lite.create_property_animation_group(m, SimpleNamespace(x=0.0), _clip())
    seen: list[float] = []

    def mixer(manager: AnimationManager, delta_ms: float) -> bool:
        seen.append(g.weight)
        return False

    set_group_stage(m, STAGE_MIXER, mixer)
    lite.fade_animation_weight(m, g, to=0.0, duration_ms=100.0)
    lite.update_animation_manager(m, 50.0)
    assert seen == [pytest.approx(0.5)]


def test_unknown_stage_key_is_refused() -> None:
    m = lite.create_animation_manager()
    with pytest.raises(AnimationStateError) as exc:
        set_group_stage(m, "scalar", None)
    assert exc.value.code == "LITE-STATE-046"
    with pytest.raises(AnimationStateError) as exc:
        set_group_stage(m, STAGE_MIXER, 3)  # type: ignore[arg-type]
    assert exc.value.code == "LITE-STATE-011"


def test_core_manager_has_no_stage_and_the_composed_one_batches() -> None:
    core = animation_manager.create_animation_manager()
    assert core._task_category_handler is None
    assert lite.batch_engine_of(core) is None
    composed = lite.create_animation_manager()
    assert lite.batch_engine_of(composed) is not None
    assert lite.batch_engine_of(lite.create_animation_manager(batched=False)) is None
