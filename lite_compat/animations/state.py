"""What a native or batched track compiled, and whether a script has changed it since.

Babylon.js 9.31 reads an animation's keys (``Animation._keys``: the list ``setKeys`` installs
and the key objects in it, edited in place or not) and its ``framePerSecond`` live, every
frame (``Animation._interpolate``, ``RuntimeAnimation.animate``). The compat evaluator is a
port of those functions, so it reads them live too. A native track (Lite binding,
:class:`~lite_compat.animations.delegation.NativeGroup`) or a batch track
(:mod:`~lite_compat.animations.batch`) compiled them when it was planned instead. This module
is the one mechanism that keeps the two in step (docs/architecture/compat-animations.md,
"State model"):

* :func:`state_version` gives an animation's *key state version*: a counter that moves when
  its key list is replaced (``setKeys``), its key count or ``framePerSecond`` changes (checked
  on every call, O(1)), or a key's frame, value (a number, or a vector/quaternion's
  components), interpolation, easing function or tangents differ from what was seen last
  (checked once per scene step per animation, O(keys), allocation-free);
* a native or batch track records the version it compiled (``runtime._stateVersion``) and,
  before each write (:func:`still_current`), compares; on a change its group compiles the
  new keys when the planner still finds the track native, else the track leaves the native
  path (:func:`leave_native`, reason ``state-changed``) and the compat evaluator carries on at
  the same frame, reading everything live exactly as Babylon.js does. A batched row kind
  compares the versions of its animations once per step and evicts its rows first.

Everything Babylon.js captures when a ``RuntimeAnimation`` is created (the objects along the
property path, the loop mode, ``enableBlending``, the key range) is captured once by every
path instead; see the architecture page. For the objects along the path this module also
holds :func:`still_current` (a Lite-bound track, whose writer walks the path on every write,
leaves when the walk no longer reaches the captured owner, reason ``path-object-replaced``),
and, for whole-value leaves, :func:`setter_effect`/:func:`assign_back` (Babylon.js assigns its
own value object to the property on every write, setter included).

:func:`set_native_delegation` turns native planning off: every track on the compat evaluator.

Imports nothing of the runtime it guards but the path walk (``property_paths``): ``batch``
and ``delegation`` both use it.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Mapping, Sequence
from itertools import chain, repeat
from operator import attrgetter, is_
from typing import Any, Final

from lite_compat.animations.object_words import WordGuard, word_guard_enabled
from lite_compat.animations.property_paths import lookup
from lite_compat.math import Quaternion, Vector2, Vector3

__all__ = [
    "NATIVE_DISABLED",
    "PATH_REPLACED",
    "STATE_CHANGED",
    "assign_back",
    "begin_step",
    "end_step",
    "leave_native",
    "native_delegation_enabled",
    "set_native_delegation",
    "setter_effect",
    "state_version",
    "still_current",
    "watch_rows",
    "zero_rotation",
]

#: The fallback reason of a track that left the native path because its key state changed.
STATE_CHANGED: Final = "state-changed"
#: The fallback reason of a native track whose path now walks to another object than the one
#: Babylon.js resolved at start (``box.position = ...`` under a ``position.x`` track).
PATH_REPLACED: Final = "path-object-replaced"
#: The fallback reason of every track while native delegation is off.
NATIVE_DISABLED: Final = "native-disabled"

#: The scene step being run (moved by ``Scene._animate``): key contents are compared at most
#: once per step per animation. Outside a step (``goToFrame``) every call compares.
_STEP: Final = [0]
_OUTSIDE: Final = [True]

#: Component getters of the key value classes whose keys :class:`_KeyState` compares in C
#: (exact classes: they compare by identity, no ``__eq__``).
_X: Final = attrgetter("x")
_Y: Final = attrgetter("y")
_Z: Final = attrgetter("z")
_W: Final = attrgetter("w")
#: (One getter per component name, shared by the classes: a watch reads each name in one pass.)
#: By component count: the getter of all of a value's components at once (x, y[, z[, w]]).
_ALL_COMPONENTS: Final = {
    2: attrgetter("x", "y"),
    3: attrgetter("x", "y", "z"),
    4: attrgetter("x", "y", "z", "w"),
}
_COMPONENTS: Final[dict[type, tuple[Any, ...]]] = {
    Vector2: (_X, _Y),
    Vector3: (_X, _Y, _Z),
    Quaternion: (_X, _Y, _Z, _W),
}
_COMPONENT_NAMES: Final[dict[type, tuple[str, ...]]] = {
    Vector2: ("x", "y"),
    Vector3: ("x", "y", "z"),
    Quaternion: ("x", "y", "z", "w"),
}

#: ``{dict}`` and ``{int, float}``: key and value types the fast comparison takes (superset
#: tests of their types).
_DICT_ONLY: Final = frozenset({dict})
_NUMBER_TYPES: Final = frozenset({int, float})


#: The per-key fields a compiled track read, in snapshot order (after frame and value).
_FIELDS: Final = ("interpolation", "easingFunction", "inTangent", "outTangent")
_NONE_COMPONENTS: Final = (None, None, None, None)


def begin_step() -> None:
    """A scene step starts (``Scene._animate``): key contents are compared again once."""
    _STEP[0] += 1
    _OUTSIDE[0] = False


def end_step() -> None:
    """The scene step ended: calls until the next step compare every time. A collection
    pause the step's planning took (:func:`hold_collection`) ends here."""
    _OUTSIDE[0] = True
    if _GC_HELD[0]:
        _GC_HELD[0] = False
        gc.enable()


