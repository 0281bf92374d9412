# parity: {"atol": 2e-5, "rtol": 1e-5}
"""Port of compat_surface_rig_transforms.mjs against lite_compat.

Babylon.js 9.31 TransformNode and Node members on generated hierarchies with known answers
(a rotated, non-uniformly scaled parent and grand-parent): rotate/translate in both spaces,
lookAt (local/world, Euler and quaternion), getDirection, addRotation, rotateAround, pivots
(setPivotPoint local/world, getPivotPoint, getAbsolutePivotPoint, setPivotMatrix), parenting
with the world transform preserved (setParent/addChild/removeChild), absolute positions,
getPositionExpressedInLocalSpace, locallyTranslate, clone/instantiateHierarchy, serialize and
Parse, attachToBone, the pose matrix, camera-space queries; Node behaviors, accessibility tag,
doNotSerialize, effective-enabled notifications, clone, the constructor registry, range
(de)serialization, hierarchy bounds and onDispose.
"""

from __future__ import annotations

import json

from lite_compat import (
    Bone,
    FreeCamera,
    Matrix,
    Node,
    NullEngine,
    Quaternion,
    Scene,
    Skeleton,
    Space,
    TransformNode,
    Vector3,
)

scene = Scene(NullEngine())


def v(p):
    return [p.x, p.y, p.z]


def q(p):
    return [p.x, p.y, p.z, p.w] if p else None


def m(x):
    return list(x.m)


def state(n):
    return [
        v(n.position),
        v(n.rotation),
        q(n.rotationQuaternion),
        v(n.scaling),
        v(n.getAbsolutePosition()),
        m(n.computeWorldMatrix(True)),
    ]


class Rig:
    def __init__(self, use_quat):
        self.grand = TransformNode("grand", scene)
        self.grand.position = Vector3(1, -2, 0.5)
        self.grand.rotation = Vector3(0.3, -0.4, 0.2)
        self.grand.scaling = Vector3(2, 1, 0.5)
        self.parent = TransformNode("parent", scene)
        self.parent.parent = self.grand
        self.parent.position = Vector3(0, 3, -1)
        self.parent.rotation = Vector3(-0.6, 0.9, 0.1)
        self.parent.scaling = Vector3(1, 1.5, 1)
        self.node = TransformNode("node", scene)
        self.node.parent = self.parent
        self.node.position = Vector3(0.5, 0.25, 2)
        self.node.rotation = Vector3(0.1, 0.2, 0.3)
        if use_quat:
            self.node.rotationQuaternion = Quaternion.RotationYawPitchRoll(0.5, -0.3, 0.8)
        self.node.scaling = Vector3(1, 2, 3)
        self.grand.computeWorldMatrix(True)
        self.parent.computeWorldMatrix(True)
        self.node.computeWorldMatrix(True)


out = {}
ops = {
    "rotateLocal": lambda r: r.node.rotate(Vector3(1, 2, 0), 0.7, Space.LOCAL),
    "rotateWorld": lambda r: r.node.rotate(Vector3(0, 1, 1), -0.9, Space.WORLD),
    "translateLocal": lambda r: r.node.translate(Vector3(1, 0, 1), 2, Space.LOCAL),
    "translateWorld": lambda r: r.node.translate(Vector3(0, 1, 0), -1.5, Space.WORLD),
    "lookAtLocal": lambda r: r.node.lookAt(Vector3(3, -1, 4)),
    "lookAtLocalCor": lambda r: r.node.lookAt(Vector3(3, -1, 4), 0.1, 0.2, 0.3),
    "lookAtWorld": lambda r: r.node.lookAt(Vector3(-2, 5, 1), 0, 0, 0, Space.WORLD),
    "addRotation": lambda r: r.node.addRotation(0.4, -0.2, 0.6),
    "rotateAround": lambda r: r.node.rotateAround(Vector3(1, 1, 1), Vector3(0, 0, 2), 1.1),
    "setAbsolutePosition": lambda r: r.node.setAbsolutePosition(Vector3(4, 5, -6)),
    "locallyTranslate": lambda r: r.node.locallyTranslate(Vector3(1, -1, 0.5)),
    "setPositionWithLocalVector": lambda r: r.node.setPositionWithLocalVector(Vector3(2, 0, -1)),
    "setDirection": lambda r: r.node.setDirection(Vector3(1, 1, -1), 0.2),
    "setParentNull": lambda r: r.node.setParent(None),
    "setParentGrand": lambda r: r.node.setParent(r.grand),
    "addChild": lambda r: r.grand.addChild(r.node),
    "removeChild": lambda r: r.parent.removeChild(r.node),
    "pivotLocal": lambda r: r.node.setPivotPoint(Vector3(1, 2, 3)),
    "pivotWorld": lambda r: r.node.setPivotPoint(Vector3(1, 2, 3), Space.WORLD),
    "pivotMatrix": lambda r: r.node.setPivotMatrix(
        Matrix.Compose(
            Vector3(1, 1, 1), Quaternion.RotationAxis(Vector3(0, 1, 0), 0.5), Vector3(0.5, 0, 1)
        )
    ),
    "pivotMatrixNoPost": lambda r: r.node.setPivotMatrix(Matrix.Translation(1, 0, -1), False),
}
for use_quat in [False, True]:
    for name, op in ops.items():
        r = Rig(use_quat)
        op(r)
        row = state(r.node)
        row += [
            v(r.node.getPivotPoint()),
            v(r.node.getAbsolutePivotPoint()),
            v(r.node.getPositionExpressedInLocalSpace()),
        ]
        row += [
            v(r.node.getDirection(Vector3(0, 0, 1))),
            v(r.node.forward),
            r.node.parent.name if r.node.parent else None,
        ]
        out[f"{name}.{'true' if use_quat else 'false'}"] = row

