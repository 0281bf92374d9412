# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_surface_scene_graph.mjs against lite_compat.

Babylon.js 9.31 Scene and Engine surface, headless: Engine statics and getters, the render
loop driven frame by frame, the scene's flags, add/remove members and their observables,
every lookup, getNodes, tag queries, lockstep step ids, render hooks, createDefaultCameraOrLight,
Tools, Angle, Path3D, Curve3, Vector3 projections and Matrix reflection / oblique projections.

Port notes: overriding ``Date.now`` becomes setting ``PrecisionDate.NowFunction``; the Node
script drives the render loop through ``engine.customAnimationFrameRequester`` (one queued
frame per call), the port calls ``engine.runFrames(1)``; lite_compat has no ``Plane`` class,
so the port defines the three members Babylon's projections read (``normal``, ``d``,
``normalize``); Babylon's ``Tags.AddTagsTo`` is spelled as the ``_tags`` it writes.
"""

from __future__ import annotations

import json
import math
import re
from types import SimpleNamespace
from typing import Any

from lite_compat import (
    Angle,
    Bone,
    Curve3,
    Engine,
    FreeCamera,
    Matrix,
    Mesh,
    MorphTarget,
    MorphTargetManager,
    NullEngine,
    Path3D,
    PointLight,
    PrecisionDate,
    Scene,
    Skeleton,
    StandardMaterial,
    Tools,
    TransformNode,
    Vector2,
    Vector3,
)

_wallClock = PrecisionDate.NowFunction  # (port only: restored at the end)
fakeNow = 1000.0
PrecisionDate.NowFunction = lambda: fakeNow


class Plane:
    """The members of Babylon's ``Plane`` the projections use."""

    def __init__(self, a: float, b: float, c: float, d: float) -> None:
        self.normal = Vector3(a, b, c)
        self.d = d

    def normalize(self) -> Plane:
        norm = math.sqrt(self.normal.x**2 + self.normal.y**2 + self.normal.z**2)
        magnitude = 1.0 / norm if norm != 0 else 0
        self.normal.x *= magnitude
        self.normal.y *= magnitude
        self.normal.z *= magnitude
        self.d *= magnitude
        return self


out: dict[str, Any] = {}


def v(p: Any) -> list[float]:
    return [p.x, p.y, p.z]


def arr(m: Any) -> list[float]:
    return list(m.asArray())


# -- engine -------------------------------------------------------------------------------------
engine = NullEngine()
added: list[str] = []
engine.onNewSceneAddedObservable.add(lambda s, _state: added.append(s.getClassName()))
out["engine"] = {
    "className": engine.getClassName(),
    "version": Engine.Version,
    "npm": Engine.NpmPackage,
    "lastEngine": Engine.LastCreatedEngine is engine,
    "fps0": engine.getFps(),
    "delta0": engine.getDeltaTime(),
    "frame0": engine.frameId,
    "lockstep": [
        engine.isDeterministicLockStep(),
        engine.getLockstepMaxSteps(),
        engine.getTimeStep(),
    ],
    "disposed": engine.isDisposed,
}
scene = Scene(engine)
out["engine"]["lastScene"] = Engine.LastCreatedScene is scene
out["engine"]["added"] = list(added)

frames: list[list[Any]] = []
begins: list[int] = []
engine.onBeginFrameObservable.add(lambda _e, _s: begins.append(engine.frameId))
engine.onEndFrameObservable.add(lambda _e, _s: begins.append(-engine.frameId))


def loop() -> None:
    frames.append([engine.frameId, engine.getFps(), engine.getDeltaTime()])


engine.runRenderLoop(loop)
engine.runRenderLoop(loop)  # registered once
for dt in [20, 20, 10, 40, 16]:
    engine.runFrames(1)
    fakeNow += dt
out["engine"]["loops"] = len(engine.activeRenderLoops)
engine.stopRenderLoop(loop)
out["engine"]["loopsAfterStop"] = len(engine.activeRenderLoops)
out["engine"]["frames"] = [
    [r[0], r[1] if math.isfinite(r[1]) else "Infinity", r[2]] for r in frames
]
out["engine"]["begins"] = begins
out["engine"]["frameEnd"] = engine.frameId

