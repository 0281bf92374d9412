# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_surface_mesh_instances.mjs against lite_compat.

Babylon.js 9.31 instances, clones and mesh state: createInstance (shared geometry and
material, own transform and bounds, instances list, dispose), an instance animated by
beginAnimation and by an AnimationGroup, clone (state copied, children cloned, geometry
shared), the default values of AbstractMesh/Mesh flags, meshBlendingTag, facet data
(normals, positions, partitioning, closest facet), movePOV/rotatePOV, alignWithNormal,
moveWithCollisions with nothing to collide, LOD levels by distance, toString.
"""

from __future__ import annotations

import json
import math

from lite.errors import LiteError
from lite_compat import (
    Animation,
    AnimationGroup,
    FreeCamera,
    Mesh,
    MeshBuilder,
    NullEngine,
    Scene,
    StandardMaterial,
    TransformNode,
    Vector3,
)

engine = NullEngine()
scene = Scene(engine)


def v3(v):
    return [v.x, v.y, v.z]


def box3(mesh):
    b = mesh.getBoundingInfo().boundingBox
    return {"min": v3(b.minimumWorld), "max": v3(b.maximumWorld), "center": v3(b.centerWorld), "radiusWorld": mesh.getBoundingInfo().boundingSphere.radiusWorld}


out = {}

material = StandardMaterial("mat", scene)
source = MeshBuilder.CreateBox("source", {"width": 2, "height": 1, "depth": 1}, scene)
source.material = material
source.position.set(1, 0, 0)
source.rotation.y = 0.25
source.visibility = 0.5
parent = TransformNode("parent", scene)
source.parent = parent
source.createAnimationRange("walk", 0, 10)
inst = source.createInstance("inst")
out["instanceCreated"] = {
    "className": inst.getClassName(),
    "isAnInstance": inst.isAnInstance,
    "sourceIsSource": inst.sourceMesh is source,
    "sameGeometry": inst.geometry is source.geometry,
    "material": inst.material.name,
    "visibility": inst.visibility,
    "parent": inst.parent.name,
    "position": v3(inst.position),
    "rotation": v3(inst.rotation),
    "totalVertices": inst.getTotalVertices(),
    "totalIndices": inst.getTotalIndices(),
    "firstPositions": list(inst.getVerticesData("position"))[0:6],
    "hasInstances": source.hasInstances,
    "instances": [i.name for i in source.instances],
    "ranges": [[r.name, r.from_, r.to] for r in inst.getAnimationRanges()],
    "subMeshes": len(inst.subMeshes),
    "inScene": inst in scene.meshes,
}
inst.material = None
inst.visibility = 1
out["instanceSetters"] = {"material": inst.material.name, "visibility": inst.visibility}
inst.position.set(-3, 2, 1)
inst.scaling.set(2, 2, 2)
inst.computeWorldMatrix(True)
source.computeWorldMatrix(True)
out["instanceBounds"] = {"instance": box3(inst), "source": box3(source)}

# An instance animates like any node.
slide = Animation("slide", "position.x", 30, Animation.ANIMATIONTYPE_FLOAT)
slide.setKeys([{"frame": 0, "value": 0}, {"frame": 30, "value": 6}])
inst.animations.append(slide)
scene.beginAnimation(inst, 0, 30, False)
frames = []
for _i in range(4):
    scene._animate(250)
    inst.computeWorldMatrix(True)
    frames.append([inst.position.x, inst.getBoundingInfo().boundingBox.centerWorld.x])
out["instanceAnimated"] = frames
inst2 = source.createInstance("inst2")
spin = Animation("spin", "rotation.y", 30, Animation.ANIMATIONTYPE_FLOAT)
spin.setKeys([{"frame": 0, "value": 0}, {"frame": 60, "value": math.pi}])
group = AnimationGroup("group", scene)
group.addTargetedAnimation(spin, inst2)
group.play(False)
spins = []
for _i in range(3):
    scene._animate(400)
    inst2.computeWorldMatrix(True)
    spins.append([inst2.rotation.y, *v3(inst2.getBoundingInfo().boundingBox.maximumWorld)])
out["instanceGroup"] = spins
inst3 = inst.clone("inst3")
out["instanceClone"] = {"className": inst3.getClassName(), "source": inst3.sourceMesh.name, "position": v3(inst3.position), "scaling": v3(inst3.scaling), "instances": [i.name for i in source.instances]}
inst.dispose()
out["afterDispose"] = {"instances": [i.name for i in source.instances], "inScene": inst in scene.meshes}

# Clone: state copied, geometry shared, children cloned.
source.isPickable = False
source.checkCollisions = True
source.alphaIndex = 3
source.receiveShadows = True
source.outlineWidth = 0.5
source.ellipsoid.set(1, 2, 3)
kid = MeshBuilder.CreateSphere("kid", {"segments": 2}, scene)
kid.parent = source
kid.position.set(0, 2, 0)
copy = source.clone("copy")
out["clone"] = {
    "name": copy.name,
    "id": copy.id,
    "parent": copy.parent.name,
    "position": v3(copy.position),
    "rotation": v3(copy.rotation),
    "material": copy.material.name,
    "sameGeometry": copy.geometry is source.geometry,
    "isPickable": copy.isPickable,
    "checkCollisions": copy.checkCollisions,
    "alphaIndex": copy.alphaIndex,
    "receiveShadows": copy.receiveShadows,
    "visibility": copy.visibility,
    "outlineWidth": copy.outlineWidth,
    "ellipsoid": v3(copy.ellipsoid),
    "ellipsoidShared": copy.ellipsoid is source.ellipsoid,
    "source": copy.source.name,
    "children": [[c.name, *v3(c.position)] for c in copy.getChildMeshes(True)],
    "instances": len(copy.instances),
    "ranges": [[r.name, r.from_, r.to] for r in copy.getAnimationRanges()],
}

# Defaults of the plain state.
plain = Mesh("plain", scene)
flags = [
    "isBlocker", "isNearPickable", "isNearGrabbable", "showSubMeshesBoundingBox", "enablePointerMoveEvents",
    "outlineWidth", "overlayAlpha", "useOctreeForRenderingSelection", "useOctreeForPicking", "useOctreeForCollisions",
    "edgesWidth", "definedFacingForward", "collisionMask", "collisionGroup", "collisionResponse", "collisionRetryCount",
    "hasVertexAlpha", "useVertexColors", "computeBonesUsingShaders", "numBoneInfluencers", "applyFog", "enableDistantPicking",
    "partitioningSubdivisions", "partitioningBBoxRatio", "mustDepthSortFacets", "facetNb", "isFacetDataEnabled",
    "occlusionRetryCount", "occlusionType", "occlusionQueryAlgorithmType", "isOccluded", "isOcclusionQueryInProgress",
    "forceRenderingWhenOccluded", "occlusionForRenderPassId", "showBoundingBox", "meshBlendingTag", "isAnInstance",
    "hasInstances", "hasThinInstances", "hasBoundingInfo", "isBlocked", "pointerOverDisableMeshTesting", "delayLoadState",
    "ignoreCameraMaxZ", "sideOrientation", "overrideMaterialSideOrientation", "forcedInstanceCount", "thinInstanceCount",
    "useLODScreenCoverage", "hasLODLevels", "areNormalsFrozen", "isUnIndexed", "cullingStrategy", "alphaIndex",
]  # fmt: skip
out["defaults"] = {f: getattr(plain, f) for f in flags}
out["defaultColors"] = {"outline": [plain.outlineColor.r, plain.outlineColor.g, plain.outlineColor.b], "edges": [plain.edgesColor.r, plain.edgesColor.g, plain.edgesColor.b, plain.edgesColor.a], "ellipsoid": v3(plain.ellipsoid), "ellipsoidOffset": v3(plain.ellipsoidOffset)}
out["defaultNulls"] = [getattr(plain, f) is None for f in ["actionManager", "rawBoundingInfo", "surroundingMeshes", "edgesRenderer", "bakedVertexAnimationManager", "overrideRenderingFillMode", "source", "cloneMeshMap", "geometry", "collider"]]
out["emptyData"] = [plain.getTotalVertices(), plain.getTotalIndices(), len(plain.getIndices()), plain.getVerticesData("position"), plain.isVerticesDataPresent("position"), len(plain.getVerticesDataKinds())]
plain.collisionMask = math.nan
plain.collisionGroup = 5
plain.meshBlendingTag = 65
out["setters"] = [plain.collisionMask, plain.collisionGroup, plain.meshBlendingTag]
tagError = False
try:
    plain.meshBlendingTag = 64
except LiteError:
    tagError = True
out["tagError"] = [tagError, plain.meshBlendingTag]
out["toString"] = [source.toString(), source.toString(True), inst2.toString()]

# Facet data.
ground = MeshBuilder.CreateGround("ground", {"width": 4, "height": 2, "subdivisions": 2}, scene)
ground.position.set(1, 1, 0)
ground.rotation.x = 0.3
ground.computeWorldMatrix(True)
ground.updateFacetData()
projected = Vector3.Zero()
closest = ground.getClosestFacetAtCoordinates(1.2, 1.5, 0.2, projected)
params = ground.getFacetDataParameters()
out["facets"] = {
    "facetNb": ground.facetNb,
    "enabled": ground.isFacetDataEnabled,
    "localNormals": [v3(v) for v in ground.getFacetLocalNormals()],
    "localPositions": [v3(v) for v in ground.getFacetLocalPositions()],
    "partitioning": [list(b) if b else None for b in ground.getFacetLocalPartitioning()],
    "position3": v3(ground.getFacetPosition(3)),
    "normal3": v3(ground.getFacetNormal(3)),
    "atLocal": ground.getFacetsAtLocalCoordinates(0.5, 0, 0.2),
    "closest": closest,
    "projected": v3(projected),
    "closestLocal": ground.getClosestFacetAtLocalCoordinates(-1.5, 0.1, -0.6),
    "params": [params.ratio, params.subDiv.max, params.subDiv.X, params.subDiv.Y, params.subDiv.Z],
}
ground.disableFacetData()
out["facetsDisabled"] = [ground.isFacetDataEnabled, ground.facetNb]

# POV moves, alignWithNormal, moveWithCollisions.
walker = MeshBuilder.CreateBox("walker", {}, scene)
walker.rotation.set(0.2, 0.8, -0.1)
walker.movePOV(1, 2, 3)
out["pov"] = {"afterMove": v3(walker.position), "calc": v3(walker.calcMovePOV(0.5, -1, 2)), "rotate": v3(walker.calcRotatePOV(0.1, 0.2, 0.3))}
walker.rotatePOV(0.1, 0.2, 0.3)
out["pov"]["afterRotate"] = v3(walker.rotation)
walker.definedFacingForward = False
out["pov"]["flipped"] = v3(walker.calcMovePOV(1, 2, 3))
walker.alignWithNormal(Vector3(1, 1, 0).normalize())
out["aligned"] = v3(walker.rotation)
source.checkCollisions = False
for m in scene.meshes:
    m.checkCollisions = False
walker.position.set(0, 0, 0)
walker.ellipsoid.set(0.5, 0.75, 0.25)
walker.moveWithCollisions(Vector3(0.3, -0.2, 0.7))
afterMove = v3(walker.position)
walker.moveWithCollisions(Vector3(0.0004, 0, 0))
out["collisions"] = {"afterMove": afterMove, "tiny": v3(walker.position)}

# LOD by distance.
hero = MeshBuilder.CreateSphere("hero", {"segments": 4}, scene)
mid = MeshBuilder.CreateSphere("mid", {"segments": 2}, scene)
far = MeshBuilder.CreateBox("far", {}, scene)
hero.addLODLevel(30, far)
hero.addLODLevel(10, mid)
hero.addLODLevel(60, None)
camera = FreeCamera("camera", Vector3(0, 0, -5), scene)
picks = []
for z in [-5, -15, -40, -80]:
    camera.position.z = z
    camera.getViewMatrix(True)
    lod = hero.getLOD(camera)
    picks.append(lod.name if lod else None)
out["lod"] = {
    "levels": [[lv.distanceOrScreenCoverage, lv.mesh.name if lv.mesh else None] for lv in hero.getLODLevels()],
    "picks": picks,
    "hasLOD": hero.hasLODLevels,
    "midBlocked": mid.isBlocked,
    "atDistance": hero.getLODLevelAtDistance(30).name,
}
hero.removeLODLevel(mid)
out["lodRemoved"] = {"levels": [lv.distanceOrScreenCoverage for lv in hero.getLODLevels()], "midBlocked": mid.isBlocked}

print(json.dumps(out))
