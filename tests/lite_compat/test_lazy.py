"""lite_compat._lazy.LazyField: made once on first read, then a plain attribute."""

from __future__ import annotations

from lite_compat._lazy import LazyField
from lite_compat.animations.animatable import Animatable
from lite_compat.nodes.transform_node import TransformNode
from lite_compat.observable import Observable


class _Holder:
    made = 0

    @staticmethod
    def _make() -> list[int]:
        _Holder.made += 1
        return [1, 2]

    items: LazyField[list[int]] = LazyField(_make)


def test_first_read_makes_the_value_once_and_stores_it() -> None:
    _Holder.made = 0
    holder = _Holder()
    assert "items" not in holder.__dict__
    first = holder.items
    assert first == [1, 2] and holder.items is first and holder.__dict__["items"] is first
    assert _Holder.made == 1
    other = _Holder()
    assert other.items is not first and _Holder.made == 2


def test_assignment_replaces_the_value_and_the_class_reads_the_descriptor() -> None:
    holder = _Holder()
    holder.items = [9]
    assert holder.items == [9]
    assert isinstance(_Holder.__dict__["items"], LazyField)
    assert _Holder.items.name == "items"


def test_nodes_and_animatables_use_it_for_their_observables() -> None:
    assert isinstance(TransformNode.__dict__["onAfterWorldMatrixUpdateObservable"], LazyField)
    assert isinstance(Animatable.__dict__["onAnimationEndObservable"], LazyField)
    assert Observable in (Animatable.__dict__["onAnimationLoopObservable"].factory,)
