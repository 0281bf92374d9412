"""Babylon.js ``Node``: identity, parenting, enabled state, the world-matrix protocol.

Port of ``@babylonjs/core`` 9.31 ``node.js``, plus ``Space`` and ``Axis`` (``Maths/math.axis``).
:class:`~lite_compat.nodes.transform_node.TransformNode` (position, rotation, scaling) builds
on it.

The scene is duck-typed: ``getUniqueId``, ``getRenderId``, ``addTransformNode``,
``removeTransformNode``, ``rootNodes``, ``activeCamera``, ``stopAnimation`` are used when the
scene has them, and a missing list is created on the scene object.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Final, Protocol, cast

from lite_compat._js import js_callable
from lite_compat._lazy import LazyField, created
from lite_compat._moved import moved_name
from lite_compat.engines.engine_store import (
    resolve_scene,
    scene_list,
    scene_render_id,
    scene_unique_id,
)
from lite_compat.math import Matrix, Vector3
from lite_compat.nodes.node_lifecycle import NodeLifecycle
from lite_compat.observable import Observable

if TYPE_CHECKING:
    pass

__all__ = ["Axis", "Node", "Space"]

#: JavaScript ``Number.MAX_VALUE``: Babylon's "not yet computed" cache sentinel.
MAX_VALUE: Final = 1.7976931348623157e308


class AnimationRangeLike(Protocol):
    """What a node keeps of an ``AnimationRange`` (``lite_compat.AnimationRange``)."""

    name: str
    from_: float
    to: float


class _RangedAnimation(Protocol):
    def createRange(self, name: str, from_: float, to: float) -> None: ...

    def deleteRange(self, name: str, deleteFrames: bool = True) -> None: ...


def _observable() -> Observable[Any]:
    return Observable()


class Space:
    """Babylon.js ``Space``: the coordinate space of ``rotate``/``translate``/``lookAt``."""

    LOCAL: Final = 0
    WORLD: Final = 1
    BONE: Final = 2


class Axis:
    """Babylon.js ``Axis``: the three main axes, shared ``Vector3`` instances.

    As in Babylon.js (``math.axis.js``), ``Axis.X`` is one object; pass it to ``rotate`` or
    ``translate``, do not modify it.
    """

    X: ClassVar[Vector3] = Vector3(1.0, 0.0, 0.0)
    Y: ClassVar[Vector3] = Vector3(0.0, 1.0, 0.0)
    Z: ClassVar[Vector3] = Vector3(0.0, 0.0, 1.0)


# --------------------------------------------------------------------------------------------
# Node
# --------------------------------------------------------------------------------------------


class Node(NodeLifecycle):
    """Base of every scene graph object (``BABYLON.Node``).

    Parameters
    ----------
    name
        Name; also the initial ``id``.
    scene
        Owning scene (``None``: the last created scene when the Scene port tracks one).
    isPure
        Internal Babylon.js flag: ``True`` registers the node as a scene root at once;
        subclasses pass ``False`` and register themselves through their ``scene.addX``.

    Attributes
    ----------
    name, id : str
    uniqueId : int
        From ``scene.getUniqueId()`` (a global counter in Babylon.js).
    metadata : object
        Free user data (``None``).
    animations : list
        ``Animation`` objects attached to this node (used by ``scene.beginAnimation``).
    """

    # Made on first read (see LazyField): the same defaults Babylon.js's constructor sets.
    _worldMatrix: LazyField[Matrix] = LazyField(Matrix.Identity)
    #: Notified (with the node) when the node is disposed.
    onDisposeObservable: LazyField[Observable[Node]] = LazyField(_observable)
    #: Notified (with the new state) when ``setEnabled`` changes the enabled state.
    onEnabledStateChangedObservable: LazyField[Observable[bool]] = LazyField(_observable)

    def __init__(self, name: str, scene: object | None = None, isPure: bool = True) -> None:
        self._isDirty = False
        self._isDisposed = False
        self._sceneRootNodesIndex = -1
        self._isEnabled = True
        self._isParentEnabled = True
        self._isReady = True
        self._inheritVisibility = False
        self._isVisible = True
        self.state = ""
        self.metadata: object = None
        self.reservedDataStore: object = None
        self.animations: list[object] = []
        self._ranges: dict[str, AnimationRangeLike | None] = {}
        self._animationPropertiesOverride: object = None
        self.onReady: Callable[[Node], None] | None = None
        self._currentRenderId: float = -1
        self._parentUpdateId = -1
        self._childUpdateId = -1
        self._parentNode: Node | None = None
        self._children: list[Node] | None = None
        self._worldMatrixDeterminant = 0.0
        self._worldMatrixDeterminantIsDirty = True
        self._onDisposeObserver: object = None
        self.name = name
        self.id = name
        self._scene = resolve_scene(scene)
        self.uniqueId = scene_unique_id(self._scene)
        self._initCache()
        if isPure:
            self._addToSceneRootNodes()

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r}, uniqueId={self.uniqueId})"

    # -- identity ---------------------------------------------------------------------------

    def getClassName(self) -> str:
        """``"Node"`` (each subclass returns its own Babylon.js class name)."""
        return "Node"

    @property
    def animationPropertiesOverride(self) -> object:
        """The ``AnimationPropertiesOverride`` of this node's animations.

        The node's own when set, otherwise the scene's ``animationPropertiesOverride``
        (``None`` when neither is set). It replaces ``enableBlending``, ``blendingSpeed`` and
        ``loopMode`` of every animation played on this node.
        """
        if not self._animationPropertiesOverride:
            return getattr(self._scene, "animationPropertiesOverride", None)
        return self._animationPropertiesOverride

    @animationPropertiesOverride.setter
    def animationPropertiesOverride(self, value: object) -> None:
        self._animationPropertiesOverride = value

    # -- animation ranges (node.js) -----------------------------------------------------------

    #: Builds a range (``AnimationRange``); installed by :mod:`lite_compat` as Babylon.js's
    #: animation module installs ``Node._AnimationRangeFactory`` (nodes do not import
    #: animations).
    _AnimationRangeFactory: ClassVar[Callable[[str, float, float], AnimationRangeLike]]

    def createAnimationRange(self, name: str, from_: float, to: float) -> None:
        """Create the range ``name`` on the node and on each of its ``animations`` (nothing
        when the node already has a range of that name)."""
        if not self._ranges.get(name):
            self._ranges[name] = Node._AnimationRangeFactory(name, from_, to)
            for animation in self.animations:
                if animation:
                    cast("_RangedAnimation", animation).createRange(name, from_, to)

    def deleteAnimationRange(self, name: str, deleteFrames: bool = True) -> None:
        """Delete the range ``name`` from each animation (and, by default, the keys inside it),
        then from the node (Babylon.js keeps the name, set to ``None``)."""
        for animation in self.animations:
            if animation:
                cast("_RangedAnimation", animation).deleteRange(name, deleteFrames)
        self._ranges[name] = None

    def getAnimationRange(self, name: str) -> AnimationRangeLike | None:
        """The range ``name``, or ``None``."""
        return self._ranges.get(name) or None

    def getAnimationRanges(self) -> list[AnimationRangeLike | None]:
        """Every range of the node, in creation order (a deleted one reads ``None``, as in
        Babylon.js)."""
        return list(self._ranges.values())

    def beginAnimation(
        self,
        name: str,
        loop: bool | None = None,
        speedRatio: float = 1.0,
        onAnimationEnd: Callable[[], object] | None = None,
    ) -> object | None:
        """Play the node's animations over the range ``name``
        (``scene.beginAnimation(node, range.from, range.to, ...)``); ``None`` when the node has
        no such range."""
        rng = self.getAnimationRange(name)
        if not rng:
            return None
        begin = cast("Callable[..., object]", getattr(self._scene, "beginAnimation"))  # noqa: B009
        return begin(self, rng.from_, rng.to, loop, speedRatio, onAnimationEnd)

    def getScene(self) -> object | None:
        """The owning scene."""
        return self._scene

    def getEngine(self) -> object | None:
        """``scene.getEngine()`` (None when the scene has no engine)."""
        fn = getattr(self._scene, "getEngine", None)
        return fn() if callable(fn) else None

    def isDisposed(self) -> bool:
        """True once :meth:`dispose` ran."""
        return self._isDisposed

    def isReady(self, _completeCheck: bool = False) -> bool:
        """Readiness flag (always True for plain nodes)."""
        return self._isReady

    def _setReady(self, state: bool) -> None:
        if state == self._isReady:
            return
        if not state:
            self._isReady = False
            return
        if self.onReady is not None:
            js_callable(self.onReady, 1)(self)  # once per node: JavaScript's convention
        self._isReady = True

    # -- root nodes -------------------------------------------------------------------------

    def _addToSceneRootNodes(self) -> None:
        if self._sceneRootNodesIndex == -1:
            roots = scene_list(self._scene, "rootNodes")
            if roots is None:
                return
            self._sceneRootNodesIndex = len(roots)
            roots.append(self)

    def _removeFromSceneRootNodes(self) -> None:
        if self._sceneRootNodesIndex != -1:
            roots = scene_list(self._scene, "rootNodes")
            if roots is None or not roots:
                self._sceneRootNodesIndex = -1
                return
            # Babylon.js swaps the last root into the freed slot.
            last = roots[-1]
            roots[self._sceneRootNodesIndex] = last
            if isinstance(last, Node):
                last._sceneRootNodesIndex = self._sceneRootNodesIndex
            roots.pop()
            self._sceneRootNodesIndex = -1

    # -- hierarchy --------------------------------------------------------------------------

    @property
    def parent(self) -> Node | None:
        """Parent node. Assigning moves the node in the hierarchy without changing its local
        transform (use ``setParent`` to keep the world transform instead)."""
        return self._parentNode

    @parent.setter
    def parent(self, parent: Node | None) -> None:
        if self._parentNode is parent:
            return
        previous = self._parentNode
        if self._parentNode is not None and self._parentNode._children is not None:
            siblings = self._parentNode._children
            for i, child in enumerate(siblings):
                if child is self:
                    del siblings[i]
                    break
            if parent is None and not self._isDisposed:
                self._addToSceneRootNodes()
        self._parentNode = parent
        self._isDirty = True
        if self._parentNode is not None:
            if self._parentNode._children is None:
                self._parentNode._children = []
            self._parentNode._children.append(self)
            if previous is None:
                self._removeFromSceneRootNodes()
        self._syncParentEnabledState()

    def isDescendantOf(self, ancestor: Node) -> bool:
        """True when ``ancestor`` is a parent, grand-parent, ... of this node."""
        if self.parent is not None:
            if self.parent is ancestor:
                return True
            return self.parent.isDescendantOf(ancestor)
        return False

    def _getDescendants(
        self,
        results: list[Node],
        directDescendantsOnly: bool = False,
        predicate: Callable[[Node], bool] | None = None,
    ) -> None:
        if not self._children:
            return
        for item in self._children:
            if predicate is None or predicate(item):
                results.append(item)
            if not directDescendantsOnly:
                item._getDescendants(results, False, predicate)

    def getDescendants(
        self,
        directDescendantsOnly: bool = False,
        predicate: Callable[[Node], bool] | None = None,
    ) -> list[Node]:
        """Children (and their children unless ``directDescendantsOnly``), depth first."""
        results: list[Node] = []
        self._getDescendants(results, directDescendantsOnly, predicate)
        return results

    def getChildren(
        self,
        predicate: Callable[[Node], bool] | None = None,
        directDescendantsOnly: bool = True,
    ) -> list[Node]:
        """Direct children by default (note Babylon's argument order: predicate first)."""
        return self.getDescendants(directDescendantsOnly, predicate)

    def getChildMeshes(
        self,
        directDescendantsOnly: bool = False,
        predicate: Callable[[Node], bool] | None = None,
    ) -> list[Node]:
        """Descendants that are meshes (anything with a ``cullingStrategy``, as in Babylon)."""

        def is_mesh(node: Node) -> bool:
            return (predicate is None or predicate(node)) and hasattr(node, "cullingStrategy")

        results: list[Node] = []
        self._getDescendants(results, directDescendantsOnly, is_mesh)
        return results

    # -- enabled / visible ------------------------------------------------------------------

    def isEnabled(self, checkAncestors: bool = True) -> bool:
        """Own flag when ``checkAncestors`` is False, else own flag and every ancestor's."""
        if not checkAncestors:
            return self._isEnabled
        if not self._isEnabled:
            return False
        return self._isParentEnabled

    def _syncParentEnabledState(self) -> None:
        notify = self._hasEffectiveEnabledStateObservers()
        was_enabled = self.isEnabled() if notify else None
        self._isParentEnabled = self._parentNode.isEnabled() if self._parentNode else True
        if self._children:
            for child in self._children:
                child._syncParentEnabledState()
        if notify and self.isEnabled() != was_enabled:
            self._notifyEffectiveEnabled(self.isEnabled())

    def setEnabled(self, value: bool) -> None:
        """Enable or disable the node (children inherit the effective state)."""
        if self._isEnabled == value:
            return
        notify = self._hasEffectiveEnabledStateObservers()
        was_enabled = self.isEnabled() if notify else None
        self._isEnabled = value
        self._syncParentEnabledState()
        on_enabled = created(self, "onEnabledStateChangedObservable")
        if on_enabled is not None:
            on_enabled.notifyObservers(value)
        if notify and self.isEnabled() != was_enabled:
            self._notifyEffectiveEnabled(self.isEnabled())

    @property
    def inheritVisibility(self) -> bool:
        """When True, an invisible parent hides this node too (default False)."""
        return self._inheritVisibility

    @inheritVisibility.setter
    def inheritVisibility(self, value: bool) -> None:
        self._inheritVisibility = value

    @property
    def isVisible(self) -> bool:
        """Visibility flag (default True); see :attr:`inheritVisibility`."""
        if (
            self._inheritVisibility
            and self._parentNode is not None
            and not self._parentNode.isVisible
        ):
            return False
        return self._isVisible

    @isVisible.setter
    def isVisible(self, value: bool) -> None:
        self._isVisible = value

    # -- matrices and caching ---------------------------------------------------------------

    def _initCache(self) -> None:
        """Reset the values remembered at the last matrix computation."""

    def _updateCache(self, _ignoreParentClass: bool = False) -> None:
        """Remember the values the current matrices are computed from."""

    def updateCache(self, force: bool = False) -> None:
        """Refresh the cache unless already synchronized (or ``force``)."""
        if not force and self.isSynchronized():
            return
        self._updateCache()

    def _isSynchronized(self) -> bool:
        return True

    def _markSyncedWithParent(self) -> None:
        if self._parentNode is not None:
            self._parentUpdateId = self._parentNode._childUpdateId

    def isSynchronizedWithParent(self) -> bool:
        """False when the parent changed since this node last composed against it."""
        if self._parentNode is None:
            return True
        if self._parentNode._isDirty or self._parentUpdateId != self._parentNode._childUpdateId:
            return False
        return self._parentNode.isSynchronized()

    def isSynchronized(self) -> bool:
        """True when nothing this node's matrices depend on changed since they were computed."""
        if self._parentNode is not None and not self.isSynchronizedWithParent():
            return False
        return self._isSynchronized()

    def markAsDirty(self, _property: str | None = None) -> Node:
        """Force the next ``computeWorldMatrix``/``getWorldMatrix`` to recompute."""
        self._currentRenderId = MAX_VALUE
        self._isDirty = True
        return self

    def getWorldMatrix(self) -> Matrix:
        """World matrix, recomputed at most once per scene render id."""
        if self._currentRenderId != scene_render_id(self._scene):
            self.computeWorldMatrix()
        return self._worldMatrix

    def computeWorldMatrix(self, _force: bool = False) -> Matrix:
        """World matrix (identity for a plain node)."""
        return self._worldMatrix

    @property
    def worldMatrixFromCache(self) -> Matrix:
        """The last computed world matrix, without any recomputation."""
        return self._worldMatrix

    def _getWorldMatrixDeterminant(self) -> float:
        if self._worldMatrixDeterminantIsDirty:
            self._worldMatrixDeterminantIsDirty = False
            self._worldMatrixDeterminant = self._worldMatrix.determinant()
        return self._worldMatrixDeterminant

    # -- animations -------------------------------------------------------------------------

    def getAnimationByName(self, name: str) -> object | None:
        """First animation in :attr:`animations` whose ``name`` equals ``name``."""
        for animation in self.animations:
            if getattr(animation, "name", None) == name:
                return animation
        return None

    # -- disposal ---------------------------------------------------------------------------

    def dispose(self, doNotRecurse: bool = False, disposeMaterialAndTextures: bool = False) -> None:
        """Release the node (and its descendants unless ``doNotRecurse``)."""
        self._isDisposed = True
        if not doNotRecurse:
            for node in self.getDescendants(True):
                node.dispose(doNotRecurse, disposeMaterialAndTextures)
        if self.parent is None:
            self._removeFromSceneRootNodes()
        else:
            self.parent = None
        # An observable never made has no observer: notifying or clearing it does nothing.
        on_dispose = created(self, "onDisposeObservable")
        if on_dispose is not None:
            on_dispose.notifyObservers(self)
            on_dispose.clear()
        on_enabled = created(self, "onEnabledStateChangedObservable")
        if on_enabled is not None:
            on_enabled.clear()
        self._clearLifecycle()
        self.metadata = None
        self._animationPropertiesOverride = None


def __getattr__(name: str) -> object:
    # TransformNode moved to lite_compat.nodes.transform_node (an alias for one release).
    return moved_name(__name__, name)
