# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of scene_objects.mjs against lite_compat's scene objects.

World matrices of a parented hierarchy (Euler rotation vs rotationQuaternion, negative scale,
scalingDeterminant, pivot), Babylon's world-matrix cache (stale until dirty or forced),
setParent/rotate/translate/setAbsolutePosition, MeshBuilder vertex data (every value for small
tessellations, counts and sums for the default sphere), ArcRotateCamera positions for several
alpha/beta/radius/targets (limits, custom up vector, node targets, setPosition), FreeCamera
setTarget and view matrices, light and material defaults and setters.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from types import SimpleNamespace

from lite_compat import (
    ArcRotateCamera,
    Color3,
    DirectionalLight,
    FreeCamera,
    HemisphericLight,
    Light,
    Matrix,
    Mesh,
    MeshBuilder,
    NullEngine,
    PointLight,
    Quaternion,
    Scene,
    Space,
    StandardMaterial,
    TransformNode,
    Vector3,
    Vector4,
)


def num(x: float) -> float | str:
    return x if math.isfinite(x) else ("NaN" if math.isnan(x) else ("Infinity" if x > 0 else "-Infinity"))


def v3(v: Vector3) -> list[float | str]:
    return [num(v.x), num(v.y), num(v.z)]


def q4(q: Quaternion) -> list[float | str]:
    return [num(q.x), num(q.y), num(q.z), num(q.w)]


def c3(c: Color3) -> list[float | str]:
    return [num(c.r), num(c.g), num(c.b)]


def mat(m: Matrix) -> list[float | str]:
    return [num(x) for x in m.m]


def nums(a: Iterable[float]) -> list[float | str]:
    return [num(x) for x in a]


def sum_(a: Sequence[float]) -> float:
    s = 0.0
    for x in a:
        s += x
    return s


def sumAbs(a: Sequence[float]) -> float:
    s = 0.0
    for x in a:
        s += abs(x)
    return s


# (No Logger in Python: the JS script silences the NullEngine banner on stdout.)
engine = NullEngine()
scene = Scene(engine)

# ---------------------------------------------------------------- hierarchy
root = TransformNode("root", scene)
root.position = Vector3(1, 2, 3)
root.rotation = Vector3(0.3, -0.7, 1.1)
root.scaling = Vector3(2, 2, 2)

arm = TransformNode("arm", scene)
arm.parent = root
arm.position.set(0.5, -1, 4)
arm.rotationQuaternion = Quaternion.RotationAxis(Vector3(1, 1, 0), 0.8)
arm.rotation.x = 5  # ignored: the quaternion wins
arm.scaling = Vector3(1, -1, 0.5)

hand = MeshBuilder.CreateBox("hand", {"size": 0.5}, scene)
hand.parent = arm
hand.position.z = 2
hand.rotation.y = math.pi / 3
hand.scalingDeterminant = -1

mirrored = TransformNode("mirrored", scene)
mirrored.scaling.set(-1, 1, 1)
mirrored.rotation.set(0.1, 0.2, 0.3)
mirrored.parent = root

pivoted = TransformNode("pivoted", scene)
pivoted.position.set(0, 1, 0)
pivoted.rotation.z = math.pi / 2
pivoted.setPivotPoint(Vector3(1, 0, 0))

hierarchy: dict[str, object] = {}
for node in [root, arm, hand, mirrored, pivoted]:
    world = node.computeWorldMatrix(True)
    hierarchy[node.name] = {
        "world": mat(world),
        "absolutePosition": v3(node.getAbsolutePosition()),
        "absoluteScaling": v3(node.absoluteScaling),
        "absoluteRotationQuaternion": q4(node.absoluteRotationQuaternion),
        "rotation": v3(node.rotation),
        "rotationQuaternion": q4(node.rotationQuaternion) if node.rotationQuaternion else None,
        "nonUniformScaling": node.nonUniformScaling,
        "determinant": num(world.determinant()),
        "children": [c.name for c in node.getChildren()],
        "parent": node.parent.name if node.parent else None,
        "className": node.getClassName(),
        "forward": v3(node.forward),
        "up": v3(node.up),
        "right": v3(node.right),
    }
hierarchy["descendantsOfRoot"] = [c.name for c in root.getDescendants()]
hierarchy["rootNodes"] = [n.name for n in scene.rootNodes if isinstance(n, TransformNode)]