# direction into ref, absolute pivot into ref
r = Rig(False)
d = Vector3.Zero()
r.node.getDirectionToRef(Vector3(1, 0, 0), d)
p = Vector3.Zero()
r.node.setPivotPoint(Vector3(0, 1, 0))
r.node.getAbsolutePivotPointToRef(p)
out["refs"] = [v(d), v(p)]

# pose matrix
n = TransformNode("pose", scene)
before = m(n.getPoseMatrix())
n2 = TransformNode("pose2", scene)
n2.position = Vector3(1, 2, 3)
n2.rotation = Vector3(0, 0.5, 0)
n2.computeWorldMatrix(True)
first = m(n2.getPoseMatrix())
n2.position.x = 10
n2.computeWorldMatrix(True)
after = m(n2.getPoseMatrix())
n2.updatePoseMatrix(Matrix.Translation(5, 5, 5))
out["pose"] = [before, first, after, m(n2.getPoseMatrix())]

# clone, instantiateHierarchy
r = Rig(True)
leaf = TransformNode("leaf", scene)
leaf.parent = r.node
leaf.position = Vector3(1, 1, 1)
r.node.metadata = {"tag": 7}
r.node.scalingDeterminant = -1
c = r.parent.clone("pc", None)
kids = c.getChildren()
grand_kids = kids[0].getChildren()
out["clone"] = [
    c.name,
    c.id,
    c.parent.name if c.parent else None,
    [k.name for k in kids],
    [k.name for k in grand_kids],
    state(kids[0]),
    kids[0].scalingDeterminant,
    kids[0].metadata["tag"],
    kids[0].metadata is r.node.metadata,
]
log = []
inst = r.parent.instantiateHierarchy(None, None, lambda src, dst: log.append([src.name, dst.name]))
out["instantiate"] = [
    inst.name,
    inst.parent.name,
    [k.name for k in inst.getChildren()],
    [k.name for k in inst.getChildren()[0].getChildren()],
    log,
    state(inst.getChildren()[0].getChildren()[0]),
]
inst2 = r.node.instantiateHierarchy(r.grand)
out["instantiate2"] = [inst2.name, inst2.parent.name, state(inst2)]

# serialize / Parse
r = Rig(True)
r.node.setPivotMatrix(Matrix.Translation(0.5, 0, 0))
r.node.createAnimationRange("walk", 0, 30)
r.node.state = "busy"
s = r.node.serialize()
s.pop("tags", None)
keys = sorted(s.keys())
out["serialize"] = [
    keys,
    s["name"],
    s["id"],
    s["position"],
    s["rotation"],
    s["rotationQuaternion"],
    s["scaling"],
    s["billboardMode"],
    s["scalingDeterminant"],
    s["infiniteDistance"],
    s["ignoreNonUniformScaling"],
    s["reIntegrateRotationIntoRotationQuaternion"],
    s["type"],
    s["parentId"] == r.parent.uniqueId,
    list(s["localMatrix"]),
    s["isEnabled"],
    s["animations"],
    s["ranges"],
    s["state"],
]
p = TransformNode.Parse(s, scene, "")
walk = p.getAnimationRange("walk")
out["parse"] = [
    p.name,
    p.id,
    p.getClassName(),
    state(p),
    m(p.getPivotMatrix()),
    [getattr(walk, "from"), walk.to] if walk else None,
    p.state,
    p.parent,
]
out["ranges"] = r.node.serializeAnimationRanges()
plain = TransformNode("plain", scene)
Node.ParseAnimationRanges(
    plain, {"ranges": [{"name": "a", "from": 1, "to": 2}, {"name": "b", "from": 3, "to": 9}]}, scene
)
out["parsedRanges"] = plain.serializeAnimationRanges()

