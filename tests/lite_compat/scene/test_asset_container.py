"""AssetContainer.instantiateModelsToScene, InstantiatedEntries and the container helpers."""

from __future__ import annotations

from typing import Any

import pytest

from lite.errors import LiteError
from lite_compat import AssetContainer, InstantiatedEntries, NullEngine, Scene, TransformNode
from lite_compat.scene.asset_container import KeepAssets

_ids = iter(range(10_000, 20_000))


class FakeNode:
    """The members instantiateModelsToScene reads of a node."""

    def __init__(self, name: str, parent: FakeNode | None = None, cloneable: bool = True) -> None:
        self.name = name
        self.uniqueId = next(_ids)
        self.parent = parent
        self.children: list[FakeNode] = []
        self.cloneable = cloneable
        self.disposed = False
        if parent is not None:
            parent.children.append(self)

    def getClassName(self) -> str:
        return "TransformNode"

    def getDescendants(self, directDescendantsOnly: bool = False) -> list[FakeNode]:
        if directDescendantsOnly:
            return list(self.children)
        out: list[FakeNode] = []
        for child in self.children:
            out += [child, *child.getDescendants()]
        return out

    def __getattr__(self, name: str) -> Any:
        if name == "clone" and self.__dict__.get("cloneable"):
            return lambda new_name, _parent=None, _no_children=False: FakeNode(new_name)
        raise AttributeError(name)

    def dispose(self) -> None:
        self.disposed = True


class FakeGroup:
    def __init__(self, name: str, target: FakeNode) -> None:
        self.name = name
        self.target = target

    def clone(self, name: str, convert: Any) -> FakeGroup:
        return FakeGroup(name, convert(self.target))

    def dispose(self) -> None:
        pass


def test_instantiate_copies_hierarchy_and_retargets_groups() -> None:
    scene = Scene(NullEngine())
    container = AssetContainer(scene)
    root = FakeNode("root")
    child = FakeNode("child", root)
    container.transformNodes += [root, child]
    container.animationGroups.append(FakeGroup("walk", child))
    entries = container.instantiateModelsToScene(lambda n: "copy " + n)
    assert isinstance(entries, InstantiatedEntries)
    assert [n.name for n in entries.rootNodes] == ["copy root"]
    copy_root = entries.rootNodes[0]
    group = entries.animationGroups[0]
    assert group.name == "copy walk"
    assert group.target is not child and group.target.name == "copy child"
    assert group.target.parent is copy_root
    entries.dispose()
    assert copy_root.disposed and entries.rootNodes == []


def test_instantiate_names_copies_like_babylon_by_default() -> None:
    scene = Scene(NullEngine())
    container = AssetContainer(scene)
    container.transformNodes.append(FakeNode("root"))
    entries = container.instantiateModelsToScene()
    assert entries.rootNodes[0].name == "Clone of root"


def test_a_node_without_clone_is_a_coded_error() -> None:
    container = AssetContainer(Scene(NullEngine()))
    container.transformNodes.append(FakeNode("stuck", cloneable=False))
    with pytest.raises(LiteError) as info:
        container.instantiateModelsToScene()
    assert info.value.code == "LITE-COMPAT-123"
    assert "stuck" in str(info.value)


def test_topological_sort_puts_parents_first() -> None:
    a = FakeNode("a")
    b = FakeNode("b", a)
    c = FakeNode("c", b)
    assert [n.name for n in AssetContainer._topologicalSort([c, b, a])] == ["a", "b", "c"]


def test_move_all_from_scene_keeps_assets() -> None:
    scene = Scene(NullEngine())
    keep = TransformNode("keep", scene)
    TransformNode("move", scene)
    kept = KeepAssets()
    kept.transformNodes.append(keep)
    container = AssetContainer(scene)
    container.moveAllFromScene(kept)
    assert [t.name for t in container.transformNodes] == ["move"]
    assert [t.name for t in scene.transformNodes] == ["keep"]


def test_a_parent_outside_the_container_warns_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from lite_compat.scene.tools import Tools

    warned: list[str] = []
    monkeypatch.setattr(Tools, "Warn", staticmethod(lambda message: warned.append(message)))
    container = AssetContainer(Scene(NullEngine()))
    outside = FakeNode("outside")
    inside = FakeNode("inside")
    container.transformNodes += [inside, FakeNode("child", inside), FakeNode("orphan", outside)]
    container.meshes.append(FakeNode("other", outside))
    assert container._isValidHierarchy() is False
    # Meshes are checked first (Babylon's order), and the check stops at the first.
    assert warned == ["Node other has a parent that is not in the container."]
    container.transformNodes.append(outside)
    warned.clear()
    assert container._isValidHierarchy() is True
    assert container._isNodeInContainer(outside) and not container._isNodeInContainer(FakeNode("x"))
    assert warned == []