# ---------------------------------------------------------------- world-matrix cache
probe = TransformNode("probe", scene)
probe.position.x = 1
cache: dict[str, object] = {}
cache["first"] = probe.computeWorldMatrix().m[12]
probe.position.x = 5
cache["staleCompute"] = probe.computeWorldMatrix().m[12]
cache["staleGet"] = probe.getWorldMatrix().m[12]
cache["staleAbsolute"] = probe.getAbsolutePosition().x
probe.position = Vector3(7, 0, 0)
cache["afterAssign"] = probe.computeWorldMatrix().m[12]
probe.position.x = 9
cache["forced"] = probe.computeWorldMatrix(True).m[12]
probe.rotation.y = 1
probe.markAsDirty()
cache["afterMarkAsDirty"] = mat(probe.getWorldMatrix())
probeChild = TransformNode("probeChild", scene)
probeChild.position.y = 2
probeChild.parent = probe
cache["childWorld"] = mat(probeChild.computeWorldMatrix())
probe.position.z = 3
cache["childStale"] = mat(probeChild.computeWorldMatrix())
cache["childForced"] = mat(probeChild.computeWorldMatrix(True))

# ---------------------------------------------------------------- setParent, rotate, translate
other = TransformNode("other", scene)
other.position.set(-3, 1, 0)
other.rotation.y = 1
other.scaling.set(1, 2, 1)
child2 = TransformNode("child2", scene)
child2.position.set(1, 1, 1)
child2.rotation.set(0.2, 0.4, 0.6)
before = mat(child2.computeWorldMatrix(True))
child2.setParent(other)
ops: dict[str, object] = {
    "worldBefore": before,
    "afterSetParent": {
        "position": v3(child2.position),
        "rotation": v3(child2.rotation),
        "scaling": v3(child2.scaling),
        "world": mat(child2.computeWorldMatrix(True)),
    },
}
child2.setParent(None)
ops["afterUnparent"] = {
    "position": v3(child2.position),
    "rotation": v3(child2.rotation),
    "scaling": v3(child2.scaling),
    "world": mat(child2.computeWorldMatrix(True)),
}

spinner = TransformNode("spinner", scene)
spinner.rotation.set(0.1, 0.2, 0.3)
spinner.rotate(Vector3(0, 1, 0), 0.5, Space.LOCAL)
ops["rotateLocal"] = {"rotation": v3(spinner.rotation), "rotationQuaternion": q4(spinner.rotationQuaternion)}
spinner.parent = other
spinner.rotate(Vector3(1, 0, 0), -0.25, Space.WORLD)
ops["rotateWorld"] = q4(spinner.rotationQuaternion)
spinner.translate(Vector3(1, 0, 0), 2, Space.LOCAL)
ops["translateLocal"] = v3(spinner.position)
spinner.translate(Vector3(0, 0, 1), 1.5, Space.WORLD)
ops["translateWorld"] = v3(spinner.position)
spinner.setAbsolutePosition(Vector3(4, 5, 6))
ops["setAbsolutePosition"] = v3(spinner.position)
ops["absoluteAfterSet"] = v3(spinner.computeWorldMatrix(True).getTranslation())
spinner.setDirection(Vector3(1, 1, 1))
ops["setDirection"] = q4(spinner.rotationQuaternion)


# ---------------------------------------------------------------- mesh builders
def meshData(mesh: Mesh) -> dict[str, object]:
    out: dict[str, object] = {
        "className": mesh.getClassName(),
        "totalVertices": mesh.getTotalVertices(),
        "totalIndices": mesh.getTotalIndices(),
        "kinds": mesh.getVerticesDataKinds(),
        "positions": nums(mesh.getVerticesData("position")),
        "normals": nums(mesh.getVerticesData("normal")),
        "uvs": nums(mesh.getVerticesData("uv")),
        "indices": list(mesh.getIndices()),
    }
    colors = mesh.getVerticesData("color")
    if colors:
        out["colors"] = nums(colors)
    return out


faceUV = []
faceColors = []
for i in range(6):
    faceUV.append(Vector4(i / 6, 0, (i + 1) / 6, 1))
    faceColors.append(SimpleNamespace(r=i / 5, g=1 - i / 5, b=0.5, a=1))
