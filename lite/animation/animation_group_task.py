"""Animation groups on a manager, and the group pipeline that evaluates them.

Port of src/animation/animation-group-task.ts: add, remove and list groups (each group is a
manager task of category :data:`~lite.animation.constants.ANIMATION_GROUP_TASK_CATEGORY`).

The **group pipeline** is that category's one handler. It runs ordered *stages*, each a
``(manager, delta_ms) -> bool`` function filled by key:

1. ``"fades"``: weight fades (:mod:`lite.animation.animation_weight_fade`); never handles.
2. ``"mixer"``: one weighted mixer (property or glTF, or a user handler given to
   :func:`set_animation_task_category_handler`); one slot, so enabling a mixer replaces the
   other, as in Babylon Lite. When it blends this frame it ticks every group itself.
3. ``"batched"``: batched evaluation (:mod:`lite.batch`), installed by
   :func:`lite.create_animation_manager`.
4. scalar: when no stage handled the frame, the manager ticks each group's own task.

The first stage that returns True ends the pipeline for that frame (the manager then skips
the groups' tasks). Features fill their stage with :func:`set_group_stage`; the manager and
this module import none of them.
"""

from __future__ import annotations

import warnings
import weakref
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

from lite.animation.animation_group import tick_animation
from lite.animation.animation_manager import (
    add_animation_task,
    install_task_category_handler,
    remove_animation_task,
)
from lite.animation.constants import ANIMATION_GROUP_TASK_CATEGORY
from lite.animation.state import (
    AnimationGroup,
    AnimationManager,
    AnimationTask,
    AnimationTaskCategoryHandler,
    check_callable,
    check_category,
    check_group,
    check_manager,
)
from lite.errors import AnimationStateError, LiteWarning

__all__ = [
    "GROUP_STAGES",
    "STAGE_BATCHED",
    "STAGE_FADES",
    "STAGE_MIXER",
    "GroupPipeline",
    "GroupStage",
    "add_animation_group",
    "add_animation_groups",
    "get_animation_groups",
    "group_pipeline",
    "group_stage",
    "remove_animation_group",
    "set_animation_task_category_handler",
    "set_group_stage",
    "warn_weights_unblended",
]

#: A pipeline stage: ``(manager, delta_ms) -> handled``; True ends the pipeline this frame.
GroupStage = AnimationTaskCategoryHandler

STAGE_FADES: Final = "fades"
STAGE_MIXER: Final = "mixer"
STAGE_BATCHED: Final = "batched"
#: Stage keys in the order they run (the scalar per-group ticks come after all of them).
GROUP_STAGES: Final = (STAGE_FADES, STAGE_MIXER, STAGE_BATCHED)


@dataclass(slots=True, eq=False)
class GroupPipeline:
    """The animation-group category handler of one manager: ordered stages by key.

    Attributes
    ----------
    stages
        Filled stages by key (see :data:`GROUP_STAGES`).
    handler
        The bound :meth:`update` installed in the manager's category slot (kept, so it is
        one object whose identity can be checked).
    """

    stages: dict[str, GroupStage] = field(default_factory=dict)
    handler: GroupStage | None = None
    #: What set a weight since the last update (``warn_weights_unblended``), else None.
    pending_unblended: str | None = None
    #: The filled stages in run order (rebuilt when a stage changes, read each frame).
    _run: list[GroupStage] = field(default_factory=list)

    def update(self, manager: AnimationManager, delta_ms: float) -> bool:
        """Run the stages in order until one handles the frame."""
        if self.pending_unblended is not None:
            _warn_unblended(self, manager)  # before anything advances (a warning made an error)
        # A plain loop, not any(...): no generator object per frame.
        for stage in self._run:  # noqa: SIM110
            if stage(manager, delta_ms):
                return True
        return False


_PIPELINES: weakref.WeakKeyDictionary[AnimationManager, GroupPipeline] = weakref.WeakKeyDictionary()


