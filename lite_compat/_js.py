"""JavaScript number semantics: the one copy every compat module uses.

``Number.prototype.toString``, ToInt32, ``%``, ``Math.round``/``min``/``max``/``pow``,
``parseInt``, truthiness, string concatenation, IEEE division and the ``Math`` functions that
yield ``NaN`` instead of raising. Ports the ECMAScript number rules that Babylon.js 9.31 relies
on (``Maths/``, ``Animations/runtimeAnimation``, ``Meshes/Builders``, ``Cameras/``).
"""

from __future__ import annotations

import inspect
import math
import numbers
from collections.abc import Callable, MutableSequence, Sequence
from types import FunctionType, MethodType
from typing import Any, Final, TypeVar, cast

from lite.errors import LiteError, UnsupportedError

__all__ = [
    "hash_chain",
    "js_callable",
    "js_original",
    "is_number",
    "js_number",
    "require_number",
    "js_acos",
    "js_asin",
    "js_concat",
    "js_cos",
    "js_div",
    "js_floor",
    "js_max",
    "js_min",
    "js_mod",
    "js_pow",
    "js_round",
    "js_sign",
    "js_sin",
    "js_sqrt",
    "js_str",
    "js_tan",
    "parse_int",
    "reference_error",
    "to_int32",
    "truthy",
    "write_array",
]

_R = TypeVar("_R")

_INF: Final = math.inf
_NAN: Final = math.nan


def js_str(value: float) -> str:
    """Format a number as JavaScript's ``Number.prototype.toString()`` does."""
    v = float(value)
    if v != v:
        return "NaN"
    if v == _INF:
        return "Infinity"
    if v == -_INF:
        return "-Infinity"
    if v == 0.0:
        return "0"
    sign = "-" if v < 0 else ""
    text = repr(abs(v))  # shortest round-trip digits, like ECMAScript's Number::toString
    mantissa, _, exp_text = text.partition("e")
    exponent = int(exp_text) if exp_text else 0
    int_part, _, frac_part = mantissa.partition(".")
    digits = int_part + frac_part
    n = len(int_part) + exponent
    stripped = digits.lstrip("0")
    n -= len(digits) - len(stripped)
    digits = stripped.rstrip("0")
    k = len(digits)
    if k <= n <= 21:
        return sign + digits + "0" * (n - k)
    if 0 < n <= 21:
        return sign + digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return sign + "0." + "0" * (-n) + digits
    e = n - 1
    exp_str = ("+" if e >= 0 else "-") + str(abs(e))
    if k == 1:
        return sign + digits + "e" + exp_str
    return sign + digits[0] + "." + digits[1:] + "e" + exp_str


def to_int32(value: float) -> int:
    """ECMAScript ToInt32 (what ``x | 0`` and ``a ^ b`` apply to their operands)."""
    if not -_INF < value < _INF:
        return 0
    n = int(value) & 0xFFFFFFFF
    return n - 0x100000000 if n >= 0x80000000 else n


def parse_int(text: str, radix: int) -> float:
    """ECMAScript ``parseInt`` for radix 10 or 16 (leading digits only, NaN when none)."""
    s = text.lstrip(" \t\n\r\v\f\u00a0\ufeff")
    sign = 1.0
    if s[:1] in ("-", "+"):
        sign = -1.0 if s[0] == "-" else 1.0
        s = s[1:]
    if radix == 16 and s[:2] in ("0x", "0X"):
        s = s[2:]
    valid = "0123456789abcdefABCDEF" if radix == 16 else "0123456789"
    end = 0
    while end < len(s) and s[end] in valid:
        end += 1
    if end == 0:
        return _NAN
    return sign * float(int(s[:end], radix))


def hash_chain(values: Sequence[float]) -> int:
    """``hash = v0; hash = (hash * 397) ^ v1; ...`` with JS int32 XOR semantics (2+ values)."""
    h = to_int32(values[0] * 397) ^ to_int32(values[1])
    for v in values[2:]:
        h = to_int32(h * 397) ^ to_int32(v)
    return h


def js_div(a: float, b: float) -> float:
    """``a / b`` with IEEE semantics (``x / 0`` is +-Infinity or NaN, as in JS)."""
    if b:
        return a / b
    if a != a or a == 0:
        return _NAN
    return math.copysign(_INF, a) * math.copysign(1.0, b)


def js_sqrt(x: float) -> float:
    """``Math.sqrt`` (NaN below 0 instead of raising)."""
    return math.sqrt(x) if x >= 0 else _NAN


def js_acos(x: float) -> float:
    """``Math.acos`` (NaN outside [-1, 1] instead of raising)."""
    return math.acos(x) if -1.0 <= x <= 1.0 else _NAN