# -- flags and lists ----------------------------------------------------------------------------
out["flags"] = [
    scene.renderTargetsEnabled,
    scene.dumpNextRenderTargets,
    scene.defaultRenderableLayerMask,
    scene.blockfreeActiveMeshesAndRenderingGroups,
    scene.getInternalStep(),
    len(scene.animations),
    len(scene.geometries),
    len(scene.particleSystems),
    len(scene.postProcesses),
    len(scene.customRenderTargets),
    scene.getStepId(),
]
scene.blockfreeActiveMeshesAndRenderingGroups = True
out["flags"].append(scene.blockfreeActiveMeshesAndRenderingGroups)
scene.blockfreeActiveMeshesAndRenderingGroups = False

events: list[str] = []
scene.onSkeletonRemovedObservable.add(lambda s, _st: events.append("-skeleton:" + s.name))
scene.onNewTextureAddedObservable.add(lambda t, _st: events.append("+texture:" + t.name))
scene.onTextureRemovedObservable.add(lambda t, _st: events.append("-texture:" + t.name))
scene.onPostProcessRemovedObservable.add(lambda p, _st: events.append("-pp:" + p.name))
scene.onMultiMaterialRemovedObservable.add(lambda m, _st: events.append("-multi:" + m.name))
scene.onGeometryRemovedObservable.add(lambda g, _st: events.append("-geometry:" + g.id))
scene.onDataLoadedObservable.add(lambda _s, _st: events.append("dataLoaded"))

tex = SimpleNamespace(name="tex", uniqueId=9001)
scene.addTexture(tex)
tex2 = SimpleNamespace(name="tex2", uniqueId=9002)
scene.addTexture(tex2)
pp = SimpleNamespace(name="pp")
scene.addPostProcess(pp)
multi = SimpleNamespace(name="multi", id="multiId", uniqueId=9100)
scene.addMultiMaterial(multi)
anim = SimpleNamespace(name="a")
scene.addAnimation(anim)
geo = SimpleNamespace(id="g1", uniqueId=9200)
scene.addGeometry(geo)
scene.addGeometry(SimpleNamespace(id="g2", uniqueId=9201))
scene.addPendingData("x")
scene.addPendingData("y")
lists: dict[str, Any] = {}
lists["loading"] = [scene.isLoading, scene.getWaitingItemsCount()]
scene.removePendingData("x")
scene.removePendingData("y")
lists["loaded"] = [scene.isLoading, scene.getWaitingItemsCount()]
lists["textureByName"] = scene.getTextureByName("tex2").uniqueId
lists["textureByUid"] = scene.getTextureByUniqueId(9001).name
lists["textureMissing"] = scene.getTextureByName("zzz")
lists["ppByName"] = scene.getPostProcessByName("pp").name
lists["geometryById"] = scene.getGeometryById("g2").uniqueId
lists["removeGeometry"] = [
    scene.removeGeometry(geo),
    scene.removeGeometry(geo),
    [g.id for g in scene.geometries],
]
lists["removeTexture"] = [scene.removeTexture(tex), scene.removeTexture(tex), len(scene.textures)]
lists["removePp"] = [scene.removePostProcess(pp), len(scene.postProcesses)]
lists["removeMulti"] = scene.removeMultiMaterial(multi)
lists["removeAnim"] = [scene.removeAnimation(anim), scene.removeAnimation(anim)]
lists["externalData"] = [
    scene.addExternalData("k", 1),
    scene.addExternalData("k", 2),
    scene.getExternalData("k"),
    scene.getOrAddExternalDataWithFactory("j", lambda key: key + "!"),
    scene.removeExternalData("k"),
    scene.getExternalData("k"),
]
out["lists"] = lists

# -- lookups ------------------------------------------------------------------------------------
m1 = Mesh("box", scene)
m1.id = "shared"
m2 = Mesh("ball", scene)
m2.id = "shared"
t1 = TransformNode("pivot", scene)
t1.id = "tid"
t2 = TransformNode("pivot2", scene)
t2.id = "tid"
cam = FreeCamera("cam", Vector3(0, 0, -5), scene)
cam.id = "camId"
light = PointLight("lamp", Vector3(0, 3, 0), scene)
light.id = "lampId"
mat = StandardMaterial("mat", scene)
mat.id = "matId"
skeleton = Skeleton("skel", "skelId", scene)
bone = Bone("hip", skeleton)
bone.id = "hipId"
manager = MorphTargetManager(scene)
target = MorphTarget("smile", 0.5, scene)
target.id = "smileId"
manager.addTarget(target)
m1._tags = {"red": True, "big": True}
m2._tags = {"red": True}
t1._tags = {"big": True}


