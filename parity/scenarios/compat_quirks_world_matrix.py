# parity: {"atol": 1e-12, "rtol": 1e-12}
"""Port of compat_quirks_world_matrix.mjs against lite_compat.

Babylon.js 9.31 world-matrix caching: getWorldMatrix() recomputes only when the node's
_currentRenderId differs from scene.getRenderId(), so a node moved (in place, or through
the position setter) after a read in the same render id returns the cached matrix;
computeWorldMatrix() recomputes a node moved in place only in a later render id, one whose
position was assigned (dirty) at once, computeWorldMatrix(true) always (and its parents);
absolutePosition goes through computeWorldMatrix(); render() evaluates meshes (not plain
transform nodes); parent/child chains; freezeWorldMatrix (with and without a matrix) and
unfreezeWorldMatrix; the recomputations counted with onAfterWorldMatrixUpdateObservable;
which constructors (MeshBuilder shapes, clone, MergeMeshes; not new Mesh, createInstance,
TransformNode, cameras, lights) compute the world matrix at creation.

Port note: Babylon.js also recomputes a node whose position was written with an unchanged value
(or changed and restored) since the last computation, through the vectors' ``_isDirty`` flags;
lite_compat compares the values (see docs/compat.md), so those cases are not recorded here.
"""

from __future__ import annotations

import json
from typing import Any

from lite_compat import (
    FreeCamera,
    Matrix,
    Mesh,
    MeshBuilder,
    NullEngine,
    PointLight,
    Scene,
    TransformNode,
    Vector3,
)

engine = NullEngine()
scene = Scene(engine)
FreeCamera("camera", Vector3(0, 0, -10), scene)

counts: dict[int, int] = {}


def track(node: Any) -> Any:
    counts[id(node)] = 0

    def bump(*_: Any) -> None:
        counts[id(node)] += 1

    node.onAfterWorldMatrixUpdateObservable.add(bump)
    return node


def t(m: Any) -> list[float]:
    return list(m.m[12:15])


log: list[list[Any]] = []


def read(label: str, node: Any, how: str) -> None:
    if how == "get":
        v = t(node.getWorldMatrix())
    elif how == "compute":
        v = t(node.computeWorldMatrix())
    elif how == "force":
        v = t(node.computeWorldMatrix(True))
    elif how == "abs":
        v = node.absolutePosition.asArray()
    else:
        v = t(node.worldMatrixFromCache)
    log.append([label, node.name, how, *v, counts[id(node)], scene.getRenderId()])


# A plain transform node, before any render.
node = track(TransformNode("node", scene))
read("created", node, "cache")
node.position.set(1, 2, 3)
read("set in place", node, "get")
node.position.x = 5
read("moved in place", node, "get")
read("moved in place", node, "compute")
read("moved in place", node, "abs")
read("moved in place", node, "force")
node.position = Vector3(7, 8, 9)
read("assigned", node, "get")
read("assigned", node, "abs")
read("assigned", node, "get")
node.position.x = 6
scene.render()
read("rendered", node, "cache")
read("rendered", node, "get")
node.position.x = 4
read("moved after render", node, "get")
scene.render()
read("rendered again", node, "get")

# A mesh: render() computes it.
mesh = track(MeshBuilder.CreateBox("mesh", {"size": 1}, scene))
mesh.position.set(1, 1, 1)
read("created", mesh, "cache")
scene.render()
read("rendered", mesh, "cache")
mesh.position.y = 3
read("moved after render", mesh, "get")
read("moved after render", mesh, "compute")
read("moved after render", mesh, "abs")
scene.render()
read("rendered again", mesh, "cache")
mesh.position.z = 2
read("moved", mesh, "force")
read("moved", mesh, "get")
mesh.setEnabled(False)
mesh.position.z = 6
scene.render()
read("disabled, rendered", mesh, "cache")
read("disabled, rendered", mesh, "get")
mesh.setEnabled(True)