def group_pipeline(manager: AnimationManager) -> GroupPipeline:
    """The manager's group pipeline, created and installed as its group handler if needed.

    Installing it takes the manager's category slot (as Babylon Lite's mixers do), replacing
    a handler of another category.
    """
    check_manager(manager)
    with manager._lock:
        pipeline = _PIPELINES.get(manager)
        if pipeline is None:
            pipeline = GroupPipeline()
            pipeline.handler = pipeline.update
            _PIPELINES[manager] = pipeline
        if (
            manager._task_category_handler is not pipeline.handler
            or manager._task_category != ANIMATION_GROUP_TASK_CATEGORY
        ):
            install_task_category_handler(manager, ANIMATION_GROUP_TASK_CATEGORY, pipeline.handler)
        return pipeline


def _check_stage_key(key: object) -> str:
    if key not in GROUP_STAGES:
        raise AnimationStateError(
            "LITE-STATE-046",
            f"group pipeline stage must be one of {GROUP_STAGES}, got {key!r}",
            hint="use STAGE_FADES, STAGE_MIXER or STAGE_BATCHED",
            input_name="key",
        )
    return str(key)


def set_group_stage(manager: AnimationManager, key: str, stage: GroupStage | None) -> None:
    """Fill (or, with None, empty) the pipeline stage ``key`` of ``manager``.

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-046`` for an unknown key; ``LITE-STATE-011`` when ``stage`` is not
        callable; ``LITE-STATE-014`` when ``manager`` is not a manager.
    """
    check_manager(manager)
    name = _check_stage_key(key)
    check_callable(stage, "stage")
    with manager._lock:
        pipeline = group_pipeline(manager)
        if stage is None:
            pipeline.stages.pop(name, None)
        else:
            pipeline.stages[name] = stage
        pipeline._run[:] = [pipeline.stages[k] for k in GROUP_STAGES if k in pipeline.stages]


def group_stage(manager: AnimationManager, key: str) -> GroupStage | None:
    """The stage filling ``key`` on ``manager`` while its pipeline is installed, else None."""
    check_manager(manager)
    name = _check_stage_key(key)
    with manager._lock:
        pipeline = _PIPELINES.get(manager)
        if (
            pipeline is None
            or manager._task_category_handler is not pipeline.handler
            or manager._task_category != ANIMATION_GROUP_TASK_CATEGORY
        ):
            return None
        return pipeline.stages.get(name)


#: Managers already warned with ``LITE-ANIM-W01`` (once per manager).
_WARNED_UNBLENDED: weakref.WeakSet[AnimationManager] = weakref.WeakSet()


def warn_weights_unblended(group: AnimationGroup, what: str) -> None:
    """Ask the next update of ``group``'s manager to check that its weights take effect.

    Babylon Lite 1.10 reads weights only in its mixers: without
    ``enable_property_animation_blending`` / ``enable_animation_blending`` each group writes
    its full pose and the last one attached wins (weights 0.3 / 0.7 give the second group's
    value, not the mix), silently. ``set_animation_weight`` (weights other than 1),
    ``fade_animation_weight`` and ``cross_fade_animation_groups`` call this; the next
    update, before anything advances, warns once per manager (``LITE-ANIM-W01``) if no
    blending is enabled by then (enabling it after setting weights is fine).
    """
    manager = group._manager
    if manager is None or manager in _WARNED_UNBLENDED:
        return
    with manager._lock:
        pipeline = _PIPELINES.get(manager)  # no pipeline: nothing could blend, nothing to ask
        if pipeline is not None:
            pipeline.pending_unblended = f"{what} on group {group.name!r}"


def _warn_unblended(pipeline: GroupPipeline, manager: AnimationManager) -> None:
    what = pipeline.pending_unblended
    pipeline.pending_unblended = None
    if manager in _WARNED_UNBLENDED or pipeline.stages.get(STAGE_MIXER) is not None:
        return
    _WARNED_UNBLENDED.add(manager)
    warnings.warn(
        LiteWarning(
            "LITE-ANIM-W01",
            f"{what}, but the manager has no blending enabled: weights are ignored and the "
            "last group written wins; call enable_property_animation_blending(manager) "
            "(property groups) or enable_animation_blending(manager) (glTF groups) "
            "(warned once per manager)",
        ),
        stacklevel=4,
    )