def nm(n: Any) -> Any:
    return n.name if n is not None else None


out["lookups"] = {
    "meshById": nm(scene.getMeshById("shared")),
    "lastMeshById": nm(scene.getLastMeshById("shared")),
    "meshesById": [nm(m) for m in scene.getMeshesById("shared")],
    "meshByUid": nm(scene.getMeshByUniqueId(m2.uniqueId)),
    "meshByIdMissing": scene.getMeshById("nope"),
    "tnById": nm(scene.getTransformNodeById("tid")),
    "lastTnById": nm(scene.getLastTransformNodeById("tid")),
    "tnsById": [nm(t) for t in scene.getTransformNodesById("tid")],
    "tnByUid": nm(scene.getTransformNodeByUniqueId(t2.uniqueId)),
    "camById": nm(scene.getCameraById("camId")),
    "camByUid": nm(scene.getCameraByUniqueId(cam.uniqueId)),
    "lightById": nm(scene.getLightById("lampId")),
    "lightByUid": nm(scene.getLightByUniqueId(light.uniqueId)),
    "matById": nm(scene.getMaterialById("matId")),
    "matByUid": nm(scene.getMaterialByUniqueId(mat.uniqueId)),
    "lastMatById": nm(scene.getLastMaterialById("matId")),
    "multiAllowed": nm(scene.getMaterialById("multiId", True)),
    "multiRefused": scene.getMaterialById("multiId"),
    "skelById": nm(scene.getSkeletonById("skelId")),
    "skelByName": nm(scene.getSkeletonByName("skel")),
    "skelByUid": nm(scene.getSkeletonByUniqueId(skeleton.uniqueId)),
    "lastSkelById": nm(scene.getLastSkeletonById("skelId")),
    "boneById": nm(scene.getBoneById("hipId")),
    "boneByName": nm(scene.getBoneByName("hip")),
    "nodeById": [
        nm(scene.getNodeById("tid")),
        nm(scene.getNodeById("lampId")),
        nm(scene.getNodeById("hipId")),
    ],
    "lastEntryById": [
        nm(scene.getLastEntryById("shared")),
        nm(scene.getLastEntryById("hipId")),
        scene.getLastEntryById("none"),
    ],
    "morphManager": scene.getMorphTargetManagerById(manager.uniqueId) is manager,
    "morphById": nm(scene.getMorphTargetById("smileId")),
    "morphByName": nm(scene.getMorphTargetByName("smile")),
    "nodes": [nm(n) for n in scene.getNodes()],
    "tagsRed": [nm(m) for m in scene.getMeshesByTags("red")],
    "tagsRedBig": [nm(m) for m in scene.getMeshesByTags("red && big")],
    "tagsNotBig": [nm(m) for m in scene.getMeshesByTags("red && !big")],
    "tagsOr": [nm(t) for t in scene.getTransformNodesByTags("(red || big) && !small")],
    "tagsAny": [nm(m) for m in scene.getMeshesByTags("")],
    "tagsFilter": [nm(m) for m in scene.getMeshesByTags("red", lambda m: m.name == "ball")],
    "skeletonEvents": None,
}
scene.removeSkeleton(skeleton)
scene.addSkeleton(skeleton)
out["lookups"]["skeletonEvents"] = list(events)
out["lookups"]["removeMorph"] = [
    scene.removeMorphTargetManager(manager),
    scene.removeMorphTargetManager(manager),
]
twinCam = FreeCamera("twin", Vector3.Zero(), scene)
twinLight = PointLight("twin", Vector3.Zero(), scene)
out["lookups"]["nodeByName"] = [
    nm(scene.getNodeByName("hip")),
    scene.getNodeByName("twin") is twinLight,
    scene.getNodeByName("twin") is twinCam,
    scene.getNodeByName("nobody"),
]
out["lookups"]["materialByName"] = [
    nm(scene.getMaterialByName("mat")),
    nm(scene.getMaterialByName("mat", True)),
    scene.getMaterialByName("zzz", True),
]

