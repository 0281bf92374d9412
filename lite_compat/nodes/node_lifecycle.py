"""Babylon.js ``Node`` members beyond the scene-graph core (a mixin of ``Node``).

Behaviors, the accessibility tag, clone, the node-constructor registry, range
(de)serialization and hierarchy bounds.

Port of the corresponding parts of ``@babylonjs/core`` 9.31 ``node.js``. :class:`NodeLifecycle`
is a base of :class:`lite_compat.nodes.node.Node`; it keeps its state in lazily created
attributes so ``Node.__init__`` needs no change. ``clone`` follows Babylon's
``SerializationHelper.Clone``: a fresh ``Node`` (not the subclass; ``TransformNode`` overrides it)
that copies the serialized fields ``name``, ``id``, ``state`` and ``metadata`` from the source, so
a cloned plain node keeps the *source's* name, as in Babylon.js.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Final, NamedTuple, Protocol, overload

from lite_compat._lazy import swap_observer
from lite_compat.math import Vector3
from lite_compat.observable import Observable

__all__ = ["NodeLifecycle"]


class _RangeLike(Protocol):
    name: str
    from_: float
    to: float


class HierarchyBounds(NamedTuple):
    """``{min, max}`` of ``getHierarchyBoundingVectors`` (world space): read as ``.min`` /
    ``.max`` as a port reads Babylon's object, or ``["min"]`` / ``["max"]``."""

    min: Vector3
    max: Vector3

    @overload  # type: ignore[override]
    def __getitem__(self, key: str) -> Vector3: ...
    @overload
    def __getitem__(self, key: int) -> Vector3: ...
    def __getitem__(self, key: str | int) -> Vector3:
        if isinstance(key, str):
            if key == "min":
                return self.min
            if key == "max":
                return self.max
            raise KeyError(key)
        value: Vector3 = tuple.__getitem__(self, key)
        return value


#: JavaScript ``Number.MAX_VALUE`` (the empty bounds of ``getHierarchyBoundingVectors``).
_MAX_VALUE: Final = 1.7976931348623157e308


def _first_class_listing(obj: object, mixin: type) -> type:
    """The class in ``obj``'s MRO that lists ``mixin`` as a direct base (``Node`` for
    :class:`NodeLifecycle`): what Babylon's ``new _a(...)`` constructs."""
    for klass in type(obj).__mro__:
        if mixin in klass.__bases__:
            return klass
    return type(obj)


