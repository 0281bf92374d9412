"""Error hierarchy and stable error codes. Port of Babylon Lite's thrown ``Error``s, made typed.

::

    ValueError
    └── LiteError                  code, message, hint, input name
        ├── KeyframeError          bad keys, times, values, samplers, clips
        ├── AnimationPathError     a property path that does not resolve on its target
        ├── AnimationStateError    bad group / manager / weight / fade arguments
        ├── GltfLoadError          malformed or unsupported glTF (file, JSON path)
        └── UnsupportedError       a feature this runtime does not provide

    UserWarning
    └── LiteWarning                content that was skipped on purpose (with a code)

Every error carries a stable ``code`` (listed in ``docs/errors.md``); tests assert on the code,
never on the wording. Messages say what was wrong, where, and what was received; ``hint`` says
how to fix it.
"""

from __future__ import annotations

import math
import numbers
from typing import Final

__all__ = [
    "ERROR_CODES",
    "AnimationPathError",
    "AnimationStateError",
    "GltfLoadError",
    "KeyframeError",
    "LiteError",
    "LiteWarning",
    "UnsupportedError",
    "finite_real",
    "integer",
]

#: Every code raised by ``lite`` with a one-line meaning. ``docs/errors.md`` mirrors this table
#: and a test keeps the two in sync.
ERROR_CODES: Final[dict[str, str]] = {
    "LITE-ANIM-001": "a property clip needs at least one track",
    "LITE-ANIM-002": "a track needs at least one key",
    "LITE-ANIM-003": "key times must be non-negative, finite and non-decreasing",
    "LITE-ANIM-004": "a key must give exactly one of 'time' or 'frame'",
    "LITE-ANIM-005": "a key value has the wrong arity or type for its track",
    "LITE-ANIM-006": "a frame rate must be a finite positive number",
    "LITE-ANIM-007": "unknown interpolation name",
    "LITE-ANIM-008": "a track or key has an unknown or malformed field",
    "LITE-ANIM-009": "key values must be finite numbers",
    "LITE-ANIM-010": "sampler arrays are malformed (times/values shapes or dtypes)",
    "LITE-ANIM-011": "easing must be a callable taking and returning a float",
    "LITE-ANIM-012": "an easing curve parameter must be a finite number",
    "LITE-ANIM-013": "an easing mode must be a real number (EASEIN 0, EASEOUT 1, EASEINOUT 2)",
    "LITE-ANIM-014": "an easing parameter is outside the curve's domain (it would write NaN/inf)",
    "LITE-PATH-001": "a property path is empty or malformed",
    "LITE-PATH-002": "a property path segment does not resolve on the target",
    "LITE-PATH-003": "a property path reaches a value that is not an object",
    "LITE-PATH-004": "a vector leaf is missing a component (x, y, z, w)",
    "LITE-PATH-005": "a vector leaf has an unsupported size (more than 4 components)",
    "LITE-PATH-006": "a property path resolves but its target cannot be written",
    "LITE-STATE-001": "the play range must have to_time greater than from_time",
    "LITE-STATE-002": "delta_ms must be a finite, non-negative number",
    "LITE-STATE-003": "a weight must be a finite number in [0, 1]",
    "LITE-STATE-004": "a fade duration must be a finite positive number of milliseconds",
    "LITE-STATE-005": "a group or task is already attached to another manager",
    "LITE-STATE-006": "speed_ratio must be a finite number",
    "LITE-STATE-007": "a frame or time argument must be a finite number",
    "LITE-STATE-008": "a task category must be a non-empty string",
    "LITE-STATE-009": "fixed_delta_ms must be a finite, non-negative number (at most 1e9 ms)",
    "LITE-STATE-010": "weighted channels for one property must share one value size",
    "LITE-STATE-011": "a callback argument must be callable",
    "LITE-STATE-012": "the autonomous manager loop cannot be started from inside itself",
    "LITE-STATE-013": "a mask needs a list of names and a valid mode",
    "LITE-STATE-014": "an argument is not the expected lite object (manager, group, task)",
    "LITE-STATE-015": "an instance count must be a positive integer",
    "LITE-STATE-016": "an animation controller input refers to a node or sampler it does not have",
    "LITE-STATE-025": "a stop timeout must be None or a finite, non-negative number of seconds",
    "LITE-STATE-017": "update_animation_manager cannot be re-entered from inside its own update",
    "LITE-STATE-030": "a group cannot be cross-faded into itself",
    "LITE-STATE-031": "a matrix conversion needs (..., 16) or (..., 4, 4) arrays",
    "LITE-GLTF-001": "the glTF file could not be read or parsed",
    "LITE-GLTF-002": "an index in the glTF refers to nothing",
    "LITE-GLTF-003": "an accessor or buffer view lies outside its buffer",
    "LITE-GLTF-004": "animation sampler data is malformed",
    "LITE-GLTF-005": "the node hierarchy has a cycle",
    "LITE-GLTF-006": "a uri is refused (escapes the asset folder, unknown scheme, too large)",
    "LITE-GLTF-007": "a required extension is not supported",
    "LITE-GLTF-008": "an accessor is malformed (component type, type, count, stride, sparse)",
    "LITE-GLTF-009": "a skin, mesh or morph-target definition is inconsistent",
    "LITE-GLTF-010": "a glTF property is missing or has the wrong type",
    "LITE-COMPAT-001": "a lite_compat numeric argument is not a number (int, float, NumPy real)",
    "LITE-GLTF-011": "the file would decode more than its budget (max_decoded_bytes)",
    "LITE-GLTF-012": "the source is not a regular file (FIFO, device, directory)",
    "LITE-UNSUP-001": "the requested feature is not supported",
    "LITE-UNSUP-002": "no GPU adapter for offscreen rendering (install mesa-vulkan-drivers)",
    "LITE-RENDER-001": "renderer input is malformed (mesh arrays, palettes, weights, camera)",
    "LITE-GPU-001": "no WebGPU adapter or device is available",
    "LITE-GPU-002": "a GPU resource or engine was used after it was disposed",
    "LITE-GPU-003": "a skeleton has more joints than one bone-texture row can hold",
}


