"""lite_compat._js.js_callable: JavaScript's calling convention for user callbacks.

A JavaScript function called with more arguments than it declares ignores the rest; one called
with fewer sees ``undefined`` (None) for the missing ones. ``js_callable(fn, n)`` gives that
behaviour to a Python callable that will be called with ``n`` positional arguments, reading its
signature once.
"""

from __future__ import annotations

import functools
from typing import Any

from lite_compat._js import js_callable, js_original


class Recorder:
    def __init__(self) -> None:
        self.seen: list[Any] = []

    def one(self, a: Any) -> None:
        self.seen.append(a)

    def __call__(self) -> str:
        return "called"


class Pair:
    def __init__(self, a: Any, b: Any) -> None:
        self.items = (a, b)


def test_a_callable_that_takes_every_argument_is_returned_as_is() -> None:
    def two(a: Any, b: Any) -> tuple[Any, Any]:
        return a, b

    def star(*args: Any) -> tuple[Any, ...]:
        return args

    def defaults(a: Any, b: Any = 1, c: Any = 2) -> None: ...

    for fn in (two, star, defaults, print, max):
        assert js_callable(fn, 2) is fn
    method = Recorder().one
    assert js_callable(method, 1) is method


def test_extra_arguments_are_dropped() -> None:
    assert js_callable(lambda: 0, 2)("data", "state") == 0
    assert js_callable(lambda a: a, 2)("data", "state") == "data"
    recorder = Recorder()
    js_callable(recorder.one, 2)("data", "state")  # a bound method: self is not counted
    assert recorder.seen == ["data"]
    assert js_callable(Recorder(), 2)(1, 2) == "called"  # a callable object's __call__
    assert js_callable(Pair, 3)(1, 2, 3).items == (1, 2)  # a class: its __init__
    assert js_callable(functools.partial(lambda a, b: (a, b), "bound"), 2)(1, 2) == ("bound", 1)


def test_a_builtin_with_a_signature_is_trimmed_and_one_without_is_passed_everything() -> None:
    seen: list[Any] = []
    js_callable(seen.append, 2)("data", "state")  # list.append takes one argument
    assert seen == ["data"]
    assert js_callable(max, 2)(3, 5) == 5  # no signature to read: every argument passed


def test_missing_arguments_are_none_like_javascripts_undefined() -> None:
    def three(a: Any, b: Any, c: Any) -> tuple[Any, Any, Any]:
        return a, b, c

    wrapped = js_callable(three, 2)
    assert wrapped(1, 2) == (1, 2, None)
    assert wrapped(1) == (1, None, None)
    assert js_callable(lambda a: a, 0)() is None


def test_the_original_stays_reachable_and_wrapping_is_idempotent() -> None:
    fn = lambda: 0  # noqa: E731
    wrapped = js_callable(fn, 2)
    assert wrapped is not fn and js_original(wrapped) is fn
    assert js_callable(wrapped, 2) is wrapped
    assert js_original(print) is print
    assert js_callable(None, 2) is None  # type: ignore[arg-type]  # not callable: unchanged