def js_asin(x: float) -> float:
    """``Math.asin`` (NaN outside [-1, 1] instead of raising)."""
    return math.asin(x) if -1.0 <= x <= 1.0 else _NAN


def js_sin(x: float) -> float:
    """``Math.sin`` (NaN for infinities instead of raising)."""
    return math.sin(x) if -_INF < x < _INF else _NAN


def js_cos(x: float) -> float:
    """``Math.cos`` (NaN for infinities instead of raising)."""
    return math.cos(x) if -_INF < x < _INF else _NAN


def js_tan(x: float) -> float:
    """``Math.tan`` (NaN for infinities instead of raising)."""
    return math.tan(x) if -_INF < x < _INF else _NAN


def js_floor(x: float) -> float:
    """``Math.floor`` (NaN and infinities pass through)."""
    return float(math.floor(x)) if -_INF < x < _INF else x


def js_mod(a: float, b: float) -> float:
    """JavaScript ``a % b`` (C fmod: the result has the sign of ``a``)."""
    if b == 0 or not -_INF < a < _INF:
        return _NAN
    return math.fmod(a, b)


def js_pow(a: float, b: float) -> float:
    """JavaScript ``Math.pow``."""
    if b != b or (a != a and b != 0):
        return _NAN
    if abs(a) == 1.0 and abs(b) == _INF:
        return _NAN
    try:
        return math.pow(a, b)
    except ValueError:
        if a == 0:
            return _INF if math.copysign(1.0, a) > 0 or b % 2 != 1 else -_INF
        return _NAN
    except OverflowError:
        return _INF


def js_min(a: float, b: float) -> float:
    """JavaScript ``Math.min`` of two numbers (NaN wins, -0 < +0)."""
    if a < b:
        return a
    if b < a:
        return b
    if a != a or b != b:
        return _NAN
    return a if math.copysign(1.0, a) < 0 else b


def js_max(a: float, b: float) -> float:
    """JavaScript ``Math.max`` of two numbers (NaN wins, +0 > -0)."""
    if a > b:
        return a
    if b > a:
        return b
    if a != a or b != b:
        return _NAN
    return a if math.copysign(1.0, a) > 0 else b


def js_round(x: float) -> float:
    """JavaScript ``Math.round``: nearest integer, ties toward +Infinity."""
    if not -_INF < x < _INF:
        return x
    r = float(math.floor(x))
    return r + 1.0 if x - r >= 0.5 else r


def js_sign(x: float) -> float:
    """``Math.sign`` (0, -0 and NaN pass through)."""
    if x > 0:
        return 1.0
    if x < 0:
        return -1.0
    return x  # 0, -0 or NaN


def write_array(target: MutableSequence[float], index: int, values: Sequence[float]) -> None:
    """``target[index + i] = values[i]``; a short Python list grows like a JS array (holes are
    ``None``, which JSON prints as ``null`` just as ``JSON.stringify`` prints holes)."""
    end = index + len(values)
    if isinstance(target, list) and len(target) < end:
        cast("list[object]", target).extend([None] * (end - len(target)))
    for i, v in enumerate(values):
        target[index + i] = v


def reference_error(what: str) -> UnsupportedError:
    """The error Babylon.js throws (as a ``ReferenceError``) for meaningless operations."""
    return UnsupportedError(
        "LITE-UNSUP-001",
        f"{what} (Babylon.js throws a ReferenceError here too)",
        hint="this operation is not defined for this type in Babylon.js",
    )


def is_number(value: object) -> bool:
    """True for a JavaScript number (``typeof value === "number"``): a real, not a bool.

    Python ints and floats and NumPy integer and floating scalars count (``np.float32(2)``
    is a number to a caller, as it would be to ``numpy`` itself).
    """
    cls = type(value)
    if cls is float or cls is int:  # the common cases, without the ABC check
        return True
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def js_number(value: object) -> float | None:
    """``value`` as the double JavaScript would hold, or None when it is not a number.

    NumPy scalars become Python floats; an int past the double range becomes +-Infinity (a
    JavaScript number literal that large is ``Infinity``) instead of raising OverflowError.
    """
    if type(value) is float:
        return value
    if not is_number(value):
        return None
    try:
        return float(value)  # type: ignore[arg-type]
    except OverflowError:
        return _INF if value > 0 else -_INF  # type: ignore[operator]


def require_number(
    value: object, name: str, where: str, *, error: type[LiteError] = LiteError
) -> float:
    """``value`` as a JavaScript double (:func:`js_number`), or a ``LITE-COMPAT-001`` error.

    Non-finite numbers pass: Babylon.js carries NaN and Infinity through its arithmetic, and
    so does the facade. Only values that are not numbers at all (strings, None, lists, bools)
    are refused, before anything is changed.
    """
    number = js_number(value)
    if number is None:
        raise error(
            "LITE-COMPAT-001",
            f"{where}: {name} must be a number, got {value!r} ({type(value).__name__})",
            hint=f"pass {name} as an int or float (NumPy scalars are accepted)",
            input_name=name,
        )
    return number


