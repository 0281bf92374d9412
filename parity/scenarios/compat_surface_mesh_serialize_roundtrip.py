# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_surface_mesh_serialize_roundtrip.mjs against lite_compat's Mesh.serialize and
Mesh.Parse.

The serialized fields of a box with a material, pivot, flags, metadata, an animation and a
range, an instance and a skeleton; a sphere parented to it with a rotation quaternion and a
morph target manager; then each dict, given its vertex data inline (the .babylon form), parsed
back into a fresh scene, and the rebuilt meshes' state read (transform, flags, waiting ids,
vertex data, bounds, sub-meshes, instances, animations and ranges); a delay-loaded mesh's
stored fields and layer masks.
"""

from __future__ import annotations

import copy
import json

from lite_compat import (
    Animation,
    Mesh,
    MeshBuilder,
    MorphTarget,
    MorphTargetManager,
    NullEngine,
    Quaternion,
    Scene,
    Skeleton,
    StandardMaterial,
    Vector3,
)


def arr(a):
    return list(a) if a is not None else None


def v3(v):
    return [v.x, v.y, v.z] if v is not None else None


# Unique ids come from a process-wide counter: they are printed relative to the first object
# the scenario creates (boxMat), so the scenario reads the same wherever it runs.
base = 0


def rel(x):
    return x - base if isinstance(x, (int, float)) and not isinstance(x, bool) else x


ID_KEYS = [
    "uniqueId",
    "parentId",
    "materialUniqueId",
    "geometryUniqueId",
    "skeletonUniqueId",
    "morphTargetManagerId",
]


def plain(d):
    # A serialized dict as JSON: unique ids relative, the random geometry id reported by its
    # type only.
    o = json.loads(json.dumps(d))
    for k in ID_KEYS:
        if k in o:
            o[k] = rel(o[k])
    if "geometryId" in o:
        o["geometryId"] = (
            "string" if isinstance(o["geometryId"], str) else type(o["geometryId"]).__name__
        )
    return o


out = {}

engine = NullEngine()
scene = Scene(engine)
boxMat = StandardMaterial("boxMat", scene)
base = boxMat.uniqueId
box = MeshBuilder.CreateBox("box", {"size": 2}, scene)
box.material = boxMat
box.position = Vector3(1, 2, 3)
box.rotation = Vector3(0.1, 0.2, 0.3)
box.scaling = Vector3(1, 2, 1)
box.setPivotPoint(Vector3(0.5, 0, 0))
box.metadata = {"tag": "crate", "n": 3}
box.layerMask = 0x10
box.alphaIndex = 3
box.visibility = 0.5
box.isPickable = False
box.receiveShadows = True
box.checkCollisions = True
box.isBlocker = True
box.isVisible = False
anim = Animation("move", "position.x", 30, Animation.ANIMATIONTYPE_FLOAT)
anim.setKeys(
    [
        {"frame": 0, "value": 1},
        {"frame": 10, "value": 4},
        {"frame": 20, "value": 2},
    ]
)
box.animations.append(anim)
box.createAnimationRange("walk", 0, 10)
skeleton = Skeleton("rig", "rigId", scene)
box.skeleton = skeleton
inst = box.createInstance("boxInst")
inst.position = Vector3(-3, 0, 0)
inst.rotation = Vector3(0, 1, 0)
inst.scaling = Vector3(2, 2, 2)
inst.metadata = {"inst": True}

ballMat = StandardMaterial("ballMat", scene)
ball = MeshBuilder.CreateSphere("ball", {"diameter": 1, "segments": 3}, scene)
ball.material = ballMat
ball.parent = box
ball.rotationQuaternion = Quaternion(0, 0.6, 0, 0.8)
manager = MorphTargetManager(scene)
target = MorphTarget("bulge", 0.25, scene)
target.setPositions([v * 1.1 for v in ball.getVerticesData("position")])
manager.addTarget(target)
ball.morphTargetManager = manager

boxData = box.serialize()
ballData = ball.serialize()
out["boxSerialized"] = plain(boxData)
out["ballSerialized"] = plain(ballData)
out["ids"] = {
    "box": rel(box.uniqueId),
    "ball": rel(ball.uniqueId),
    "boxMat": rel(boxMat.uniqueId),
    "ballMat": rel(ballMat.uniqueId),
    "boxGeometry": rel(box.geometry.uniqueId),
    "skeleton": rel(skeleton.uniqueId),
    "manager": rel(manager.uniqueId),
}


def inline(data, mesh):
    d = copy.deepcopy(json.loads(json.dumps(data)))
    d.pop("geometryUniqueId", None)
    d.pop("geometryId", None)
    d["positions"] = arr(mesh.getVerticesData("position"))
    d["normals"] = arr(mesh.getVerticesData("normal"))
    d["uvs"] = arr(mesh.getVerticesData("uv"))
    d["indices"] = arr(mesh.getIndices())
    return d


scene2 = Scene(engine)


def head(a, n):
    return list(a)[0:n] if a is not None else None


def read(m):
    bb = m.getBoundingInfo().boundingBox
    walk = m.getAnimationRange("walk")
    return {
        "cls": m.getClassName(),
        "name": m.name,
        "id": m.id,
        "position": v3(m.position),
        "rotation": v3(m.rotation),
        "rotationQuaternion": m.rotationQuaternion.asArray() if m.rotationQuaternion else None,
        "scaling": v3(m.scaling),
        "pivot": arr(m.getPivotMatrix().m),
        "isEnabled": m.isEnabled(False),
        "isVisible": m.isVisible,
        "visibility": m.visibility,
        "isPickable": m.isPickable,
        "receiveShadows": m.receiveShadows,
        "checkCollisions": m.checkCollisions,
        "billboardMode": m.billboardMode,
        "isBlocker": m.isBlocker,
        "layerMask": m.layerMask,
        "alphaIndex": m.alphaIndex,
        "infiniteDistance": m.infiniteDistance,
        "metadata": m.metadata,
        "hasVertexAlpha": m.hasVertexAlpha,
        "isUnIndexed": m.isUnIndexed,
        "sideOrientation": m.sideOrientation,
        "waiting": {
            "parsedUniqueId": rel(getattr(m, "_waitingParsedUniqueId", None)),
            "parentId": rel(getattr(m, "_waitingParentId", None)),
            "materialId": rel(getattr(m, "_waitingMaterialId", None)),
            "skeletonId": getattr(m, "_waitingSkeletonId", None),
            "skeletonUniqueId": rel(getattr(m, "_waitingSkeletonUniqueId", None)),
            "morphTargetManagerId": rel(getattr(m, "_waitingMorphTargetManagerId", None)),
        },
        "skeleton": m.skeleton.name if m.skeleton else None,
        "totalVertices": m.getTotalVertices(),
        "indexCount": m.getTotalIndices(),
        "positionsHead": head(m.getVerticesData("position"), 9),
        "normalsHead": head(m.getVerticesData("normal"), 9),
        "uvsHead": head(m.getVerticesData("uv"), 6),
        "bounds": [v3(bb.minimum), v3(bb.maximum)],
        "subMeshes": [
            [s.materialIndex, s.verticesStart, s.verticesCount, s.indexStart, s.indexCount]
            for s in m.subMeshes
        ]
        if m.subMeshes is not None
        else None,
        "animations": [
            [
                a.name,
                a.targetProperty,
                a.framePerSecond,
                [[k["frame"], k["value"]] for k in a.getKeys()],
            ]
            for a in m.animations
        ],
        "walk": [walk.from_, walk.to] if walk else None,
        "instances": [
            {
                "name": i.name,
                "id": i.id,
                "position": v3(i.position),
                "rotation": v3(i.rotation),
                "scaling": v3(i.scaling),
                "metadata": i.metadata,
                "isEnabled": i.isEnabled(False),
                "isPickable": i.isPickable,
            }
            for i in m.instances
        ],
        "inScene": scene2.meshes.index(m) if m in scene2.meshes else -1,
    }


box2 = Mesh.Parse(inline(boxData, box), scene2, "")
ball2 = Mesh.Parse(inline(ballData, ball), scene2, "")
out["boxParsed"] = read(box2)
out["ballParsed"] = read(ball2)
# Without inline vertex data and with an unknown geometry id: no geometry.
bare = Mesh.Parse(ballData, scene2, "")
out["bareParsed"] = {
    "vertices": bare.getTotalVertices(),
    "geometry": bare.geometry is None,
    "subMeshes": len(bare.subMeshes) if bare.subMeshes is not None else None,
}

# Delay-loaded mesh: the file, the bounding box and the delayed kinds are stored.
delayed = Mesh.Parse(
    {
        "name": "lazy",
        "id": "lazyId",
        "position": [0, 1, 0],
        "scaling": [1, 1, 1],
        "delayLoadingFile": "lazy.babylonmeshdata",
        "boundingBoxMinimum": [-1, -2, -3],
        "boundingBoxMaximum": [1, 2, 3],
        "hasUVs": True,
        "hasColors": True,
        "hasMatricesWeights": True,
        "layerMask": "-12.7",
    },
    scene2,
    "assets/",
)
dbb = delayed.getBoundingInfo().boundingBox
out["delayed"] = {
    "delayLoadState": delayed.delayLoadState,
    "delayLoadingFile": delayed.delayLoadingFile,
    "delayInfo": delayed._delayInfo,
    "bounds": [v3(dbb.minimum), v3(dbb.maximum)],
    "layerMask": delayed.layerMask,
    "isVisible": delayed.isVisible,
    "isEnabled": delayed.isEnabled(False),
}
masks = [
    Mesh.Parse(
        {"name": "m", "position": [0, 0, 0], "scaling": [1, 1, 1], "layerMask": lm}, scene2, ""
    ).layerMask
    for lm in [0, 7, 3.9, "5", "abc"]
]
out["layerMasks"] = masks

# A ground serializes its grid and parses back as a GroundMesh.
ground = MeshBuilder.CreateGround("ground", {"width": 4, "height": 2, "subdivisions": 2}, scene)
ground.material = boxMat
groundData = {}
# GroundMesh.serialize needs the object to fill, and returns undefined.
out["groundReturn"] = ground.serialize(groundData)
GROUND_KEYS = [
    "type",
    "subdivisionsX",
    "subdivisionsY",
    "minX",
    "maxX",
    "minZ",
    "maxZ",
    "width",
    "height",
]
out["groundSerialized"] = {k: groundData.get(k) for k in GROUND_KEYS}
ground2 = Mesh.Parse(inline(groundData, ground), scene2, "")
out["groundParsed"] = {
    "cls": ground2.getClassName(),
    "subdivisions": ground2.subdivisions,
    "subdivisionsX": ground2.subdivisionsX,
    "subdivisionsY": ground2.subdivisionsY,
    "width": ground2._width,
    "height": ground2._height,
    "minX": ground2._minX,
    "maxZ": ground2._maxZ,
    "vertices": ground2.getTotalVertices(),
    "positionsHead": arr(ground2.getVerticesData("position"))[0:6],
}

print(json.dumps(out))
