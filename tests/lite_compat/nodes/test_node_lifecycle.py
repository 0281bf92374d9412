"""Node behaviors, accessibility tag, doNotSerialize, effective-enabled notifications, clone,
the constructor registry, range (de)serialization and hierarchy bounds.

Expected values measured from Babylon.js 9.31 by
parity/scenarios/compat_surface_rig_transforms.mjs ("node", "nodeClone", "construct").
"""

from __future__ import annotations

from lite_compat import Node, Scene, TransformNode


class Behavior:
    name = "b1"

    def __init__(self, log: list[str]) -> None:
        self.log = log

    def init(self) -> None:
        self.log.append("init")

    def attach(self, node: Node) -> None:
        self.log.append("attach " + node.name)

    def detach(self) -> None:
        self.log.append("detach")


def test_behaviors_attach_once_and_detach_on_remove_and_dispose(scene: Scene) -> None:
    log: list[str] = []
    root = TransformNode("broot", scene)
    behavior = Behavior(log)
    root.addBehavior(behavior)
    root.addBehavior(behavior)
    assert root.getBehaviorByName("b1") is behavior
    assert root.getBehaviorByName("zz") is None
    root.removeBehavior(behavior)
    root.removeBehavior(behavior)
    root.addBehavior(behavior)
    assert len(root.behaviors) == 1
    root.dispose()
    assert log == ["init", "attach broot", "detach", "init", "attach broot", "detach"]
    assert root.behaviors == []


def test_accessibility_tag_and_do_not_serialize(scene: Scene) -> None:
    root = TransformNode("r", scene)
    child = TransformNode("c", scene)
    tags: list[object] = []
    root.onAccessibilityTagChangedObservable.add(lambda tag, _state: tags.append(tag))
    assert root.accessibilityTag is None
    root.accessibilityTag = "a box"
    assert tags == ["a box"] and root.accessibilityTag == "a box"
    assert [root.doNotSerialize, child.doNotSerialize] == [False, False]
    child.parent = root
    root.doNotSerialize = True
    assert [root.doNotSerialize, child.doNotSerialize] == [True, True]


def test_effective_enabled_state_is_notified_on_transitions_only(scene: Scene) -> None:
    root = TransformNode("r", scene)
    child = TransformNode("c", scene)
    child.parent = root
    seen: list[bool] = []
    child.onEffectiveEnabledStateChangedObservable.add(lambda value, _state: seen.append(value))
    root.setEnabled(False)
    child.setEnabled(False)
    root.setEnabled(True)
    child.setEnabled(True)
    assert seen == [False, True]


def test_on_dispose_replaces_the_previous_callback(scene: Scene) -> None:
    node = Node("n", scene)
    calls: list[str] = []
    node.onDispose = lambda *_args: calls.append("first")
    node.onDispose = lambda *_args: calls.append("second")
    node.dispose()
    assert calls == ["second"]


def test_node_clone_keeps_the_source_name_as_babylon_does(scene: Scene) -> None:
    node = Node("plainNode", scene)
    node.state = "s1"
    node.metadata = {"k": 1}
    child = Node("plainChild", scene)
    child.parent = node
    copy = node.clone("copy")
    assert [copy.name, copy.id, copy.state, copy.getClassName()] == [
        "plainNode",
        "plainNode",
        "s1",
        "Node",
    ]
    assert [[k.name, k.getClassName()] for k in copy.getChildren()] == [["plainChild", "Node"]]


def test_constructor_registry_and_ranges(scene: Scene) -> None:
    Node.AddNodeConstructor(
        "MyType", lambda name, sc, options: lambda: TransformNode(name + options["suffix"], sc)
    )
    built = Node.Construct("MyType", "made", scene, {"suffix": "!"})
    assert built().name == "made!"
    assert Node.Construct("Nope", "x", scene) is None
    node = TransformNode("plain", scene)
    ranges = [{"name": "a", "from": 1, "to": 2}, {"name": "b", "from": 3, "to": 9}]
    Node.ParseAnimationRanges(node, {"ranges": ranges}, scene)
    assert node.serializeAnimationRanges() == ranges
    node.deleteAnimationRange("a")
    assert node.serializeAnimationRanges() == ranges[1:]


def test_hierarchy_bounds_without_meshes_are_empty(scene: Scene) -> None:
    bounds = TransformNode("n", scene).getHierarchyBoundingVectors()
    assert bounds["min"].x > 1e300 and bounds["max"].x < -1e300