# bones
skeleton = Skeleton("sk", "sk", scene)
b0 = Bone(
    "b0",
    skeleton,
    None,
    Matrix.Compose(
        Vector3(1, 1, 1), Quaternion.RotationAxis(Vector3(0, 0, 1), 0.5), Vector3(0, 1, 0)
    ),
)
b1 = Bone("b1", skeleton, b0, Matrix.Translation(0, 2, 0))
mesh = TransformNode("skinned", scene)
mesh.position = Vector3(2, 0, 0)
mesh.rotation = Vector3(0, 1, 0)
mesh.computeWorldMatrix(True)
prop = TransformNode("prop", scene)
prop.position = Vector3(0, 0.5, 0)
prop.attachToBone(b1, mesh)
a = state(prop)
b1.setRotation(Vector3(0.3, 0, 0))
skeleton.prepare(True)
prop.computeWorldMatrix(True)
b = state(prop)
prop.detachFromBone()
out["bones"] = [a, b, state(prop), prop.parent]
prop2 = TransformNode("prop2", scene)
prop2.attachToBone(b0, mesh)
prop2.detachFromBone(True)
out["bones2"] = [prop2.parent]

# camera-space queries
cam = FreeCamera("cam", Vector3(0, 2, -10), scene)
cam.setTarget(Vector3(1, 0, 0))
scene.activeCamera = cam
r = Rig(False)
out["camera"] = [
    v(r.node.getPositionInCameraSpace()),
    r.node.getDistanceToCamera(),
    r.node.getDistanceToCamera(cam),
]


# Node members
class Behavior:
    name = "b1"

    def __init__(self, log):
        self.log = log

    def init(self):
        self.log.append("init")

    def attach(self, n):
        self.log.append("attach " + n.name)

    def detach(self):
        self.log.append("detach")


class Tag:
    def __init__(self, description):
        self.description = description


log = []
root = TransformNode("broot", scene)
child = TransformNode("bchild", scene)
child.parent = root
behavior = Behavior(log)
root.addBehavior(behavior)
root.addBehavior(behavior)
found = root.getBehaviorByName("b1") is behavior
missing = root.getBehaviorByName("zz")
root.removeBehavior(behavior)
root.removeBehavior(behavior)
root.addBehavior(behavior)
tags = []
root.onAccessibilityTagChangedObservable.add(lambda t, _s: tags.append(t))
tag0 = root.accessibilityTag
root.accessibilityTag = Tag("a box")
eff = []
child.onEffectiveEnabledStateChangedObservable.add(lambda e, _s: eff.append(e))
root.setEnabled(False)
child.setEnabled(False)
root.setEnabled(True)
child.setEnabled(True)
child.parent = None
dns = [root.doNotSerialize, child.doNotSerialize]
child.parent = root
root.doNotSerialize = True
dns += [root.doNotSerialize, child.doNotSerialize]
disposed = []
root.onDispose = lambda *_a: disposed.append("first")
root.onDispose = lambda *_a: disposed.append("second")
bounds = root.getHierarchyBoundingVectors()
root.dispose()
out["node"] = [
    log,
    found,
    missing,
    len(root.behaviors),
    tag0,
    [t.description for t in tags],
    eff,
    dns,
    disposed,
    [x > 1e300 for x in v(bounds["min"])],
    [x < -1e300 for x in v(bounds["max"])],
    len(root.behaviors),
]
n = Node("plainNode", scene)
n.state = "s1"
n.metadata = {"k": 1}
n2 = Node("plainChild", scene)
n2.parent = n
c = n.clone("copy")
out["nodeClone"] = [
    c.name,
    c.id,
    c.state,
    c.metadata["k"],
    c.getClassName(),
    [[k.name, k.getClassName()] for k in c.getChildren()],
]
Node.AddNodeConstructor(
    "MyType",
    lambda name, sc, options: (
        lambda: TransformNode(name + (options["suffix"] if options else ""), sc)
    ),
)
built = Node.Construct("MyType", "made", scene, {"suffix": "!"})
out["construct"] = [built().name if built else None, Node.Construct("Nope", "x", scene)]
cube = TransformNode("cube", scene)
cube.scaling = Vector3(2, 2, 2)
cube.normalizeToUnitCube()
out["cube"] = [abs(x) for x in v(cube.scaling)]

print(json.dumps(out))
