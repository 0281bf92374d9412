// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 Mesh.serialize and Mesh.Parse: the serialized fields of a box with a
// material, pivot, flags, metadata, an animation and a range, an instance and a skeleton; a
// sphere parented to it with a rotation quaternion and a morph target manager; then each dict,
// given its vertex data inline (the .babylon form), parsed back into a fresh scene, and the
// rebuilt meshes' state read (transform, flags, waiting ids, vertex data, bounds, sub-meshes,
// instances, animations and ranges); a delay-loaded mesh's stored fields and layer masks.
import {
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
} from "@babylonjs/core";

const arr = (a) => (a ? Array.from(a) : null);
const v3 = (v) => (v ? [v.x, v.y, v.z] : null);
const und = (x) => (x === undefined ? null : x);
const out = {};
// Unique ids come from a process-wide counter: they are printed relative to the first object
// the scenario creates (boxMat), so the scenario reads the same wherever it runs.
let base = 0;
const rel = (x) => (typeof x === "number" ? x - base : und(x));
const ID_KEYS = ["uniqueId", "parentId", "materialUniqueId", "geometryUniqueId", "skeletonUniqueId", "morphTargetManagerId"];
// A serialized dict as JSON: typed arrays (the pivot matrix) as plain lists, unique ids relative,
// and the random geometry id reported by its type only.
const plain = (d) => {
    const o = JSON.parse(JSON.stringify(d, (k, v) => (ArrayBuffer.isView(v) ? Array.from(v) : v)));
    if (o.geometryId !== undefined) o.geometryId = typeof o.geometryId;
    for (const k of ID_KEYS) if (o[k] !== undefined) o[k] = rel(o[k]);
    return o;
};

const engine = new NullEngine();
const scene = new Scene(engine);
const boxMat = new StandardMaterial("boxMat", scene);
base = boxMat.uniqueId;
const box = MeshBuilder.CreateBox("box", { size: 2 }, scene);
box.material = boxMat;
box.position = new Vector3(1, 2, 3);
box.rotation = new Vector3(0.1, 0.2, 0.3);
box.scaling = new Vector3(1, 2, 1);
box.setPivotPoint(new Vector3(0.5, 0, 0));
box.metadata = { tag: "crate", n: 3 };
box.layerMask = 0x10;
box.alphaIndex = 3;
box.visibility = 0.5;
box.isPickable = false;
box.receiveShadows = true;
box.checkCollisions = true;
box.isBlocker = true;
box.isVisible = false;
const anim = new Animation("move", "position.x", 30, Animation.ANIMATIONTYPE_FLOAT);
anim.setKeys([
    { frame: 0, value: 1 },
    { frame: 10, value: 4 },
    { frame: 20, value: 2 },
]);
box.animations.push(anim);
box.createAnimationRange("walk", 0, 10);
const skeleton = new Skeleton("rig", "rigId", scene);
box.skeleton = skeleton;
const inst = box.createInstance("boxInst");
inst.position = new Vector3(-3, 0, 0);
inst.rotation = new Vector3(0, 1, 0);
inst.scaling = new Vector3(2, 2, 2);
inst.metadata = { inst: true };

const ballMat = new StandardMaterial("ballMat", scene);
const ball = MeshBuilder.CreateSphere("ball", { diameter: 1, segments: 3 }, scene);
ball.material = ballMat;
ball.parent = box;
ball.rotationQuaternion = new Quaternion(0, 0.6, 0, 0.8);
const manager = new MorphTargetManager(scene);
const target = new MorphTarget("bulge", 0.25, scene);
target.setPositions(ball.getVerticesData("position").map((v) => v * 1.1));
manager.addTarget(target);
ball.morphTargetManager = manager;

const boxData = box.serialize();
const ballData = ball.serialize();
out.boxSerialized = plain(boxData);
out.ballSerialized = plain(ballData);
out.ids = {
    box: rel(box.uniqueId),
    ball: rel(ball.uniqueId),
    boxMat: rel(boxMat.uniqueId),
    ballMat: rel(ballMat.uniqueId),
    boxGeometry: rel(box.geometry.uniqueId),
    skeleton: rel(skeleton.uniqueId),
    manager: rel(manager.uniqueId),
};

const inline = (data, mesh) => {
    const d = JSON.parse(JSON.stringify(data));
    delete d.geometryUniqueId;
    delete d.geometryId;
    d.positions = arr(mesh.getVerticesData("position"));
    d.normals = arr(mesh.getVerticesData("normal"));
    d.uvs = arr(mesh.getVerticesData("uv"));
    d.indices = arr(mesh.getIndices());
    return d;
};