#: Whether :func:`hold_collection` disabled the cyclic garbage collector for this scene step.
_GC_HELD: Final = [False]


def hold_collection() -> bool:
    """Pause the cyclic garbage collector until the current scene step ends (:func:`end_step`,
    which a step runs also on an error); False (nothing done) outside a step.

    Taken by a planning pass (``delegation.plan_step``): a crowd's first frame allocates the
    bookkeeping of every track it plans, admits to the batch and steps (long-lived, acyclic,
    alive with the animatables); with collection running, a 10,000-node first frame spends
    over a second in collections that find nothing (Babylon.js pays nothing like it). Only
    steps that plan hold it: a warm step allocates nothing and takes no hold. Where the
    collector was already disabled nothing is held and it stays disabled; a step's callbacks
    that enable or disable it themselves meanwhile see it enabled again at the step's end
    only if it was enabled when the hold began."""
    if _OUTSIDE[0]:
        return False
    if not _GC_HELD[0] and gc.isenabled():
        gc.disable()
        _GC_HELD[0] = True
    return True


def _components(value: Any) -> tuple[Any, Any, Any, Any]:
    if type(value) in (int, float) or value is None:
        return _NONE_COMPONENTS
    return (
        getattr(value, "x", None),
        getattr(value, "y", None),
        getattr(value, "z", None),
        getattr(value, "w", None),
    )