builders: dict[str, object] = {
    "boxDefault": meshData(MeshBuilder.CreateBox("boxDefault", {}, scene)),
    "boxSized": meshData(MeshBuilder.CreateBox("boxSized", {"width": 2, "height": 3, "depth": 0.5}, scene)),
    "boxDouble": meshData(MeshBuilder.CreateBox("boxDouble", {"size": 2, "sideOrientation": Mesh.DOUBLESIDE}, scene)),
    "boxFaces": meshData(MeshBuilder.CreateBox("boxFaces", {"size": 1.5, "faceUV": faceUV, "faceColors": faceColors}, scene)),
    "boxWrap": meshData(MeshBuilder.CreateBox("boxWrap", {"wrap": True, "topBaseAt": 2, "bottomBaseAt": 3}, scene)),
    "boxBack": meshData(MeshBuilder.CreateBox("boxBack", {"size": 0, "sideOrientation": Mesh.BACKSIDE}, scene)),
    "sphereSmall": meshData(MeshBuilder.CreateSphere("sphereSmall", {"segments": 2, "diameter": 3}, scene)),
    "sphereArc": meshData(
        MeshBuilder.CreateSphere("sphereArc", {"segments": 3, "diameterX": 1, "diameterY": 2, "diameterZ": 3, "arc": 0.5, "slice": 0.75}, scene)
    ),
    "sphereBack": meshData(MeshBuilder.CreateSphere("sphereBack", {"segments": 1, "sideOrientation": Mesh.BACKSIDE}, scene)),
    "sphereDedup": meshData(MeshBuilder.CreateSphere("sphereDedup", {"segments": 2, "dedupTopBottomIndices": True, "slice": 0.5}, scene)),
    "sphereOddSegments": meshData(MeshBuilder.CreateSphere("sphereOdd", {"segments": 2.7, "arc": 1.5}, scene)),
    "planeDefault": meshData(MeshBuilder.CreatePlane("planeDefault", {}, scene)),
    "planeDouble": meshData(
        MeshBuilder.CreatePlane(
            "planeDouble",
            {"width": 2, "height": 0.5, "sideOrientation": Mesh.DOUBLESIDE, "frontUVs": Vector4(0, 0, 0.5, 1), "backUVs": Vector4(0.5, 0, 1, 1)},
            scene,
        )
    ),
    "planeZeroWidth": meshData(MeshBuilder.CreatePlane("planeZero", {"width": 0, "size": 3}, scene)),
    "groundSub": meshData(MeshBuilder.CreateGround("groundSub", {"width": 4, "height": 2, "subdivisions": 2}, scene)),
    "groundXY": meshData(MeshBuilder.CreateGround("groundXY", {"subdivisionsX": 3, "subdivisionsY": 1, "size": 5}, scene)),
}
groundMesh = MeshBuilder.CreateGround("groundProps", {"width": 6, "subdivisionsX": 4, "subdivisionsY": 2}, scene)
builders["groundProps"] = {
    "className": groundMesh.getClassName(),
    "subdivisions": groundMesh.subdivisions,
    "subdivisionsX": groundMesh.subdivisionsX,
    "subdivisionsY": groundMesh.subdivisionsY,
}
bigSphere = MeshBuilder.CreateSphere("bigSphere", {}, scene)
bigPositions = bigSphere.getVerticesData("position") or []
bigNormals = bigSphere.getVerticesData("normal") or []
bigUvs = bigSphere.getVerticesData("uv") or []
bigIndices = bigSphere.getIndices()
builders["sphereDefault"] = {
    "totalVertices": bigSphere.getTotalVertices(),
    "totalIndices": bigSphere.getTotalIndices(),
    "positionsHead": nums(bigPositions[0:300]),
    "positionsTail": nums(bigPositions[-300:]),
    "positionsSum": sum_(bigPositions),
    "positionsSumAbs": sumAbs(bigPositions),
    "normalsSumAbs": sumAbs(bigNormals),
    "uvsSum": sum_(bigUvs),
    "indicesSum": sum_(bigIndices),
    "indicesHead": list(bigIndices[0:60]),
}
emptyMesh = Mesh("empty", scene)
builders["empty"] = {
    "totalVertices": emptyMesh.getTotalVertices(),
    "indices": list(emptyMesh.getIndices()),
    "positions": emptyMesh.getVerticesData("position"),
    "isVisible": emptyMesh.isVisible,
    "visibility": emptyMesh.visibility,
    "material": emptyMesh.material,
}


