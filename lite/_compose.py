"""The composition root: the manager ``lite.create_animation_manager`` hands out.

Not a port (Babylon Lite has no batched evaluation). The core manager
(:func:`lite.animation.animation_manager.create_animation_manager`) knows none of its
consumers; this module is where the runtime's layers meet: it creates a core manager and, by
default, fills the ``"batched"`` stage of its group pipeline (:mod:`lite.batch`).
"""

from __future__ import annotations

from collections.abc import Callable

from lite.animation import animation_manager
from lite.animation.state import AnimationManager
from lite.batch.engine import enable_batched_evaluation

__all__ = ["create_animation_manager"]


def create_animation_manager(
    fixed_delta_ms: float = 0.0,
    on_update: Callable[[float], None] | None = None,
    engine: object | None = None,
    *,
    batched: bool = True,
) -> AnimationManager:
    """Create a manager with no tasks (batched evaluation on by default).

    Parameters
    ----------
    fixed_delta_ms
        0 to use the delta each update is given; > 0 to always step by this many ms.
    on_update
        Called after each autonomous tick with the step applied.
    engine
        Optional GPU engine for glTF skeleton and morph uploads.
    batched
        Evaluate groups that play one clip together (``lite.batch``; default on). The results
        equal the per-group path within 1e-6; pass False to force per-group evaluation.

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-009`` for a negative or non-finite ``fixed_delta_ms``;
        ``LITE-STATE-011`` when ``on_update`` is not callable.
    """
    manager = animation_manager.create_animation_manager(fixed_delta_ms, on_update, engine)
    if batched:
        # Users do nothing special: groups of one clip are evaluated together (lite.batch).
        enable_batched_evaluation(manager)
    return manager
