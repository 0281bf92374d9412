"""The linked nodes' TRS numbers read straight from their vectors' slots, in three gathers.

The batched palette pass (:mod:`lite_compat.bones.skeleton_batch`) needs, every render, the
ten numbers (position, rotation quaternion, scaling) of every bone's linked node: at a
crowd's size that is tens of thousands of attribute reads, each a Python-level call, right
after the animation step wrote them. :class:`TrsWords` reads the same numbers without a
Python call per number, using CPython's object layout (the one
``lite_compat.animations.object_words`` reads; a self-test at import checks it):

* ``Vector3.x`` and ``Quaternion.w`` are ``__slots__`` members: a machine word inside the
  vector holding the pointer to the number object (``getattr`` returns that very object);
* a ``float`` object's type pointer is the word at ``+8`` and its value the double at ``+16``
  (``PyFloatObject``; a float is immutable).

One gather reads the member words of every component (the vectors are held, so their
addresses stay valid), one reads the type word of every object they point to (each is alive:
the vector holds it), and the third reads the value word of each ``float``. A component that
is not exactly a ``float`` (an ``int``, a float subclass, a numpy number) is read through
Python (``numpy.fromiter``'s conversion), and a missing member makes :meth:`TrsWords.read`
return False (the caller reads through Python, which decides). A vector class whose ``x`` is
not a plain member gets no reader, and a vector whose class a script changed since
(``__class__`` assignment: the first gather reads each vector's type word too) sends the read
back to the caller. So the numbers are always the ones ``getattr`` gives, as
``numpy.fromiter`` would store them (the double of a ``float``, bit for bit).

Like every frame of a scene, the read assumes no other thread edits the vectors while it
runs. :data:`SUPPORTED` is False where the self-test at import does not find this layout
(then :meth:`TrsWords.build` returns None); :data:`enabled` turns it off (the differential
tests compare both).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from lite_compat._words import FLOATS_SUPPORTED, FloatWords

__all__ = ["SUPPORTED", "TrsWords", "enabled"]

#: Whether this interpreter lays out members and floats as read here.
SUPPORTED: Final = FLOATS_SUPPORTED
#: Read through the words where possible (False: always through Python).
enabled = True


class TrsWords(FloatWords):
    """Where the components of some vectors live (see the module doc)."""

    __slots__ = ()

    @classmethod
    def build(cls, vectors: list[Any], pattern: Sequence[tuple[str, ...]]) -> TrsWords | None:
        """:meth:`FloatWords.build`, None while the reader is off (:data:`enabled`)."""
        if not (enabled and SUPPORTED):
            return None
        reader = super().build(vectors, pattern)
        return reader if isinstance(reader, TrsWords) else None

    def moved(self, vectors: list[Any]) -> bool:
        """:meth:`FloatWords.moved`, False while the reader is off (:data:`enabled`)."""
        return enabled and SUPPORTED and super().moved(vectors)
