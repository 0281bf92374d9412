"""Compare a port's JSON output with a recorded Babylon document, value by value.

The two documents are walked together. Numbers are compared with
``|actual - expected| <= atol + rtol * |expected|``; strings, booleans and ``null`` must be
equal; objects must have the same keys and arrays the same length. Every difference is
reported with its JSON path (``$.frames[3].position[1]``), and the first one in document
order is what a failing test shows. The result's ``max_abs_err`` is taken over the numbers
the absolute term judges (``rtol * |expected| <= atol``) and ``max_rel_err`` over those the
relative term judges, so both stay finite and within twice their tolerance on a pass.

``NaN``, ``Infinity`` and ``-Infinity`` travel as the strings ``"NaN"``, ``"Infinity"`` and
``"-Infinity"`` (JSON has no literal for them); Python's own ``NaN``/``Infinity`` tokens are
accepted too. Two NaNs are equal, and an infinity equals only the same infinity.

Path patterns (``quaternion_paths`` and ``ignore`` in a scenario header) are JSONPath-like:
``$`` is the root, ``.name`` or ``["name"]`` a key, ``[3]`` an index, ``*`` (as ``.*`` or
``[*]``) any one key or index, ``**`` (or ``..``) any number of levels, and ``*``/``?``
inside a key name are shell-style globs (``$.debug_*``). An ignored path skips its whole
subtree. A quaternion path must name an array of four numbers; it passes when either ``q`` or
``-q`` is within tolerance.
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Final

from parity.errors import HeaderError, ScenarioError

__all__ = [
    "DEFAULT_ATOL",
    "DEFAULT_RTOL",
    "HEADER_KEYS",
    "CompareResult",
    "CompareSettings",
    "Difference",
    "PathPattern",
    "Series",
    "compare",
    "format_path",
    "load_json",
    "load_json_text",
    "merge_headers",
    "parse_header_line",
    "read_header",
]

#: Default tolerance of the parity suite (STYLE.md §7): abs 1e-6 plus rel 1e-6.
DEFAULT_ATOL: Final = 1e-6
DEFAULT_RTOL: Final = 1e-6

#: Keys a ``parity:`` header may set.
HEADER_KEYS: Final = frozenset({"atol", "rtol", "quaternion_paths", "ignore"})

#: Strings standing for the IEEE specials that JSON cannot spell.
NUMERIC_STRINGS: Final[Mapping[str, float]] = {
    "NaN": math.nan,
    "Infinity": math.inf,
    "-Infinity": -math.inf,
}

#: Numeric arrays up to this length (vectors, quaternions, 4x4 matrices) are plotted per
#: component over the outermost array; longer ones are plotted along themselves.
VECTOR_MAX_LEN: Final = 16

_HEADER_RE: Final = re.compile(r"^\s*(?://|#)\s*parity:(?P<body>.*)$")
_IDENT_RE: Final = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")

Segment = str | int


# --------------------------------------------------------------------------- JSON loading


def load_json_text(text: str, *, source: str = "<text>") -> object:
    """Parse one JSON document, accepting Python's ``NaN``/``Infinity`` tokens.

    Parameters
    ----------
    text
        The document.
    source
        Where it came from, for the error message.

    Raises
    ------
    ScenarioError
        If ``text`` is not exactly one JSON document.
    """
    try:
        return json.loads(text)
    except RecursionError:
        raise ScenarioError(
            f"{source} is nested more deeply than the JSON reader allows "
            f"(about {sys.getrecursionlimit()} levels)",
            hint="print a flatter document",
        ) from None
    except json.JSONDecodeError as exc:
        hint = None
        if any(line.startswith("BJS - ") for line in text.splitlines()):
            hint = (
                "it holds Babylon's log lines ('BJS - ...', e.g. the NullEngine banner): record "
                "the script with 'python -m parity record SCRIPT.mjs', which moves them to "
                "stderr, or, run by hand, silence them first in the script: import { Logger } "
                'from "@babylonjs/core"; Logger.LogLevels = Logger.NoneLogLevel;'
            )
        raise ScenarioError(f"{source} is not one JSON document: {exc}", hint=hint) from None


def load_json(path: str | Path) -> object:
    """Read and parse a JSON file (see :func:`load_json_text`).

    Raises
    ------
    ScenarioError
        If the file is missing, unreadable or not one JSON document.
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(f"cannot read {p}: {exc.strerror or exc}") from None
    return load_json_text(text, source=str(p))


