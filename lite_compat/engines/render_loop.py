"""Where the frames of ``engine.runRenderLoop`` go: Node's timers, in Python.

Babylon.js (``Engines/abstractEngine.pure.js``) never calls a render function from
``runRenderLoop`` itself: it queues the first frame (``QueueNewFrame``: under Node, with no
``window``, ``setTimeout(frame, 16)``) and each frame queues the next while render functions
remain. A Node script's following lines therefore run before the first frame, and the frames
run once the script has run its last line, until ``stopRenderLoop`` empties the loop.

lite_compat queues a frame the same way, in one of two places:

* **inside a running asyncio loop** (a port written as ``async def main(): ...`` run with
  ``asyncio.run``): on that loop, 16 ms apart (``loop.call_later``), so a port awaiting a
  future or a promise that a frame resolves completes, as under Node. When the asyncio loop
  closes with a frame of the main script's loop still queued (``main()`` returned without
  stopping it), the frames go on after the script as below, as Node keeps running its timers
  after an async main function returns;
* **outside one**: the frame waits for the end of the main script. Frames started by the main
  script (a ``runRenderLoop`` call from code whose module is ``__main__``) run when the
  interpreter finishes the script (an ``atexit`` hook), one engine after another as Node's
  timers would, until every loop is stopped or its engine disposed. An uncaught exception in
  the script skips them (Node exits without running its timers); an exception in a frame is
  printed and exits with status 1, as an uncaught exception in a Node timer does. Loops
  started from other modules (tests, libraries) only run through ``engine.runFrames(n)``,
  the Python-only way to run frames at once. The parity runner, which runs ports in its own
  process, calls :func:`run_main_script_frames` after each port.

A script that sets ``engine.customAnimationFrameRequester`` (an object or dict with
``requestAnimationFrame(frame)``, optionally ``cancelAnimationFrame`` and ``renderFunction``)
gets Babylon's behaviour: each frame is handed to it and runs when the script calls it.

Babylon passes no argument to a render function; one declaring parameters gets ``None``
(JavaScript's ``undefined``) for each, decided once at registration
(``lite_compat._js.js_callable(func, 0)`` in ``Engine.runRenderLoop``).
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import os
import sys
import traceback
from collections.abc import Callable, Mapping, MutableMapping
from typing import Any, Final

__all__ = [
    "FRAME_DELAY_S",
    "REQUESTED",
    "cancel_frame",
    "is_stale_frame",
    "main_script_caller",
    "queue_frame",
    "request_frame",
    "requester_member",
    "run_main_script_frames",
    "set_requester_member",
]

#: Seconds between two frames on an asyncio loop (Node's ``setTimeout(frame, 16)``).
FRAME_DELAY_S: Final = 0.016


class _MainScriptFrame:
    """The handler of a frame waiting for the end of the main script."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<frame queued for the end of the main script>"


class _LoopFrame:
    """The handler of a frame queued on an asyncio loop."""

    __slots__ = ("handle", "loop")

    def __init__(self, loop: asyncio.AbstractEventLoop, handle: asyncio.TimerHandle) -> None:
        self.loop = loop
        self.handle = handle


_MAIN_SCRIPT_FRAME: Final = _MainScriptFrame()
#: The handler kept when a custom requester's ``requestAnimationFrame`` returned nothing.
REQUESTED: Final = object()
#: Engines whose loop the main script started and that have a frame waiting for its end.
_pending: list[Any] = []
#: Engines whose main-script loop ran on an asyncio loop: if that loop closes with a frame
#: still queued (``asyncio.run(main())`` returned), the frames go on after the script.
_on_loops: list[Any] = []
_hooked = False


def main_script_caller(depth: int) -> bool:
    """Whether the code ``depth`` frames above the caller runs in the ``__main__`` module."""
    try:
        frame = sys._getframe(depth + 1)
    except ValueError:
        return False
    return frame.f_globals.get("__name__") == "__main__"


def queue_frame(engine: Any) -> object:
    """Queue ``engine._renderLoop`` (see the module doc); returns the frame's handler."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        loop = None
    if loop is not None:
        if engine._loopFromMainScript and not any(e is engine for e in _on_loops):
            _on_loops.append(engine)
            _hook()
        return _LoopFrame(loop, loop.call_later(FRAME_DELAY_S, engine._renderLoop))
    if engine._loopFromMainScript and not any(e is engine for e in _pending):
        _pending.append(engine)
        _hook()
    return _MAIN_SCRIPT_FRAME


def requester_member(requester: object, name: str) -> Any:
    """``requester[name]``: a port's object literal is a dict or an object with attributes."""
    if isinstance(requester, Mapping):
        return requester.get(name)
    return getattr(requester, name, None)


def set_requester_member(requester: object, name: str, value: object) -> None:
    """``requester[name] = value`` (``None`` deletes it, as Babylon's ``delete``)."""
    if isinstance(requester, MutableMapping):
        if value is None:
            requester.pop(name, None)
        else:
            requester[name] = value
        return
    with contextlib.suppress(AttributeError):  # a read-only requester keeps no request id
        setattr(requester, name, value)


def request_frame(engine: Any, requester: object, render: Callable[..., object]) -> object:
    """``QueueNewFrame(render, requester)``: ``requester.requestAnimationFrame(render)``
    when it has one (the script then calls ``render`` itself), else the default frame."""
    request = requester_member(requester, "requestAnimationFrame")
    if callable(request):
        return request(render)
    return queue_frame(engine)


def cancel_frame(engine: Any, handler: object) -> None:
    """Cancel a frame queued by :func:`queue_frame`."""
    if isinstance(handler, _LoopFrame):
        handler.handle.cancel()
        return
    for index, item in enumerate(_pending):
        if item is engine:
            del _pending[index]
            return


def is_stale_frame(handler: object) -> bool:
    """True for a frame queued on an asyncio loop that has closed since (it never runs)."""
    return isinstance(handler, _LoopFrame) and handler.loop.is_closed()


def run_main_script_frames(discard: bool = False) -> None:
    """Run the frames the main script queued, until every such loop stops (what Node does
    once a script has run its last line). ``discard`` drops them instead (a script that
    failed)."""
    if discard:
        for engine in _pending:
            if engine._frameHandler is _MAIN_SCRIPT_FRAME:
                engine._frameHandler = None
        _pending.clear()
        _on_loops.clear()
        return
    for engine in _on_loops:
        if is_stale_frame(engine._frameHandler) and engine._activeRenderLoops:
            engine._frameHandler = _MAIN_SCRIPT_FRAME
            if not any(e is engine for e in _pending):
                _pending.append(engine)
    _on_loops.clear()
    while _pending:
        engine = _pending.pop(0)
        if engine._frameHandler is _MAIN_SCRIPT_FRAME:
            engine._renderLoop(None)


def _hook() -> None:
    global _hooked
    if not _hooked:
        _hooked = True
        atexit.register(_at_exit)


def _at_exit() -> None:
    if getattr(sys, "last_value", None) is not None:
        return  # the script raised: Node does not run its timers either
    try:
        run_main_script_frames()
    except BaseException:  # an uncaught exception in a frame: report it, exit with 1
        traceback.print_exc()
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(1)