class _KeyState:
    """One animation's key state as last seen, and its version."""

    __slots__ = (
        "_snapshot",
        "copies",
        "count",
        "fps",
        "getters",
        "key_objects",
        "keys",
        "previous_frames",
        "step",
        "values",
        "version",
        "components",
        "guard",
        "polled",
    )

    def __init__(self, animation: Any) -> None:
        # (``take`` sets the rest: the key list, count, frame rate, step, guard and snapshot.)
        self.version = 0
        #: The key frames before the last change (what Babylon's cached key index points in).
        self.previous_frames: Sequence[Any] = ()
        #: The key objects of the fast comparison's snapshot (:attr:`snapshot`).
        self.key_objects: Sequence[Any] = ()
        #: The fast comparison (every key a plain dict, every value a number or one vector
        #: class): the value objects (empty for a number track: nothing reads them) and their
        #: components' getters.
        self.values: Sequence[Any] = ()
        self.getters: tuple[Any, ...] = ()
        #: Per component getter, the component objects of every value (compared by identity;
        #: tuples, which the cyclic garbage collector stops tracking, in a tuple it then stops
        #: tracking too: no list kept per animation; the empty tuple for a number track).
        self.components: tuple[tuple[Any, ...], ...] = ()
        self.take(animation)

    def take(self, animation: Any) -> None:
        #: The words :meth:`differs`' fast comparison read when it last approved the keys
        #: (:meth:`_guard`), or None; made once the keys it compared outweigh making it.
        self.guard: WordGuard | None = None
        self.polled = 0
        keys = animation._keys
        self.keys: Any = keys
        self.count = len(keys)
        self.fps: Any = animation.framePerSecond
        self.step = _STEP[0]
        #: Copies of the key dicts (the fast comparison), or None.
        self.copies: list[dict[str, Any]] | None = None
        self._take_fast(keys)
        if self.copies is not None:
            # The copies, the values' components and the key objects are the snapshot (a
            # tuple: where no key holds a tracked object the collector stops tracking it).
            #: Per key: the key, frame, value, the value's x/y/z/w, then ``_FIELDS`` (11
            #: entries); None while the fast comparison's lists hold the same.
            self._snapshot: list[Any] | None = None
            self.key_objects = tuple(keys)
            return
        snap: list[Any] = []
        for key in keys:
            get = key.get if isinstance(key, Mapping) else _attr_getter(key)
            value = get("value")
            snap.append(key)
            snap.append(get("frame"))
            snap.append(value)
            snap.extend(_components(value))
            for field in _FIELDS:
                snap.append(get(field))
        self._snapshot = snap

    @property
    def snapshot(self) -> list[Any]:
        """The keys as last taken (see ``_snapshot``), made from the fast comparison's lists
        when it holds them: each copy holds the key's fields as they were, the component
        lists each value's components (or equal numbers, after :meth:`_differs_refresh`)."""
        snap = self._snapshot
        if snap is not None:
            return snap
        snap = []
        columns = [*self.components, *[[None] * len(self.key_objects)] * (4 - len(self.getters))]
        copies = self.copies
        assert copies is not None
        for key, copy, x, y, z, w in zip(self.key_objects, copies, *columns, strict=True):
            get = copy.get
            snap += (key, get("frame"), get("value"), x, y, z, w)
            snap += (get(field) for field in _FIELDS)
        self._snapshot = snap
        return snap

    def _take_fast(self, keys: Any) -> None:
        # (Sets ``copies`` where the fast comparison takes the keys; ``take`` cleared it.)
        if not keys or not _DICT_ONLY.issuperset(map(type, keys)):
            return
        values = list(map(dict.get, keys, repeat("value")))
        kinds = set(map(type, values))
        if _NUMBER_TYPES.issuperset(kinds):
            self.getters = ()
            self.components = ()
            self.values = ()
        else:
            getters = _COMPONENTS.get(kinds.pop()) if len(kinds) == 1 else None
            if getters is None:
                return
            self.getters = getters
            self.components = tuple([tuple(map(getter, values)) for getter in getters])
            self.values = values
        self.copies = list(map(dict, keys))

    def differs(self, animation: Any) -> bool:
        """Whether any key differs from the snapshot (O(keys), allocation-free for dict keys)."""
        copies = self.copies
        if copies is not None:
            guard = self.guard
            if guard is not None:
                # Every word the last approving comparison read is unchanged (the caller
                # found the key list the same one): so is what it would compare.
                if guard.unchanged():
                    return False
                self.guard = None
                self.polled = 0
            # In C and allocation-free: each key dict against its copy (fields, and value
            # objects by identity: the vector classes have no ``__eq__``), then the values'
            # component objects by identity; only where one is not the same object does the
            # full comparison below decide (an equal float written again is no change).
            keys = animation._keys
            if keys != copies:
                return True
            values = self.values
            for getter, seen in zip(self.getters, self.components, strict=True):
                if not all(map(is_, map(getter, values), seen)):
                    return self._differs_refresh(animation)
            # Counted and made outside a scene step only (where every call compares: a crowd's
            # starts); a step compares once per animation, and a warm frame allocates nothing.
            if _OUTSIDE[0]:
                self.polled += len(copies)
                if self.polled >= _GUARD_AFTER and keys is self.keys:
                    self.guard = self._guard(keys)
            return False
        return self._differs(animation)

    def _guard(self, keys: list[Any]) -> WordGuard | None:
        # What the fast comparison just read and approved: the key list's items, each key
        # dict's fields (its version tag) and the values' components (one exact vector class:
        # ``_take_fast``); None where the guard is off or cannot read them.
        if not word_guard_enabled() or type(keys) is not list:
            return None
        values = self.values
        names = _COMPONENT_NAMES.get(type(values[0]), ()) if self.getters else ()
        return WordGuard.build([(values, name) for name in names], keys, [keys])

    def _differs_refresh(self, animation: Any) -> bool:
        if self._differs(animation):
            return True
        # Equal numbers in new objects: no change; compare these objects from now on.
        self.components = tuple([tuple(map(getter, self.values)) for getter in self.getters])
        return False

    def _differs(self, animation: Any) -> bool:
        snap = self.snapshot
        i = 0
        for key in animation._keys:
            if key is not snap[i]:
                return True
            if type(key) is dict:
                frame = key.get("frame")
                value = key.get("value")
                interpolation = key.get("interpolation")
                easing = key.get("easingFunction")
                in_tangent = key.get("inTangent")
                out_tangent = key.get("outTangent")
            else:
                get = key.get if isinstance(key, Mapping) else _attr_getter(key)
                frame = get("frame")
                value = get("value")
                interpolation = get("interpolation")
                easing = get("easingFunction")
                in_tangent = get("inTangent")
                out_tangent = get("outTangent")
            if (
                frame is not snap[i + 1]
                and frame != snap[i + 1]
                or value is not snap[i + 2]
                or interpolation is not snap[i + 7]
                or easing is not snap[i + 8]
                or in_tangent is not snap[i + 9]
                or out_tangent is not snap[i + 10]
            ):
                return True
            if type(value) not in (int, float) and value is not None:
                x = getattr(value, "x", None)
                y = getattr(value, "y", None)
                z = getattr(value, "z", None)
                w = getattr(value, "w", None)
                if (
                    x is not snap[i + 3]
                    and x != snap[i + 3]
                    or y is not snap[i + 4]
                    and y != snap[i + 4]
                    or z is not snap[i + 5]
                    and z != snap[i + 5]
                    or w is not snap[i + 6]
                    and w != snap[i + 6]
                ):
                    return True
            i += 11
        return False