# --------------------------------------------------------------------------- paths


def format_path(segments: Sequence[Segment | None]) -> str:
    """Spell a path as JSONPath: ``["frames", 3, "q"]`` -> ``$.frames[3].q``.

    ``None`` stands for a wildcarded index and is written ``[*]``.

    Examples
    --------
    >>> format_path(["frames", 3, "position", 1])
    '$.frames[3].position[1]'
    >>> format_path(["a b", None])
    '$["a b"][*]'
    """
    parts = ["$"]
    for seg in segments:
        if seg is None:
            parts.append("[*]")
        elif isinstance(seg, int):
            parts.append(f"[{seg}]")
        elif _IDENT_RE.match(seg):
            parts.append(f".{seg}")
        else:
            parts.append(f"[{json.dumps(seg)}]")
    return "".join(parts)


_Token = tuple[str, str | int]


class PathPattern:
    """A parsed path pattern (see the module docstring for the syntax).

    Parameters
    ----------
    text
        The pattern, e.g. ``"$.frames[*].q"`` or ``"$..debug"``.

    Raises
    ------
    HeaderError
        If ``text`` is not a valid pattern.

    Examples
    --------
    >>> PathPattern("$.frames[*].q").matches(["frames", 2, "q"])
    True
    >>> PathPattern("$..debug_*").matches(["a", 0, "debug_t"])
    True
    """

    __slots__ = ("_tokens", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self._tokens = _parse_pattern(text)

    def __repr__(self) -> str:
        return f"PathPattern({self.text!r})"

    def matches(self, segments: Sequence[Segment]) -> bool:
        """Whether the pattern matches the whole of ``segments``."""
        return _match(self._tokens, 0, segments, 0)


def _parse_pattern(text: str) -> list[_Token]:
    def bad(why: str) -> HeaderError:
        return HeaderError(f"bad path pattern {text!r}: {why}", hint='e.g. "$.frames[*].q"')

    if not text.startswith("$"):
        raise bad("it must start with '$'")
    tokens: list[_Token] = []
    i, n = 1, len(text)
    while i < n:
        ch = text[i]
        if text.startswith("..", i):
            tokens.append(("deep", ""))
            i += 1  # leave one '.' so a following name is read as a key
            if i + 1 >= n or text[i + 1] in ".[":
                i += 1
            continue
        if ch == ".":
            j = i + 1
            while j < n and text[j] not in ".[":
                j += 1
            name = text[i + 1 : j]
            if not name:
                raise bad(f"empty key at offset {i}")
            tokens.append(_name_token(name))
            i = j
            continue
        if ch == "[":
            j = text.find("]", i)
            inner = text[i + 1 : j] if j >= 0 else ""
            if j < 0:
                raise bad(f"unclosed '[' at offset {i}")
            if inner[:1] in "\"'" and len(inner) >= 2 and inner[-1] == inner[0]:
                try:
                    key = json.loads('"' + inner[1:-1] + '"')
                except json.JSONDecodeError:
                    raise bad(f"bad quoted key {inner}") from None
                tokens.append(("key", str(key)))
            elif inner in ("*", "**"):
                tokens.append(("any", "") if inner == "*" else ("deep", ""))
            elif inner.isdigit():
                tokens.append(("index", int(inner)))
            else:
                raise bad(f"[{inner}] is neither an index, '*' nor a quoted key")
            i = j + 1
            continue
        raise bad(f"unexpected {ch!r} at offset {i}")
    return tokens


def _name_token(name: str) -> _Token:
    if name == "*":
        return ("any", "")
    if name == "**":
        return ("deep", "")
    if "*" in name or "?" in name:
        return ("glob", name)
    return ("key", name)


def _match(tokens: list[_Token], ti: int, segs: Sequence[Segment], si: int) -> bool:
    while ti < len(tokens):
        kind, val = tokens[ti]
        if kind == "deep":
            return any(_match(tokens, ti + 1, segs, k) for k in range(si, len(segs) + 1))
        if si >= len(segs):
            return False
        seg = segs[si]
        if kind == "index":
            if not isinstance(seg, int) or seg != val:
                return False
        elif kind == "key":
            if not isinstance(seg, str) or seg != val:
                return False
        elif kind == "glob" and (not isinstance(seg, str) or not fnmatchcase(seg, str(val))):
            return False
        ti += 1
        si += 1
    return si == len(segs)


# --------------------------------------------------------------------------- headers


def parse_header_line(line: str, *, source: str = "<header>") -> dict[str, object] | None:
    """Parse one ``// parity: {...}`` or ``# parity: {...}`` line.

    Returns
    -------
    dict or None
        The validated settings, or ``None`` when the line is not a parity header.

    Raises
    ------
    HeaderError
        If the line is a parity header whose body is not a JSON object of known settings.

    Examples
    --------
    >>> parse_header_line('# parity: {"atol": 1e-5}')
    {'atol': 1e-05}
    >>> parse_header_line("import math") is None
    True
    """
    m = _HEADER_RE.match(line.lstrip("\ufeff"))
    if m is None:
        return None
    body = m.group("body").strip()
    try:
        value = json.loads(body)
    except json.JSONDecodeError as exc:
        raise HeaderError(
            f"{source}: parity header is not JSON ({exc.msg} at column {exc.colno}): {body[:200]}",
            hint='write e.g. # parity: {"atol": 1e-5, "ignore": ["$.meta"]}',
        ) from None
    if not isinstance(value, dict):
        raise HeaderError(f"{source}: parity header must be a JSON object, got {body[:200]}")
    return _validate_header(value, source)


def _validate_header(value: dict[str, object], source: str) -> dict[str, object]:
    unknown = sorted(set(value) - HEADER_KEYS)
    if unknown:
        raise HeaderError(
            f"{source}: unknown parity header key(s) {', '.join(map(repr, unknown))}",
            hint=f"known keys: {', '.join(sorted(HEADER_KEYS))}",
        )
    for key in ("atol", "rtol"):
        if key in value:
            tol = value[key]
            if isinstance(tol, bool) or not isinstance(tol, int | float) or not tol >= 0.0:
                raise HeaderError(
                    f"{source}: parity header {key!r} must be a number >= 0, got {tol!r}"
                )
            value[key] = float(tol)
    for key in ("quaternion_paths", "ignore"):
        if key in value:
            pats = value[key]
            if not isinstance(pats, list) or not all(isinstance(p, str) for p in pats):
                raise HeaderError(
                    f"{source}: parity header {key!r} must be a list of path strings, got {pats!r}"
                )
            for p in pats:
                try:
                    PathPattern(p)
                except HeaderError as exc:
                    raise HeaderError(f"{source}: {exc.message}", hint=exc.hint) from None
    return value


def read_header(path: str | Path) -> dict[str, object]:
    """Read the optional ``parity:`` header on the first line of a scenario file.

    The header is the first line (the second if the first is a ``#!`` shebang), written
    ``// parity: {...}`` in ``.mjs`` files and ``# parity: {...}`` in ``.py`` files, with a
    JSON object of ``atol``, ``rtol``, ``quaternion_paths`` and ``ignore``.

    Returns
    -------
    dict
        The validated settings; empty when the file has no header.

    Raises
    ------
    HeaderError
        If the header is malformed or names unknown settings.
    ScenarioError
        If the file cannot be read.
    """
    p = Path(path)
    try:
        with p.open(encoding="utf-8") as fh:
            first = fh.readline()
            if first.startswith("#!"):
                first = fh.readline()
    except OSError as exc:
        raise ScenarioError(f"cannot read {p}: {exc.strerror or exc}") from None
    return parse_header_line(first, source=f"{p}:1") or {}


def merge_headers(
    py_header: Mapping[str, object],
    mjs_header: Mapping[str, object],
    *,
    py_name: str = "port",
    mjs_name: str = "recording script",
) -> dict[str, object]:
    """Merge the headers of a ``.py`` port and its ``.mjs`` original.

    A setting given in only one header is taken from it. A setting given in both must have
    the same value: the two files describe one comparison, so a disagreement is a mistake
    to fix, not something to resolve silently.

    Raises
    ------
    HeaderError
        If both headers set one key to different values.
    """
    merged = dict(mjs_header)
    for key, value in py_header.items():
        if key in merged and merged[key] != value:
            raise HeaderError(
                f"parity headers disagree on {key!r}: {py_name} says {json.dumps(value)}, "
                f"{mjs_name} says {json.dumps(merged[key])}",
                hint="make the two header lines identical",
            )
        merged[key] = value
    return merged


@dataclass(frozen=True, slots=True)
class CompareSettings:
    """Tolerances and path rules for one comparison.

    Parameters
    ----------
    atol, rtol
        A number passes when ``|actual - expected| <= atol + rtol * |expected|``.
    quaternion_paths
        Patterns naming 4-number arrays compared up to sign.
    ignore
        Patterns naming subtrees left out of the comparison.
    """

    atol: float = DEFAULT_ATOL
    rtol: float = DEFAULT_RTOL
    quaternion_paths: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()

    @classmethod
    def from_header(cls, header: Mapping[str, object]) -> CompareSettings:
        """Build settings from a validated header (see :func:`read_header`)."""
        atol = header.get("atol", DEFAULT_ATOL)
        rtol = header.get("rtol", DEFAULT_RTOL)
        quats = header.get("quaternion_paths", [])
        ignore = header.get("ignore", [])
        return cls(
            atol=float(atol) if isinstance(atol, int | float) else DEFAULT_ATOL,
            rtol=float(rtol) if isinstance(rtol, int | float) else DEFAULT_RTOL,
            quaternion_paths=tuple(str(p) for p in quats) if isinstance(quats, list) else (),
            ignore=tuple(str(p) for p in ignore) if isinstance(ignore, list) else (),
        )

    def with_overrides(
        self, *, atol: float | None = None, rtol: float | None = None
    ) -> CompareSettings:
        """Copy with ``atol``/``rtol`` replaced where given (command-line flags win)."""
        return CompareSettings(
            atol=self.atol if atol is None else atol,
            rtol=self.rtol if rtol is None else rtol,
            quaternion_paths=self.quaternion_paths,
            ignore=self.ignore,
        )


# --------------------------------------------------------------------------- results


@dataclass(frozen=True, slots=True)
class Difference:
    """One place where the documents disagree.

    ``kind`` is one of ``"value"`` (numbers out of tolerance), ``"type"``, ``"missing_key"``,
    ``"unexpected_key"``, ``"length"``, ``"string"``, ``"bool"``.
    """

    path: str
    kind: str
    message: str
    expected: object = None
    actual: object = None

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


@dataclass(slots=True)
class Series:
    """Expected and actual values of one leaf path over the sampled frames.

    ``name`` is the path with one array index wildcarded and ``x`` holds that index for each
    sample, so a series plots a value over frames. The wildcard is the first index
    (``$.frames[*].position[1]``), except for a leaf inside a numeric array longer than
    ``VECTOR_MAX_LEN``, which is itself a series of samples (``$.cases[2].values[*]``).
    """

    name: str
    x: list[int] = field(default_factory=list)
    expected: list[float] = field(default_factory=list)
    actual: list[float] = field(default_factory=list)
    max_abs_err: float = 0.0
    max_tol_ratio: float = 0.0
    failures: int = 0


@dataclass(slots=True)
class CompareResult:
    """Outcome of :func:`compare`.

    Attributes
    ----------
    values_compared
        Leaves compared (numbers, strings, booleans, nulls; a quaternion counts 4).
    max_abs_err
        Largest ``|actual - expected|`` over the numbers judged by the absolute term, those
        whose allowance is mostly ``atol`` (``rtol * |expected| <= atol``: zeros, small values,
        and special values, where a differing ``NaN``/infinity gives ``inf``). On a pass it is
        at most ``2 * atol``.
    max_rel_err
        Largest ``|actual - expected| / |expected|`` over the numbers judged by the relative
        term (``rtol * |expected| > atol``). On a pass it is at most ``2 * rtol``. Neither
        column mixes in the other regime: a float rounding at ``1e300`` is not an absolute
        error of ``1e284``, and ``1e-24`` against ``0`` is not a relative error of 1.
    abs_judged, rel_judged
        How many numbers each of the two columns was taken over.
    max_tol_ratio
        Largest error divided by its allowance ``atol + rtol * |expected|``: above 1 fails.
    worst_path
        Path of the number with the largest ``max_tol_ratio``.
    differences
        The first ``max_differences`` differences in document order.
    n_differences
        How many differences there were in all.
    series
        Per-path series for plots (empty unless ``collect_series``).
    """

    values_compared: int = 0
    max_abs_err: float = 0.0
    max_rel_err: float = 0.0
    max_tol_ratio: float = 0.0
    worst_path: str | None = None
    abs_judged: int = 0
    rel_judged: int = 0
    differences: list[Difference] = field(default_factory=list)
    n_differences: int = 0
    series: dict[str, Series] = field(default_factory=dict)

    @property
    def passed(self) -> bool:
        """True when no difference was found."""
        return self.n_differences == 0

    @property
    def first_difference(self) -> Difference | None:
        """The first difference in document order, or ``None``."""
        return self.differences[0] if self.differences else None


# --------------------------------------------------------------------------- comparison


def _as_number(value: object) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        try:
            return float(value)
        except OverflowError:
            return math.inf if value > 0 else -math.inf
    if isinstance(value, str):
        return NUMERIC_STRINGS.get(value)
    return None


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if _as_number(value) is not None:
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def _short(value: object, limit: int = 60) -> str:
    try:
        text = json.dumps(value, allow_nan=True)
    except RecursionError:
        text = f"<{_kind(value)} nested too deeply to show>"
    except (TypeError, ValueError):
        text = repr(value)
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return text


def _fmt(x: float) -> str:
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    return repr(x)


#: A child step of the iterative walk: (kind, key, expected, actual).
_Child = tuple[int, Segment, object, object]
_WALK: Final = 0
_MISSING: Final = 1
_UNEXPECTED: Final = 2


def _object_children(e: dict[str, object], a: dict[str, object]) -> Iterator[_Child]:
    for key, ev in e.items():
        if key in a:
            yield (_WALK, key, ev, a[key])
        else:
            yield (_MISSING, key, ev, None)
    for key, av in a.items():
        if key not in e:
            yield (_UNEXPECTED, key, None, av)


def _list_children(e: list[object], a: list[object]) -> Iterator[_Child]:
    for i in range(min(len(e), len(a))):
        yield (_WALK, i, e[i], a[i])


class _Walker:
    def __init__(
        self,
        settings: CompareSettings,
        collect_series: bool,
        max_differences: int,
    ) -> None:
        self.atol = settings.atol
        self.rtol = settings.rtol
        self.quats = [PathPattern(p) for p in settings.quaternion_paths]
        self.ignore = [PathPattern(p) for p in settings.ignore]
        self.collect_series = collect_series
        self.max_differences = max_differences
        self.result = CompareResult()
        self.path: list[Segment] = []
        self._series_keys: dict[tuple[Segment | None, ...], tuple[str, int]] = {}
        self._in_sample_array = False

    # -- bookkeeping

    def _differ(self, kind: str, message: str, expected: object, actual: object) -> None:
        res = self.result
        res.n_differences += 1
        if len(res.differences) < self.max_differences:
            res.differences.append(
                Difference(format_path(self.path), kind, message, expected, actual)
            )

    def _series(self) -> tuple[Series, int]:
        if self._in_sample_array and isinstance(self.path[-1], int):
            first: int | None = len(self.path) - 1
        else:
            first = next((i for i, s in enumerate(self.path) if isinstance(s, int)), None)
        key: tuple[Segment | None, ...]
        if first is None:
            key = tuple(self.path)
            x = 0
        else:
            key = (*self.path[:first], None, *self.path[first + 1 :])
            x = int(self.path[first])
        name_x = self._series_keys.get(key)
        if name_x is None:
            name_x = (format_path(key), 0)
            self._series_keys[key] = name_x
        name = name_x[0]
        series = self.result.series.get(name)
        if series is None:
            series = self.result.series[name] = Series(name)
        return series, x

    # -- walking

    def walk(self, e: object, a: object) -> None:
        """Compare ``e`` and ``a`` depth first, with an explicit stack (no recursion).

        Each open container is a frame: an iterator over its children, whether it pushed a
        path segment, and the sample-array flag to restore when it closes. The order of
        differences and series is that of a recursive pre-order walk.
        """
        frames: list[tuple[Iterator[_Child], bool, bool]] = []
        self._visit(e, a, frames, pushed=False)
        path = self.path
        while frames:
            child = next(frames[-1][0], None)
            if child is None:
                _, pushed, saved = frames.pop()
                self._in_sample_array = saved
                if pushed:
                    path.pop()
                continue
            kind, key, ev, av = child
            path.append(key)
            if kind == _WALK:
                if not self._visit(ev, av, frames, pushed=True):
                    path.pop()
                continue
            if not (self.ignore and any(p.matches(path) for p in self.ignore)):
                if kind == _MISSING:
                    self._differ(
                        "missing_key",
                        f"key {key!r} is missing from the port's output (expected {_short(ev)})",
                        ev,
                        None,
                    )
                else:
                    self._differ(
                        "unexpected_key",
                        f"key {key!r} is in the port's output but not in the recording "
                        f"(got {_short(av)})",
                        None,
                        av,
                    )
            path.pop()

    def _visit(
        self,
        e: object,
        a: object,
        frames: list[tuple[Iterator[_Child], bool, bool]],
        *,
        pushed: bool,
    ) -> bool:
        """Compare one node; a container opens a frame (True), a leaf is done (False)."""
        if self.ignore and any(p.matches(self.path) for p in self.ignore):
            return False
        ne = _as_number(e)
        na = _as_number(a)
        if ne is not None and na is not None:
            self._numbers(ne, na, e, a)
            return False
        if isinstance(e, dict) and isinstance(a, dict):
            frames.append((_object_children(e, a), pushed, self._in_sample_array))
            return True
        if isinstance(e, list) and isinstance(a, list):
            if len(e) == 4 == len(a) and any(p.matches(self.path) for p in self.quats):
                a = self._align_quaternion(e, a)
            if len(e) != len(a):
                self._differ(
                    "length",
                    f"expected an array of {len(e)} items, got {len(a)}",
                    len(e),
                    len(a),
                )
            frames.append((_list_children(e, a), pushed, self._in_sample_array))
            # A long array of numbers is a series of samples (plot along it); a short one is a
            # vector or matrix (plot each component along the outermost array instead).
            self._in_sample_array = len(e) > VECTOR_MAX_LEN and _as_number(e[0]) is not None
            return True
        self.result.values_compared += 1
        if isinstance(e, str) and isinstance(a, str):
            if e != a:
                self._differ("string", f"expected {_short(e)}, got {_short(a)}", e, a)
            return False
        if isinstance(e, bool) and isinstance(a, bool):
            if e != a:
                self._differ("bool", f"expected {_short(e)}, got {_short(a)}", e, a)
            return False
        if e is None and a is None:
            return False
        message = f"expected {_kind(e)} {_short(e)}, got {_kind(a)} {_short(a)}"
        if e is None and na is not None and not math.isfinite(na):
            message += (
                " (JSON.stringify writes NaN/Infinity as null: have the .mjs print them as "
                'the strings "NaN"/"Infinity"/"-Infinity")'
            )
        self._differ("type", message, e, a)
        return False

    def _align_quaternion(self, e: list[object], a: list[object]) -> list[object]:
        en = [_as_number(v) for v in e]
        an = [_as_number(v) for v in a]
        if any(v is None for v in en) or any(v is None for v in an):
            return a
        ef = [float(v) for v in en if v is not None]
        af = [float(v) for v in an if v is not None]
        same = max(abs(x - y) for x, y in zip(af, ef, strict=True))
        flipped = max(abs(-x - y) for x, y in zip(af, ef, strict=True))
        if flipped < same:
            negated: list[object] = [-x for x in af]
            return negated
        return a

    def _numbers(self, e: float, a: float, e_raw: object, a_raw: object) -> None:
        res = self.result
        res.values_compared += 1
        if e == a or (math.isnan(e) and math.isnan(a)):
            err = 0.0
        elif math.isfinite(e) and math.isfinite(a):
            err = abs(a - e)
        else:
            err = math.inf
        allowed = self.atol + self.rtol * abs(e) if math.isfinite(e) else self.atol
        if err == 0.0:
            ratio = 0.0
        elif allowed > 0.0:
            ratio = err / allowed
        else:
            ratio = math.inf
        if math.isfinite(e) and self.rtol * abs(e) > self.atol:  # the relative term judges
            res.rel_judged += 1
            rel = err / abs(e)
            if rel > res.max_rel_err:
                res.max_rel_err = rel
        else:  # the absolute term judges (zeros, small values, NaN and infinities)
            res.abs_judged += 1
            if err > res.max_abs_err:
                res.max_abs_err = err
        if ratio > res.max_tol_ratio or res.worst_path is None:
            if ratio > res.max_tol_ratio:
                res.max_tol_ratio = ratio
            res.worst_path = format_path(self.path)
        failed = err > allowed
        if failed:
            self._differ(
                "value",
                f"expected {_fmt(e)}, got {_fmt(a)} "
                f"(abs err {err:.3g} > allowed {allowed:.3g} = atol {self.atol:g} + "
                f"rtol {self.rtol:g} * |expected|)",
                e_raw,
                a_raw,
            )
        if self.collect_series:
            series, x = self._series()
            series.x.append(x)
            series.expected.append(e)
            series.actual.append(a)
            if err > series.max_abs_err:
                series.max_abs_err = err
            if ratio > series.max_tol_ratio:
                series.max_tol_ratio = ratio
            if failed:
                series.failures += 1


def compare(
    expected: object,
    actual: object,
    *,
    atol: float = DEFAULT_ATOL,
    rtol: float = DEFAULT_RTOL,
    quaternion_paths: Sequence[str] = (),
    ignore: Sequence[str] = (),
    collect_series: bool = True,
    max_differences: int = 20,
) -> CompareResult:
    """Walk ``expected`` (the recording) and ``actual`` (the port's output) together.

    Parameters
    ----------
    expected, actual
        Parsed JSON documents (dicts, lists, strings, numbers, booleans, ``None``).
    atol, rtol
        A number passes when ``|actual - expected| <= atol + rtol * |expected|``.
    quaternion_paths
        Patterns of 4-number arrays compared up to sign (``q`` or ``-q``).
    ignore
        Patterns of subtrees to skip.
    collect_series
        Keep per-path expected/actual series for plotting.
    max_differences
        How many differences to keep (all are counted).

    Returns
    -------
    CompareResult

    Raises
    ------
    HeaderError
        If a pattern is malformed.

    Examples
    --------
    >>> r = compare({"x": [1.0, 2.0]}, {"x": [1.0, 2.5]})
    >>> r.passed, r.first_difference.path, r.max_rel_err
    (False, '$.x[1]', 0.25)
    """
    settings = CompareSettings(
        atol=atol, rtol=rtol, quaternion_paths=tuple(quaternion_paths), ignore=tuple(ignore)
    )
    walker = _Walker(settings, collect_series, max_differences)
    walker.walk(expected, actual)
    return walker.result