# Parent/child chains.
parent = track(TransformNode("parent", scene))
child = track(TransformNode("child", scene))
grandchild = track(MeshBuilder.CreateBox("grandchild", {"size": 1}, scene))
child.parent = parent
grandchild.parent = child
parent.position.set(10, 0, 0)
child.position.set(0, 10, 0)
grandchild.position.set(0, 0, 10)
read("chain created", grandchild, "get")
read("chain created", child, "cache")
read("chain created", parent, "cache")
parent.position.x = 20
read("parent moved", grandchild, "get")
read("parent moved", grandchild, "compute")
read("parent moved", child, "get")
read("parent moved", grandchild, "force")
read("parent moved", parent, "cache")
scene.render()
parent.position.x = 30
read("parent moved after render", child, "get")
read("parent moved after render", grandchild, "get")
scene.render()
read("rendered", grandchild, "cache")
read("rendered", child, "cache")
read("rendered", parent, "cache")
parent.position = Vector3(40, 0, 0)
read("parent assigned", grandchild, "get")
read("parent assigned", grandchild, "compute")
scene.render()
read("parent assigned, rendered", grandchild, "cache")
read("parent assigned, rendered", child, "cache")
child.parent = None
read("child unparented", child, "get")
read("child unparented", child, "compute")
scene.render()
read("child unparented, rendered", grandchild, "get")

# freezeWorldMatrix.
frozen = track(MeshBuilder.CreateBox("frozen", {"size": 1}, scene))
frozen.position.set(1, 0, 0)
frozen.freezeWorldMatrix()
read("frozen", frozen, "cache")
frozen.position.x = 2
scene.render()
read("frozen, moved, rendered", frozen, "get")
read("frozen, moved", frozen, "force")
frozen.position = Vector3(3, 0, 0)
read("frozen, assigned", frozen, "get")
read("frozen, assigned", frozen, "compute")
read("frozen, assigned", frozen, "compute")
frozen.unfreezeWorldMatrix()
read("unfrozen", frozen, "get")
scene.render()
read("unfrozen, rendered", frozen, "get")
frozen.freezeWorldMatrix(Matrix.Translation(9, 8, 7))
read("frozen to a matrix", frozen, "cache")
read("frozen to a matrix", frozen, "get")
scene.render()
read("frozen to a matrix, rendered", frozen, "abs")
frozen.freezeWorldMatrix(None, True)
read("frozen with decompose", frozen, "get")
frozenState = [frozen.position.asArray(), frozen.isWorldMatrixFrozen]
frozen.unfreezeWorldMatrix()

# Child of a frozen parent.
fp = track(TransformNode("frozenParent", scene))
fc = track(TransformNode("frozenChild", scene))
fc.parent = fp
fp.position.set(0, 5, 0)
fc.position.set(1, 0, 0)
read("frozen parent", fc, "get")
fp.freezeWorldMatrix()
fp.position.y = 50
scene.render()
read("frozen parent moved, rendered", fc, "get")
read("frozen parent moved", fc, "force")

# Creation: which constructors compute the world matrix (under render id 0 here), so that a
# node moved after it reads the matrix of its creation until the next render id.
fresh = Scene(engine)
creation: list[list[Any]] = []


def made(label: str, n: Any) -> None:
    creation.append(
        [
            label,
            n._currentRenderId,
            *t(n.worldMatrixFromCache),
            *t(n.getWorldMatrix()),
            fresh.getRenderId(),
        ]
    )


