"""Babylon.js ``Animation`` statics that start an animation on a whole hierarchy and append
serialized animations.

Port of ``AnimationCreateAndStartHierarchyAnimation`` and ``AnimationAppendSerializedAnimations``
of ``@babylonjs/core`` 9.31 ``Animations/animation.pure.js`` (installed there as
``Animation.CreateAndStartHierarchyAnimation`` / ``Animation.AppendSerializedAnimations``).
:class:`AnimationHierarchy` is a base of :class:`lite_compat.animations.animation.Animation`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lite_compat.animations.easing import IEasingFunction

__all__ = ["AnimationHierarchy"]


class AnimationHierarchy:
    """``CreateAndStartHierarchyAnimation`` and ``AppendSerializedAnimations``."""

    if TYPE_CHECKING:

        @staticmethod
        def _PrepareAnimation(
            name: str,
            targetProperty: str,
            framePerSecond: float,
            totalFrame: float,
            from_: Any,
            to: Any,
            loopMode: int | None = None,
            easingFunction: IEasingFunction | None = None,
        ) -> Any: ...

    @classmethod
    def CreateAndStartHierarchyAnimation(
        cls,
        name: str,
        node: Any,
        directDescendantsOnly: bool,
        targetProperty: str,
        framePerSecond: float,
        totalFrame: float,
        from_: Any,
        to: Any,
        loopMode: int | None = None,
        easingFunction: IEasingFunction | None = None,
        onAnimationEnd: Callable[[], object] | None = None,
    ) -> list[Any] | None:
        """Create a two-key animation (``from_`` at frame 0, ``to`` at ``totalFrame``) and start
        it on ``node`` and its descendants (direct children only when
        ``directDescendantsOnly``) with ``scene.beginDirectHierarchyAnimation``; it loops when
        ``loopMode`` is ``ANIMATIONLOOPMODE_CYCLE``. Returns the animatables (node first), or
        ``None`` when the values cannot be animated."""
        animation = cls._PrepareAnimation(
            name, targetProperty, framePerSecond, totalFrame, from_, to, loopMode, easingFunction
        )
        if animation is None:
            return None
        scene = node.getScene()
        result: list[Any] = scene.beginDirectHierarchyAnimation(
            node,
            directDescendantsOnly,
            [animation],
            0,
            totalFrame,
            animation.loopMode == 1,
            1.0,
            onAnimationEnd,
        )
        return result

    @staticmethod
    def AppendSerializedAnimations(source: Any, destination: dict[str, Any]) -> None:
        """Set ``destination["animations"]`` to the ``serialize()`` of each of
        ``source.animations`` (nothing when ``source`` has no ``animations``)."""
        animations = getattr(source, "animations", None)
        if animations is not None:
            destination["animations"] = [animation.serialize() for animation in animations]
