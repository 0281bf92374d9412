# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_surface_mesh_ops.mjs against lite_compat.

Babylon.js 9.31 mesh operations: CPU skinning (applySkeleton, getPositionData with the
skeleton, refreshBoundingInfo(true)), validateSkinning/cleanMatrixWeights, morph-applied
position data, increaseVertices, forceSharedVertices, applyDisplacementMapFromBuffer,
optimizeIndicesAsync, thin instances from a matrix buffer (bounds, world matrices, count),
the positional Mesh.CreateBox/CreateSphere/CreatePlane/CreateGround statics, MergeMeshes.
"""

from __future__ import annotations

import asyncio
import json
from array import array

from lite_compat import (
    Bone,
    Matrix,
    Mesh,
    MeshBuilder,
    MorphTarget,
    MorphTargetManager,
    NullEngine,
    Scene,
    Skeleton,
    Vector3,
)

engine = NullEngine()
scene = Scene(engine)


def v3(v):
    return [v.x, v.y, v.z]


def arr(a):
    return None if a is None else list(a)


def bounds(m):
    b = m.getBoundingInfo()
    return [*v3(b.minimum), *v3(b.maximum), *v3(b.boundingBox.centerWorld), b.boundingSphere.radiusWorld]


out = {}

# A two-bone skinned strip.
strip = MeshBuilder.CreateBox("strip", {"width": 1, "height": 4, "depth": 1}, scene)
count = strip.getTotalVertices()
positions = strip.getVerticesData("position")
indices = []
weights = []
for i in range(count):
    upper = positions[i * 3 + 1] > 0
    indices += [1 if upper else 0, 0 if upper else 1, 0, 0]
    weights += [0.75 if upper else 1, 0.25 if upper else 0, 0, 0]
strip.setVerticesData("matricesIndices", indices)
strip.setVerticesData("matricesWeights", weights)
skeleton = Skeleton("skel", "skel", scene)
root = Bone("root", skeleton, None, Matrix.Identity())
tip = Bone("tip", skeleton, root, Matrix.Translation(0, 2, 0))
strip.skeleton = skeleton
tip.setRotation(Vector3(0, 0, 0.6))
root.setPosition(Vector3(0.5, 0, 0))
skeleton.prepare()
out["skinnedData"] = arr(strip.getPositionData(True, False))[0:24]
out["rawData"] = arr(strip.getPositionData(False, False))[0:6]
strip.refreshBoundingInfo(True)
out["skinnedBounds"] = bounds(strip)
out["validate"] = strip.validateSkinning()
strip.applySkeleton(skeleton)
out["applied"] = {
    "positions": arr(strip.getVerticesData("position"))[0:24],
    "normals": arr(strip.getVerticesData("normal"))[0:24],
    "updatable": strip.isVertexBufferUpdatable("position"),
    "source": arr(strip.setPositionsForCPUSkinning())[0:6],
    "sourceNormals": arr(strip.setNormalsForCPUSkinning())[0:6],
}
strip.setVerticesData("matricesWeights", [w * 2 if i % 4 == 0 else w for i, w in enumerate(weights)])
strip.cleanMatrixWeights()
out["cleaned"] = arr(strip.getVerticesData("matricesWeights"))[0:16]

# Morph-applied position data.
morphed = MeshBuilder.CreatePlane("morphed", {"size": 2}, scene)
manager = MorphTargetManager(scene)
target = MorphTarget("t", 0.4, scene)
target.setPositions([v + (1 if i % 3 == 2 else 0.5) for i, v in enumerate(arr(morphed.getVerticesData("position")))])
manager.addTarget(target)
morphed.morphTargetManager = manager
out["morphData"] = arr(morphed.getPositionData(False, True))
morphed.refreshBoundingInfo(False, True)
out["morphBounds"] = bounds(morphed)

# increaseVertices / forceSharedVertices.
dense = MeshBuilder.CreatePlane("dense", {"width": 2, "height": 1}, scene)
dense.increaseVertices(2)
out["increased"] = {
    "total": dense.getTotalVertices(),
    "indices": arr(dense.getIndices()),
    "positions": arr(dense.getVerticesData("position")),
    "normals": arr(dense.getVerticesData("normal")),
    "uvs": arr(dense.getVerticesData("uv")),
}
sharedBox = MeshBuilder.CreateBox("sharedBox", {"size": 2}, scene)
sharedBox.forceSharedVertices()
out["sharedVertices"] = {
    "total": sharedBox.getTotalVertices(),
    "indices": arr(sharedBox.getIndices()),
    "positions": arr(sharedBox.getVerticesData("position")),
    "normals": arr(sharedBox.getVerticesData("normal")),
    "uvs": arr(sharedBox.getVerticesData("uv")),
}

# Displacement from an RGBA buffer.
terrain = MeshBuilder.CreateGround("terrain", {"width": 2, "height": 2, "subdivisions": 3, "updatable": True}, scene)
w = 4
h = 4
pixels = []
for i in range(w * h):
    pixels += [(i * 37) % 256, (i * 91) % 256, (i * 13) % 256, 255]
terrain.applyDisplacementMapFromBuffer(pixels, w, h, -0.5, 1.5)
out["displaced"] = {"positions": arr(terrain.getVerticesData("position")), "normals": arr(terrain.getVerticesData("normal"))}

# optimizeIndicesAsync.
sphere = MeshBuilder.CreateSphere("sphere", {"segments": 2}, scene)
asyncio.run(sphere.optimizeIndicesAsync())
out["optimized"] = arr(sphere.getIndices())

# Thin instances from a buffer.
many = MeshBuilder.CreateBox("many", {}, scene)
buffer = array("f", bytes(4 * 48))
Matrix.Translation(3, 0, 0).copyToArray(buffer, 0)
Matrix.Scaling(2, 2, 2).multiply(Matrix.Translation(-2, 1, 0)).copyToArray(buffer, 16)
Matrix.RotationY(0.5).multiply(Matrix.Translation(0, 0, 4)).copyToArray(buffer, 32)
many.thinInstanceSetBuffer("matrix", buffer, 16)
out["thin"] = {
    "count": many.thinInstanceCount,
    "has": many.hasThinInstances,
    "bounds": bounds(many),
    "raw": [*v3(many.rawBoundingInfo.minimum), *v3(many.rawBoundingInfo.maximum)],
    "world": [list(m.m) for m in many.thinInstanceGetWorldMatrices()],
}
many.position.set(1, 1, 1)
many.computeWorldMatrix(True)
out["thinMoved"] = bounds(many)
many.thinInstanceCount = 2
many.thinInstanceSetMatrixAt(1, Matrix.Translation(0, 5, 0))
out["thinSet"] = {"count": many.thinInstanceCount, "bounds": bounds(many)}
many.thinInstanceRegisterAttribute("color", 4)
out["thinAttr"] = [many.thinInstanceSetAttributeAt("color", 1, [1, 0.5, 0.25, 1]), many.thinInstanceSetAttributeAt("color", 2, [1, 1, 1, 1])]

# Positional Create statics.
legacy = [
    Mesh.CreateBox("lb", 3, scene),
    Mesh.CreateSphere("ls", 4, 2, scene),
    Mesh.CreatePlane("lp", 2.5, scene),
    Mesh.CreateGround("lg", 4, 2, 2, scene),
]
out["legacy"] = [[m.getClassName(), m.getTotalVertices(), m.getTotalIndices(), *bounds(m)] for m in legacy]

# MergeMeshes: world-space vertex data, a mirrored mesh's faces flipped, sub-meshes.
partA = MeshBuilder.CreateBox("partA", {"size": 1}, scene)
partA.position.set(2, 0, 0)
partA.rotation.y = 0.4
partB = MeshBuilder.CreatePlane("partB", {"size": 2}, scene)
partB.scaling.set(-1, 1, 1)
partB.position.set(0, 3, 0)
partC = MeshBuilder.CreateBox("partC", {"width": 2, "height": 1, "depth": 1}, scene)
partC.position.set(0, 0, -2)
merged = Mesh.MergeMeshes([partA, partB], False)
out["merged"] = {
    "name": merged.name,
    "total": merged.getTotalVertices(),
    "indices": arr(merged.getIndices()),
    "positions": arr(merged.getVerticesData("position")),
    "normals": arr(merged.getVerticesData("normal")),
    "uvs": arr(merged.getVerticesData("uv")),
    "bounds": bounds(merged),
    "sourcesKept": [partA in scene.meshes, partB in scene.meshes],
}
split = Mesh.MergeMeshes([partA, partC], True, True, None, True)
out["mergedSplit"] = {
    "total": split.getTotalVertices(),
    "subMeshes": [[s.verticesStart, s.verticesCount, s.indexStart, s.indexCount] for s in split.subMeshes],
    "bounds": bounds(split),
    "disposed": [partA not in scene.meshes, partC not in scene.meshes],
}

print(json.dumps(out))