# ---------------------------------------------------------------- cameras
def arcState(cam: ArcRotateCamera) -> dict[str, object]:
    return {
        "alpha": num(cam.alpha),
        "beta": num(cam.beta),
        "radius": num(cam.radius),
        "position": v3(cam.position),
        "target": v3(cam.target),
        "view": mat(cam.getViewMatrix()),
        "world": mat(cam.getWorldMatrix()),
        "globalPosition": v3(cam.globalPosition),
    }


arcConfigs = [
    [0, math.pi / 2, 10, [0, 0, 0]],
    [1, 1, 10, [0, 0, 0]],
    [-2.5, 0.3, 4, [1, 2, 3]],
    [7, 2.9, 0.5, [-1, 0, 2]],
    [math.pi, math.pi / 2, 0, [0, 0, 0]],
    [0.4, 0, 3, [0, 1, 0]],
    [0.4, -0.6, 3, [0, 0, 0]],
    [2, 4, 2, [5, -5, 5]],
]
arcRotate: dict[str, object] = {}
for i, (a, b, r, t) in enumerate(arcConfigs):
    target = Vector3(t[0], t[1], t[2])
    cam = ArcRotateCamera("arc" + str(i), a, b, r, target, scene)
    state = arcState(cam)
    state["targetIsArgument"] = cam.target is target
    cam.alpha += 0.5
    cam.radius *= 2
    cam.getViewMatrix()
    state["afterAlphaRadius"] = {"position": v3(cam.position)}
    cam.update()
    state["afterUpdate"] = {"alpha": num(cam.alpha), "beta": num(cam.beta), "radius": num(cam.radius), "position": v3(cam.position)}
    arcRotate["config" + str(i)] = state

arc = ArcRotateCamera("arcOps", 1, 1, 10, Vector3.Zero(), scene)
arcOps: dict[str, object] = {
    "defaults": {
        "fov": arc.fov,
        "minZ": arc.minZ,
        "maxZ": arc.maxZ,
        "inertia": arc.inertia,
        "mode": arc.mode,
        "lowerBetaLimit": arc.lowerBetaLimit,
        "upperBetaLimit": arc.upperBetaLimit,
        "lowerAlphaLimit": arc.lowerAlphaLimit,
        "upperRadiusLimit": arc.upperRadiusLimit,
        "allowUpsideDown": arc.allowUpsideDown,
        "upVector": v3(arc.upVector),
        "className": arc.getClassName(),
    },
}
arc.beta = 0
arc.getViewMatrix()
arcOps["betaZero"] = {"position": v3(arc.position), "view": mat(arc.getViewMatrix())}
arc.update()
arcOps["betaZeroAfterUpdate"] = {"beta": arc.beta, "position": v3(arc.position)}
arc.beta = 4
arc.update()
arcOps["betaPastPi"] = {"beta": arc.beta, "position": v3(arc.position)}
arc.lowerBetaLimit = None
arc.upperBetaLimit = None
arc.beta = 4
arc.update()
arcOps["betaUnlimited"] = {"beta": arc.beta, "position": v3(arc.position), "view": mat(arc.getViewMatrix())}
arc.lowerBetaLimit = 0.01
arc.upperBetaLimit = math.pi - 0.01
arc.lowerRadiusLimit = 2
arc.upperRadiusLimit = 8
arc.lowerAlphaLimit = -1
arc.upperAlphaLimit = 1
arc.alpha = 3
arc.radius = 20
arc.beta = 1.2
arc.update()
arcOps["clamped"] = {"alpha": arc.alpha, "radius": arc.radius, "position": v3(arc.position)}
arc.radius = 1
arc.alpha = -3
arc.update()
arcOps["clampedLow"] = {"alpha": arc.alpha, "radius": arc.radius, "position": v3(arc.position)}
arc.lowerRadiusLimit = None
arc.upperRadiusLimit = None
arc.lowerAlphaLimit = None
arc.upperAlphaLimit = None
arc.setPosition(Vector3(3, 4, 5))
arcOps["setPosition"] = {"alpha": arc.alpha, "beta": arc.beta, "radius": arc.radius, "position": v3(arc.position)}
arc.alpha = 20
arc.position = Vector3(-3, 4, -5)
arcOps["positionAssignKeepsTurns"] = {"alpha": arc.alpha, "beta": arc.beta, "radius": arc.radius}
arc.setTarget(Vector3(1, 1, 1))
arcOps["setTarget"] = {"alpha": arc.alpha, "beta": arc.beta, "radius": arc.radius, "position": v3(arc.position), "view": mat(arc.getViewMatrix())}
arc.targetScreenOffset.x = 0.5
arc.targetScreenOffset.y = -0.25
arcOps["screenOffset"] = mat(arc.getViewMatrix())
arc.targetScreenOffset.set(0, 0)
arc.upVector = Vector3(0, 0, 2)
arcOps["customUp"] = {"upVector": v3(arc.upVector), "position": v3(arc.position), "view": mat(arc.getViewMatrix()), "positionAfter": v3(arc.position)}
arc.setPosition(Vector3(2, -1, 3))
arcOps["customUpSetPosition"] = {"alpha": arc.alpha, "beta": arc.beta, "radius": arc.radius}
arc.upVector = Vector3(0, 1, 0)
arc.inertialAlphaOffset = 0.1
arc.inertialBetaOffset = -0.05
arc.inertialRadiusOffset = 0.5
inertia = []
for _ in range(4):
    arc.update()
    inertia.append([arc.alpha, arc.beta, arc.radius, arc.inertialAlphaOffset, arc.inertialBetaOffset, arc.inertialRadiusOffset])