const scene2 = new Scene(engine);
const read = (m) => {
    const bb = m.getBoundingInfo().boundingBox;
    return {
        cls: m.getClassName(),
        name: m.name,
        id: m.id,
        position: v3(m.position),
        rotation: v3(m.rotation),
        rotationQuaternion: m.rotationQuaternion ? m.rotationQuaternion.asArray() : null,
        scaling: v3(m.scaling),
        pivot: arr(m.getPivotMatrix().m),
        isEnabled: m.isEnabled(false),
        isVisible: m.isVisible,
        visibility: m.visibility,
        isPickable: m.isPickable,
        receiveShadows: m.receiveShadows,
        checkCollisions: m.checkCollisions,
        billboardMode: m.billboardMode,
        isBlocker: m.isBlocker,
        layerMask: m.layerMask,
        alphaIndex: m.alphaIndex,
        infiniteDistance: m.infiniteDistance,
        metadata: und(m.metadata),
        hasVertexAlpha: m.hasVertexAlpha,
        isUnIndexed: m.isUnIndexed,
        sideOrientation: und(m.sideOrientation),
        waiting: {
            parsedUniqueId: rel(m._waitingParsedUniqueId),
            parentId: rel(m._waitingParentId),
            materialId: rel(m._waitingMaterialId),
            skeletonId: und(m._waitingSkeletonId),
            skeletonUniqueId: rel(m._waitingSkeletonUniqueId),
            morphTargetManagerId: rel(m._waitingMorphTargetManagerId),
        },
        skeleton: m.skeleton ? m.skeleton.name : null,
        totalVertices: m.getTotalVertices(),
        indexCount: m.getTotalIndices(),
        positionsHead: arr(m.getVerticesData("position"))?.slice(0, 9) ?? null,
        normalsHead: arr(m.getVerticesData("normal"))?.slice(0, 9) ?? null,
        uvsHead: arr(m.getVerticesData("uv"))?.slice(0, 6) ?? null,
        bounds: [v3(bb.minimum), v3(bb.maximum)],
        subMeshes: m.subMeshes ? m.subMeshes.map((s) => [s.materialIndex, s.verticesStart, s.verticesCount, s.indexStart, s.indexCount]) : null,
        animations: m.animations.map((a) => [a.name, a.targetProperty, a.framePerSecond, a.getKeys().map((k) => [k.frame, k.value])]),
        walk: m.getAnimationRange("walk") ? [m.getAnimationRange("walk").from, m.getAnimationRange("walk").to] : null,
        instances: m.instances.map((i) => ({
            name: i.name,
            id: i.id,
            position: v3(i.position),
            rotation: v3(i.rotation),
            scaling: v3(i.scaling),
            metadata: und(i.metadata),
            isEnabled: i.isEnabled(false),
            isPickable: i.isPickable,
        })),
        inScene: scene2.meshes.indexOf(m),
    };
};
const box2 = Mesh.Parse(inline(boxData, box), scene2, "");
const ball2 = Mesh.Parse(inline(ballData, ball), scene2, "");
out.boxParsed = read(box2);
out.ballParsed = read(ball2);
// Without inline vertex data and with an unknown geometry id: no geometry.
const bare = Mesh.Parse(ballData, scene2, "");
out.bareParsed = { vertices: bare.getTotalVertices(), geometry: bare.geometry === null || bare.geometry === undefined, subMeshes: bare.subMeshes ? bare.subMeshes.length : null };

// Delay-loaded mesh: the file, the bounding box and the delayed kinds are stored.
const delayed = Mesh.Parse(
    {
        name: "lazy",
        id: "lazyId",
        position: [0, 1, 0],
        scaling: [1, 1, 1],
        delayLoadingFile: "lazy.babylonmeshdata",
        boundingBoxMinimum: [-1, -2, -3],
        boundingBoxMaximum: [1, 2, 3],
        hasUVs: true,
        hasColors: true,
        hasMatricesWeights: true,
        layerMask: "-12.7",
    },
    scene2,
    "assets/"
);
const dbb = delayed.getBoundingInfo().boundingBox;
out.delayed = {
    delayLoadState: delayed.delayLoadState,
    delayLoadingFile: delayed.delayLoadingFile,
    delayInfo: delayed._delayInfo,
    bounds: [v3(dbb.minimum), v3(dbb.maximum)],
    layerMask: delayed.layerMask,
    isVisible: und(delayed.isVisible),
    isEnabled: und(delayed.isEnabled(false)),
};
const masks = [0, 7, 3.9, "5", "abc"].map((lm) => Mesh.Parse({ name: "m", position: [0, 0, 0], scaling: [1, 1, 1], layerMask: lm }, scene2, "").layerMask);
out.layerMasks = masks;

// A ground serializes its grid and parses back as a GroundMesh.
const ground = MeshBuilder.CreateGround("ground", { width: 4, height: 2, subdivisions: 2 }, scene);
ground.material = boxMat;
const groundData = {};
// GroundMesh.serialize needs the object to fill, and returns undefined.
out.groundReturn = und(ground.serialize(groundData));
const GROUND_KEYS = ["type", "subdivisionsX", "subdivisionsY", "minX", "maxX", "minZ", "maxZ", "width", "height"];
out.groundSerialized = Object.fromEntries(GROUND_KEYS.map((k) => [k, und(groundData[k])]));
const ground2 = Mesh.Parse(inline(groundData, ground), scene2, "");
out.groundParsed = {
    cls: ground2.getClassName(),
    subdivisions: ground2.subdivisions,
    subdivisionsX: ground2.subdivisionsX,
    subdivisionsY: ground2.subdivisionsY,
    width: ground2._width,
    height: ground2._height,
    minX: ground2._minX,
    maxZ: ground2._maxZ,
    vertices: ground2.getTotalVertices(),
    positionsHead: arr(ground2.getVerticesData("position")).slice(0, 6),
};

console.log(JSON.stringify(out));