# -- render hooks -------------------------------------------------------------------------------
order: list[str] = []
scene.activeCamera = cam
scene.registerBeforeRender(lambda: order.append("registered"))
scene.beforeRender = lambda *_a: order.append("beforeRender1")
scene.beforeRender = lambda *_a: order.append("beforeRender2")
scene.onAfterRenderObservable.add(lambda _s, _st: order.append(f"after:{scene.getFrameId()}"))
scene.render()
scene.render()
renderIdBefore = scene.getRenderId()
scene.incrementRenderId()
out["hooks"] = {
    "order": order,
    "renderIdStep": scene.getRenderId() - renderIdBefore,
    "frameId": scene.getFrameId(),
}

# -- lockstep -----------------------------------------------------------------------------------
lockEngine = NullEngine({"deterministicLockstep": True, "lockstepMaxSteps": 3, "timeStep": 1 / 50})
lockScene = Scene(lockEngine)
FreeCamera("c", Vector3(0, 0, -1), lockScene)
stepLog: list[str] = []
lockScene.onBeforeStepObservable.add(
    lambda _s, _st: stepLog.append(f"before:{lockScene.getStepId()}")
)
lockScene.onAfterStepObservable.add(
    lambda _s, _st: stepLog.append(f"after:{lockScene.getStepId()}")
)
lockScene.onBeforeRenderObservable.add(
    lambda _s, _st: stepLog.append(f"render:{lockScene.getStepId()}")
)
lockEngine.runRenderLoop(lambda: lockScene.render())
for dt in [0, 45, 10, 100, 20]:
    fakeNow += dt
    lockEngine.runFrames(1)
lockScene.setStepId(100)
out["lockstep"] = {
    "log": stepLog,
    "step": lockScene.getStepId(),
    "internal": lockScene.getInternalStep(),
    "delta": lockEngine.getDeltaTime(),
}
lockEngine.stopRenderLoop()

# -- default camera and light -------------------------------------------------------------------
empty = Scene(engine)
empty.createDefaultCameraOrLight()
dc = empty.activeCamera
out["defaults"] = {
    "camera": [
        dc.name,
        dc.getClassName(),
        v(dc.position),
        dc.minZ,
        dc.maxZ,
        dc.speed,
        v(dc.getTarget()),
    ],
    "light": [
        len(empty.lights),
        empty.lights[0].name,
        empty.lights[0].getClassName(),
        v(empty.lights[0].direction),
    ],
}
empty.createDefaultLight()
out["defaults"]["lightsAgain"] = len(empty.lights)
arcScene = Scene(engine)
arcScene.createDefaultCamera(True)
ac = arcScene.activeCamera
out["defaults"]["arc"] = [
    ac.getClassName(),
    ac.alpha,
    ac.beta,
    ac.radius,
    ac.lowerRadiusLimit,
    ac.wheelPrecision,
    ac.minZ,
    ac.maxZ,
]

# -- Tools --------------------------------------------------------------------------------------
out["tools"] = {
    "rad": [Tools.ToRadians(90), Tools.ToRadians(-45.5), Tools.ToDegrees(math.pi / 3)],
    "smooth": [Tools.SmoothAngleChange(10, 350), Tools.SmoothAngleChange(90, 180, 0.5)],
    "mix": [Tools.Mix(1, 3, 0.25), Tools.Mix(-2, 2, 1.5)],
    "pow2": [
        Tools.IsExponentOfTwo(1),
        Tools.IsExponentOfTwo(2),
        Tools.IsExponentOfTwo(3),
        Tools.IsExponentOfTwo(64),
        Tools.IsExponentOfTwo(0.5),
    ],
    "fround": [Tools.FloatRound(0.1), Tools.FloatRound(1 / 3)],
    "format": [
        Tools.Format(0.125),
        Tools.Format(1.005),
        Tools.Format(-2.5, 0),
        Tools.Format(123.456, 1),
        Tools.Format(2, 3),
    ],
    "files": [
        Tools.GetFilename("a/b/c.glb"),
        Tools.GetFilename("c.glb"),
        Tools.GetFolderPath("a/b/c.glb"),
        Tools.GetFolderPath("c.glb"),
        Tools.GetFolderPath("c.glb", True),
    ],
    "abs": [
        Tools.IsAbsoluteUrl(u)
        for u in [
            "//x.com/a",
            "https://x.com/a",
            "a/b.glb",
            "data:abc",
            "file:/x",
            "http://localhost/a",
        ]
    ],
    "base64": [Tools.IsBase64("data:image/png;base64,AAAA"), Tools.IsBase64("data:text,hi")],
    "makeArray": [
        Tools.MakeArray(3),
        Tools.MakeArray([1, 2]),
        Tools.MakeArray(None),
        Tools.MakeArray(None, True),
    ],
    "first": [Tools.First([1, 5, 8], lambda x: x > 4), Tools.First([1], lambda x: x > 4)],
    "className": [Tools.GetClassName(Vector3()), Tools.GetClassName(3), Tools.GetClassName("s")],
    "cdn": [
        Tools.GetBabylonScriptURL("https://cdn.babylonjs.com/ammo.js"),
        Tools.GetAssetUrl("https://assets.babylonjs.com/core/x.png"),
    ],
    "levels": [
        Tools.NoneLogLevel,
        Tools.MessageLogLevel,
        Tools.WarningLogLevel,
        Tools.ErrorLogLevel,
        Tools.AllLogLevel,
    ],
    "id": re.sub(r"[0-9a-f]", "h", Tools.RandomId()),
    "noPrevent": [
        Tools.BackCompatCameraNoPreventDefault([True]),
        Tools.BackCompatCameraNoPreventDefault([None, True]),
        Tools.BackCompatCameraNoPreventDefault([]),
    ],
    "pointer": Tools.GetPointerPrefix(engine),
}
Tools.ScriptBaseUrl = "https://mirror.example/"
Tools.AssetBaseUrl = "https://assets.example"
out["tools"]["cdnBase"] = [
    Tools.GetBabylonScriptURL("https://cdn.babylonjs.com/ammo.js"),
    Tools.GetAssetUrl("https://assets.babylonjs.com/core/x.png"),
]
Tools.ScriptBaseUrl = ""
Tools.AssetBaseUrl = ""

