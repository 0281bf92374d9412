"""Argument checks of the node transform methods: a coded error before anything changes.

Babylon.js would throw a ``TypeError`` deep inside (``axis.normalize is not a function``) or
compute with a coerced string; a Python caller gets a ``LiteError`` naming the member, the
argument and what was received instead (codes ``LITE-COMPAT-001``, ``160``, ``165``).
NaN and infinite numbers pass, as Babylon carries them through its arithmetic.
"""

from __future__ import annotations

from lite.errors import AnimationStateError
from lite_compat._js import require_number
from lite_compat.math import Matrix

__all__ = ["check_matrix", "check_number", "check_object", "check_vector"]


def check_vector(value: object, member: str, arg: str, *, quaternion: bool = False) -> None:
    """Refuse ``value`` unless it has ``x``, ``y``, ``z`` (and ``w`` for a quaternion)."""
    axes = ("x", "y", "z", "w") if quaternion else ("x", "y", "z")
    if not all(hasattr(value, axis) for axis in axes):
        kind = "Quaternion" if quaternion else "Vector3"
        raise AnimationStateError(
            "LITE-COMPAT-160",
            f"{member}: {arg} must be a {kind} (anything with {', '.join(axes)}); "
            f"received {type(value).__name__}",
            hint=f"pass BABYLON.{kind}({', '.join(axes)}) as {arg}",
            input_name=arg,
        )


def check_matrix(value: object, member: str, arg: str) -> None:
    """Refuse ``value`` unless it is a :class:`~lite_compat.math.Matrix`."""
    if not isinstance(value, Matrix):
        raise AnimationStateError(
            "LITE-COMPAT-160",
            f"{member}: {arg} must be a Matrix; received {type(value).__name__}",
            hint=f"pass a BABYLON.Matrix as {arg} (e.g. Matrix.Translation(x, y, z))",
            input_name=arg,
        )


def check_number(value: object, member: str, arg: str) -> float:
    """``value`` as a float, or ``LITE-COMPAT-001`` when it is not a number at all."""
    return require_number(value, arg, member, error=AnimationStateError)


def check_object(value: object, member: str, arg: str, needs: str, what: str) -> None:
    """Refuse ``value`` unless it has the method ``needs`` (a node, bone or skeleton)."""
    if not callable(getattr(value, needs, None)):
        raise AnimationStateError(
            "LITE-COMPAT-165",
            f"{member}: {arg} must be a {what}; received {type(value).__name__}",
            hint=f"pass a BABYLON.{what} as {arg}",
            input_name=arg,
        )
