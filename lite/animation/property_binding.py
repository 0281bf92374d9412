"""Property paths bound to Python objects: path resolution and writers, chosen once.

Port of the binding half of src/animation/property-animation.ts. A dotted path (``position.x``,
``material.color``, ``weights.0``) is resolved and validated once, at bind time, and turned
into a writer chosen once (scalar attribute, Mapping key, ``set(...)`` method, x/y/z/w
components, or an in-place sequence/array write).

Writers re-resolve the leaf owner from the root before each write, so replacing an
intermediate object during playback (``target.position = Vector3(...)`` while ``position.x``
animates) redirects later writes to the replacement. Vector writers cache the leaf object and
rebuild themselves only when its identity changes.

:func:`bind_property_clip` binds a whole clip to a target with no group and no manager: the
seam a caller that owns its own clock (the Babylon.js-shaped facade) samples and writes
through, with :func:`lite.animation.property_animation.write_property_track`.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping, MutableMapping, MutableSequence, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from lite.animation.summary import describe_fields, short_repr
from lite.animation.types import AnimationSampler, PropertyAnimationClip, PropertyAnimationTrack
from lite.errors import AnimationPathError, AnimationStateError
from lite.path_guard import check_path_reached, check_path_segments

if TYPE_CHECKING:
    from lite.animation.types import AnimationEasing

__all__ = [
    "OwnerResolver",
    "PropertyBinding",
    "PropertyRuntimeTrack",
    "PropertyWriter",
    "Scratch",
    "bind_property_clip",
    "bind_track",
    "check_property_clip",
]

#: A float32 scratch buffer: ``array("f")`` on the hot path (numpy float32 arrays also work).
Scratch = MutableSequence[float]
#: Writes the first ``stride`` values of a float32 scratch array into the bound property.
PropertyWriter = Callable[[Scratch], None]
#: Returns the current (owner, property) pair of a binding, re-resolved from the root.
OwnerResolver = Callable[[], tuple[object, str]]

_COMPONENTS = "xyzw"


@dataclass(slots=True, eq=False)
class PropertyRuntimeTrack:
    """A track bound to one target (owned by its group)."""

    sampler: AnimationSampler
    stride: int
    quaternion: bool
    easing: AnimationEasing | None
    writer: PropertyWriter
    resolve_owner: OwnerResolver
    path: str
    mix_property: str = field(default="")
    #: The root the path was resolved on (read by the batched engine's bulk writers).
    root: object = field(default=None, repr=False)
    #: The dotted attribute chain from ``root`` to the object the writer writes (the owner of a
    #: scalar, the leaf of a vector; ``""``: the root itself), or None when a segment is a key
    #: or an index (then only the closure ``writer`` is used).
    bulk_chain: str | None = field(default=None, repr=False)
    #: Scalar tracks: how ``writer`` writes (``"attr"``: ``setattr``; ``"key"``: a mapping
    #: item; ``""``: another way). Vector tracks: ``""``, the leaf's shape decides per object.
    bulk_scalar: str = field(default="", repr=False)


# ---------------------------------------------------------------------------------------------
# Path binding
# ---------------------------------------------------------------------------------------------


def _is_index(part: str) -> bool:
    """``part`` is a sequence index: ASCII digits (``"²".isdigit()`` holds, ``int`` refuses it)."""
    return part.isascii() and part.isdigit()


def _has_member(owner: object, part: str) -> bool:
    if isinstance(owner, Mapping):
        return part in owner
    if isinstance(owner, Sequence | np.ndarray) and not isinstance(owner, str) and _is_index(part):
        return int(part) < len(owner)
    return hasattr(owner, part)


def _get_member(owner: object, part: str) -> object:
    if isinstance(owner, Mapping):
        return owner[part]
    if isinstance(owner, Sequence | np.ndarray) and not isinstance(owner, str) and _is_index(part):
        return owner[int(part)]
    return getattr(owner, part)


def _is_object(value: object) -> bool:
    return value is not None and not isinstance(value, int | float | str | bytes | bool | complex)


def _resolve_owner(root: object, parts: Sequence[str], path: str) -> object:
    # The sealed walk (bind time only): no dunder segment, never through a class, module,
    # function or frame (lite.animation.path_guard).
    check_path_segments(parts, path)
    check_path_reached(root, "the target", path)
    owner = root
    for part in parts[:-1]:
        if not _is_object(owner):
            raise AnimationPathError(
                "LITE-PATH-003",
                f"property path {path!r} reached a non-object value {owner!r} before {part!r}",
                hint="every segment but the last must name an object",
                input_name=path,
            )
        if not _has_member(owner, part):
            raise AnimationPathError(
                "LITE-PATH-002",
                f"property path {path!r} could not resolve {part!r} on {type(owner).__name__}",
                hint="check the spelling; the object must already have that attribute or key",
                input_name=path,
            )
        owner = _get_member(owner, part)
        check_path_reached(owner, f"segment {part!r}", path)
    if not _is_object(owner):
        raise AnimationPathError(
            "LITE-PATH-003",
            f"property path {path!r} reached a non-object value {owner!r}",
            hint="every segment but the last must name an object",
            input_name=path,
        )
    return owner


def _member_getter(sample_owner: object, part: str) -> Callable[[object], object]:
    """Getter for one path segment, specialised for the owner's kind at bind time.

    The fast path assumes later owners are of the same kind (attribute object, Mapping or
    sequence); a replacement of another kind falls back to the generic lookup.
    """
    if isinstance(sample_owner, Mapping):

        def get_key(owner: object) -> object:
            try:
                return owner[part]  # type: ignore[index]
            except (TypeError, KeyError):
                return _get_member(owner, part)

        return get_key
    if (
        isinstance(sample_owner, Sequence | np.ndarray)
        and not isinstance(sample_owner, str)
        and _is_index(part)
    ):
        index = int(part)

        def get_index(owner: object) -> object:
            try:
                return owner[index]  # type: ignore[index]
            except (TypeError, KeyError):
                return _get_member(owner, part)

        return get_index

    def get_attr(owner: object) -> object:
        try:
            return getattr(owner, part)
        except AttributeError:
            return _get_member(owner, part)

    return get_attr


def _make_getter(root: object, parts: Sequence[str]) -> Callable[[object], object]:
    """Owner lookup from the root (every segment but the last), chosen at bind time."""
    steps: list[Callable[[object], object]] = []
    owner = root
    for part in parts[:-1]:
        steps.append(_member_getter(owner, part))
        owner = _get_member(owner, part)
    if not steps:
        return lambda r: r
    if len(steps) == 1:
        return steps[0]
    if len(steps) == 2:
        first, second = steps
        return lambda r: second(first(r))

    def get_n(r: object) -> object:
        o = r
        for step in steps:
            o = step(o)
        return o

    return get_n


def _set_member(owner: object, prop: str, value: float) -> None:
    if isinstance(owner, MutableMapping):
        owner[prop] = value
    elif _is_index(prop) and isinstance(owner, MutableSequence | np.ndarray):
        owner[int(prop)] = value
    else:
        setattr(owner, prop, value)


def _scalar_writer(root: object, parts: Sequence[str]) -> PropertyWriter:
    get_owner = _make_getter(root, parts)
    prop = parts[-1]
    owner0 = get_owner(root)
    if isinstance(owner0, MutableMapping):

        def write_key(src: Scratch) -> None:
            owner = get_owner(root)
            try:
                owner[prop] = src[0]  # type: ignore[index]
            except TypeError:
                _set_member(owner, prop, src[0])

        return write_key
    if _is_index(prop) and isinstance(owner0, MutableSequence | np.ndarray):
        index = int(prop)

        def write_index(src: Scratch) -> None:
            owner = get_owner(root)
            try:
                owner[index] = src[0]  # type: ignore[index]
            except TypeError:
                _set_member(owner, prop, src[0])

        return write_index

    def write_attr(src: Scratch) -> None:
        owner = get_owner(root)
        if type(owner) is dict:
            owner[prop] = src[0]
        else:
            setattr(owner, prop, src[0])

    return write_attr


def _leaf_writer(leaf: object, stride: int, path: str) -> Callable[[Scratch], None]:
    """Writer for one vector/quaternion leaf object, chosen by its shape."""
    setter = getattr(leaf, "set", None)
    if callable(setter) and not isinstance(leaf, Mapping | set | frozenset):
        if stride == 2:
            return lambda s: setter(s[0], s[1])
        if stride == 3:
            return lambda s: setter(s[0], s[1], s[2])
        return lambda s: setter(s[0], s[1], s[2], s[3])
    if isinstance(leaf, np.ndarray):
        if leaf.ndim != 1 or leaf.shape[0] < stride or not leaf.flags.writeable:
            raise AnimationPathError(
                "LITE-PATH-004",
                f"property path {path!r}: array leaf of shape {leaf.shape} cannot take "
                f"{stride} values",
                hint=f"use a writable 1-D array with at least {stride} elements",
                input_name=path,
            )

        def write_array(s: Scratch) -> None:
            for i in range(stride):
                leaf[i] = s[i]

        return write_array
    if isinstance(leaf, MutableSequence):
        if len(leaf) < stride:
            raise AnimationPathError(
                "LITE-PATH-004",
                f"property path {path!r}: list leaf has {len(leaf)} items, needs {stride}",
                hint="make the list as long as the key values",
                input_name=path,
            )

        def write_list(s: Scratch) -> None:
            for i in range(stride):
                leaf[i] = s[i]

        return write_list
    names = _COMPONENTS[:stride]
    if isinstance(leaf, MutableMapping):
        for c in names:
            if c not in leaf:
                raise AnimationPathError(
                    "LITE-PATH-004",
                    f"property path {path!r} could not resolve component {c!r}",
                    hint=f"the leaf needs keys {', '.join(names)}",
                    input_name=path,
                )

        def write_map(s: Scratch) -> None:
            for i, c in enumerate(names):
                leaf[c] = s[i]

        return write_map
    for c in names:
        if not hasattr(leaf, c):
            raise AnimationPathError(
                "LITE-PATH-004",
                f"property path {path!r} could not resolve component {c!r} on "
                f"{type(leaf).__name__}",
                hint="give the leaf a set(...) method or x/y/z/w attributes",
                input_name=path,
            )
    if stride == 2:

        def write2(s: Scratch) -> None:
            leaf.x = s[0]  # type: ignore[attr-defined]
            leaf.y = s[1]  # type: ignore[attr-defined]

        return write2
    if stride == 3:

        def write3(s: Scratch) -> None:
            leaf.x = s[0]  # type: ignore[attr-defined]
            leaf.y = s[1]  # type: ignore[attr-defined]
            leaf.z = s[2]  # type: ignore[attr-defined]

        return write3

    def write4(s: Scratch) -> None:
        leaf.x = s[0]  # type: ignore[attr-defined]
        leaf.y = s[1]  # type: ignore[attr-defined]
        leaf.z = s[2]  # type: ignore[attr-defined]
        leaf.w = s[3]  # type: ignore[attr-defined]

    return write4


def _vector_writer(root: object, parts: Sequence[str], stride: int, path: str) -> PropertyWriter:
    get_owner = _make_getter(root, parts)
    prop = parts[-1]
    initial = _get_member(_resolve_owner(root, parts, path), prop)
    get_leaf = _member_getter(get_owner(root), prop)
    if not _is_object(initial):
        raise AnimationPathError(
            "LITE-PATH-003",
            f"property path {path!r} animates {stride} values but its leaf is {initial!r}",
            hint="the leaf must be a vector-like object, list or array (or use a scalar path)",
            input_name=path,
        )
    cache: list[object] = [initial, _leaf_writer(initial, stride, path)]

    def write(src: Scratch) -> None:
        leaf = get_leaf(get_owner(root))
        if leaf is not cache[0]:
            # Application code replaced the leaf object: rebuild the writer once.
            cache[0] = leaf
            cache[1] = _leaf_writer(leaf, stride, path)
        cache[1](src)  # type: ignore[operator]

    return write


def _refuse_unwritable(path: str, what: str, exc: BaseException) -> AnimationPathError:
    return AnimationPathError(
        "LITE-PATH-006",
        f"property path {path!r} resolves but {what} cannot be written: "
        f"{type(exc).__name__}: {exc}",
        hint="animate a writable attribute, key or item (not a read-only property, a frozen "
        "dataclass, a tuple or a read-only array)",
        input_name=path,
    )


def _probe_writable(owner: object, prop: str, stride: int, path: str) -> None:
    """Write back the value just read, through the writer's own dispatch, once at bind.

    A target that resolves but refuses writes (a read-only property, a frozen dataclass, a
    tuple, a read-only array, an immutable mapping) is refused here with ``LITE-PATH-006``
    instead of raising at the first frame inside the manager. Writing back the current value
    leaves the target as it was, whether the probe succeeds or not. A leaf with its own
    ``set(...)`` is not probed: calling it is the only write it offers.
    """
    current = _get_member(owner, prop)
    if stride == 1:
        try:
            _set_member(owner, prop, current)  # type: ignore[arg-type]
        except Exception as exc:  # any user setter may refuse; the refusal is the answer
            raise _refuse_unwritable(path, f"{type(owner).__name__}.{prop}", exc) from None
        return
    leaf = current
    setter = getattr(leaf, "set", None)
    if callable(setter) and not isinstance(leaf, Mapping | set | frozenset):
        return
    try:
        if isinstance(leaf, np.ndarray | MutableSequence):
            for i in range(stride):
                leaf[i] = leaf[i]
        elif isinstance(leaf, MutableMapping):
            for c in _COMPONENTS[:stride]:
                leaf[c] = leaf[c]
        else:
            for c in _COMPONENTS[:stride]:
                setattr(leaf, c, getattr(leaf, c))
    except Exception as exc:  # as above
        raise _refuse_unwritable(path, f"its {type(leaf).__name__} leaf", exc) from None


def bind_track(root: object, track: PropertyAnimationTrack) -> PropertyRuntimeTrack:
    path = track.path
    parts = path.split(".")
    owner = _resolve_owner(root, parts, path)
    prop = parts[-1]
    if not _has_member(owner, prop):
        raise AnimationPathError(
            "LITE-PATH-002",
            f"property path {path!r} could not resolve {prop!r} on {type(owner).__name__}",
            hint="the target must already have the animated property (typos never fail silently)",
            input_name=path,
        )
    check_path_reached(_get_member(owner, prop), f"segment {prop!r}", path)
    stride = track.stride
    if stride == 1:
        writer = _scalar_writer(root, parts)
    elif stride > 4:
        raise AnimationPathError(
            "LITE-PATH-005",
            f"property path {path!r} has unsupported vector size {stride}",
            hint="animate at most 4 components per track, or split the track",
            input_name=path,
        )
    else:
        writer = _vector_writer(root, parts, stride, path)
    _probe_writable(owner, prop, stride, path)
    get_owner = _make_getter(root, parts)

    def resolve_owner() -> tuple[object, str]:
        return get_owner(root), prop

    chain, scalar_kind = _bulk_chain(root, parts, stride)
    return PropertyRuntimeTrack(
        sampler=track.sampler,
        stride=stride,
        quaternion=track.quaternion,
        easing=track.easing,
        writer=writer,
        resolve_owner=resolve_owner,
        path=path,
        mix_property=prop,
        root=root,
        bulk_chain=chain,
        bulk_scalar=scalar_kind,
    )


def _attr_segment(owner: object, part: str) -> bool:
    # The segment getter _member_getter chooses for ``owner`` is a plain getattr.
    if isinstance(owner, Mapping):
        return False
    return not (
        isinstance(owner, Sequence | np.ndarray) and not isinstance(owner, str) and _is_index(part)
    )


def _bulk_chain(root: object, parts: Sequence[str], stride: int) -> tuple[str | None, str]:
    """The attribute chain to the written object and the scalar write kind (see the fields)."""
    owner = root
    for part in parts[:-1]:
        if not _attr_segment(owner, part):
            return None, ""
        owner = _get_member(owner, part)
    prop = parts[-1]
    if stride != 1:
        if not _attr_segment(owner, prop):
            return None, ""
        return ".".join(parts), ""
    chain = ".".join(parts[:-1])
    if isinstance(owner, MutableMapping):
        return chain, "key"
    if _is_index(prop) and isinstance(owner, MutableSequence | np.ndarray):
        return None, ""
    return chain, "attr"


# ---------------------------------------------------------------------------------------------
# A clip bound to a target (no group, no manager)
# ---------------------------------------------------------------------------------------------


@dataclass(slots=True, eq=False)
class PropertyBinding:
    """A :class:`~lite.animation.types.PropertyAnimationClip` bound to one target.

    Made by :func:`bind_property_clip`: every path resolved and every writer chosen once.
    It has no clock, no playing state and no manager; the caller samples and writes one
    track at a time with :func:`lite.write_property_track`.

    Attributes
    ----------
    clip
        The bound clip.
    target
        The root object the paths were resolved on.
    tracks
        One bound track per clip track, in clip order.
    """

    clip: PropertyAnimationClip
    target: object
    tracks: tuple[PropertyRuntimeTrack, ...]
    #: float32 scratch the sampled value is written through (Babylon Lite's Float32Array).
    _scratch: Scratch = field(default_factory=lambda: array("f", bytes(64)), repr=False)

    def __repr__(self) -> str:
        return short_repr(
            self,
            clip=repr(self.clip.name),
            target=type(self.target).__name__,
            tracks=len(self.tracks),
        )

    def describe(self) -> str:
        """Every field in full, one per line (``repr()`` is the short form)."""
        return describe_fields(self)

    @property
    def duration(self) -> float:
        """The clip's duration, seconds (times are clamped to ``[0, duration]``)."""
        return self.clip.duration