# -- Angle, Path3D, Curve3 ----------------------------------------------------------------------
ang = [
    Angle(-1),
    Angle.FromDegrees(90),
    Angle.BetweenTwoPoints(Vector2(0, 0), Vector2(1, 1)),
    Angle.BetweenTwoVectors(Vector3(1, 0, 0), Vector3(0, 0, 2)),
    Angle.BetweenTwoVectors(Vector3.Zero(), Vector3(1, 0, 0)),
]
out["angle"] = [[a.radians(), a.degrees()] for a in ang]
pts = [Vector3(0, 0, 0), Vector3(1, 0, 0), Vector3(1, 1, 0), Vector3(1, 1, 1), Vector3(3, 2, 1)]
path = Path3D(pts)
out["path"] = {
    "length": path.length(),
    "distances": path.getDistances(),
    "tangents": [v(t) for t in path.getTangents()],
    "normals": [v(n) for n in path.getNormals()],
    "binormals": [v(b) for b in path.getBinormals()],
    "at": [
        [
            v(path.getPointAt(p)),
            path.getPreviousPointIndexAt(p),
            path.getSubPositionAt(p),
            path.getDistanceAt(p),
        ]
        for p in [0, 0.1, 0.37, 0.5, 0.99, 1]
    ],
    "tnb": [
        [
            v(path.getTangentAt(p, True)),
            v(path.getNormalAt(p, True)),
            v(path.getBinormalAt(p, True)),
            v(path.getTangentAt(p)),
        ]
        for p in [0.2, 0.6]
    ],
    "closest": [
        path.getClosestPositionTo(Vector3(1, 0.5, 0.2)),
        path.getClosestPositionTo(Vector3(5, 5, 5)),
    ],
}
sliced = path.slice(0.2, 0.7)
out["path"]["slice"] = [[v(p) for p in sliced.getPoints()], sliced.length()]
sliceNeg = path.slice(-0.3)
out["path"]["sliceNeg"] = [v(p) for p in sliceNeg.getPoints()]
rawPath = Path3D(pts, Vector3(0, 0, 1), True, True)
out["path"]["raw"] = [[v(n) for n in rawPath.getNormals()], [v(t) for t in rawPath.getTangents()]]
path.update(
    [Vector3(0, 0, 0), Vector3(0, 2, 0), Vector3(1, 2, 0), Vector3(1, 2, 3), Vector3(2, 2, 3)]
)
out["path"]["updated"] = [path.length(), [v(n) for n in path.getNormals()]]
quad = Curve3.CreateQuadraticBezier(Vector3.Zero(), Vector3(1, 2, 0), Vector3(3, 0, 1), 5)
cubic = Curve3.CreateCubicBezier(
    Vector3.Zero(), Vector3(0, 2, 0), Vector3(3, 2, 1), Vector3(3, 0, 0), 6
)
herm = Curve3.CreateHermiteSpline(
    Vector3.Zero(), Vector3(1, 1, 0), Vector3(2, 0, 0), Vector3(1, -1, 0), 4
)
cat = Curve3.CreateCatmullRomSpline(
    [Vector3.Zero(), Vector3(1, 1, 0), Vector3(2, 0, 1), Vector3(3, 1, 1)], 3
)
catClosed = Curve3.CreateCatmullRomSpline(
    [Vector3.Zero(), Vector3(1, 1, 0), Vector3(2, 0, 1)], 2, True
)
arc = Curve3.ArcThru3Points(Vector3(1, 0, 0), Vector3(0, 1, 0), Vector3(-1, 0, 0), 8)
arcClosed = Curve3.ArcThru3Points(
    Vector3(1, 0, 0), Vector3(0, 1, 0), Vector3(-1, 0, 0), 4, True, True
)
flat = Curve3.ArcThru3Points(Vector3(0, 0, 0), Vector3(1, 0, 0), Vector3(2, 0, 0))
cont = quad.continue_(herm)
out["curves"] = [
    [c.length(), [v(p) for p in c.getPoints()]]
    for c in [
        quad,
        cubic,
        herm,
        cat,
        catClosed,
        arc,
        arcClosed,
        flat,
        cont,
        Curve3.CreateQuadraticBezier(Vector3.Zero(), Vector3.One(), Vector3.Zero(), 1),
    ]
]