def finite_real(value: object) -> float | None:
    """``value`` as a float when it is a finite real number (bools refused), else None.

    Accepts Python and NumPy ints and floats; a huge int that overflows a float is refused
    rather than raising ``OverflowError``.
    """
    if type(value) is float:
        return value if value - value == 0.0 else None
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return None
    try:
        number = float(value)
    except (OverflowError, TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


def integer(value: object) -> int | None:
    """``value`` as an int when it is a Python or NumPy integer (bools refused), else None.

    The integer counterpart of :func:`finite_real`: ``np.int64(3)`` is accepted like ``3``;
    ``3.0``, ``"3"`` and ``True`` are refused.
    """
    if type(value) is int:
        return value
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        return None
    return int(value)


class LiteError(ValueError):
    """Base class of every validation error raised by ``lite`` and ``lite_compat``.

    Parameters
    ----------
    code
        Stable identifier such as ``"LITE-ANIM-003"``; see :data:`ERROR_CODES`.
    message
        What was wrong, where, and what was received.
    hint
        How to fix it (optional, but given wherever a fix is known).
    input_name
        The argument, track path or JSON path at fault (optional).
    """

    code: str
    hint: str | None
    input_name: str | None

    def __init__(
        self,
        code: str,
        message: str,
        *,
        hint: str | None = None,
        input_name: str | None = None,
    ) -> None:
        self.code = code
        self.message = message
        self.hint = hint
        self.input_name = input_name
        text = f"[{code}] {message}"
        if hint:
            text += f" (hint: {hint})"
        super().__init__(text)


class KeyframeError(LiteError):
    """Malformed keys, key times, key values, samplers or clips."""


class AnimationPathError(LiteError):
    """A dotted property path that cannot be bound on its target."""


class AnimationStateError(LiteError):
    """A bad argument to a group, manager, weight or fade call; the previous state is kept."""


class GltfLoadError(LiteError):
    """A glTF file that is malformed, unsafe or uses a required feature we do not support."""


class UnsupportedError(LiteError):
    """A feature this runtime deliberately does not provide (with a named reason)."""


class LiteWarning(UserWarning):
    """Content skipped on purpose (an optional extension, an unsupported pointer, ...).

    Parameters
    ----------
    code
        Stable identifier such as ``"LITE-GLTF-W01"`` (see ``docs/errors.md``).
    message
        What was skipped, where, and why.

    Attributes
    ----------
    code
        The stable code; filter on it (``w.message.code == "LITE-GLTF-W01"``), not on wording.
    message
        The text after the code.

    Notes
    -----
    ``str(warning)`` starts with the code in brackets, ``[LITE-GLTF-W01] ...``, as before the
    code became an attribute, so filters written against the text keep working. The one-argument
    form ``LiteWarning("[CODE] text")`` (what ``warnings.warn(text, LiteWarning)`` builds) reads
    the code from the brackets; without brackets the code is ``""``.
    """

    code: str
    message: str

    def __init__(self, code: str, message: str | None = None) -> None:
        if message is None:
            text = code
            code, message = _split_code(text)
        else:
            text = f"[{code}] {message}"
        self.code = code
        self.message = message
        super().__init__(text)


def _split_code(text: str) -> tuple[str, str]:
    """``("CODE", "rest")`` of ``"[CODE] rest"``; ``("", text)`` when there is no code."""
    if text.startswith("["):
        end = text.find("]")
        if end > 1 and " " not in text[1:end]:
            return text[1:end], text[end + 1 :].lstrip(" ")
    return "", text