def check_property_clip(clip: object) -> PropertyAnimationClip:
    """``clip`` if it is a :class:`PropertyAnimationClip`, else ``LITE-STATE-014``."""
    if not isinstance(clip, PropertyAnimationClip):
        raise AnimationStateError(
            "LITE-STATE-014",
            f"clip must be a PropertyAnimationClip, got {type(clip).__name__}",
            hint="build one with create_property_animation_clip(name, tracks)",
            input_name="clip",
        )
    return clip


def bind_property_clip(target: object, clip: PropertyAnimationClip) -> PropertyBinding:
    """Bind every track of ``clip`` to ``target``: no group, no manager, no clock.

    Paths are resolved and writers chosen once, with the same validation and errors as
    :func:`lite.create_property_animation_group`'s binding. Sample and write a track with
    :func:`lite.write_property_track`.

    Parameters
    ----------
    target
        Any Python object; paths walk attributes, Mapping keys and sequence indices.
    clip
        A compiled clip (:func:`lite.create_property_animation_clip`).

    Returns
    -------
    PropertyBinding
        The bound tracks, in clip order.

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-014`` when ``clip`` is not a ``PropertyAnimationClip``.
    AnimationPathError
        A path does not resolve on ``target`` (``LITE-PATH-*``, naming the path and segment);
        ``LITE-PATH-006`` when it resolves but cannot be written (probed once, by writing back
        the value just read, so the target is unchanged).

    Examples
    --------
    >>> import lite
    >>> class Box:
    ...     x = 0.0
    >>> clip = lite.create_property_animation_clip(
    ...     "slide", [{"path": "x", "keys": [{"time": 0, "value": 0}, {"time": 1, "value": 2}]}]
    ... )
    >>> box = Box()
    >>> binding = lite.bind_property_clip(box, clip)
    >>> lite.write_property_track(binding, 0, 0.25)
    >>> box.x
    0.5
    """
    checked = check_property_clip(clip)
    tracks = tuple(bind_track(target, track) for track in checked.tracks)
    return PropertyBinding(clip=checked, target=target, tracks=tracks)
