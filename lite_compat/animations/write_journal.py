"""The journal of a scene's animation writes, read by root motion (Babylon.js 9.31).

Babylon.js 9.31 keeps ``scene._animationWrites`` while a root-motion controller exists on the
scene: every write a runtime animation makes, in order, with its weight, additive flag and
blending factor, so the controller can evaluate the pose the step produced. Here
:class:`WriteJournal` is that record, one per recording scene
(``RuntimeAnimation._writeRecords``), filled by ``RuntimeAnimation._recordWrite``.
"""

from __future__ import annotations

from typing import Any

__all__ = ["WriteJournal"]


class WriteJournal:
    """The writes of a scene's animations, recorded as they are made (Babylon.js 9.31's
    ``scene._animationWrites``, kept while a root-motion controller exists on the scene).

    Each entry is ``[runtime, target, weight, additive, blending factor, carried]``; entries
    are pooled and reused, so a warm step allocates nothing. ``entries[:stepCount]`` are what
    the latest step's late bindings read, in order, when ``evaluated`` (the step got past its
    early returns): the writes made since the step before, between steps included, then the
    step's own. A write made after the bindings (between steps, or by an observer of
    ``onAfterAnimationsObservable``) is carried to the front of the next step's records, where
    it stands in the order the bindings resolve: a weighted write as long as the binding it
    registered is pending, a direct write (weight -1) over one step only.
    """

    __slots__ = ("count", "entries", "evaluated", "stepCount")

    def __init__(self) -> None:
        self.entries: list[list[Any]] = []
        self.count = 0
        self.stepCount = 0
        self.evaluated = False

    def __len__(self) -> int:
        return self.count

    def record(
        self, runtime: Any, target: Any, weight: float, additive: bool, blending: float
    ) -> None:
        """Journal one write of ``runtime`` to ``target``."""
        index = self.count
        self.count = index + 1
        entries = self.entries
        if index < len(entries):
            entry = entries[index]
            entry[0] = runtime
            entry[1] = target
            entry[2] = weight
            entry[3] = additive
            entry[4] = blending
            entry[5] = False
        else:
            entries.append([runtime, target, weight, additive, blending, False])

    def beginStep(self) -> None:
        """Drop what the last step's bindings read; carry what was written since."""
        entries = self.entries
        count = self.count
        kept = 0
        for index in range(self.stepCount, count):
            entry = entries[index]
            if entry[5] and entry[2] == -1:
                continue
            entry[5] = True
            entries[index] = entries[kept]
            entries[kept] = entry
            kept += 1
        for index in range(kept, count):
            entry = entries[index]
            entry[0] = None
            entry[1] = None
        self.count = kept
        self.stepCount = 0
        self.evaluated = False
