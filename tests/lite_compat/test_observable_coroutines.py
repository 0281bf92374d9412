"""Observable's coroutine and promise extensions (Babylon's observableCoroutine /
observable.extensions)."""

from __future__ import annotations

import asyncio
from collections.abc import Generator

from lite_compat import Observable


def test_a_coroutine_steps_once_per_notification() -> None:
    observable: Observable[None] = Observable()
    steps: list[int] = []

    def work() -> Generator[None, None, str]:
        for i in range(3):
            steps.append(i)
            yield
        return "done"

    future = observable.runCoroutineAsync(work())
    assert steps == [] and not future.done()
    observable.notifyObservers(None)
    assert steps == [0]
    for _ in range(3):
        observable.notifyObservers(None)
    assert future.result() == "done"


def test_cancel_stops_the_coroutines() -> None:
    observable: Observable[None] = Observable()
    steps: list[int] = []

    def work() -> Generator[None, None, None]:
        while True:
            steps.append(1)
            yield

    observable.runCoroutineAsync(work())
    observable.notifyObservers(None)
    observable.cancelAllCoroutines()
    observable.notifyObservers(None)
    assert steps == [1] and not observable.hasObservers()


def test_notify_with_promise_chains_return_values() -> None:
    observable: Observable[int] = Observable()
    seen: list[object] = []

    async def slow(value: int, _state: object) -> int:
        return value * 10

    observable.add(slow)
    observable.add(lambda _v, state: seen.append(state.lastReturnValue))
    assert asyncio.run(observable.notifyObserversWithPromise(4)) == 4
    assert seen == [40]


def test_from_promise_reaches_observers_added_afterwards() -> None:
    async def value() -> str:
        return "ready"

    got: list[str] = []
    Observable.FromPromise(value()).add(lambda v, _s: got.append(v))
    assert got == ["ready"]