# -- projections --------------------------------------------------------------------------------
world = Matrix.RotationY(0.3)
view = Matrix.LookAtLH(Vector3(0, 1, -10), Vector3.Zero(), Vector3.Up())
proj = Matrix.PerspectiveFovLH(0.8, 800 / 600, 0.1, 100)
viewport = SimpleNamespace(x=10, y=20, width=800, height=600)
projected = Vector3.Project(Vector3(1, 2, 3), world, view.multiply(proj), viewport)
unprojected = Vector3.Unproject(Vector3(400, 300, 0.5), 800, 600, world, view, proj)
unFloats = Vector3()
Vector3.UnprojectFloatsToRef(100, 50, 0.9, 800, 600, Matrix.Identity(), view, proj, unFloats)
unT = Vector3.UnprojectFromTransform(Vector3(100, 200, 0.3), 800, 600, world, view.multiply(proj))
tri = []
for p in [
    Vector3(0.2, 1, 0.3),
    Vector3(2, 1, 2),
    Vector3(-1, -1, -1),
    Vector3(0.5, 0, -3),
    Vector3(3, 0, 0.2),
]:
    ref = Vector3()
    d = Vector3.ProjectOnTriangleToRef(p, Vector3(0, 0, 0), Vector3(1, 0, 0), Vector3(0, 0, 1), ref)
    tri.append([d, v(ref)])
plane = Plane(0, 2, 0, -2)
onPlane = Vector3(1, 0, 1).projectOnPlane(plane, Vector3(0, 5, 0))
parallel = Vector3(1, 5, 0).projectOnPlane(plane, Vector3(0, 5, 0))
reflection = Matrix.Reflection(Plane(1, 1, 0, -3))
obliqueLH = Matrix()
Matrix.ObliqueOffCenterLHToRef(-2, 2, -1, 1, 0.1, 50, 0.5, 0.3, 4, obliqueLH)
obliqueRH = Matrix()
Matrix.ObliqueOffCenterRHToRef(-2, 2, -1, 1, 0.1, 50, 0.5, 0.3, 4, obliqueRH)
out["projection"] = {
    "projected": v(projected),
    "unprojected": v(unprojected),
    "unFloats": v(unFloats),
    "unT": v(unT),
    "triangle": tri,
    "onPlane": v(onPlane),
    "parallel": ["Infinity" if x == math.inf else str(x) for x in v(parallel)],
    "reflection": arr(reflection),
    "obliqueLH": arr(obliqueLH),
    "obliqueRH": arr(obliqueRH),
}

scene.removeTexture(tex2)
scene.removeGeometry(scene.geometries[0])
engine.dispose()
out["engine"]["disposedAfter"] = [engine.isDisposed, len(engine.scenes)]

PrecisionDate.NowFunction = _wallClock
print(json.dumps(out))
