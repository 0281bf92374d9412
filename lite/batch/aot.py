"""The compiled loops built ahead of time: numba's start-up paid once per machine, not per process.

Python-only. Loading a numba-compiled loop from numba's own on-disk cache still imports numba and
initialises its CPU target (about 1.5 s on the 2-core machine, most of it numba's imports); an
extension module that ``numba.pycc`` built from the same function, for the argument types a call
passes, imports in well under a millisecond, without numba. :class:`Kernel` wraps one loop:

* a call's argument types (dtype, dimensions, layout and read-only flag of each array; ``bool``,
  ``int``, ``float``; tuples of those) are taken with :func:`arg_spec`, which matches
  ``numba.typeof`` for these types without importing numba;
* the extension module for those types is imported from the cache folder
  (:func:`cache_dir`) when it is there; otherwise it is built (numba imported, the loop compiled
  for exactly those types, the module linked by the C compiler: about the time numba's first
  compile takes, once per machine and source version), written atomically and imported;
* where nothing can be built (no writable folder, no C compiler: a marker file keeps later
  processes from trying again; ``LITE_AOT=0``; an argument type ``arg_spec`` does not know) the
  call goes to the numba dispatcher, with numba's on-disk cache where it has a writable location
  (``NUMBA_CACHE_DIR`` included) and without one where it has none.

The built module runs the function numba would have compiled for those types (same code
generation, the host CPU's), so the same numbers; it checks no types itself, so the wrapper
takes every call's argument types and picks the module built for them (a few microseconds a
call, about what numba's own dispatch costs).

The folder holds one module per loop and argument types, named after the loop, a hash of the
source files of the loops, numba's install, the Python version and the host CPU (the *version*),
and a hash of the argument types: a changed source builds anew, and a build prunes the loop's
modules of other versions but the newest other one (:func:`prune_stale`), so old builds (about
750 KB each) do not pile up. Every module is compiled under one inner name (``lite_aot``, its
init function) and imported as ``<file stem>.lite_aot``: the C support code numba.pycc links
into each module is then the same for all, compiled once per numba install into
``mixins-<hash>`` in the folder (about 3.5 s of the C compiler per build before: a crowd's four
loops built in about half the time).
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.machinery
import importlib.util
import os
import re
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, Final

import numpy as np

__all__ = [
    "ENABLED",
    "KEEP_OTHER_VERSIONS",
    "Kernel",
    "arg_spec",
    "cache_dir",
    "numba_cache",
    "prune_mixins",
    "prune_stale",
]

#: Whether ahead-of-time builds are used (``LITE_AOT`` not ``0``; the loops themselves need
#: :data:`lite.batch.root_jit.ENABLED` as well).
ENABLED: Final = os.environ.get("LITE_AOT", "1") != "0"

_SCALAR_KEYS: Final = {bool: "b,", int: "i,", float: "f,"}
_SUFFIX: Final = importlib.machinery.EXTENSION_SUFFIXES[0]

Spec = tuple[Hashable, ...]


def arg_spec(arg: object) -> Hashable | None:
    """The numba type of ``arg`` as a hashable key (what ``numba.typeof`` gives for arrays,
    ``bool``, ``int``, ``float`` and tuples of them), or None for any other argument.

    Read off :func:`_arg_key` (the per-call string), so the two cannot disagree."""
    return _specs_of_key(_arg_key(arg))[0]


def _arg_key(arg: object) -> str:
    """The argument's type as a short string, one per call (``"?,"`` for what
    :func:`arg_spec` refuses): an array's ``dtype.str``, ``:``, dimensions, layout, ``w`` or
    ``r`` (read-only) and ``u`` when unaligned; ``b``, ``i``, ``f`` for the scalars; tuples in
    parentheses; each item ends with a comma."""
    t = type(arg)
    if t is np.ndarray:
        a: np.ndarray[Any, Any] = arg  # type: ignore[assignment]
        f = a.flags
        layout = "C" if f.c_contiguous else ("F" if f.f_contiguous else "A")
        ro = "w" if f.writeable else "r"
        return f"{a.dtype.str}:{a.ndim}{layout}{ro}{'' if f.aligned else 'u'},"
    if t is tuple:
        return "(" + "".join(map(_arg_key, arg)) + "),"  # type: ignore[call-overload]
    return _SCALAR_KEYS.get(t, "?,")


def _specs_of_key(key: str) -> tuple[Hashable | None, ...]:
    """The :func:`arg_spec` of every argument a :func:`_arg_key` string describes."""
    specs, end = _parse_keys(key, 0)
    if end != len(key):
        raise ValueError(f"not an argument key: {key!r}")
    return tuple(specs)


def _parse_keys(key: str, pos: int) -> tuple[list[Hashable | None], int]:
    specs: list[Hashable | None] = []
    n = len(key)
    while pos < n and key[pos] != ")":
        c = key[pos]
        if c == "(":
            inner, pos = _parse_keys(key, pos + 1)
            if key[pos : pos + 2] != "),":
                raise ValueError(f"not an argument key: {key!r}")
            pos += 2
            specs.append(None if None in inner else ("t", tuple(inner)))
            continue
        comma = key.index(",", pos)
        item = key[pos:comma]
        pos = comma + 1
        if item in ("b", "i", "f"):
            specs.append(item)
        elif item == "?":
            specs.append(None)
        else:
            dtype, _, rest = item.partition(":")
            digits = len(rest) - len(rest.lstrip("0123456789"))
            ndim = int(rest[:digits])
            layout, ro, unaligned = rest[digits], rest[digits + 1], rest[digits + 2 :]
            if unaligned or dtype[1] in "OV":  # unaligned, objects, records: not numba's
                specs.append(None)
            else:
                specs.append(("a", dtype, ndim, layout, ro == "r"))
    return specs, pos


def _numba_type(spec: Hashable) -> Any:
    from numba.core import types  # third-party: only when building
    from numba.np.numpy_support import from_dtype

    if spec == "b":
        return types.boolean
    if spec == "i":
        return types.int64
    if spec == "f":
        return types.float64
    assert isinstance(spec, tuple)
    if spec[0] == "t":
        tuple_type: Any = types.Tuple
        return tuple_type([_numba_type(s) for s in spec[1]])
    _, dtype, ndim, layout, readonly = spec
    return types.Array(from_dtype(np.dtype(dtype)), ndim, layout, readonly=readonly)


def _writable(folder: Path) -> bool:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return os.access(folder, os.W_OK | os.X_OK)


_dir: Path | None = None
_dir_found = False


def cache_dir() -> Path | None:
    """Where the built modules live: ``$NUMBA_CACHE_DIR/lite-aot`` when that is set, else
    ``lite/batch/__pycache__/lite-aot`` where the package is writable, else the user's cache
    folder (``$XDG_CACHE_HOME`` or ``~/.cache``, ``lite-anim/aot``); None when none of them
    can be written."""
    global _dir, _dir_found
    if not _dir_found:
        _dir_found = True
        env = os.environ.get("NUMBA_CACHE_DIR")
        xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        options = (
            [Path(env) / "lite-aot"]
            if env
            else [
                Path(__file__).parent / "__pycache__" / "lite-aot",
                Path(xdg) / "lite-anim" / "aot",
            ]
        )
        _dir = next((p for p in options if _writable(p)), None)
    return _dir


def numba_cache() -> bool:
    """``numba.njit``'s ``cache`` for the dispatchers: True only where numba finds a writable
    cache location for this package (``NUMBA_CACHE_DIR``, ``__pycache__`` or the user's cache
    folder); else numba would refuse to decorate, and the loops compile in every process."""
    return _numba_can_cache()


_can_cache: bool | None = None


def _numba_can_cache() -> bool:
    global _can_cache
    if _can_cache is None:
        try:
            from numba.core import caching  # third-party, only with numba loaded

            impl: Any = caching.CacheImpl
            _can_cache = any(
                cls.from_function(_numba_can_cache, __file__) is not None
                for cls in impl._locator_classes
            )
        except Exception:  # numba's internals moved: let numba decide (and fail) itself
            _can_cache = True
    return _can_cache


_key: str | None = None


def _machine_key(sources: Sequence[str]) -> str:
    """A hash of the loops' sources, numba's install, Python and the host CPU."""
    global _key
    if _key is None:
        from importlib.util import find_spec

        from llvmlite import binding  # type: ignore[import-untyped]  # numba's dependency

        h = hashlib.sha256()
        for name in ("numba", "llvmlite"):
            spec = find_spec(name)
            origin = spec.origin if spec is not None and spec.origin else ""
            h.update(origin.encode())
            with contextlib.suppress(OSError):
                h.update(str(os.stat(origin).st_mtime_ns).encode())
        h.update(sys.version.encode())
        h.update(binding.get_host_cpu_name().encode())
        h.update(binding.get_host_cpu_features().flatten().encode())
        h.update(Path(__file__).read_bytes())
        _key = h.hexdigest()
    h = hashlib.sha256(_key.encode())
    for src in sources:
        h.update(Path(src).read_bytes())
    return h.hexdigest()


class Kernel:
    """One compiled loop: its ahead-of-time builds per argument types, else numba's dispatcher.

    ``dispatcher()`` returns the numba dispatcher of the loop (numba imported and any helper
    loops it calls compiled into the module's globals), or raises what numba raised;
    ``sources`` are the files whose text the loop's code depends on; ``returns`` is the
    loop's result type (``"i"``, ``"f"``, ``"b"``; None for none).
    """

    __slots__ = ("_by_key", "_dispatcher", "name", "returns", "sources")

    def __init__(
        self,
        name: str,
        sources: Sequence[str],
        dispatcher: Callable[[], Any],
        returns: str | None = None,
    ) -> None:
        self.name = name
        self.sources = tuple(sources)
        self.returns = returns
        self._dispatcher = dispatcher
        self._by_key: dict[str, Callable[..., Any]] = {}

    def __call__(self, *args: Any) -> Any:
        # The argument types of every call, as one string (a few microseconds, about what
        # numba's own dispatch takes; strings are freed at once, where tuples would linger
        # in the interpreter's free lists): the built module checks none itself.
        key = "".join(map(_arg_key, args))
        fn = self._by_key.get(key)
        if fn is None:
            spec = _specs_of_key(key)
            fn = self._by_key[key] = self._resolve(spec) if None not in spec else self._dispatcher()
        return fn(*args)

    def _resolve(self, spec: Spec) -> Callable[..., Any]:
        folder = cache_dir() if ENABLED else None
        if folder is None:
            return self._dispatcher()  # type: ignore[no-any-return]
        key = _machine_key(self.sources)
        h = hashlib.sha256(key.encode())
        h.update(self.name.encode())
        h.update(repr(spec).encode())
        version = key[:_VERSION_CHARS]
        mod_name = f"lite_aot_{self.name}_{version}_{h.hexdigest()[:_VERSION_CHARS]}"
        path = folder / (mod_name + _SUFFIX)
        failed = folder / (mod_name + ".failed")
        if not path.exists() and not failed.exists():
            try:
                self._build(mod_name, spec, folder, path)
            except Exception:  # no C compiler, a pycc failure: numba's dispatcher instead
                with contextlib.suppress(OSError):
                    failed.write_text("build failed\n", encoding="utf-8")
            # A new version of this loop was built (or tried): older ones are dead weight,
            # and so are the temporary folders of builds a killed process left behind.
            prune_stale(folder, self.name, version)
            prune_abandoned(folder)
        if path.exists():
            try:
                return getattr(_load(mod_name, path), self.name)  # type: ignore[no-any-return]
            except Exception:  # unreadable or foreign: numba's dispatcher instead
                pass
        return self._dispatcher()  # type: ignore[no-any-return]

    def _build(self, mod_name: str, spec: Spec, folder: Path, path: Path) -> None:
        import warnings

        dispatcher = self._dispatcher()
        from numba.core import types

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # numba.pycc's pending deprecation
            from numba import pycc

            cc_type: Any = getattr(pycc, "CC")  # noqa: B009  (not re-exported in its stubs)
        from llvmlite import binding

        tmp = tempfile.mkdtemp(prefix="build-", dir=folder)
        try:
            # Every module is compiled as ``_INNER`` (its init function): the C support code
            # numba.pycc compiles into each module, named after it, is then the same for all
            # and compiled once per numba install (``_mixin_objects``).
            cc = cc_type(_INNER)
            cc.output_file = mod_name + _SUFFIX
            compile_mixins = cc._compile_mixins
            cc._compile_mixins = lambda build_dir: _mixin_objects(
                cc, compile_mixins, folder, Path(tmp)
            )
            cc.output_dir = tmp
            cc.target_cpu = binding.get_host_cpu_name()
            cc.verbose = False
            result = types.void if self.returns is None else _numba_type(self.returns)
            sig = result(*map(_numba_type, spec))
            cc.export(self.name, sig)(dispatcher.py_func)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                cc.compile()
            built = Path(tmp) / (mod_name + _SUFFIX)
            os.replace(built, path)  # atomic: another process sees all of it or nothing
        finally:
            shutil.rmtree(tmp, ignore_errors=True)


#: Hex digits of the version (sources, numba, Python, CPU) and of the argument types in a
#: module's name: ``lite_aot_<loop>_<version>_<types>``.
_VERSION_CHARS: Final = 12
_VERSIONED: Final = re.compile(r"([0-9a-f]{12})_[0-9a-f]{12}")
#: Names of the builds before the version was part of them (``lite_aot_<loop>_<20 hex>``).
_UNVERSIONED: Final = re.compile(r"[0-9a-f]{20}")
#: Versions of a loop other than the current one kept in the folder: the newest, which a
#: second checkout or environment sharing the folder may be running (so two of them do not
#: prune each other's builds in turn).
KEEP_OTHER_VERSIONS: Final = 1


def prune_stale(folder: Path, name: str, version: str) -> list[Path]:
    """Remove the builds (and failure markers) of loop ``name`` made for other versions than
    ``version``, keeping the newest :data:`KEEP_OTHER_VERSIONS` of them (not counting the
    builds named before versions were, always removed); the paths removed.

    Only whole files of this loop whose version differs are touched: the current version's
    modules (which any process running these sources may be importing) never are, nor other
    loops', nor builds in progress (temporary folders). A module another process already
    imported stays mapped after its file is removed; one about to be imported fails to load,
    and that call goes to numba's dispatcher (same numbers). Errors are ignored (another
    process may be pruning too).
    """
    prefix = f"lite_aot_{name}_"
    versions: dict[str, list[Path]] = {}
    try:
        entries = list(folder.iterdir())
    except OSError:
        return []
    for p in entries:
        file = p.name
        if not file.startswith(prefix):
            continue
        if file.endswith(_SUFFIX):
            stem = file[len(prefix) : -len(_SUFFIX)]
        elif file.endswith(".failed"):
            stem = file[len(prefix) : -len(".failed")]
        else:
            continue
        match = _VERSIONED.fullmatch(stem)
        if match is not None:
            found = match.group(1)
        elif _UNVERSIONED.fullmatch(stem):
            found = ""  # built before versions were named: always stale
        else:
            continue  # another loop whose name starts with this one's
        if found != version:
            versions.setdefault(found, []).append(p)

    def newest(paths: list[Path]) -> int:
        times = [0]
        for q in paths:
            with contextlib.suppress(OSError):
                times.append(q.stat().st_mtime_ns)
        return max(times)

    # Builds named before versions were: from older sources, whatever their age.
    unversioned = versions.pop("", [])
    stale = sorted(versions.values(), key=newest, reverse=True)[KEEP_OTHER_VERSIONS:]
    stale.append(unversioned)
    removed: list[Path] = []
    for paths in stale:
        for q in paths:
            with contextlib.suppress(OSError):
                q.unlink()
                removed.append(q)
    return removed


#: The name every module is compiled under (``PyInit_lite_aot``); each is imported as
#: ``<file stem>.lite_aot``, so files and ``sys.modules`` keys stay distinct.
_INNER: Final = "lite_aot"


def _mixin_objects(
    cc: Any, compile_mixins: Callable[[str], list[str]], folder: Path, tmp: Path
) -> list[str]:
    """numba.pycc's C support objects for a module compiled as ``_INNER``: compiled once per
    numba install and compiler (``mixins-<hash>`` in the cache folder, made atomically), then
    linked into every module (about 3.5 s of the C compiler a build, before)."""
    sources = cc._get_mixin_sources()
    names = [f"{i}_{Path(src).stem}.o" for i, src in enumerate(sources)]
    h = hashlib.sha256((_key or "").encode())
    h.update(repr((sources, cc._get_mixin_defines(), cc._get_extra_cflags())).encode())
    final = folder / f"mixins-{h.hexdigest()[:_VERSION_CHARS]}"
    if all((final / n).is_file() for n in names):
        return [str(final / n) for n in names]
    work = tmp / "mixins"
    work.mkdir()
    objects = compile_mixins(str(work))
    stage = tmp / "mixins-out"
    stage.mkdir()
    for name, obj in zip(names, objects, strict=True):
        os.replace(obj, stage / name)
    try:
        os.rename(stage, final)
    except OSError:  # another process made it first: theirs is the same
        pass
    else:
        prune_mixins(folder, final.name)
    if all((final / n).is_file() for n in names):
        return [str(final / n) for n in names]
    return [str(stage / n) for n in names]


def prune_mixins(folder: Path, current: str) -> list[Path]:
    """Remove the C support folders (``mixins-*``) other than ``current`` but the newest
    :data:`KEEP_OTHER_VERSIONS` (as :func:`prune_stale`: errors ignored); those removed."""
    try:
        others = [p for p in folder.iterdir() if p.name.startswith("mixins-") and p.name != current]
    except OSError:
        return []

    def mtime(p: Path) -> int:
        try:
            return p.stat().st_mtime_ns
        except OSError:
            return 0

    removed: list[Path] = []
    for p in sorted(others, key=mtime, reverse=True)[KEEP_OTHER_VERSIONS:]:
        shutil.rmtree(p, ignore_errors=True)
        if not p.exists():
            removed.append(p)
    return removed


#: Age after which a ``build-*`` temporary folder is taken as abandoned (a build takes well
#: under a minute; one still running is never that old).
ABANDONED_AFTER_S: Final = 3600.0


def prune_abandoned(folder: Path, now: float | None = None) -> list[Path]:
    """Remove the temporary ``build-*`` folders older than :data:`ABANDONED_AFTER_S` (left by
    a process killed mid-build: a finished or failed build removes its own); those removed.
    Errors are ignored, as in :func:`prune_stale`."""
    at = time.time() if now is None else now
    try:
        builds = [p for p in folder.iterdir() if p.name.startswith("build-") and p.is_dir()]
    except OSError:
        return []
    removed: list[Path] = []
    for p in builds:
        try:
            age = at - p.stat().st_mtime
        except OSError:
            continue
        if age > ABANDONED_AFTER_S:
            shutil.rmtree(p, ignore_errors=True)
            if not p.exists():
                removed.append(p)
    return removed


def _load(mod_name: str, path: Path) -> ModuleType:
    name = f"{mod_name}.{_INNER}"
    mod = sys.modules.get(name)
    if mod is None:
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None
        assert spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        sys.modules[name] = mod
    return mod
