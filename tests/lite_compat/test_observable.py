"""Unit tests for lite_compat.observable (Babylon.js Observable semantics)."""

from __future__ import annotations

from lite_compat.observable import EventState, Observable


def test_observers_are_notified_in_order_and_insert_first_goes_first() -> None:
    seen: list[str] = []
    obs: Observable[int] = Observable()
    obs.add(lambda v, s: seen.append("a"))
    obs.add(lambda v, s: seen.append("b"))
    obs.add(lambda v, s: seen.append("first"), -1, True)
    assert obs.notifyObservers(1) is True
    assert seen == ["first", "a", "b"]


def test_mask_filters_observers() -> None:
    seen: list[int] = []
    obs: Observable[int] = Observable()
    obs.add(lambda v, s: seen.append(1), 0x01)
    obs.add(lambda v, s: seen.append(2), 0x02)
    obs.notifyObservers(0, 0x02)
    assert seen == [2]


def test_skip_next_observers_stops_the_chain() -> None:
    seen: list[int] = []
    obs: Observable[int] = Observable()

    def stop(v: int, s: EventState) -> None:
        seen.append(1)
        s.skipNextObservers = True

    obs.add(stop)
    obs.add(lambda v, s: seen.append(2))
    assert obs.notifyObservers(0) is False
    assert seen == [1]


def test_add_once_runs_once_and_remove_during_notification_is_safe() -> None:
    seen: list[str] = []
    obs: Observable[int] = Observable()
    obs.addOnce(lambda v, s: seen.append("once"))
    later = obs.add(lambda v, s: seen.append("later"))

    def remover(v: int, s: EventState) -> None:
        seen.append("remover")
        obs.remove(later)

    obs.add(remover, -1, True)
    obs.notifyObservers(0)
    assert seen == ["remover", "once"]
    assert len(obs.observers) == 1
    assert obs.hasObservers()
    obs.notifyObservers(0)
    assert seen == ["remover", "once", "remover"]


def test_remove_callback_and_has_observers_and_clear() -> None:
    obs: Observable[int] = Observable()

    def cb(v: int, s: EventState) -> None:
        pass

    obs.add(cb)
    assert obs.hasObservers()
    assert obs.removeCallback(cb) is True
    assert not obs.hasObservers()
    assert obs.removeCallback(cb) is False
    o = obs.add(cb)
    assert o is not None
    o.remove()
    assert obs.observers == []
    obs.add(cb)
    obs.clear()
    assert not obs.hasObservers()


def test_last_return_value_and_notify_if_triggered() -> None:
    obs: Observable[int] = Observable(None, True)
    results: list[object] = []
    obs.add(lambda v, s: v * 2)
    obs.add(lambda v, s: results.append(s.lastReturnValue))
    obs.notifyObservers(5)
    assert results == [10]
    late: list[int] = []
    obs.add(lambda v, s: late.append(v))
    assert late == [5]