box = MeshBuilder.CreateBox("box", {}, fresh)
made("box created", box)
box.position.set(1, 2, 3)
made("box moved", box)
plain = Mesh("plain", fresh)
plain.position.set(1, 2, 3)
made("plain mesh", plain)
sphere = MeshBuilder.CreateSphere("sphere", {}, fresh)
sphere.position.x = 4
made("sphere", sphere)
instance = box.createInstance("instance")
instance.position.x = 5
made("instance", instance)
clone = box.clone("clone")
clone.position.x = 6
made("clone", clone)
tn = TransformNode("tn", fresh)
tn.position.x = 7
made("transform node", tn)
cam = FreeCamera("cam", Vector3(0, 0, -10), fresh)
cam.position.x = 8
made("camera", cam)
cam.position.x = 9
made("camera moved", cam)
light = PointLight("light", Vector3(1, 1, 1), fresh)
light.position.x = 9
made("light", light)
parented = MeshBuilder.CreateBox("parented", {}, fresh)
parented.parent = tn
made("box parented", parented)
ground = MeshBuilder.CreateGround("ground", {}, fresh)
ground.position.y = 2
made("ground", ground)
merged = Mesh.MergeMeshes(
    [MeshBuilder.CreateBox("m1", {}, fresh), MeshBuilder.CreateBox("m2", {}, fresh)]
)
merged.position.y = 2
made("merged", merged)
box.position.z = 9
box.refreshBoundingInfo()
made("box after refreshBoundingInfo", box)
fresh.render()
made("box after a render", box)
late = MeshBuilder.CreateBox("late", {}, fresh)
late.position.x = 3
made("box created after a render", late)

# Which builders compute the world matrix at creation: the node's _currentRenderId just after
# it is made (-1: not computed), in a scene at render id 2.
path = [Vector3(0, 0, 0), Vector3(1, 1, 0), Vector3(2, 0, 1)]
shape = [Vector3(0, 0, 0), Vector3(0.2, 0, 0), Vector3(0, 0.2, 0)]
makers = {
    "plane": lambda: MeshBuilder.CreatePlane("x", {}, fresh),
    "cylinder": lambda: MeshBuilder.CreateCylinder("x", {}, fresh),
    "torus": lambda: MeshBuilder.CreateTorus("x", {}, fresh),
    "disc": lambda: MeshBuilder.CreateDisc("x", {}, fresh),
    "capsule": lambda: MeshBuilder.CreateCapsule("x", {}, fresh),
    "icosphere": lambda: MeshBuilder.CreateIcoSphere("x", {}, fresh),
    "polyhedron": lambda: MeshBuilder.CreatePolyhedron("x", {}, fresh),
    "tube": lambda: MeshBuilder.CreateTube("x", {"path": path}, fresh),
    "ribbon": lambda: MeshBuilder.CreateRibbon(
        "x", {"pathArray": [path, [p.add(Vector3.Up()) for p in path]]}, fresh
    ),
    "extrude": lambda: MeshBuilder.ExtrudeShape("x", {"shape": shape, "path": path}, fresh),
    "lines": lambda: MeshBuilder.CreateLines("x", {"points": path}, fresh),
    "dashed": lambda: MeshBuilder.CreateDashedLines("x", {"points": path}, fresh),
    "lineSystem": lambda: MeshBuilder.CreateLineSystem("x", {"lines": [path]}, fresh),
    "tiledGround": lambda: MeshBuilder.CreateTiledGround(
        "x", {"xmin": 0, "zmin": 0, "xmax": 1, "zmax": 1}, fresh
    ),
    "torusKnot": lambda: MeshBuilder.CreateTorusKnot("x", {}, fresh),
    "lathe": lambda: MeshBuilder.CreateLathe("x", {"shape": shape}, fresh),
    "transformNodeClone": lambda: TransformNode("t", fresh).clone("tc", None),
    "meshClone": lambda: Mesh("m", fresh).clone("mc"),
    "instance": lambda: MeshBuilder.CreateBox("b", {}, fresh).createInstance("i"),
    "legacyBox": lambda: Mesh.CreateBox("x", 1, fresh),
    "instantiateHierarchy": lambda: MeshBuilder.CreateBox("b2", {}, fresh).instantiateHierarchy(),
}
builders = {key: make()._currentRenderId for key, make in makers.items()}

print(
    json.dumps({"log": log, "frozenState": frozenState, "creation": creation, "builders": builders})
)