#: Keys :meth:`_KeyState.differs` compares (over its calls since the keys last changed) before
#: it makes its guard: making one costs about as much as comparing a few hundred keys, so an
#: animation of a few keys compared now and then never pays it; a crowd of clones starting
#: the same long animations does, once.
_GUARD_AFTER: Final = 2048


def _attr_getter(key: object) -> Any:
    def get(name: str) -> Any:
        return getattr(key, name, None)

    return get


def state_version(animation: Any) -> int:
    """The key state version of ``animation`` (see the module doc); creates it on first use."""
    state: _KeyState | None = getattr(animation, "_liteKeyState", None)
    if state is None:
        state = _KeyState(animation)
        try:
            animation._liteKeyState = state
        except AttributeError:  # an Animation subclass with __slots__: never cached
            state.version = -1
        return state.version
    keys = animation._keys
    if (
        keys is not state.keys
        or len(keys) != state.count
        or animation.framePerSecond != state.fps
        or ((_OUTSIDE[0] or state.step != _STEP[0]) and state.differs(animation))
    ):
        state.version += 1
        state.previous_frames = state.snapshot[1::11]
        state.take(animation)
    elif not _OUTSIDE[0]:
        state.step = _STEP[0]
    return state.version


_KEYS: Final = attrgetter("_keys")
_FPS: Final = attrgetter("framePerSecond")
_STATE_VERSION: Final = attrgetter("version")


