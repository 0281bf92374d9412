"""Babylon.js-shaped ``Observable``, ``Observer`` and ``EventState``.

Mirrors Babylon.js 9.31 ``Misc/observable.pure.js``: ``add`` (mask, ``insertFirst``,
scope, unregister-on-first-call), ``addOnce``, ``remove``, ``removeCallback``,
``notifyObservers`` (mask filtering, ``EventState.skipNextObservers``,
``lastReturnValue``), ``notifyObserver``, ``hasObservers``, ``clear``, ``clone``,
``makeObserverTopPriority``/``makeObserverBottomPriority``, ``hasSpecificMask`` and
``notifyIfTriggered``; with the extensions of ``Misc/observable.extensions.pure.js``
(``notifyObserversWithPromise``, a coroutine here), ``Misc/observableCoroutine.pure.js``
(``runCoroutineAsync``: a generator stepped once per notification, its return value in a
``concurrent.futures.Future``; ``cancelAllCoroutines``) and ``Observable.FromPromise``.

Babylon.js removes an observer in two steps: ``remove``/``removeCallback``/``addOnce`` mark
it (it is skipped from then on and ``hasObservers`` stops counting it), and a
``setTimeout(0)`` later splices it out of ``observers``. Python has no event loop to post
that to, so the splice happens when no notification of this observable is running: at
once when called from outside a notification, otherwise when the outermost
``notifyObservers`` returns. Everything a callback can observe (who is notified, in which
order, ``hasObservers``) is the same.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable, Generator
from concurrent.futures import Future
from typing import Any, Generic, TypeVar

from lite_compat._js import js_callable
from lite_compat._lazy import LazyField

__all__ = ["EventState", "Observable", "Observer"]

T = TypeVar("T")

#: Babylon.js passes ``mask = -1`` (all bits set) when no mask is given.
_ALL_MASK = -1


class EventState:
    """State shared by the observers of one notification (Babylon.js ``EventState``).

    Attributes
    ----------
    mask
        Mask of the current notification.
    skipNextObservers
        Set it to True inside a callback to stop notifying the following observers.
    target, currentTarget
        Optional targets passed to ``notifyObservers``.
    lastReturnValue
        What the previous observer's callback returned (starts as the event data).
    userInfo
        Optional user info passed to ``notifyObservers``.
    """

    def __init__(
        self,
        mask: int,
        skipNextObservers: bool = False,
        target: object = None,
        currentTarget: object = None,
    ) -> None:
        self.mask = mask
        self.skipNextObservers = skipNextObservers
        self.target: object = target
        self.currentTarget: object = currentTarget
        self.lastReturnValue: object = None
        self.userInfo: object = None

    def initialize(
        self,
        mask: int,
        skipNextObservers: bool = False,
        target: object = None,
        currentTarget: object = None,
    ) -> EventState:
        """Reset the state for a new notification and return it."""
        self.mask = mask
        self.skipNextObservers = skipNextObservers
        self.target = target
        self.currentTarget = currentTarget
        return self


def _new_event_state() -> EventState:
    return EventState(0)


#: An observer callback receives the event data and the shared :class:`EventState`; as in
#: JavaScript it may declare fewer parameters (see :func:`lite_compat._js.js_callable`).
ObserverCallback = Callable[[T, EventState], object] | Callable[..., object]


class Observer(Generic[T]):
    """One registration on an :class:`Observable` (Babylon.js ``Observer``).

    Attributes
    ----------
    callback
        Called as ``callback(eventData, eventState)``; as in JavaScript it may declare fewer
        parameters (``lambda: ...``, ``def f(scene):``) and the extra arguments are dropped
        (more than two are passed None).
    mask
        Notified only when ``mask & notificationMask`` is non-zero.
    scope
        Kept for API shape; Python callbacks are already bound.
    unregisterOnNextCall
        Remove the observer the next time it is notified.
    """

    def __init__(self, callback: ObserverCallback[T], mask: int, scope: object = None) -> None:
        self.callback = callback  # the property: keeps ``callback``, wraps it into ``_call``
        self.mask = mask
        self.scope: object = scope
        self._willBeUnregistered = False
        self.unregisterOnNextCall = False
        self._remove: Callable[[bool], None] | None = None

    @property
    def callback(self) -> ObserverCallback[T]:
        """The function given to ``add`` (what ``removeCallback`` compares)."""
        return self._callback

    @callback.setter
    def callback(self, value: ObserverCallback[T]) -> None:
        self._callback = value
        # JavaScript's convention: the callable may declare fewer than (eventData, eventState);
        # its signature is read here, once, not on each notification.
        self._call: ObserverCallback[T] = js_callable(value, 2)

    def remove(self, defer: bool = False) -> None:
        """Remove the observer from its observable (``defer`` waits for the next tick)."""
        if self._remove is not None:
            self._remove(defer)


class Observable(Generic[T]):
    """Observer list notified with one event value (Babylon.js ``Observable``).

    Parameters
    ----------
    onObserverAdded
        Called with each new :class:`Observer`.
    notifyIfTriggered
        When True, an observer added after a notification is notified at once with the
        last value (single-state observables such as ``onReady``).

    Examples
    --------
    >>> seen = []
    >>> obs = Observable()
    >>> _ = obs.add(lambda value, state: seen.append(value))
    >>> obs.notifyObservers(3)
    True
    >>> seen
    [3]
    """

    # Made on first read (see LazyField): most observables are never notified with an
    # observer registered, nor have an observer removed.
    #: The state passed to every observer (one object, reused by each notification).
    _eventState: LazyField[EventState] = LazyField(_new_event_state)
    #: Observers marked for removal while a notification runs (spliced out after it).
    _pendingRemovals: LazyField[list[Observer[Any]]] = LazyField(list)

    def __init__(
        self,
        onObserverAdded: Callable[[Observer[T]], None] | None = None,
        notifyIfTriggered: bool = False,
    ) -> None:
        self.notifyIfTriggered = notifyIfTriggered
        self._observers: list[Observer[T]] = []
        self._numObserversMarkedAsDeleted = 0
        self._hasNotified = False
        self._lastNotifiedValue: T | None = None
        self._onObserverAdded = onObserverAdded
        self._notifyDepth = 0

    @property
    def observers(self) -> list[Observer[T]]:
        """The registered observers (marked ones stay until they are spliced out)."""
        return self._observers

    def add(
        self,
        callback: ObserverCallback[T] | None,
        mask: int = _ALL_MASK,
        insertFirst: bool = False,
        scope: object = None,
        unregisterOnFirstCall: bool = False,
    ) -> Observer[T] | None:
        """Register ``callback``; returns its :class:`Observer` (None for no callback)."""
        if not callback:
            return None
        observer: Observer[T] = Observer(callback, mask, scope)
        observer.unregisterOnNextCall = unregisterOnFirstCall
        if insertFirst:
            self._observers.insert(0, observer)
        else:
            self._observers.append(observer)
        if self._onObserverAdded is not None:
            self._onObserverAdded(observer)
        if self._hasNotified and self.notifyIfTriggered:
            self.notifyObserver(observer, self._lastNotifiedValue)  # type: ignore[arg-type]

        def remove(defer: bool = False) -> None:
            if defer:
                self.remove(observer)
            else:
                self._remove(observer)

        observer._remove = remove
        return observer

    def addOnce(self, callback: ObserverCallback[T] | None) -> Observer[T] | None:
        """Register ``callback`` for the next notification only."""
        return self.add(callback, _ALL_MASK, False, None, True)

    def remove(self, observer: Observer[T] | None) -> bool:
        """Unregister ``observer``; False when it does not belong to this observable."""
        if observer is None:
            return False
        observer._remove = None
        if observer in self._observers:
            self._deferUnregister(observer)
            return True
        return False

    def removeCallback(self, callback: ObserverCallback[T], scope: object = None) -> bool:
        """Unregister the first live observer with ``callback`` (and ``scope`` if given)."""
        for observer in self._observers:
            if observer._willBeUnregistered:
                continue
            if observer.callback == callback and (scope is None or scope is observer.scope):
                self._deferUnregister(observer)
                return True
        return False

    def _deferUnregister(self, observer: Observer[T]) -> None:
        if observer._willBeUnregistered:
            return
        self._numObserversMarkedAsDeleted += 1
        observer.unregisterOnNextCall = False
        observer._willBeUnregistered = True
        # Babylon.js splices on the next tick (setTimeout 0); here: once no notification of
        # this observable is running.
        self._pendingRemovals.append(observer)
        if self._notifyDepth == 0:
            self._flushRemovals()

    def _flushRemovals(self) -> None:
        pending: list[Observer[T]] = self.__dict__.pop("_pendingRemovals", None) or []
        for observer in pending:
            self._remove(observer)

    def _remove(self, observer: Observer[T] | None, updateCounter: bool = True) -> bool:
        if observer is None:
            return False
        try:
            index = self._observers.index(observer)
        except ValueError:
            return False
        if updateCounter and observer._willBeUnregistered:
            self._numObserversMarkedAsDeleted -= 1
        del self._observers[index]
        return True

    def makeObserverTopPriority(self, observer: Observer[T]) -> None:
        """Move ``observer`` first in the notification order."""
        self._remove(observer, False)
        self._observers.insert(0, observer)

    def makeObserverBottomPriority(self, observer: Observer[T]) -> None:
        """Move ``observer`` last in the notification order."""
        self._remove(observer, False)
        self._observers.append(observer)

    def notifyObservers(
        self,
        eventData: T,
        mask: int = _ALL_MASK,
        target: object = None,
        currentTarget: object = None,
        userInfo: object = None,
    ) -> bool:
        """Call every live observer whose mask matches; False when one skipped the rest."""
        if self.notifyIfTriggered:
            self._hasNotified = True
            self._lastNotifiedValue = eventData
        if not self._observers:
            return True
        state = self._eventState
        state.mask = mask
        state.target = target
        state.currentTarget = currentTarget
        state.skipNextObservers = False
        state.lastReturnValue = eventData
        state.userInfo = userInfo
        self._notifyDepth += 1
        try:
            # Iterates the live list like JavaScript's for...of: observers appended by a
            # callback are visited in this same notification.
            index = 0
            while index < len(self._observers):
                obs = self._observers[index]
                index += 1
                if obs._willBeUnregistered:
                    continue
                if obs.mask & mask:
                    if obs.unregisterOnNextCall:
                        self._deferUnregister(obs)
                    state.lastReturnValue = obs._call(eventData, state)
                if state.skipNextObservers:
                    return False
            return True
        finally:
            self._notifyDepth -= 1
            if self._notifyDepth == 0 and self.__dict__.get("_pendingRemovals"):
                self._flushRemovals()

    def notifyObserver(self, observer: Observer[T], eventData: T, mask: int = _ALL_MASK) -> None:
        """Notify one observer directly."""
        if self.notifyIfTriggered:
            self._hasNotified = True
            self._lastNotifiedValue = eventData
        if observer._willBeUnregistered:
            return
        state = self._eventState
        state.mask = mask
        state.skipNextObservers = False
        if observer.unregisterOnNextCall:
            self._deferUnregister(observer)
        observer._call(eventData, state)

    def hasObservers(self) -> bool:
        """True when at least one observer is registered and not marked for removal."""
        return len(self._observers) - self._numObserversMarkedAsDeleted > 0

    def clear(self) -> None:
        """Remove every observer and forget the last notified value."""
        while self._observers:
            observer = self._observers.pop()
            observer._remove = None
        self.__dict__.pop("_pendingRemovals", None)
        self._onObserverAdded = None
        self._numObserversMarkedAsDeleted = 0
        self.cleanLastNotifiedState()

    def cleanLastNotifiedState(self) -> None:
        """Forget the last notified value and the has-notified flag."""
        self._hasNotified = False
        self._lastNotifiedValue = None

    def clone(self) -> Observable[T]:
        """A new observable sharing the same observers (a shallow copy of the list)."""
        result: Observable[T] = Observable()
        result._observers = list(self._observers)
        return result

    def hasSpecificMask(self, mask: int = _ALL_MASK) -> bool:
        """True when an observer was registered with a mask matching ``mask``."""
        return any(obs.mask & mask or obs.mask == mask for obs in self._observers)

    # -- promises and coroutines (Babylon's observable extensions) ----------------------------

    @staticmethod
    def FromPromise(
        promise: Any, onErrorObservable: Observable[Any] | None = None
    ) -> Observable[Any]:
        """An observable notified with ``promise``'s result (or ``onErrorObservable`` with its
        error). ``promise``: a ``concurrent.futures.Future`` or asyncio future (notified when
        done), or a coroutine (scheduled on the running event loop, else run now)."""
        observable: Observable[Any] = Observable()

        def settle(result: Callable[[], Any]) -> None:
            try:
                value = result()
            except BaseException as error:  # noqa: BLE001 - a rejection, passed on as Babylon does
                if onErrorObservable is None:
                    raise
                onErrorObservable.notifyObservers(error)
                return
            observable.notifyObservers(value)

        if inspect.iscoroutine(promise):
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                # No event loop to resolve on later: run it now, and let observers added
                # afterwards (as a port adds them) still receive the value.
                observable.notifyIfTriggered = True
                coroutine = promise
                settle(lambda: asyncio.run(coroutine))
                return observable
            promise = loop.create_task(promise)
        add_done = getattr(promise, "add_done_callback", None)
        if callable(add_done):
            add_done(lambda fut: settle(fut.result))
        else:
            observable.notifyIfTriggered = True
            settle(lambda: promise)
        return observable

    async def notifyObserversWithPromise(
        self,
        eventData: T,
        mask: int = _ALL_MASK,
        target: object = None,
        currentTarget: object = None,
        userInfo: object = None,
    ) -> T:
        """Call the matching observers one after the other, awaiting each one's result before
        the next (``lastReturnValue`` is the previous result); resolves to ``eventData``."""
        if not self._observers:
            return eventData
        state = self._eventState
        state.mask = mask
        state.target = target
        state.currentTarget = currentTarget
        state.skipNextObservers = False
        state.userInfo = userInfo
        chain: list[Observer[T]] = []
        for obs in list(self._observers):
            if obs._willBeUnregistered:
                continue
            if obs.mask & mask:
                chain.append(obs)
                if obs.unregisterOnNextCall:
                    self._deferUnregister(obs)
        last: object = eventData
        for obs in chain:
            state.lastReturnValue = last
            result = obs._call(eventData, state)
            last = await result if inspect.isawaitable(result) else result
        if self._notifyDepth == 0 and self.__dict__.get("_pendingRemovals"):
            self._flushRemovals()
        return eventData

    def runCoroutineAsync(self, coroutine: Generator[Any, Any, Any]) -> Future[Any]:
        """Step ``coroutine`` (a generator) once per notification of this observable; the
        returned future gets its return value (or its error)."""
        if getattr(self, "_coroutineScheduler", None) is None:
            pending: list[tuple[Generator[Any, Any, Any], Future[Any]]] = []

            def step_all(_data: object = None, _state: object = None) -> None:
                for _ in range(len(pending)):
                    gen, future = pending.pop(0)
                    try:
                        next(gen)
                    except StopIteration as done:
                        future.set_result(done.value)
                        continue
                    except Exception as error:  # noqa: BLE001 - rejects the coroutine's future
                        future.set_exception(error)
                        continue
                    pending.append((gen, future))

            self._coroutineObserver = self.add(step_all)
            self._coroutineScheduler: list[tuple[Generator[Any, Any, Any], Future[Any]]] | None = (
                pending
            )
        future: Future[Any] = Future()
        scheduler = self._coroutineScheduler
        assert scheduler is not None
        scheduler.append((coroutine, future))
        return future

    def cancelAllCoroutines(self) -> None:
        """Stop stepping the coroutines started with :meth:`runCoroutineAsync`."""
        observer = getattr(self, "_coroutineObserver", None)
        if observer is not None:
            self.remove(observer)
        self._coroutineObserver = None
        self._coroutineScheduler = None