def set_animation_task_category_handler(
    manager: AnimationManager, category: str, handler: AnimationTaskCategoryHandler
) -> None:
    """Install one handler that drives every task of ``category`` in a single pass.

    When the handler returns True for a tick, the manager skips that category's tasks (it
    handled them) and still runs every other task. For the animation-group category the
    handler fills the group pipeline's ``"mixer"`` stage: weight fades still run before it
    and batched evaluation after it (``handler=None`` empties that stage). Any other
    category takes the manager's one category slot (``handler=None`` empties it).

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-008`` for an empty or non-string ``category``; ``LITE-STATE-011`` when
        ``handler`` is not callable; ``LITE-STATE-014`` when ``manager`` is not a manager.
    """
    check_manager(manager)
    check_category(category)
    check_callable(handler, "handler")
    if category == ANIMATION_GROUP_TASK_CATEGORY:
        set_group_stage(manager, STAGE_MIXER, handler)
    else:
        install_task_category_handler(manager, category, handler)


def get_animation_groups(manager: AnimationManager) -> tuple[AnimationGroup, ...]:
    """The groups attached to ``manager``, in attachment order."""
    check_manager(manager)
    with manager._lock:
        return tuple(manager._groups)


def add_animation_group(manager: AnimationManager, group: AnimationGroup) -> None:
    """Attach ``group`` so each update ticks it (creating its task on first use).

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-005`` when the group is attached to another manager; ``LITE-STATE-014``
        when ``manager`` or ``group`` has the wrong type.
    """
    check_manager(manager)
    check_group(group)
    with manager._lock:
        owner = group._manager
        if owner is not None and owner is not manager:
            raise AnimationStateError(
                "LITE-STATE-005",
                f"animation group {group.name!r} is already attached to another AnimationManager",
                hint="remove_animation_group it from the other manager first",
                input_name="group",
            )
        if owner is manager:
            return
        task = group._task
        if task is None:
            task = _group_task(group)
            group._task = task
        manager._group_ids[id(group)] = group
        manager._group_list = None
        group._manager = manager
        add_animation_task(manager, task)


def _group_task(group: AnimationGroup) -> AnimationTask:
    def update(manager: AnimationManager, delta_ms: float, task: AnimationTask) -> None:
        tick_animation(group, delta_ms, manager.engine)

    def dispose(manager: AnimationManager) -> None:
        _forget_group(manager, group)
        if group._manager is manager:
            group._manager = None

    return AnimationTask(_update=update, _category=ANIMATION_GROUP_TASK_CATEGORY, _dispose=dispose)


def add_animation_groups(manager: AnimationManager, groups: Iterable[AnimationGroup]) -> None:
    """Attach each group in ``groups`` (see :func:`add_animation_group`); all or nothing."""
    check_manager(manager)
    if isinstance(groups, AnimationGroup):
        raise AnimationStateError(
            "LITE-STATE-014",
            f"groups must be an iterable of AnimationGroup, got the group {groups.name!r}",
            hint="wrap it in a list, or call add_animation_group",
            input_name="groups",
        )
    try:
        items = list(groups)
    except TypeError:
        raise AnimationStateError(
            "LITE-STATE-014",
            f"groups must be an iterable of AnimationGroup, got {type(groups).__name__}",
            hint="pass a list of groups",
            input_name="groups",
        ) from None
    for i, item in enumerate(items):
        check_group(item, f"groups[{i}]")
    with manager._lock:
        for group in items:
            owner = group._manager
            if owner is not None and owner is not manager:
                raise AnimationStateError(
                    "LITE-STATE-005",
                    f"animation group {group.name!r} is already attached to another manager",
                    hint="remove it from the other manager first; no group was added",
                    input_name="groups",
                )
        for group in items:
            add_animation_group(manager, group)


def remove_animation_group(manager: AnimationManager, group: AnimationGroup) -> None:
    """Detach ``group`` so it is no longer ticked."""
    check_manager(manager)
    check_group(group)
    with manager._lock:
        task = group._task
        if task is not None and group._manager is manager:
            remove_animation_task(manager, task)
            return
        _forget_group(manager, group)
        if group._manager is manager:
            group._manager = None


def _forget_group(manager: AnimationManager, group: AnimationGroup) -> None:
    """Take ``group`` out of the manager's attached groups: O(1) (a dict keyed by id)."""
    if manager._group_ids.get(id(group)) is group:
        del manager._group_ids[id(group)]
        manager._group_list = None
