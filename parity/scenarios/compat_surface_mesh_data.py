# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_surface_mesh_data.mjs against lite_compat.

Babylon.js 9.31 mesh data and bounds: setVerticesData (static and updatable, float32),
updateVerticesData with and without updateExtends, updateMeshPositions (normals recomputed),
getBoundingInfo (box corners, centers, extend sizes, sphere radii) after transforms and
parenting, refreshBoundingInfo, buildBoundingInfo/setBoundingInfo, intersectsPoint/Mesh,
getHierarchyBoundingVectors, normalizeToUnitCube, Mesh.MinMax/Center, createNormals,
bakeTransformIntoVertices/bakeCurrentTransformIntoVertices (mirroring flips faces),
flipFaces, convertToFlatShadedMesh, convertToUnIndexedMesh, makeGeometryUnique, toLeftHanded,
subdivide, optimizeIndices (its callback result), isVerticesDataPresent/getVerticesDataKinds, submeshes.
"""

from __future__ import annotations

import json

from lite_compat import (
    Matrix,
    Mesh,
    MeshBuilder,
    NullEngine,
    Quaternion,
    Scene,
    TransformNode,
    Vector3,
)

engine = NullEngine()
scene = Scene(engine)


def v3(v):
    return [v.x, v.y, v.z]


def arr(a):
    return None if a is None else list(a)


def bounds(mesh):
    info = mesh.getBoundingInfo()
    box = info.boundingBox
    sphere = info.boundingSphere
    return {
        "minimum": v3(info.minimum),
        "maximum": v3(info.maximum),
        "minimumWorld": v3(box.minimumWorld),
        "maximumWorld": v3(box.maximumWorld),
        "centerWorld": v3(box.centerWorld),
        "extendSize": v3(box.extendSize),
        "extendSizeWorld": v3(box.extendSizeWorld),
        "vectorsWorld": [v3(v) for v in box.vectorsWorld],
        "directions": [v3(v) for v in box.directions],
        "radius": sphere.radius,
        "radiusWorld": sphere.radiusWorld,
        "sphereCenterWorld": v3(sphere.centerWorld),
        "diagonalLength": info.diagonalLength,
    }


out = {}

# A hand-made triangle pair, static then updatable.
quad = Mesh("quad", scene)
positions = [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0.5]
quad.setVerticesData("position", positions)
quad.setIndices([0, 1, 2, 0, 2, 3])
out["quadStatic"] = {
    "total": quad.getTotalVertices(),
    "totalIndices": quad.getTotalIndices(),
    "kinds": quad.getVerticesDataKinds(),
    "present": [quad.isVerticesDataPresent("position"), quad.isVerticesDataPresent("normal")],
    "updatable": quad.isVertexBufferUpdatable("position"),
    "sameArray": quad.getVerticesData("position") is positions,
    "bounds": bounds(quad),
    "subMeshes": [[s.materialIndex, s.verticesStart, s.verticesCount, s.indexStart, s.indexCount] for s in quad.subMeshes],
}
quad.createNormals(False)
out["quadNormals"] = arr(quad.getVerticesData("normal"))
# A static buffer ignores updateVerticesData (Babylon keeps the old data) but updateExtends
# still refreshes the bounds from the data given.
quad.updateVerticesData("position", [0, 0, 0, 2, 0, 0, 2, 2, 0, 0, 2, 0], True)
out["quadStaticUpdate"] = {"data": arr(quad.getVerticesData("position")), "bounds": bounds(quad)}
quad.setVerticesData("position", [0.1, 0.2, 0.3, 1.7, 0.1, 0, 1.3, 1.1, 0, 0, 1, 0.25], True)
out["quadUpdatable"] = {"data": arr(quad.getVerticesData("position")), "updatable": quad.isVertexBufferUpdatable("position"), "bounds": bounds(quad)}
quad.updateVerticesData("position", [0, 0, 0, 3, 0, 0, 3, 3, 0, 0, 3, 1], False)
out["quadNoExtend"] = {"data": arr(quad.getVerticesData("position")), "bounds": bounds(quad)}
quad.refreshBoundingInfo()
out["quadRefreshed"] = bounds(quad)

# updateMeshPositions on an updatable sphere: positions edited in place, normals recomputed.
sphere = MeshBuilder.CreateSphere("sphere", {"segments": 3, "diameter": 2, "updatable": True}, scene)


def morph(p):
    for i in range(0, len(p), 3):
        p[i] *= 1.5
        p[i + 1] += p[i] * 0.25


sphere.updateMeshPositions(morph)
out["sphereMorphed"] = {
    "positions": arr(sphere.getVerticesData("position")),
    "normals": arr(sphere.getVerticesData("normal")),
    "boundsBefore": bounds(sphere),
}
sphere.refreshBoundingInfo()
out["sphereMorphed"]["boundsAfter"] = bounds(sphere)

# Bounds under a transform and a parent.
root = TransformNode("root", scene)
root.position.set(1, 2, 3)
root.rotation.y = 0.7
root.scaling.set(2, 1, 0.5)
box = MeshBuilder.CreateBox("box", {"width": 2, "height": 1, "depth": 3}, scene)
box.parent = root
box.position.set(0.5, -1, 2)
box.rotationQuaternion = Quaternion.RotationYawPitchRoll(0.3, -0.2, 0.9)
box.computeWorldMatrix(True)
out["boxWorld"] = bounds(box)
out["boxTests"] = {
    "inside": box.intersectsPoint(box.getBoundingInfo().boundingBox.centerWorld),
    "outside": box.intersectsPoint(Vector3(100, 0, 0)),
}
other = MeshBuilder.CreateBox("other", {"size": 1}, scene)
other.position.copyFrom(box.getAbsolutePosition()).addInPlace(Vector3(1.6, 0, 0))
other.computeWorldMatrix(True)
out["intersects"] = [box.intersectsMesh(other, False), box.intersectsMesh(other, True)]
other.position.x += 10
other.computeWorldMatrix(True)
out["intersectsFar"] = [box.intersectsMesh(other, False), box.intersectsMesh(other, True)]
child = MeshBuilder.CreateSphere("child", {"segments": 2, "diameter": 1}, scene)
child.parent = box
child.position.set(0, 3, 0)
h = box.getHierarchyBoundingVectors(True)
out["hierarchy"] = {"min": v3(h.min), "max": v3(h.max)}
hb = box.getHierarchyBoundingVectors(False)
out["hierarchyBoxOnly"] = {"min": v3(hb.min), "max": v3(hb.max)}
mm = Mesh.MinMax([box, child, other])
out["minMax"] = {"min": v3(mm.min), "max": v3(mm.max), "center": v3(Mesh.Center([box, child, other]))}
box.normalizeToUnitCube(True)
out["normalized"] = v3(box.scaling)

# buildBoundingInfo / setBoundingInfo / locks.
custom = MeshBuilder.CreateBox("custom", {}, scene)
custom.position.set(3, 0, 0)
custom.computeWorldMatrix(True)
custom.buildBoundingInfo(Vector3(-2, -2, -2), Vector3(2, 2, 2))
out["built"] = bounds(custom)
custom.getBoundingInfo().isLocked = True
custom.refreshBoundingInfo()
out["locked"] = bounds(custom)
custom.getBoundingInfo().isLocked = False
custom.refreshBoundingInfo()
out["unlocked"] = bounds(custom)

# Baking transforms, mirrored (faces flip), then the current transform.
baked = MeshBuilder.CreateBox("baked", {"size": 1}, scene)
baked.bakeTransformIntoVertices(Matrix.Scaling(-1, 2, 1).multiply(Matrix.Translation(1, 0, 0)))
out["bakeMirror"] = {
    "positions": arr(baked.getVerticesData("position")),
    "normals": arr(baked.getVerticesData("normal")),
    "indices": arr(baked.getIndices()),
    "bounds": bounds(baked),
}
current = MeshBuilder.CreateBox("current", {"width": 1, "height": 2, "depth": 1}, scene)
current.position.set(1, 2, 3)
current.rotation.set(0.1, 0.5, -0.3)
current.scaling.set(1, 0.5, 2)
current.bakeCurrentTransformIntoVertices()
current.computeWorldMatrix(True)
out["bakeCurrent"] = {
    "positions": arr(current.getVerticesData("position")),
    "normals": arr(current.getVerticesData("normal")),
    "position": v3(current.position),
    "rotation": v3(current.rotation),
    "scaling": v3(current.scaling),
    "bounds": bounds(current),
}

# flipFaces, flat shading, un-indexing, left-handed conversion, subdivide, optimizeIndices.
flipped = MeshBuilder.CreatePlane("flipped", {"size": 2}, scene)
flipped.flipFaces(True)
out["flipped"] = {"indices": arr(flipped.getIndices()), "normals": arr(flipped.getVerticesData("normal"))}
flat = MeshBuilder.CreateSphere("flat", {"segments": 2, "diameter": 1}, scene)
flat.convertToFlatShadedMesh()
out["flat"] = {
    "total": flat.getTotalVertices(),
    "isUnIndexed": flat.isUnIndexed,
    "indices": arr(flat.getIndices())[0:12],
    "positions": arr(flat.getVerticesData("position"))[0:36],
    "normals": arr(flat.getVerticesData("normal"))[0:36],
    "uvs": arr(flat.getVerticesData("uv"))[0:24],
    "bounds": bounds(flat),
}
unindexed = MeshBuilder.CreateGround("unindexed", {"width": 2, "height": 2, "subdivisions": 2}, scene)
unindexed.convertToUnIndexedMesh()
out["unindexed"] = {"total": unindexed.getTotalVertices(), "positions": arr(unindexed.getVerticesData("position")), "normals": arr(unindexed.getVerticesData("normal"))}
lefty = MeshBuilder.CreatePlane("lefty", {"width": 2, "height": 1}, scene)
lefty.position.z = 1
lefty.toLeftHanded()
out["lefty"] = {"indices": arr(lefty.getIndices()), "positions": arr(lefty.getVerticesData("position")), "normals": arr(lefty.getVerticesData("normal"))}
split = MeshBuilder.CreateBox("split", {}, scene)
split.subdivide(4)
out["split"] = [[s.verticesStart, s.verticesCount, s.indexStart, s.indexCount] for s in split.subMeshes]
dedup = MeshBuilder.CreateBox("dedup", {}, scene)
# optimizeIndices finishes in a later task in Babylon.js (here at once): use its callback.
captured = {}
dedup.optimizeIndices(lambda m: captured.update(indices=arr(m.getIndices())))
out["dedup"] = captured["indices"]

# Shared geometry: a clone shares it until makeGeometryUnique.
shared = MeshBuilder.CreateBox("shared", {"size": 2, "updatable": True}, scene)
twin = shared.clone("twin")
out["sharedBefore"] = [twin.geometry is shared.geometry, len(shared.geometry.meshes)]
twin.makeGeometryUnique()
twin.updateVerticesData("position", [v * 3 for v in twin.getVerticesData("position")], True)
out["sharedAfter"] = {
    "same": twin.geometry is shared.geometry,
    "counts": [len(shared.geometry.meshes), len(twin.geometry.meshes)],
    "sourceFirst": arr(shared.getVerticesData("position"))[0:6],
    "twinFirst": arr(twin.getVerticesData("position"))[0:6],
    "twinBounds": bounds(twin),
    "copyWhenShared": shared.getVerticesData("position", True) is shared.getVerticesData("position"),
}

print(json.dumps(out))
