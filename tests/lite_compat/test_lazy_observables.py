"""Observables made on first read (lite_compat._lazy): ``created``, ``notify_created``,
``clear_created``, ``swap_observer``, and a differential test of the scene objects whose
observables are lazy (nodes, meshes, animation groups, ``Observable``'s own internals)
against the same seeded programs run with every one of them made up front (the eager
constructors they replace)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import lite_compat as bjs
from lite_compat._lazy import LazyField, clear_created, created, notify_created, swap_observer
from lite_compat.observable import Observable


class _Owner:
    seen: LazyField[Observable[int]] = LazyField(Observable)


class _Overrides(_Owner):
    """A subclass replacing the lazy member with a property (read as usual)."""

    def __init__(self) -> None:
        self.own: Observable[int] = Observable()

    @property
    def seen(self) -> Observable[int]:  # type: ignore[override]
        return self.own


def test_created_gives_none_for_a_member_never_read_and_makes_nothing() -> None:
    owner = _Owner()
    assert created(owner, "seen") is None and "seen" not in vars(owner)
    notify_created(owner, "seen", 1)
    clear_created(owner, ("seen",))
    assert "seen" not in vars(owner)
    made = owner.seen
    assert created(owner, "seen") is made
    log: list[int] = []
    made.add(lambda v, s: log.append(v))
    notify_created(owner, "seen", 4)
    assert log == [4]
    clear_created(owner, ("seen",))
    assert not made.hasObservers()


def test_created_reads_a_subclass_property_and_an_assigned_value() -> None:
    sub = _Overrides()
    assert created(sub, "seen") is sub.own
    owner = _Owner()
    replacement: Observable[int] = Observable()
    owner.seen = replacement
    assert created(owner, "seen") is replacement


def test_swap_observer_adds_and_replaces_but_makes_nothing_for_no_callback() -> None:
    owner = _Owner()
    assert swap_observer(owner, "seen", None, None) is None
    assert "seen" not in vars(owner)
    log: list[str] = []
    first = swap_observer(owner, "seen", None, lambda v, s: log.append("a"))
    second = swap_observer(owner, "seen", first, lambda v, s: log.append("b"))
    owner.seen.notifyObservers(0)
    assert log == ["b"] and second is not None
    assert swap_observer(owner, "seen", second, None) is None
    owner.seen.notifyObservers(0)
    assert log == ["b"]


def test_an_observable_assigned_none_raises_where_babylon_reads_it() -> None:
    # Babylon.js reads these members unguarded ("Cannot read properties of null"): each
    # helper raises a TypeError naming the member instead of skipping it
    # (parity/scenarios/compat_null_observables records what Babylon does).
    owner = _Owner()
    owner.seen = None  # type: ignore[assignment]
    for call in (
        lambda: created(owner, "seen"),
        lambda: notify_created(owner, "seen", 1),
        lambda: clear_created(owner, ("seen",)),
        lambda: swap_observer(owner, "seen", None, None),
        lambda: swap_observer(owner, "seen", None, lambda v, s: None),
    ):
        with pytest.raises(TypeError, match=r"_Owner\.seen is None"):
            call()
    sub = _Overrides()
    sub.own = None  # type: ignore[assignment]
    with pytest.raises(TypeError, match=r"_Overrides\.seen is None"):
        created(sub, "seen")


def test_dispose_with_a_null_observable_raises_after_the_steps_before_it() -> None:
    engine = bjs.NullEngine()
    scene = bjs.Scene(engine)
    group = bjs.AnimationGroup("g", scene)
    ended: list[str] = []
    group.onAnimationEndObservable.add(lambda *_: ended.append("end"))
    group.onAnimationLoopObservable = None  # type: ignore[assignment]
    with pytest.raises(TypeError, match="onAnimationLoopObservable is None"):
        group.dispose()
    # Babylon.js left the scene and cleared the observables before the null one.
    assert scene.animationGroups == [] and not group.onAnimationEndObservable.hasObservers()
    group.onAnimationLoopObservable = Observable()
    engine.dispose()


def test_clear_inside_a_notification_drops_the_pending_removals() -> None:
    observable: Observable[int] = Observable()
    log: list[str] = []

    def first(value: int, state: object) -> None:
        observable.remove(other)
        observable.clear()
        observable.add(lambda v, s: log.append("new"))

    observable.add(first)
    other = observable.add(lambda v, s: log.append("other"))
    observable.notifyObservers(1)
    assert observable.hasObservers() and len(observable.observers) == 1
    observable.notifyObservers(2)
    assert log == ["new"]


# --- differential: lazy against made up front --------------------------------------------------

_NODE_OBSERVABLES = (
    "onDisposeObservable",
    "onEnabledStateChangedObservable",
    "onAfterWorldMatrixUpdateObservable",
)
_MESH_OBSERVABLES = (
    *_NODE_OBSERVABLES,
    "onCollideObservable",
    "onCollisionPositionChangeObservable",
    "onMaterialChangedObservable",
    "onRebuildObservable",
    "onBeforeRenderObservable",
    "onBeforeBindObservable",
    "onAfterRenderObservable",
    "onBetweenPassObservable",
    "onBeforeDrawObservable",
)
_GROUP_OBSERVABLES = (
    "onAnimationEndObservable",
    "onAnimationLoopObservable",
    "onAnimationGroupLoopObservable",
    "onAnimationGroupEndObservable",
    "onAnimationGroupPauseObservable",
    "onAnimationGroupPlayObservable",
)


class _LoggedMesh(bjs.Mesh):
    """A subclass whose dispose observable is its own property (a patched member)."""

    def __init__(self, name: str, scene: Any) -> None:
        self.mine: Observable[Any] = Observable()
        super().__init__(name, scene)

    @property
    def onDisposeObservable(self) -> Observable[Any]:  # type: ignore[override]
        return self.mine


def _eager(obj: Any, names: tuple[str, ...]) -> None:
    for name in names:
        getattr(obj, name)
    if isinstance(obj, bjs.Node):
        _ = obj.accessibilityTag, obj.doNotSerialize, obj.onClonedObservable


def _internals(obj: Any, names: tuple[str, ...]) -> None:
    for name in names:
        observable = getattr(obj, name)
        _ = observable._eventState, observable._pendingRemovals


def _run(seed: int, eager: bool) -> list[Any]:
    rng = random.Random(seed)
    log: list[Any] = []
    scene = bjs.Scene(bjs.NullEngine())
    scene.useConstantAnimationDeltaTime = True
    bjs.FreeCamera("camera", bjs.Vector3(0, 0, -5), scene)
    root = bjs.TransformNode("root", scene)
    box = bjs.MeshBuilder.CreateBox("box", {}, scene)
    box.parent = root
    odd = _LoggedMesh("odd", scene)
    odd.parent = box
    nodes: list[Any] = [root, box, odd]
    anim = bjs.Animation("x", "position.x", 60, bjs.Animation.ANIMATIONTYPE_FLOAT, 1)
    anim.setKeys([{"frame": 0, "value": 0.0}, {"frame": 2, "value": 1.0}])
    group = bjs.AnimationGroup("g", scene)
    group.addTargetedAnimation(anim, box)
    groups: list[Any] = [group]
    materials = [bjs.StandardMaterial("m0", scene), bjs.StandardMaterial("m1", scene)]

    def prepare(obj: Any) -> None:
        if eager:
            names = _GROUP_OBSERVABLES if isinstance(obj, bjs.AnimationGroup) else _MESH_OBSERVABLES
            _eager(obj, tuple(n for n in names if hasattr(type(obj), n)))
            _internals(obj, tuple(n for n in names if hasattr(type(obj), n)))

    for obj in (*nodes, group):
        prepare(obj)

    def watcher(tag: str) -> Callable[..., None]:
        def seen(value: Any, state: Any) -> None:
            if isinstance(value, bjs.Vector3):
                value = value.asArray()
            elif isinstance(value, bjs.TargetedAnimation):
                value = ("targeted", value.animation.name, value.target.name)
            log.append((tag, getattr(value, "name", value)))
            if rng.random() < 0.2:
                state.skipNextObservers = True

        return seen

    names = {id(root): _NODE_OBSERVABLES, id(box): _MESH_OBSERVABLES, id(odd): _MESH_OBSERVABLES}
    for step in range(60):
        op = rng.randrange(11)
        node = rng.choice(nodes)
        if op == 0:
            pool = names.get(id(node), _MESH_OBSERVABLES)
            name = rng.choice([n for n in pool if hasattr(type(node), n)])
            getattr(node, name).add(watcher(f"{step}:{name}"))
        elif op == 1:
            g = rng.choice(groups)
            getattr(g, rng.choice(_GROUP_OBSERVABLES)).add(watcher(f"{step}:group"))
        elif op == 2:
            node.setEnabled(rng.random() < 0.5)
        elif op == 3 and isinstance(node, bjs.AbstractMesh):
            node.material = rng.choice([None, *materials])
            attr = rng.choice(["onCollide", "onCollisionPositionChange", "onBeforeDraw"])
            if hasattr(type(node), attr):
                setattr(node, attr, rng.choice([None, watcher(f"{step}:{attr}")]))
        elif op == 4:
            node.onDispose = rng.choice([None, lambda *a, t=step: log.append(("dispose", t))])
            node.accessibilityTag = rng.choice([None, f"tag{step}"])
            node.doNotSerialize = rng.choice([False, True, 0])
        elif op == 5 and isinstance(node, bjs.Mesh) and not node.isDisposed():
            clone = node.clone(f"c{step}", root)
            prepare(clone)
            nodes.append(clone)
            names[id(clone)] = _MESH_OBSERVABLES
        elif op == 6:
            g = rng.choice(groups)
            choices = [
                lambda g=g: g.start(True),
                lambda g=g: g.start(False),
                g.pause,
                g.play,
                g.stop,
            ]
            rng.choice(choices)()
        elif op == 7:
            for _ in range(rng.randrange(1, 5)):
                scene.render()
        elif op == 8 and len(nodes) > 2:
            victim = nodes.pop(rng.randrange(1, len(nodes)))
            victim.dispose(rng.random() < 0.5)
        elif op == 9 and rng.random() < 0.3:
            g = rng.choice(groups)
            clone = g.clone(f"g{step}", lambda t: t)
            prepare(clone)
            groups.append(clone)
            if rng.random() < 0.5:
                groups.pop(0).dispose()
                if not groups:
                    groups.append(clone)
        elif op == 10 and isinstance(node, bjs.AbstractMesh) and not node.isDisposed():
            node.moveWithCollisions(bjs.Vector3(rng.random(), 0, 0))
        log.append(
            (
                step,
                [(n.name, n.isEnabled(), n.accessibilityTag, n.doNotSerialize) for n in nodes],
                [(g.name, g.isStarted, g.isPlaying) for g in groups],
                round(box.position.x, 9),
            )
        )
    scene.dispose()
    log.append([(type(n).__name__, n.isDisposed()) for n in nodes])
    return log


#: The modules that skip an observable never made (the eager run reads it, making it).
_SKIPPING = (
    "lite_compat._lazy",
    "lite_compat.nodes.node",
    "lite_compat.nodes.transform_node",
    "lite_compat.meshes.abstract_mesh",
    "lite_compat.meshes.mesh_members",
    "lite_compat.animations.animation_group_base",
)


@pytest.mark.parametrize("seed", [3, 17, 2024])
def test_lazy_observables_behave_as_observables_made_up_front(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    lazy = _run(seed, eager=False)
    for module in _SKIPPING:
        monkeypatch.setattr(f"{module}.created", getattr)
    assert lazy == _run(seed, eager=True)


def test_a_crowd_clone_makes_none_of_the_lazy_observables() -> None:
    scene = bjs.Scene(bjs.NullEngine())
    box = bjs.MeshBuilder.CreateBox("box", {}, scene)
    clone = box.clone("c")
    group = bjs.AnimationGroup("g", scene)
    assert not [n for n in _MESH_OBSERVABLES if n in vars(clone)]
    assert "_lifecycleStore" not in vars(clone)
    assert not [n for n in _GROUP_OBSERVABLES if n in vars(group)]
    box.dispose()
    assert "onDisposeObservable" not in vars(box)


def test_each_lazy_observable_read_before_its_event_is_notified() -> None:
    scene = bjs.Scene(bjs.NullEngine())
    scene.useConstantAnimationDeltaTime = True
    bjs.FreeCamera("camera", bjs.Vector3(0, 0, -5), scene)
    box = bjs.MeshBuilder.CreateBox("box", {}, scene)
    anim = bjs.Animation("x", "position.x", 60, bjs.Animation.ANIMATIONTYPE_FLOAT, 1)
    anim.setKeys([{"frame": 0, "value": 0.0}, {"frame": 2, "value": 1.0}])
    group = bjs.AnimationGroup("g", scene)
    group.addTargetedAnimation(anim, box)
    log: list[str] = []
    for name in _GROUP_OBSERVABLES:
        getattr(group, name).add(lambda v, s, n=name: log.append(n))
    for name in ("onEnabledStateChangedObservable", "onDisposeObservable"):
        getattr(box, name).add(lambda v, s, n=name: log.append(n))
    box.onMaterialChangedObservable.add(lambda v, s: log.append("material"))
    group.start(True)
    group.pause()
    group.play()
    for _ in range(4):
        scene.render()
    group.stop()
    group.start(False)
    for _ in range(4):
        scene.render()
    box.setEnabled(False)
    box.material = bjs.StandardMaterial("m", scene)
    box.dispose()
    group.dispose()
    assert log == [
        "onAnimationGroupPlayObservable",
        "onAnimationGroupPauseObservable",
        "onAnimationGroupPlayObservable",
        "onAnimationLoopObservable",
        "onAnimationGroupLoopObservable",
        "onAnimationEndObservable",
        "onAnimationGroupEndObservable",
        "onAnimationGroupPlayObservable",
        "onAnimationEndObservable",
        "onAnimationGroupEndObservable",
        "onEnabledStateChangedObservable",
        "material",
        "onDisposeObservable",
    ]
    assert not group.onAnimationGroupPlayObservable.hasObservers()


def test_a_world_matrix_update_notifies_the_observable_once_made() -> None:
    scene = bjs.Scene(bjs.NullEngine())
    node = bjs.TransformNode("n", scene)
    node.computeWorldMatrix(True)
    assert "onAfterWorldMatrixUpdateObservable" not in vars(node)
    seen: list[float] = []
    node.onAfterWorldMatrixUpdateObservable.add(lambda n, s: seen.append(n.getWorldMatrix().m[12]))
    node.position.x = 2.0
    node.computeWorldMatrix(True)
    assert seen == [2.0]
