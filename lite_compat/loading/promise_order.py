"""The order Babylon.js builds glTF animation channels in: its promise graph, replayed.

Port of the settle order of ``@babylonjs/loaders`` 9.28 ``glTF/2.0/glTFLoader.js``
``_loadAnimationsAsync`` (ECMAScript PromiseJobs: a FIFO of reactions, including the two extra
jobs a thenable result costs). Babylon adds each channel's animations to its group when the
channel's sampler promise settles, so that order, not the glTF channel order, is the order of
``group.targetedAnimations``; :class:`_PromiseOrder` computes it without running promises.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping
from typing import Any, Generic, Protocol, TypeVar

__all__: list[str] = []


class _ChannelLike(Protocol):
    """A channel as the replay sees it: its glTF index and sampler index."""

    @property
    def index(self) -> int: ...

    @property
    def sampler(self) -> int: ...


_C = TypeVar("_C", bound=_ChannelLike)


class _SimPromise:
    """A JavaScript promise reduced to what ordering needs: settled or not, and reactions."""

    __slots__ = ("reactions", "settled")

    def __init__(self, settled: bool = False) -> None:
        self.settled = settled
        self.reactions: list[Callable[[], object]] = []


class _PromiseOrder(Generic[_C]):
    """Replays the microtask order of ``GLTFLoader._loadAnimationsAsync``.

    Babylon.js (9.28) loads each animation in a ``then`` of an already settled module promise;
    a KHR_animation_pointer channel asks for its sampler at once, a core channel one
    ``then`` later; a sampler is ``Promise.all([input, output]).then(...)`` over accessor
    promises (``bufferView.then(...)``, sparse ones one more ``then`` with an inner
    ``Promise.all``), buffer views are ``buffer.then(...)`` (cached), and each channel builds
    its animations in ``sampler.then(...)``. Running those reactions through a FIFO job queue
    (ECMAScript's PromiseJobs, including the two extra jobs a thenable result costs) gives the
    order in which the channels' animations are added to their groups. Buffers are taken as
    loaded, and the geometry's buffer views and the skins' inverse bind matrices as settled
    (they are requested, and settle, before the animations load).
    """

    def __init__(self, gltf: Mapping[str, Any], settled: tuple[set[int], set[int]]) -> None:
        self._accessors_json = gltf.get("accessors") or []
        self._jobs: deque[Callable[[], object]] = deque()
        self._views: dict[int, _SimPromise] = {v: _SimPromise(True) for v in settled[0]}
        self._accessors: dict[int, _SimPromise] = {a: _SimPromise(True) for a in settled[1]}
        self._samplers: dict[tuple[int, int, int], _SimPromise] = {}
        self._buffer = _SimPromise(True)
        self._module = _SimPromise(True)
        self._order: list[tuple[int, _C]] = []

    # -- promise primitives -------------------------------------------------------------------

    def _settle(self, promise: _SimPromise) -> None:
        promise.settled = True
        self._jobs.extend(promise.reactions)
        promise.reactions = []

    def _then(
        self, promise: _SimPromise, callback: Callable[[], _SimPromise | None]
    ) -> _SimPromise:
        derived = _SimPromise()

        def job() -> None:
            result = callback()
            if result is None:
                self._settle(derived)
            else:
                # A thenable result: NewPromiseResolveThenableJob, then its reaction.
                self._jobs.append(lambda: self._then(result, lambda: self._settle(derived)))

        if promise.settled:
            self._jobs.append(job)
        else:
            promise.reactions.append(job)
        return derived

    def _all(self, promises: list[_SimPromise]) -> _SimPromise:
        result = _SimPromise()
        remaining = [len(promises)]

        def element() -> None:
            remaining[0] -= 1
            if remaining[0] == 0:
                self._settle(result)

        for promise in promises:
            self._then(promise, element)
        if not promises:
            self._settle(result)
        return result

    # -- the loader's promises ----------------------------------------------------------------

    def _view(self, index: int) -> _SimPromise:
        promise = self._views.get(index)
        if promise is None:
            promise = self._then(self._buffer, lambda: None)
            self._views[index] = promise
        return promise

    def _accessor(self, index: int) -> _SimPromise:
        promise = self._accessors.get(index)
        if promise is not None:
            return promise
        accessor = self._accessors_json[index]
        view = accessor.get("bufferView")
        promise = (
            _SimPromise(True) if view is None else self._then(self._view(int(view)), lambda: None)
        )
        sparse = accessor.get("sparse")
        if sparse:
            indices_view = int(sparse["indices"]["bufferView"])
            values_view = int(sparse["values"]["bufferView"])

            def load_sparse() -> _SimPromise:
                both = self._all([self._view(indices_view), self._view(values_view)])
                return self._then(both, lambda: None)

            promise = self._then(promise, load_sparse)
        self._accessors[index] = promise
        return promise

    def _sampler(self, animation: int, sampler: int, inputs: int, outputs: int) -> _SimPromise:
        key = (animation, sampler, 0)
        promise = self._samplers.get(key)
        if promise is None:
            both = self._all([self._accessor(inputs), self._accessor(outputs)])
            promise = self._then(both, lambda: None)
            self._samplers[key] = promise
        return promise

    def animation(
        self,
        a_index: int,
        pointer_channels: list[tuple[_C, int, int]],
        node_channels: list[tuple[_C, int, int]],
    ) -> None:
        """Queue one animation's channel loop (``loadAnimationAsync``)."""

        def build(channel: _C) -> Callable[[], None]:
            def record() -> None:
                self._order.append((a_index, channel))

            return record

        def request(channel: _C, inputs: int, outputs: int) -> _SimPromise:
            sampler = self._sampler(a_index, channel.sampler, inputs, outputs)

            def on_data() -> None:
                build(channel)()

            return self._then(sampler, on_data)

        def later(channel: _C, inputs: int, outputs: int) -> Callable[[], _SimPromise]:
            return lambda: request(channel, inputs, outputs)

        pointer_ids = {id(c[0]) for c in pointer_channels}

        def loop() -> None:
            # Channels in glTF order: pointer channels ask for their sampler now, core
            # channels after the (settled) animation module promise.
            for channel, inputs, outputs in sorted(
                [*pointer_channels, *node_channels], key=lambda c: c[0].index
            ):
                if id(channel) in pointer_ids:
                    request(channel, inputs, outputs)
                else:
                    self._then(self._module, later(channel, inputs, outputs))

        self._then(self._module, lambda: loop())

    def run(self) -> list[tuple[int, _C]]:
        """Run every queued job; the channels in the order Babylon.js builds them."""
        while self._jobs:
            self._jobs.popleft()()
        return self._order
