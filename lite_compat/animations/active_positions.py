"""Where an animatable sits in its scene's active list, without searching the list.

Babylon.js removes a stopped animatable with ``indexOf`` + ``splice``: a loop of ``stop()``
calls over many animatables, in any order but the list's own, is quadratic (cheap in V8,
seconds in Python). :func:`position` answers the same index from a record of the list
instead, so such a loop is near linear; the list itself stays a plain list in Babylon's order,
read and written by everything as before.

The record gives every listed animatable a *virtual index*: its position when the record was
last rebuilt, or the list's virtual length when it was appended since (:func:`appended`).
Each removal the record is told of (:func:`removed`) keeps its virtual index in a sorted list,
so a position is its virtual index less the removed ones before it (a bisection). Every
answer is checked (``active[index] is animatable``, one comparison); a list changed behind the
record's back (a sort, a group's compaction, a port writing ``scene._activeAnimatables``)
fails that check and the position is searched as Babylon does (``list.index``); after a few
such misses the record is rebuilt from the list (one pass in C: ``id`` -> index). A list
that held an animatable twice when the record was last rebuilt (neither Babylon.js nor this
package lists one twice) is always searched, so the first occurrence is the one found, as
with ``indexOf``.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from typing import Any, Final

#: Lists up to this long are searched directly (a search is cheaper than the record).
SEARCH_BELOW: Final = 32
#: Misses (checks that failed) tolerated before the record is rebuilt from the list.
MISSES_BEFORE_REBUILD: Final = 2


class ActivePositions:
    """The record of one scene's active list (see the module doc)."""

    __slots__ = ("active", "slots", "length", "removed", "misses", "usable")

    def __init__(self, active: list[Any]) -> None:
        self.active = active
        #: ``id(animatable)`` -> its virtual index (each answer is checked against the list,
        #: so an id reused by a later object is harmless).
        self.slots: dict[int, int] = {}
        #: The virtual length: listed at rebuild plus appended since.
        self.length = 0
        #: Virtual indices removed since the rebuild (sorted).
        self.removed: list[int] = []
        self.misses = 0
        #: False while the list held an animatable twice at the last rebuild.
        self.usable = True
        self.rebuild()

    def rebuild(self) -> None:
        """Number the list as it is now (one pass, in C)."""
        active = self.active
        self.slots = dict(zip(map(id, active), range(len(active)), strict=True))
        self.usable = len(self.slots) == len(active)
        self.length = len(active)
        self.removed = []
        self.misses = 0


def _record(scene: Any) -> ActivePositions | None:
    record = scene.__dict__.get("_activePositions")
    if record is not None and record.active is scene._activeAnimatables:
        return record  # type: ignore[no-any-return]
    return None


def position(scene: Any, animatable: Any) -> int:
    """``scene._activeAnimatables.indexOf(animatable)`` (-1 when it is not listed)."""
    active: list[Any] = scene._activeAnimatables
    if len(active) > SEARCH_BELOW:
        record = _record(scene)
        if record is None:
            record = ActivePositions(active)
            scene._activePositions = record
        if record.usable:
            virtual = record.slots.get(id(animatable))
            if virtual is not None:
                index = virtual - bisect_left(record.removed, virtual)
                if index < len(active) and active[index] is animatable:
                    return index
            record.misses += 1
            if record.misses > MISSES_BEFORE_REBUILD:
                record.rebuild()
                if record.usable:
                    return position(scene, animatable)
    return searched(active, animatable)


def searched(scene_or_list: Any, animatable: Any) -> int:
    """``indexOf`` by searching the list (a scene's active list, or the list itself)."""
    active: list[Any] = (
        scene_or_list if isinstance(scene_or_list, list) else scene_or_list._activeAnimatables
    )
    try:
        return active.index(animatable)
    except ValueError:
        return -1


def appended(scene: Any, animatable: Any) -> None:
    """``animatable`` was just appended to the active list."""
    record = _record(scene)
    if record is not None:
        record.slots[id(animatable)] = record.length
        record.length += 1


def removed(scene: Any, animatable: Any, index: int) -> None:
    """``animatable`` was just removed from the active list at ``index``."""
    record = _record(scene)
    if record is None:
        return
    virtual = record.slots.pop(id(animatable), None)
    if virtual is not None and virtual - bisect_left(record.removed, virtual) == index:
        insort(record.removed, virtual)
        return
    record.misses += 1  # unknown to the record: the next checks will tell


def cleared(scene: Any) -> None:
    """The active list was emptied."""
    record = _record(scene)
    if record is not None:
        record.rebuild()
