"""Structured animation diagnostics: malformed channels reported as facts, not text.

Port of ``@forgeax/engine-animation``'s ``animation-diagnostic.ts``
(``subscribeAnimationDiagnostics``, ``emitAnimationDiagnostic``). A channel that cannot play
(its target node, sampler, morph target or pointer does not exist, or its values are of the
wrong size) is skipped where it is bound, once, and reported as an
:class:`AnimationDiagnostic` with a stable ``code`` (the code of the :class:`~lite.LiteWarning`
that reports it on the console), a ``hint`` and a ``detail`` mapping that locates it (asset,
clip, channel, target, reason and the JSON path or group it came from). The valid channels of
the same clip keep playing.

Each unique ``(asset, clip, channel, target, reason)`` fact is emitted once per
:class:`DiagnosticScope` (one per glTF read, one per loaded asset and its instances): a
channel that could never play is reported once, not once per frame (the per-frame path never
sees it). Console warnings are aggregated by the caller, one per player (clip or group) and
reason. Listeners are an observation seam: what they raise is turned into a
``LITE-ANIM-W04`` warning and never stops a load or an update.
"""

from __future__ import annotations

import threading
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

from lite.errors import LiteError, LiteWarning

__all__ = [
    "AnimationDiagnostic",
    "AnimationDiagnosticListener",
    "DiagnosticScope",
    "emit_animation_diagnostic",
    "subscribe_animation_diagnostics",
]

#: A listener raised: reported, never propagated into a load or an update.
W_LISTENER: Final = "LITE-ANIM-W04"


@dataclass(frozen=True, slots=True)
class AnimationDiagnostic:
    """One fact about a channel that was skipped.

    Attributes
    ----------
    code
        Stable code (a ``LiteWarning`` code such as ``"LITE-GLTF-W04"``); branch on it.
    hint
        How to repair the input.
    detail
        Read-only mapping locating the fact: ``asset`` (file label), ``clip`` (animation
        index), ``clip_name``, ``channel`` (channel index, ``None`` for a sampler no channel
        uses), ``target`` (node index or pointer, ``None`` when there is none), ``reason``
        (``"target-missing"``, ``"sampler-missing"``, ``"accessor-size"``,
        ``"pointer-unsupported"``, ``"path-unknown"``, ``"morph-missing"``), plus ``path``
        (JSON path) for load-time facts and ``player`` (group name) for bind-time ones.
    message
        The same fact in words (what the console warning says).
    """

    code: str
    hint: str
    detail: Mapping[str, object]
    message: str = ""


#: A diagnostic listener: called once per unique fact, on the thread that found it.
AnimationDiagnosticListener = Callable[[AnimationDiagnostic], object]

_lock = threading.Lock()
_listeners: list[AnimationDiagnosticListener] = []


@dataclass(slots=True, eq=False)
class DiagnosticScope:
    """The set of facts already emitted for one read or one asset (and its instances)."""

    label: str = ""
    _seen: set[tuple[object, ...]] = field(default_factory=set)

    def reset(self) -> None:
        """Forget what was emitted, so the same facts are emitted again."""
        self._seen.clear()


def subscribe_animation_diagnostics(
    listener: AnimationDiagnosticListener,
) -> Callable[[], None]:
    """Call ``listener(diagnostic)`` for every unique skipped-channel fact from now on.

    Parameters
    ----------
    listener
        Called with an :class:`AnimationDiagnostic` each time a unique ``(asset, clip,
        channel, target, reason)`` fact is found (while a file is read, or when a glTF
        group's clip is bound). An exception it raises is reported as a ``LITE-ANIM-W04``
        warning and does not interrupt the caller.

    Returns
    -------
    Callable[[], None]
        ``unsubscribe()``: stop calling ``listener`` (calling it twice is harmless).

    Raises
    ------
    LiteError
        ``LITE-ANIM-040`` when ``listener`` is not callable.

    Examples
    --------
    >>> seen = []
    >>> unsubscribe = subscribe_animation_diagnostics(seen.append)
    >>> unsubscribe()
    """
    if not callable(listener):
        raise LiteError(
            "LITE-ANIM-040",
            f"listener must be callable, got {type(listener).__name__}",
            hint="pass a function taking one AnimationDiagnostic",
            input_name="listener",
        )
    with _lock:
        _listeners.append(listener)

    def unsubscribe() -> None:
        with _lock:
            for i, known in enumerate(_listeners):
                if known is listener:
                    del _listeners[i]
                    break

    return unsubscribe


def emit_animation_diagnostic(
    scope: DiagnosticScope,
    code: str,
    hint: str,
    message: str,
    detail: Mapping[str, object],
) -> bool:
    """Emit one fact to the listeners unless ``scope`` already emitted it.

    The fact's identity is ``(asset, clip, channel, target, reason)`` from ``detail``.
    Returns whether it was new (the caller then counts it into its aggregated warning).
    """
    key = tuple(detail.get(k) for k in ("asset", "clip", "channel", "target", "reason"))
    with _lock:
        if key in scope._seen:
            return False
        scope._seen.add(key)
        listeners = tuple(_listeners)
    diagnostic = AnimationDiagnostic(code, hint, MappingProxyType(dict(detail)), message)
    for listener in listeners:
        try:
            listener(diagnostic)
        except Exception as exc:  # noqa: BLE001 - a listener never breaks a load or an update
            warnings.warn(
                LiteWarning(
                    W_LISTENER,
                    f"an animation diagnostics listener raised {type(exc).__name__}: {exc}",
                ),
                stacklevel=2,
            )
    return True