class KeyStateWatch:
    """Many animations' key states checked at once, in C: :meth:`fresh` is True when each is
    still what :func:`state_version` saw at the versions given (the same comparison as
    ``_KeyState.differs``' fast path, over the whole list per field). A batch kind whose rows
    play their own animations checks them all every frame with it; when it is False (or
    cannot be made: a key that is not a plain dict, a value that is neither a number nor one
    vector class), the caller asks :func:`state_version` animation by animation.

    What it compares against (the states' key lists, key copies, frame rates and component
    objects) is gathered when it is made: a key state changes them only with its version
    (checked first), or when it refreshes its components (then the watch fails once and the
    caller makes it again).

    The full comparison (:meth:`poll`) reads every key of every animation. Once it approved
    them, a :class:`~lite_compat.animations.object_words.WordGuard` records the object words
    it read (the animations' key list and frame rate pointers, the states' versions, the key
    lists' items, the key dicts' version tags, the values' component pointers): while they
    are all unchanged, so is everything the poll reads, and :meth:`fresh` answers from one
    gather without polling; any changed word runs the poll, which decides."""

    __slots__ = (
        "animations",
        "components",
        "copies",
        "fps",
        "guard",
        "keys",
        "states",
        "versions",
    )

    def __init__(
        self,
        animations: list[Any],
        states: list[_KeyState],
        versions: list[int],
        components: list[tuple[Any, list[Any], tuple[Any, ...]]],
    ) -> None:
        self.animations = animations
        self.states = states
        self.versions = versions
        self.components = components
        self.keys = [state.keys for state in states]
        self.copies = [state.copies for state in states]
        self.fps = [state.fps for state in states]
        #: The object words the last approving poll read (None: poll next time).
        self.guard: WordGuard | None = None

    @classmethod
    def build(cls, animations: list[Any], versions: list[int]) -> KeyStateWatch | None:
        """The watch of ``animations`` at ``versions``, or None where it cannot check them."""
        states: list[_KeyState] = []
        # Per component count (Vector2, Vector3, Quaternion): the values and, value by value,
        # their components' objects.
        by_count: dict[int, tuple[Any, list[Any], list[Any]]] = {}
        # Rows sharing an animation (clones of one group) share its key state: check it once.
        done: set[int] = set()
        unique: list[Any] = []
        for animation, version in zip(animations, versions, strict=True):
            state = getattr(animation, "_liteKeyState", None)
            if not isinstance(state, _KeyState) or state.copies is None:
                return None
            if state.version != version:
                return None
            if id(animation) in done:
                continue
            done.add(id(animation))
            unique.append(animation)
            states.append(state)
            count = len(state.getters)
            if count:
                entry = by_count.get(count)
                if entry is None:
                    entry = by_count[count] = (_ALL_COMPONENTS[count], [], [])
                entry[1].extend(state.values)
                for components in zip(*state.components, strict=True):
                    entry[2].extend(components)
        groups = [(getter, values, tuple(seen)) for getter, values, seen in by_count.values()]
        return cls(unique, states, [s.version for s in states], groups)

    def fresh(self) -> bool:
        """Whether no animation's keys or frame rate changed since (see the class doc)."""
        guard = self.guard
        if guard is not None and guard.unchanged():
            return True
        if not self.poll():
            self.guard = None
            return False
        self.guard = self._guard()
        return True

    def poll(self) -> bool:
        """:meth:`fresh` by reading every key (the comparison the guard stands in for)."""
        animations = self.animations
        if list(map(_STATE_VERSION, self.states)) != self.versions:
            return False
        keys = list(map(_KEYS, animations))
        if not all(map(is_, keys, self.keys)):
            return False
        # Each key dict against its copy (value objects by identity; a list of another length
        # differs), then the frame rates, then the components by identity (an equal number in
        # a new object is for the key state to judge: it also looks at the key objects).
        if keys != self.copies:
            return False
        if list(map(_FPS, animations)) != self.fps:
            return False
        # (One pass per vector class: each value read once, its components as a tuple.)
        return all(
            all(map(is_, chain.from_iterable(map(getter, values)), seen))
            for getter, values, seen in self.components
        )

    def _guard(self) -> WordGuard | None:
        # What poll() read, as it is now (it approved it): per exact class, the animations'
        # key list and frame rate members and the values' components; the states' versions;
        # the key lists (their items) and every key dict in them.
        if not word_guard_enabled():
            return None
        members: list[tuple[list[Any], str]] = []
        for group in _by_type(self.animations):
            members += [(group, "_keys"), (group, "framePerSecond")]
        members.append((self.states, "version"))
        for _, values, _ in self.components:
            for group in _by_type(values):
                members += [(group, name) for name in _COMPONENT_NAMES[type(group[0])]]
        keys: list[list[Any]] = self.keys
        return WordGuard.build(members, list(chain.from_iterable(keys)), keys)


def watch_rows(runtimes: list[list[Any]], versions: list[list[int]]) -> KeyStateWatch | None:
    """The watch of rows' animations (each row's runtime animations and the key state
    versions its specs were compiled at), each animation once (clones play the same ones), in
    the order first met; None where one is listed at two versions (one of them is stale) or
    :meth:`KeyStateWatch.build` cannot make it. Keyed by ``id`` alone: no tuple per track,
    which at ten thousand rows would wake the cyclic garbage collector for nothing."""
    seen: dict[int, int] = {}
    animations: list[Any] = []
    found: list[int] = []
    for row, row_versions in zip(runtimes, versions, strict=True):
        for runtime, version in zip(row, row_versions, strict=True):
            animation = runtime._animation
            known = seen.setdefault(id(animation), version)
            if known is version and len(seen) > len(animations):
                animations.append(animation)
                found.append(version)
            elif known != version:
                return None
    return KeyStateWatch.build(animations, found)


def _by_type(objects: list[Any]) -> list[list[Any]]:
    """``objects`` grouped by exact class (one group, the list itself, when they share one)."""
    first = type(objects[0]) if objects else None
    if all(type(o) is first for o in objects):
        return [objects]
    groups: dict[type, list[Any]] = {}
    for o in objects:
        groups.setdefault(type(o), []).append(o)
    return list(groups.values())


def zero_rotation(owner: Any) -> None:
    # TransformNode's rotationQuaternion setter, given a quaternion, resets ``rotation``.
    owner.rotation.setAll(0.0)