arcOps["inertia"] = inertia

hostNode = TransformNode("host", scene)
hostNode.position.set(2, 0, -1)
follow = ArcRotateCamera("follow", 0.5, 1, 6, hostNode, scene)
arcOps["nodeTarget"] = {"target": v3(follow.target), "position": v3(follow.position), "host": follow.targetHost.name, "alpha": follow.alpha, "beta": follow.beta, "radius": follow.radius}
hostNode.position.set(-1, 3, 0)
hostNode.computeWorldMatrix(True)
follow.getViewMatrix()
arcOps["nodeTargetMoved"] = {"target": v3(follow.target), "position": v3(follow.position)}

free = FreeCamera("free", Vector3(0, 5, -10), scene)
freeOps: dict[str, object] = {
    "defaults": {
        "rotation": v3(free.rotation),
        "rotationQuaternion": free.rotationQuaternion is None,
        "speed": free.speed,
        "fov": free.fov,
        "minZ": free.minZ,
        "maxZ": free.maxZ,
        "inertia": free.inertia,
        "ellipsoid": v3(free.ellipsoid),
        "className": free.getClassName(),
        "activeCamera": scene.activeCamera.name,
    },
}
free.setTarget(Vector3.Zero())
freeOps["setTarget"] = {"rotation": v3(free.rotation), "view": mat(free.getViewMatrix()), "target": v3(free.getTarget()), "world": mat(free.getWorldMatrix()), "globalPosition": v3(free.globalPosition)}
free.rotation.y += 0.5
free.rotation.z = 0.3
freeOps["rotated"] = {"view": mat(free.getViewMatrix()), "target": v3(free.getTarget()), "upVector": v3(free.upVector)}
free.rotationQuaternion = Quaternion.RotationYawPitchRoll(0.3, -0.2, 0.1)
freeOps["quaternion"] = {"view": mat(free.getViewMatrix()), "target": v3(free.getTarget()), "upVector": v3(free.upVector)}
free.rotationQuaternion = None
free.position = Vector3(1, 1, 1)
free.parent = root
freeOps["parented"] = {"view": mat(free.getViewMatrix()), "world": mat(free.getWorldMatrix()), "globalPosition": v3(free.globalPosition)}
free.parent = None
aligned = FreeCamera("aligned", Vector3(1, 2, 3), scene)
aligned.setTarget(Vector3(4, 2, 3))
freeOps["sameZ"] = {"position": v3(aligned.position), "rotation": v3(aligned.rotation)}
freeOps["frontPosition"] = v3(aligned.getFrontPosition(2))

# ---------------------------------------------------------------- lights
hemiDirection = Vector3(0.2, 1, 0.1)
hemi = HemisphericLight("hemi", hemiDirection, scene)
point = PointLight("point", Vector3(1, 2, 3), scene)
sunDirection = Vector3(-1, -2, 0.5)
sun = DirectionalLight("sun", sunDirection, scene)


