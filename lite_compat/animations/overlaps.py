"""Overlapping paths: which active tracks animate an ancestor or descendant of another's.

Part of the compat delegation boundary (:mod:`~lite_compat.animations.delegation`): a track
whose path is an ancestor or descendant of another active track's (``position`` and
``position.x``), by resolved object identity, falls back (``overlapping-path``), because
Babylon.js replaces the ancestor object, which only the compat evaluator reproduces. Each scene
keeps an :class:`OverlapIndex` of its active tracks' paths, so planning a track costs the same
however many tracks the scene plays.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from lite_compat.animations.property_paths import MISSING, lookup

if TYPE_CHECKING:
    from lite_compat.animations.animatable import Animatable
    from lite_compat.animations.runtime_animation import RuntimeAnimation

__all__ = ["OverlapIndex", "overlap_index"]


_ATOMIC_TYPES: Final = frozenset({int, float, str, bytes, bool, complex, type(None)})


def _object_id(leaf: object) -> int | None:
    """``id(leaf)`` for a leaf that is an object (not MISSING, None or a number or string)."""
    if type(leaf) in _ATOMIC_TYPES or leaf is MISSING:
        return None
    if isinstance(leaf, int | float | str | bytes | bool | complex):
        return None
    return id(leaf)


class _Chain:
    """The objects a track's path walks through, its leaf pair and the leaf's value.

    ``step_slots`` are the ``(id(owner), segment)`` pairs the walk reads before its leaf
    (``leaf_key`` is the leaf's own pair): a track whose leaf pair is one of another track's
    step slots animates an ancestor of that track's leaf.
    """

    __slots__ = ("leaf_key", "leaf_value_id", "owner_ids", "runtime", "step_slots")

    def __init__(self, runtime: RuntimeAnimation) -> None:
        self.runtime = runtime
        obj: Any = runtime._target
        parts = runtime._animation.targetPropertyPath
        if len(parts) == 1:
            # A property of the target itself (most tracks): no walk, no step slots.
            self.owner_ids: tuple[int, ...] = (id(obj),)
            self.step_slots: tuple[tuple[int, str], ...] = ()
            self.leaf_key = (id(obj), parts[0])
            leaf = lookup(obj, parts[0])
            self.leaf_value_id = _object_id(leaf)
            return
        owners: list[int] = []
        for part in parts[:-1]:
            owners.append(id(obj))
            obj = lookup(obj, part)
            if obj is MISSING:
                break
        owners.append(id(obj))
        # Tuples of numbers and strings: the garbage collector stops tracking them.
        self.owner_ids = tuple(owners)
        self.step_slots = tuple((owners[i], parts[i]) for i in range(len(owners) - 1))
        self.leaf_key = (id(obj), parts[-1])
        leaf = lookup(obj, parts[-1]) if obj is not MISSING else MISSING
        self.leaf_value_id = _object_id(leaf)


def _is_ancestor(ancestor: _Chain, chain: _Chain) -> bool:
    """Whether ``ancestor`` animates an object ``chain``'s path walks through (another leaf)."""
    return (
        ancestor is not chain
        and ancestor.leaf_value_id is not None
        and ancestor.leaf_value_id in chain.owner_ids
        and ancestor.leaf_key != chain.leaf_key
    )


def _overlaps(
    candidates: Sequence[RuntimeAnimation], others: Sequence[RuntimeAnimation]
) -> set[int]:
    """ids of runtimes (from both lists) whose paths are ancestor/descendant of another's."""
    return _chain_overlaps([_Chain(r) for r in (*candidates, *others)], {id(r) for r in candidates})


def _chain_overlaps(chains: Sequence[_Chain], candidate_ids: set[int]) -> set[int]:
    """:func:`_overlaps` on chains already built (one pass, hashed by leaf value)."""
    by_leaf_value: dict[int, list[_Chain]] = {}
    for chain in chains:
        if chain.leaf_value_id is not None:
            by_leaf_value.setdefault(chain.leaf_value_id, []).append(chain)
    hit: set[int] = set()
    for chain in chains:
        for owner_id in chain.owner_ids:
            for ancestor in by_leaf_value.get(owner_id, ()):
                if ancestor is chain or ancestor.leaf_key == chain.leaf_key:
                    continue
                # Only conflicts that involve a new track matter (older pairs were planned).
                if id(chain.runtime) in candidate_ids or id(ancestor.runtime) in candidate_ids:
                    hit.add(id(chain.runtime))
                    hit.add(id(ancestor.runtime))
    return hit


# A bucket of the index is one runtime id (an int: most buckets hold one, and an int is no
# object for the garbage collector to track) or a set of two or more.
_Bucket = int | set[int]


class OverlapIndex:
    """The paths of a scene's active tracks, hashed, kept as animatables start and stop.

    Planning a new track asks which active tracks of *other* animatables animate an ancestor or
    a descendant of its path (:func:`_is_ancestor`, by resolved object identity as before).
    Instead of walking every other track's path again, the index hashes each registered track
    by the objects and ``(owner, segment)`` slots of its path when it was last walked; a new
    track looks up only the buckets its own path names, and each track found there is walked
    again and checked against the same rule, so a stale entry can never make a conflict that
    the objects of now do not have. The cost of planning a track is therefore independent of
    how many tracks the scene plays.

    Entries are added lazily: a started animatable's runtimes are *pending* until the next
    planning, which walks them once (and, for the tracks being planned then, that walk is the
    one their plan uses). A scene whose active list was changed behind the index's back (its
    length no longer matches) is re-indexed from the list.

    Limitation: identity is refreshed when a track of this scene replaces its leaf object (the
    first write of a vector or quaternion track) and whenever a track is planned or found; an
    object replaced by user code between plannings is seen by the slot hash (same owner and
    segment) but not by a value alias through an unrelated property until one of those walks.
    """

    __slots__ = (
        "_by_leaf_slot",
        "_by_leaf_value",
        "_by_owner",
        "_by_step_slot",
        "_by_target",
        "_chains",
        "_host_of",
        "_members",
        "_rids",
        "_pending",
        "_target_of",
        "_unplanned",
        "alone",
    )

    def __init__(self) -> None:
        #: animatable id -> the active animatable (no per-member tuple or set: fewer objects for
        #: the cyclic collector).
        self._members: dict[int, Animatable] = {}
        #: animatable id -> the ids of its indexed runtimes: an int for one (most animatables),
        #: a set for two or more, absent for none.
        self._rids: dict[int, int | set[int]] = {}
        self._host_of: dict[int, int] = {}
        self._pending: dict[int, RuntimeAnimation] = {}
        self._chains: dict[int, _Chain] = {}
        self._by_leaf_value: dict[int, _Bucket] = {}
        self._by_owner: dict[int, _Bucket] = {}
        self._by_leaf_slot: dict[tuple[int, str], _Bucket] = {}
        self._by_step_slot: dict[tuple[int, str], _Bucket] = {}
        #: target id -> its one animatable, or a list of two or more (most targets have one).
        self._by_target: dict[int, Animatable | list[Animatable]] = {}
        self._target_of: dict[int, int] = {}
        #: Active animatables with runtimes not planned yet (candidates for :func:`plan_step`).
        self._unplanned: dict[int, Animatable] = {}
        #: ids of animatables that :func:`plan_step` found in a conflict: planned one by one.
        self.alone: set[int] = set()

    # -- membership ----------------------------------------------------------------------------

    def add_animatable(self, animatable: Animatable) -> None:
        """``animatable`` joined the active list: its runtimes become pending."""
        key = id(animatable)
        if key not in self._members:
            self._members[key] = animatable
            self._target_of[key] = id(animatable.target)
            key = id(animatable.target)
            held = self._by_target.get(key)
            if held is None:
                self._by_target[key] = animatable
            elif isinstance(held, list):
                held.append(animatable)
            else:
                self._by_target[key] = [held, animatable]
        for runtime in animatable._runtimeAnimations:
            self.add_runtime(animatable, runtime)

    def add_runtime(self, animatable: Animatable, runtime: RuntimeAnimation) -> None:
        """``runtime`` was appended to the active ``animatable`` (pending until planning)."""
        key = id(animatable)
        if self._members.get(key) is not animatable:
            return
        rid = id(runtime)
        rids = self._rids.get(key)
        if rids is None or rids == rid:
            self._rids[key] = rid
        elif isinstance(rids, int):
            self._rids[key] = {rids, rid}
        else:
            rids.add(rid)
        self._host_of[rid] = id(animatable)
        self._pending[rid] = runtime
        if rid not in animatable._planned:
            self._unplanned[id(animatable)] = animatable

    def remove_runtime(self, runtime: RuntimeAnimation) -> None:
        """``runtime`` left its animatable."""
        rid = id(runtime)
        host = self._host_of.pop(rid, None)
        if host is not None and host in self._members:
            rids = self._rids.get(host)
            if rids == rid:
                del self._rids[host]
            elif isinstance(rids, set):
                rids.discard(rid)
        self._pending.pop(rid, None)
        self._unregister(rid)

    def remove_runtimes_of(self, animatable: Animatable) -> None:
        """Every runtime of ``animatable`` left it (the animatable stays active)."""
        key = id(animatable)
        if self._members.get(key) is not animatable:
            return
        rids = self._rids.pop(key, None)
        for rid in (rids,) if isinstance(rids, int) else () if rids is None else list(rids):
            self._host_of.pop(rid, None)
            self._pending.pop(rid, None)
            self._unregister(rid)

    def remove_animatable(self, animatable: Animatable) -> None:
        """``animatable`` left the active list."""
        self.remove_runtimes_of(animatable)
        if self._members.get(id(animatable)) is animatable:
            del self._members[id(animatable)]
            self._unplanned.pop(id(animatable), None)
            self.alone.discard(id(animatable))
            key = self._target_of.pop(id(animatable))
            held = self._by_target[key]
            if not isinstance(held, list):
                if held is animatable:
                    del self._by_target[key]
            else:
                held[:] = [a for a in held if a is not animatable]
                if not held:
                    del self._by_target[key]

    def clear(self) -> None:
        """The active list was emptied."""
        for table in (
            self._members,
            self._rids,
            self._host_of,
            self._pending,
            self._chains,
            self._by_leaf_value,
            self._by_owner,
            self._by_leaf_slot,
            self._by_step_slot,
            self._by_target,
            self._target_of,
            self._unplanned,
            self.alone,
        ):
            table.clear()

    def unplanned(self, active: Sequence[Animatable]) -> list[Animatable]:
        """The indexed animatables with runtimes not planned yet, in the order they started.

        Fully planned ones are dropped from the list as it is read (re-indexed first when
        ``active`` changed unseen, as :meth:`sync` does).
        """
        if len(self._members) != len(active):
            self.clear()
            for animatable in active:
                self.add_animatable(animatable)
        table = self._unplanned
        out: list[Animatable] = []
        for key, animatable in list(table.items()):
            if len(animatable._planned) >= len(animatable._runtimeAnimations):
                del table[key]
            else:
                out.append(animatable)
        return out

    def animatables_of(
        self, target: object, active: Sequence[Animatable]
    ) -> list[Animatable] | None:
        """The active animatables of ``target`` when the index knows them for sure, else None.

        None (scan the list) when the index is out of step with ``active``, when ``target`` has
        several animatables (their order is the active list's) or when an animatable's target
        was reassigned.
        """
        if len(self._members) != len(active):
            return None
        held = self._by_target.get(id(target))
        if held is None or (isinstance(held, list) and not held):
            return []
        one = held if not isinstance(held, list) else held[0] if len(held) == 1 else None
        if one is not None and one.target is target:
            return [one]
        return None

    def sync(self, active: Sequence[Animatable]) -> set[int]:
        """Walk the pending runtimes (re-index all if ``active`` changed unseen); ids walked."""
        if len(self._members) != len(active):
            self.clear()
            for animatable in active:
                self.add_animatable(animatable)
        built: set[int] = set()
        if self._pending:
            pending = list(self._pending.values())
            self._pending.clear()
            for runtime in pending:
                self._register(_Chain(runtime))
                built.add(id(runtime))
        return built

    def is_active(self, rid: int, exclude: set[int]) -> bool:
        """Whether runtime ``rid`` is indexed and its animatable is not in ``exclude``."""
        host = self._host_of.get(rid)
        return host is not None and host not in exclude and rid in self._chains

    def chain(self, runtime: RuntimeAnimation, fresh: set[int]) -> _Chain:
        """``runtime``'s chain walked now (the indexed one if walked by this planning)."""
        rid = id(runtime)
        chain = self._chains.get(rid)
        if chain is not None and rid in fresh and chain.runtime is runtime:
            return chain
        chain = _Chain(runtime)
        if rid in self._host_of:
            self._unregister(rid)
            self._pending.pop(rid, None)
            self._register(chain)
            fresh.add(rid)
        return chain

    def refresh(self, runtime: RuntimeAnimation) -> None:
        """``runtime`` replaced its leaf object: walk its path again."""
        rid = id(runtime)
        if rid in self._chains and self._chains[rid].runtime is runtime:
            self._unregister(rid)
            self._register(_Chain(runtime))

    def related(self, chain: _Chain) -> set[int]:
        """ids of indexed runtimes that may be ancestors or descendants of ``chain``."""
        found: set[int] = set()
        # (most buckets are absent: tested inline before the call)
        # Indexed tracks that animate an object this path walks through (ancestors) ...
        values = self._by_leaf_value
        for owner in chain.owner_ids:
            bucket = values.get(owner)
            if bucket is not None:
                _gather(found, bucket)
        if chain.step_slots:
            slots = self._by_leaf_slot
            for slot in chain.step_slots:
                bucket = slots.get(slot)
                if bucket is not None:
                    _gather(found, bucket)
        # ... and those walking through the object this track animates (descendants).
        if chain.leaf_value_id is not None:
            bucket = self._by_owner.get(chain.leaf_value_id)
            if bucket is not None:
                _gather(found, bucket)
        bucket = self._by_step_slot.get(chain.leaf_key)
        if bucket is not None:
            _gather(found, bucket)
        found.discard(id(chain.runtime))
        return found

    def runtime(self, rid: int) -> RuntimeAnimation:
        """The indexed runtime ``rid``."""
        return self._chains[rid].runtime

    # -- the hashes ----------------------------------------------------------------------------

    def _register(self, chain: _Chain) -> None:
        rid = id(chain.runtime)
        self._chains[rid] = chain
        # ``setdefault`` returns ``rid`` itself when the key was free (most keys): the
        # general :func:`_add` runs only for a key already held.
        if chain.leaf_value_id is not None:
            values = self._by_leaf_value
            if values.setdefault(chain.leaf_value_id, rid) is not rid:
                _add(values, chain.leaf_value_id, rid)
        owners = chain.owner_ids
        by_owner = self._by_owner
        for owner in owners if len(owners) == 1 else set(owners):
            if by_owner.setdefault(owner, rid) is not rid:
                _add(by_owner, owner, rid)
        slots = self._by_leaf_slot
        if slots.setdefault(chain.leaf_key, rid) is not rid:
            _add(slots, chain.leaf_key, rid)
        slots = self._by_step_slot
        for slot in chain.step_slots:
            if slots.setdefault(slot, rid) is not rid:
                _add(slots, slot, rid)

    def _unregister(self, rid: int) -> None:
        chain = self._chains.pop(rid, None)
        if chain is None:
            return
        if chain.leaf_value_id is not None:
            _discard(self._by_leaf_value, chain.leaf_value_id, rid)
        owners = chain.owner_ids
        for owner in owners if len(owners) == 1 else set(owners):
            _discard(self._by_owner, owner, rid)
        _discard(self._by_leaf_slot, chain.leaf_key, rid)
        for slot in chain.step_slots:
            _discard(self._by_step_slot, slot, rid)


def _add(table: dict[Any, _Bucket], key: Any, rid: int) -> None:
    bucket = table.get(key)
    if bucket is None:
        table[key] = rid
    elif isinstance(bucket, int):
        if bucket != rid:
            table[key] = {bucket, rid}
    else:
        bucket.add(rid)


def _discard(table: dict[Any, _Bucket], key: Any, rid: int) -> None:
    bucket = table.get(key)
    if bucket is None:
        return
    if isinstance(bucket, int):
        if bucket == rid:
            del table[key]
        return
    bucket.discard(rid)
    if not bucket:
        del table[key]


def _gather(found: set[int], bucket: _Bucket | None) -> None:
    if bucket is None:
        return
    if isinstance(bucket, int):
        found.add(bucket)
    else:
        found |= bucket


def overlap_index(scene: object) -> OverlapIndex | None:
    """The scene's :class:`OverlapIndex` (None for a scene-like object without one)."""
    index = getattr(scene, "_overlapIndex", None)
    return index if isinstance(index, OverlapIndex) else None


def _scene_overlaps(
    scene: Any,
    candidates: Sequence[RuntimeAnimation],
    batch_others: Sequence[RuntimeAnimation],
    batch_ids: set[int],
) -> tuple[set[int], list[RuntimeAnimation]]:
    """Overlaps of ``candidates`` with each other, ``batch_others`` and the scene's tracks.

    ``batch_ids`` are the animatables being planned (their tracks are ``candidates`` or
    ``batch_others``). Returns the ids of every runtime in a conflict with a candidate and the
    runtimes of other animatables among them.
    """
    index = overlap_index(scene)
    if index is None:
        others = _other_runtimes(scene, batch_ids)
        hit = _overlaps(candidates, [*others, *batch_others])
        return hit, [r for r in others if id(r) in hit]
    fresh = index.sync(scene._activeAnimatables)
    chains = [index.chain(r, fresh) for r in (*candidates, *batch_others)]
    hit = _chain_overlaps(chains, {id(r) for r in candidates})
    hit_others: list[RuntimeAnimation] = []
    for chain in chains[: len(candidates)]:
        for rid in index.related(chain):
            if not index.is_active(rid, batch_ids):
                continue
            other = index.chain(index.runtime(rid), fresh)
            if _is_ancestor(other, chain) or _is_ancestor(chain, other):
                hit.add(id(chain.runtime))
                if rid not in hit:
                    hit.add(rid)
                    hit_others.append(other.runtime)
    return hit, hit_others


def _other_runtimes(scene: Any, exclude: set[int]) -> list[RuntimeAnimation]:
    return [
        r
        for other in scene._activeAnimatables
        if id(other) not in exclude
        for r in other._runtimeAnimations
    ]
