"""Babylon.js-shaped ``AnimationEvent``: an action run when playback passes a frame.

Port of Babylon.js 9.31 ``Animations/animationEvent.js``.
"""

from __future__ import annotations

from collections.abc import Callable

from lite_compat._js import js_callable, js_original

__all__ = ["AnimationEvent"]


class AnimationEvent:
    """An action run when playback passes ``frame`` (Babylon.js ``AnimationEvent``).

    Parameters
    ----------
    frame
        Frame at which the event fires.
    action
        Called with the current frame; as in JavaScript it may declare no parameter
        (``lambda: ...``) or more (they receive None).
    onlyOnce
        Fire once, then remove the event from the running animation.
    """

    def __init__(
        self, frame: float, action: Callable[[float], object], onlyOnce: bool | None = None
    ) -> None:
        self.frame = frame
        self.action = action
        self.onlyOnce = onlyOnce
        #: Set once the event fired in the current loop.
        self.isDone = False

    @property
    def action(self) -> Callable[..., object]:
        """The function given (``_action`` is how it is called: ``_action(currentFrame)``)."""
        return js_original(self._action)

    @action.setter
    def action(self, value: Callable[..., object]) -> None:
        self._action = js_callable(value, 1)  # signature read once, here

    def _clone(self) -> AnimationEvent:
        return AnimationEvent(self.frame, self._action, self.onlyOnce)