def lightState(light: Light) -> dict[str, object]:
    direction = getattr(light, "direction", None)
    position = getattr(light, "position", None)
    groundColor = getattr(light, "groundColor", None)
    return {
        "className": light.getClassName(),
        "typeId": light.getTypeID(),
        "intensity": light.intensity,
        "diffuse": c3(light.diffuse),
        "specular": c3(light.specular),
        "range": light.range,
        "radius": light.radius,
        "intensityMode": light.intensityMode,
        "scaledIntensity": light.getScaledIntensity(),
        "falloffType": light.falloffType,
        "isEnabled": light.isEnabled(),
        "direction": v3(direction) if direction else None,
        "position": v3(position) if position else None,
        "groundColor": c3(groundColor) if groundColor else None,
        "absolutePosition": v3(light.getAbsolutePosition()),
        "world": mat(light.computeWorldMatrix(True)),
    }


lights: dict[str, object] = {
    "hemi": lightState(hemi),
    "point": lightState(point),
    "sun": lightState(sun),
    "hemiDirectionIsArgument": hemi.direction is hemiDirection,
    "sunDirectionIsArgument": sun.direction is sunDirection,
    "hemiDefaultDirection": v3(HemisphericLight("hemi2", None, scene).direction),
}
point.intensityMode = Light.INTENSITYMODE_LUMINOUSPOWER
point.intensity = 2
lights["pointLuminousPower"] = point.getScaledIntensity()
point.radius = 0.5
point.intensityMode = Light.INTENSITYMODE_LUMINANCE
lights["pointLuminance"] = point.getScaledIntensity()
sun.radius = 0.2
sun.intensityMode = Light.INTENSITYMODE_LUMINANCE
lights["sunLuminance"] = sun.getScaledIntensity()
sun.intensityMode = Light.INTENSITYMODE_LUMINOUSPOWER
lights["sunLuminousPower"] = sun.getScaledIntensity()
hemi.intensityMode = Light.INTENSITYMODE_LUMINANCE
lights["hemiLuminance"] = hemi.getScaledIntensity()
point.range = 4
lights["pointRange"] = point.range
point.parent = root
point.computeTransformedInformation()
lights["pointParented"] = {"world": mat(point.computeWorldMatrix(True)), "absolutePosition": v3(point.getAbsolutePosition())}
sun.setDirectionToTarget(Vector3(3, 0, 0))
lights["sunDirectionToTarget"] = v3(sun.direction)
hemi.setDirectionToTarget(Vector3(0, 0, -2))
lights["hemiDirectionToTarget"] = v3(hemi.direction)
hemi.setEnabled(False)
lights["hemiDisabled"] = hemi.isEnabled()

# ---------------------------------------------------------------- materials
material = StandardMaterial("mat", scene)
materials: dict[str, object] = {
    "defaults": {
        "className": material.getClassName(),
        "name": material.name,
        "id": material.id,
        "diffuseColor": c3(material.diffuseColor),
        "specularColor": c3(material.specularColor),
        "emissiveColor": c3(material.emissiveColor),
        "ambientColor": c3(material.ambientColor),
        "alpha": material.alpha,
        "specularPower": material.specularPower,
        "backFaceCulling": material.backFaceCulling,
        "wireframe": material.wireframe,
        "fillMode": material.fillMode,
        "pointsCloud": material.pointsCloud,
        "animations": material.animations,
        "inScene": material in scene.materials,
    },
}
material.wireframe = True
material.alpha = 0.25
material.diffuseColor = Color3(0.1, 0.2, 0.3)
material.emissiveColor.g = 0.75
hand.material = material
materials["changed"] = {
    "wireframe": material.wireframe,
    "fillMode": material.fillMode,
    "alpha": material.alpha,
    "diffuseColor": c3(hand.material.diffuseColor),
    "emissiveColor": c3(hand.material.emissiveColor),
    "meshMaterial": hand.material.name,
}
material.pointsCloud = True
materials["pointsCloud"] = {"fillMode": material.fillMode, "wireframe": material.wireframe, "pointsCloud": material.pointsCloud}

print(json.dumps({"hierarchy": hierarchy, "cache": cache, "ops": ops, "builders": builders, "arcRotate": arcRotate, "arcOps": arcOps, "freeOps": freeOps, "lights": lights, "materials": materials}))