class NodeLifecycle:
    """Behaviors, accessibility tag, clone, constructors and range serialization of a node.

    Mixed into :class:`~lite_compat.nodes.node.Node`; every member is Babylon.js 9.31's.
    """

    #: Babylon's ``Node._NodeConstructors``: ``type name -> (name, scene, options) -> node``.
    _NodeConstructors: ClassVar[dict[str, Callable[..., Any]]] = {}

    #: ``lite_compat.Animation``, installed by :mod:`lite_compat` (nodes never import
    #: animations): what ``Skeleton.Parse``/``TransformNode.Parse``/``Bone.copyAnimationRange``
    #: build animations with.
    _AnimationClass: ClassVar[Any] = None

    if TYPE_CHECKING:
        name: str
        id: str
        state: str
        metadata: object
        animations: list[object]
        _ranges: dict[str, _RangeLike | None]
        _parentNode: Any
        _scene: object | None

        def getScene(self) -> object | None: ...
        def getDescendants(
            self,
            directDescendantsOnly: bool = False,
            predicate: Callable[[Any], bool] | None = None,
        ) -> list[Any]: ...
        def createAnimationRange(self, name: str, from_: float, to: float) -> None: ...
        def computeWorldMatrix(self, force: bool = False) -> Any: ...

        onDisposeObservable: Observable[Any]

    # -- constructors registry (static) ---------------------------------------------------------

    @staticmethod
    def AddNodeConstructor(type: str, constructorFunc: Callable[..., Any]) -> None:  # noqa: A002
        """Register ``constructorFunc(name, scene, options)`` for the node type ``type``."""
        NodeLifecycle._NodeConstructors[type] = constructorFunc

    @staticmethod
    def Construct(
        type: str,  # noqa: A002
        name: str,
        scene: object,
        options: object = None,
    ) -> Any:
        """A node built by the constructor registered for ``type`` (``None`` when none is)."""
        constructor = NodeLifecycle._NodeConstructors.get(type)
        if constructor is None:
            return None
        return constructor(name, scene, options)

    @staticmethod
    def ParseAnimationRanges(node: Any, parsedNode: Any, _scene: object = None) -> None:
        """Create on ``node`` each range of ``parsedNode["ranges"]`` (a serialized node)."""
        ranges = parsedNode.get("ranges") if isinstance(parsedNode, dict) else None
        if ranges:
            for data in ranges:
                node.createAnimationRange(data["name"], data["from"], data["to"])

    # -- lazily created state -------------------------------------------------------------------

    def _lifecycle(self) -> dict[str, Any]:
        store: dict[str, Any] | None = self.__dict__.get("_lifecycleStore")
        if store is None:
            store = {
                "accessibilityTag": None,
                "doNotSerialize": False,
                "behaviors": [],
                "onAccessibilityTagChangedObservable": Observable(),
                "onClonedObservable": Observable(),
                "onEffective": None,
            }
            self.__dict__["_lifecycleStore"] = store
        return store

    # -- accessibility tag, serialization flag --------------------------------------------------

    @property
    def accessibilityTag(self) -> object:
        """Accessibility information for screen readers (default ``None``); assigning
        notifies :attr:`onAccessibilityTagChangedObservable`."""
        store = self.__dict__.get("_lifecycleStore")
        return None if store is None else store["accessibilityTag"]

    @accessibilityTag.setter
    def accessibilityTag(self, value: object) -> None:
        if value is None and "_lifecycleStore" not in self.__dict__:
            return  # the default, notified to an observable not made yet (no observer)
        store = self._lifecycle()
        store["accessibilityTag"] = value
        store["onAccessibilityTagChangedObservable"].notifyObservers(value)

    @property
    def onAccessibilityTagChangedObservable(self) -> Observable[object]:
        """Notified with the new tag when :attr:`accessibilityTag` is assigned."""
        observable: Observable[object] = self._lifecycle()["onAccessibilityTagChangedObservable"]
        return observable

    @property
    def doNotSerialize(self) -> bool:
        """Exclude the node from serialization (own flag, else the parent's; default False)."""
        store = self.__dict__.get("_lifecycleStore")
        if store is not None and store["doNotSerialize"]:
            return True
        parent = self._parentNode
        if parent is not None:
            return bool(parent.doNotSerialize)
        return False

    @doNotSerialize.setter
    def doNotSerialize(self, value: bool) -> None:
        if not value and "_lifecycleStore" not in self.__dict__:
            return  # the default (a clone copies it)
        self._lifecycle()["doNotSerialize"] = value

    # -- observables ----------------------------------------------------------------------------

    @property
    def onClonedObservable(self) -> Observable[object]:
        """Observable of the node's clones (Babylon notifies it from ``Mesh.clone``)."""
        observable: Observable[object] = self._lifecycle()["onClonedObservable"]
        return observable

    @property
    def onEffectiveEnabledStateChangedObservable(self) -> Observable[bool]:
        """Notified with ``isEnabled()`` when the node's *effective* enabled state changes
        (its own flag or an ancestor's; created on first access, as in Babylon.js)."""
        store = self._lifecycle()
        if store["onEffective"] is None:
            store["onEffective"] = Observable()
        observable: Observable[bool] = store["onEffective"]
        return observable

    def _hasEffectiveEnabledStateObservers(self) -> bool:
        store = self.__dict__.get("_lifecycleStore")
        observable = store["onEffective"] if store is not None else None
        return observable is not None and observable.hasObservers()

    def _notifyEffectiveEnabled(self, value: bool) -> None:
        self.onEffectiveEnabledStateChangedObservable.notifyObservers(value)

    def _clearLifecycle(self) -> None:
        """Dispose-time cleanup: clear the observables and detach every behavior."""
        store = self.__dict__.get("_lifecycleStore")
        if store is None:
            return
        if store["onEffective"] is not None:
            store["onEffective"].clear()
        store["onClonedObservable"].clear()
        for behavior in store["behaviors"]:
            behavior.detach()
        store["behaviors"].clear()

    @property
    def onDispose(self) -> None:
        """Write-only in Babylon.js (reads give ``None``): assigning a callback replaces the
        previous ``onDispose`` observer of :attr:`onDisposeObservable`."""
        return None

    @onDispose.setter
    def onDispose(self, callback: Callable[..., object]) -> None:
        previous = self.__dict__.get("_onDisposeObserver")
        self.__dict__["_onDisposeObserver"] = swap_observer(
            self, "onDisposeObservable", previous, callback
        )

    # -- behaviors ------------------------------------------------------------------------------

    @property
    def behaviors(self) -> list[Any]:
        """The attached behaviors (the list itself)."""
        behaviors: list[Any] = self._lifecycle()["behaviors"]
        return behaviors

    def addBehavior(self, behavior: Any, attachImmediately: bool = False) -> Any:
        """Attach ``behavior`` (``init()`` then ``attach(node)``; deferred to the scene's
        ``onDataLoadedObservable`` while the scene is loading, unless ``attachImmediately``).
        Adding one already attached does nothing."""
        behaviors = self.behaviors
        if any(b is behavior for b in behaviors):
            return self
        behavior.init()
        scene = self._scene
        if getattr(scene, "isLoading", False) and not attachImmediately:
            loaded = getattr(scene, "onDataLoadedObservable", None)

            def attach_later(*_args: object) -> None:
                if any(b is behavior for b in behaviors):
                    behavior.attach(self)

            if loaded is not None:
                loaded.addOnce(attach_later)
            else:
                behavior.attach(self)
        else:
            behavior.attach(self)
        behaviors.append(behavior)
        return self

    def removeBehavior(self, behavior: Any) -> Any:
        """Detach ``behavior`` (removed from :attr:`behaviors` before its ``detach()`` runs)."""
        behaviors = self.behaviors
        for i, item in enumerate(behaviors):
            if item is behavior:
                del behaviors[i]
                behavior.detach()
                break
        return self

    def getBehaviorByName(self, name: str) -> Any:
        """The first attached behavior whose ``name`` is ``name``, or ``None``."""
        for behavior in self.behaviors:
            if getattr(behavior, "name", None) == name:
                return behavior
        return None

    # -- clone ----------------------------------------------------------------------------------

    def clone(self, name: str, newParent: Any = None, doNotCloneChildren: bool = False) -> Any:
        """A new plain ``Node`` copying ``name``, ``id``, ``state`` and ``metadata`` from this
        node (Babylon's serialized fields: the clone keeps the source's name), parented to
        ``newParent``; the direct children are cloned under it as ``name + "." + child.name``
        unless ``doNotCloneChildren``."""
        node_class = _first_class_listing(self, NodeLifecycle)
        result: Any = node_class(name, self.getScene())
        result.name = self.name
        result.id = self.id
        if self.state is not None:
            result.state = self.state
        if self.metadata is not None:
            result.metadata = self.metadata
        if newParent is not None:
            result.parent = newParent
        if not doNotCloneChildren:
            for child in self.getDescendants(True):
                child.clone(name + "." + child.name, result)
        return result

    # -- ranges ---------------------------------------------------------------------------------

    def serializeAnimationRanges(self) -> list[dict[str, object]]:
        """``[{"name", "from", "to"}, ...]`` for every live range, in creation order."""
        out: list[dict[str, object]] = []
        for name, rng in self._ranges.items():
            if not rng:
                continue
            out.append({"name": name, "from": rng.from_, "to": rng.to})
        return out

    # -- bounds ---------------------------------------------------------------------------------

    def getHierarchyBoundingVectors(
        self,
        includeDescendants: bool = True,
        predicate: Callable[[Any], bool] | None = None,
    ) -> HierarchyBounds:
        """``{min, max}``: world bounds of this node (when it is a mesh) and of its
        descendant meshes with vertices (filtered by ``predicate``). With no mesh, ``min`` is
        ``Number.MAX_VALUE`` on each axis and ``max`` its negation, as in Babylon.js."""
        increment = getattr(self._scene, "incrementRenderId", None)
        if callable(increment):
            increment()
        self.computeWorldMatrix(True)
        me: Any = self
        if hasattr(me, "getBoundingInfo") and hasattr(me, "subMeshes"):
            box = me.getBoundingInfo().boundingBox
            lo: Vector3 = box.minimumWorld.clone()
            hi: Vector3 = box.maximumWorld.clone()
        else:
            lo = Vector3(_MAX_VALUE, _MAX_VALUE, _MAX_VALUE)
            hi = Vector3(-_MAX_VALUE, -_MAX_VALUE, -_MAX_VALUE)
        if includeDescendants:
            for descendant in self.getDescendants(False):
                child: Any = descendant
                child.computeWorldMatrix(True)
                if predicate is not None and not predicate(child):
                    continue
                if not hasattr(child, "getBoundingInfo") or child.getTotalVertices() == 0:
                    continue
                box = child.getBoundingInfo().boundingBox
                Vector3.CheckExtends(box.minimumWorld, lo, hi)
                Vector3.CheckExtends(box.maximumWorld, lo, hi)
        return HierarchyBounds(lo, hi)