def truthy(value: object) -> bool:
    """JavaScript truthiness (0, NaN, "", null, undefined and false are falsy)."""
    if value is None or value is False:
        return False
    if isinstance(value, int | float):
        return value == value and value != 0
    return bool(value) if isinstance(value, str) else True


def js_concat(value: object) -> str:
    """``"" + value`` in JavaScript (``undefined``, ``true``, numbers as ``toString``)."""
    if value is None:
        return "undefined"
    if isinstance(value, bool):
        return "true" if value else "false"
    if is_number(value):
        return js_str(float(value))  # type: ignore[arg-type]
    return str(value)


# -- JavaScript's calling convention for user callbacks ---------------------------------------

_CO_VARARGS: Final = inspect.CO_VARARGS
_POSITIONAL: Final = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)


def _positional_arity(fn: object) -> tuple[int, int] | None:
    """``(accepted, required)`` positional parameters of ``fn``, or None when it takes any
    number (``*args``) or its signature cannot be read (some builtins: pass everything)."""
    # Plain functions and their bound methods (nearly every callback): read the code object,
    # a few hundred nanoseconds, where inspect.signature takes microseconds. The code is what
    # the call actually accepts (a functools.wraps wrapper's own ``*args`` included).
    bound = 0
    func = fn
    if type(func) is MethodType:
        bound = 1
        func = func.__func__
    if type(func) is FunctionType:
        code = func.__code__
        if code.co_flags & _CO_VARARGS:
            return None
        accepted = code.co_argcount - bound
        defaults = func.__defaults__
        required = accepted - (len(defaults) if defaults else 0)
        return accepted, required if required > 0 else 0
    try:
        signature = inspect.signature(fn)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None
    accepted = required = 0
    for param in signature.parameters.values():
        if param.kind is inspect.Parameter.VAR_POSITIONAL:
            return None
        if param.kind in _POSITIONAL:
            accepted += 1
            if param.default is inspect.Parameter.empty:
                required += 1
    return accepted, required


def js_callable(fn: Callable[..., _R], max_args: int) -> Callable[..., _R]:
    """``fn`` called the way JavaScript calls a function: extra arguments dropped, missing ones
    ``undefined`` (None).

    Babylon.js calls its callbacks with up to ``max_args`` positional arguments (an observer
    gets ``(eventData, eventState)``, an ``AnimationEvent`` action ``(currentFrame)``); a
    JavaScript function that declares fewer simply never sees the rest, and one that declares
    more gets ``undefined`` for them. A Python function would raise ``TypeError`` instead, so
    every place the facade *stores* a user callable passes it through here once, at
    registration (the signature is inspected once, never per call).

    Returns ``fn`` itself (no wrapper, no overhead) when it already accepts ``max_args``
    positional arguments and requires no more: ``*args``, enough parameters or defaults, and
    callables whose signature cannot be read (builtins such as ``max``: passed everything, as
    before). Bound methods, ``functools.partial``, classes and callable objects are read
    through :func:`inspect.signature`. Otherwise returns a wrapper that passes the first
    ``accepted`` arguments and pads required parameters past ``max_args`` with None; the
    original stays reachable with :func:`js_original` (``removeCallback`` and friends compare
    the original, as Babylon compares the function it was given). Non-callables are returned
    unchanged, so the caller's own validation still sees them.
    """
    if not callable(fn):
        return fn
    arity = _positional_arity(fn)  # None for a wrapper made here too (it takes *args)
    if arity is None:
        return fn
    accepted, required = arity
    if accepted >= max_args and required <= max_args:
        return fn
    wrapper: Callable[..., _R]
    if required > max_args:
        pad = (None,) * required

        def wrapper(*args: Any) -> _R:
            if len(args) < required:
                args += pad[len(args) :]
            return fn(*args[:accepted])

    elif accepted == 0:

        def wrapper(*args: Any) -> _R:
            return fn()

    elif accepted == 1:

        def wrapper(*args: Any) -> _R:
            return fn(*args[:1])

    else:

        def wrapper(*args: Any) -> _R:
            return fn(*args[:accepted])

    wrapper._js_original = fn  # type: ignore[attr-defined]
    return wrapper


def js_original(fn: Callable[..., _R]) -> Callable[..., _R]:
    """The callable :func:`js_callable` was given (``fn`` itself when it was not wrapped)."""
    return cast("Callable[..., _R]", getattr(fn, "_js_original", fn))