def _drop_quaternion(owner: Any) -> None:
    # TransformNode's rotation setter clears ``rotationQuaternion``.
    if owner.rotationQuaternion is not None:
        owner.rotationQuaternion = None


#: What assigning a leaf property does besides storing the object, by setter: Babylon.js
#: assigns its value object on every write (``destination[targetPath] = _currentValue``), so
#: these run after every write of a leaf the batch updates in place.
_SETTER_EFFECTS: Final = {
    ("lite_compat.nodes.transform_node", "TransformNode.rotationQuaternion"): zero_rotation,
    ("lite_compat.nodes.transform_node", "TransformNode.rotation"): _drop_quaternion,
}


def setter_effect(owner_type: type, name: str) -> Any:
    """The side effect of assigning ``owner_type.name`` besides storing (None: none known)."""
    prop = getattr(owner_type, name, None)
    if not isinstance(prop, property) or prop.fset is None:
        return None
    setter = prop.fset
    return _SETTER_EFFECTS.get(
        (getattr(setter, "__module__", ""), getattr(setter, "__qualname__", ""))
    )


#: Whether tracks may be native at all (:func:`set_native_delegation`).
_NATIVE_ENABLED: Final = [True]


def set_native_delegation(enabled: bool) -> bool:
    """Turn native delegation on or off for animatables planned from now on; the previous state.

    Off, every track is planned on the compat evaluator (reason ``native-disabled``), the
    Babylon.js port itself: the reference the native and batched paths are compared with
    (tests/lite_compat/animations/test_state_differential.py). Tracks already native stay so.
    Also exported by :mod:`~lite_compat.animations.delegation`.
    """
    previous = _NATIVE_ENABLED[0]
    _NATIVE_ENABLED[0] = bool(enabled)
    return previous


def native_delegation_enabled() -> bool:
    """Whether tracks planned now may be native (:func:`set_native_delegation`)."""
    return _NATIVE_ENABLED[0]


def still_current(
    runtime: Any, owner_path: tuple[str, ...], recompile: Callable[[Any], bool]
) -> bool:
    """Whether a native or batch track applies now; else it leaves for the compat evaluator.

    It does while its animation's key state version is the one compiled, or ``recompile``
    (the group's: compile the new keys when they can stay native) succeeded, and its path
    (``owner_path``: the segments before the leaf; empty for a batch track, which writes the
    captured owner itself) still walks to the object Babylon.js resolved at start
    (``_directTarget``): Lite's writer walks the path on every write, Babylon.js only once.
    """
    version = state_version(runtime._animation)
    if runtime._stateVersion != version:
        stale = _stale_key(runtime)
        if stale is not None or not recompile(runtime):
            leave_native(runtime, STATE_CHANGED)
            if stale is not None:
                # Babylon.js's next _interpolate starts at its cached key index, now past the
                # end of the keys: it throws there, and so does the compat evaluator.
                runtime._animationState.key = stale
                runtime._nativeFrame = None
            return False
        runtime._stateVersion = version
    if owner_path:
        owner = runtime._target
        for part in owner_path:
            owner = lookup(owner, part)
        if owner is not runtime._directTarget:
            leave_native(runtime, PATH_REPLACED)
            return False
    return True


def assign_back(owner: Any, name: str, leaf: Any) -> None:
    """Assign the runtime's own value object ``leaf`` to ``owner.name`` where Babylon.js's
    assignment on every write would change something: the property holds another object
    (a script replaced it), or its setter has a side effect (:func:`setter_effect`)."""
    if getattr(owner, name, None) is not leaf or setter_effect(type(owner), name) is not None:
        setattr(owner, name, leaf)


def _stale_key(runtime: Any) -> int | None:
    """Babylon.js's cached key index of a native track (the last previous key at or before
    its last frame) when the keys now end before it; else None."""
    frame = runtime._nativeFrame
    state: _KeyState | None = getattr(runtime._animation, "_liteKeyState", None)
    if frame is None or state is None:
        return None
    frames = state.previous_frames
    key = -1
    while key + 1 < len(frames) and frame >= frames[key + 1]:
        key += 1
    return key if key >= len(runtime._animation._keys) else None


def leave_native(runtime: Any, reason: str) -> None:
    """Take ``runtime`` off its native or batch group; the compat evaluator carries on."""
    native = runtime._native
    if native is not None:
        native.remove([runtime])
    runtime._native = None
    runtime._fallbackReason = reason
