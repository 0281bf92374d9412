// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 scene objects: world matrices of a parented hierarchy (Euler rotation vs
// rotationQuaternion, negative scale, scalingDeterminant, pivot), Babylon's world-matrix cache
// (stale until dirty or forced), setParent/rotate/translate/setAbsolutePosition, MeshBuilder
// vertex data (every value for small tessellations, counts and sums for the default sphere),
// ArcRotateCamera positions for several alpha/beta/radius/targets (limits, custom up vector,
// node targets, setPosition), FreeCamera setTarget and view matrices, light and material
// defaults and setters.
import {
    ArcRotateCamera,
    Color3,
    DirectionalLight,
    FreeCamera,
    HemisphericLight,
    Light,
    Logger,
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
} from "@babylonjs/core";

const num = (x) => (Number.isFinite(x) ? x : String(x));
const v3 = (v) => [num(v.x), num(v.y), num(v.z)];
const q4 = (q) => [num(q.x), num(q.y), num(q.z), num(q.w)];
const c3 = (c) => [num(c.r), num(c.g), num(c.b)];
const mat = (m) => Array.from(m.m).map(num);
const nums = (a) => Array.from(a).map(num);
const sum = (a) => a.reduce((s, x) => s + x, 0);
const sumAbs = (a) => a.reduce((s, x) => s + Math.abs(x), 0);

// The engine banner goes to stdout through Logger; keep stdout for the JSON document.
Logger.LogLevels = Logger.NoneLogLevel;
const engine = new NullEngine();
const scene = new Scene(engine);

// ---------------------------------------------------------------- hierarchy
const root = new TransformNode("root", scene);
root.position = new Vector3(1, 2, 3);
root.rotation = new Vector3(0.3, -0.7, 1.1);
root.scaling = new Vector3(2, 2, 2);

const arm = new TransformNode("arm", scene);
arm.parent = root;
arm.position.set(0.5, -1, 4);
arm.rotationQuaternion = Quaternion.RotationAxis(new Vector3(1, 1, 0), 0.8);
arm.rotation.x = 5; // ignored: the quaternion wins
arm.scaling = new Vector3(1, -1, 0.5);

const hand = MeshBuilder.CreateBox("hand", { size: 0.5 }, scene);
hand.parent = arm;
hand.position.z = 2;
hand.rotation.y = Math.PI / 3;
hand.scalingDeterminant = -1;

const mirrored = new TransformNode("mirrored", scene);
mirrored.scaling.set(-1, 1, 1);
mirrored.rotation.set(0.1, 0.2, 0.3);
mirrored.parent = root;

const pivoted = new TransformNode("pivoted", scene);
pivoted.position.set(0, 1, 0);
pivoted.rotation.z = Math.PI / 2;
pivoted.setPivotPoint(new Vector3(1, 0, 0));

const hierarchy = {};
for (const node of [root, arm, hand, mirrored, pivoted]) {
    const world = node.computeWorldMatrix(true);
    hierarchy[node.name] = {
        world: mat(world),
        absolutePosition: v3(node.getAbsolutePosition()),
        absoluteScaling: v3(node.absoluteScaling),
        absoluteRotationQuaternion: q4(node.absoluteRotationQuaternion),
        rotation: v3(node.rotation),
        rotationQuaternion: node.rotationQuaternion ? q4(node.rotationQuaternion) : null,
        nonUniformScaling: node.nonUniformScaling,
        determinant: num(world.determinant()),
        children: node.getChildren().map((c) => c.name),
        parent: node.parent ? node.parent.name : null,
        className: node.getClassName(),
        forward: v3(node.forward),
        up: v3(node.up),
        right: v3(node.right),
    };
}
hierarchy.descendantsOfRoot = root.getDescendants().map((c) => c.name);
hierarchy.rootNodes = scene.rootNodes.filter((n) => n instanceof TransformNode).map((n) => n.name);

// ---------------------------------------------------------------- world-matrix cache
const probe = new TransformNode("probe", scene);
probe.position.x = 1;
const cache = {};
cache.first = probe.computeWorldMatrix().m[12];
probe.position.x = 5;
cache.staleCompute = probe.computeWorldMatrix().m[12];
cache.staleGet = probe.getWorldMatrix().m[12];
cache.staleAbsolute = probe.getAbsolutePosition().x;
probe.position = new Vector3(7, 0, 0);
cache.afterAssign = probe.computeWorldMatrix().m[12];
probe.position.x = 9;
cache.forced = probe.computeWorldMatrix(true).m[12];
probe.rotation.y = 1;
probe.markAsDirty();
cache.afterMarkAsDirty = mat(probe.getWorldMatrix());
const probeChild = new TransformNode("probeChild", scene);
probeChild.position.y = 2;
probeChild.parent = probe;
cache.childWorld = mat(probeChild.computeWorldMatrix());
probe.position.z = 3;
cache.childStale = mat(probeChild.computeWorldMatrix());
cache.childForced = mat(probeChild.computeWorldMatrix(true));

// ---------------------------------------------------------------- setParent, rotate, translate
const other = new TransformNode("other", scene);
other.position.set(-3, 1, 0);
other.rotation.y = 1;
other.scaling.set(1, 2, 1);
const child2 = new TransformNode("child2", scene);
child2.position.set(1, 1, 1);
child2.rotation.set(0.2, 0.4, 0.6);
const before = mat(child2.computeWorldMatrix(true));
child2.setParent(other);
const ops = {
    worldBefore: before,
    afterSetParent: {
        position: v3(child2.position),
        rotation: v3(child2.rotation),
        scaling: v3(child2.scaling),
        world: mat(child2.computeWorldMatrix(true)),
    },
};
child2.setParent(null);
ops.afterUnparent = {
    position: v3(child2.position),
    rotation: v3(child2.rotation),
    scaling: v3(child2.scaling),
    world: mat(child2.computeWorldMatrix(true)),
};

const spinner = new TransformNode("spinner", scene);
spinner.rotation.set(0.1, 0.2, 0.3);
spinner.rotate(new Vector3(0, 1, 0), 0.5, Space.LOCAL);
ops.rotateLocal = { rotation: v3(spinner.rotation), rotationQuaternion: q4(spinner.rotationQuaternion) };
spinner.parent = other;
spinner.rotate(new Vector3(1, 0, 0), -0.25, Space.WORLD);
ops.rotateWorld = q4(spinner.rotationQuaternion);
spinner.translate(new Vector3(1, 0, 0), 2, Space.LOCAL);
ops.translateLocal = v3(spinner.position);
spinner.translate(new Vector3(0, 0, 1), 1.5, Space.WORLD);
ops.translateWorld = v3(spinner.position);
spinner.setAbsolutePosition(new Vector3(4, 5, 6));
ops.setAbsolutePosition = v3(spinner.position);
ops.absoluteAfterSet = v3(spinner.computeWorldMatrix(true).getTranslation());
spinner.setDirection(new Vector3(1, 1, 1));
ops.setDirection = q4(spinner.rotationQuaternion);

// ---------------------------------------------------------------- mesh builders
function meshData(mesh) {
    const out = {
        className: mesh.getClassName(),
        totalVertices: mesh.getTotalVertices(),
        totalIndices: mesh.getTotalIndices(),
        kinds: mesh.getVerticesDataKinds(),
        positions: nums(mesh.getVerticesData("position")),
        normals: nums(mesh.getVerticesData("normal")),
        uvs: nums(mesh.getVerticesData("uv")),
        indices: Array.from(mesh.getIndices()),
    };
    const colors = mesh.getVerticesData("color");
    if (colors) out.colors = nums(colors);
    return out;
}
const faceUV = [];
const faceColors = [];
for (let i = 0; i < 6; i++) {
    faceUV.push(new Vector4(i / 6, 0, (i + 1) / 6, 1));
    faceColors.push({ r: i / 5, g: 1 - i / 5, b: 0.5, a: 1 });
}
const builders = {
    boxDefault: meshData(MeshBuilder.CreateBox("boxDefault", {}, scene)),
    boxSized: meshData(MeshBuilder.CreateBox("boxSized", { width: 2, height: 3, depth: 0.5 }, scene)),
    boxDouble: meshData(MeshBuilder.CreateBox("boxDouble", { size: 2, sideOrientation: Mesh.DOUBLESIDE }, scene)),
    boxFaces: meshData(MeshBuilder.CreateBox("boxFaces", { size: 1.5, faceUV, faceColors }, scene)),
    boxWrap: meshData(MeshBuilder.CreateBox("boxWrap", { wrap: true, topBaseAt: 2, bottomBaseAt: 3 }, scene)),
    boxBack: meshData(MeshBuilder.CreateBox("boxBack", { size: 0, sideOrientation: Mesh.BACKSIDE }, scene)),
    sphereSmall: meshData(MeshBuilder.CreateSphere("sphereSmall", { segments: 2, diameter: 3 }, scene)),
    sphereArc: meshData(
        MeshBuilder.CreateSphere("sphereArc", { segments: 3, diameterX: 1, diameterY: 2, diameterZ: 3, arc: 0.5, slice: 0.75 }, scene)
    ),
    sphereBack: meshData(MeshBuilder.CreateSphere("sphereBack", { segments: 1, sideOrientation: Mesh.BACKSIDE }, scene)),
    sphereDedup: meshData(MeshBuilder.CreateSphere("sphereDedup", { segments: 2, dedupTopBottomIndices: true, slice: 0.5 }, scene)),
    sphereOddSegments: meshData(MeshBuilder.CreateSphere("sphereOdd", { segments: 2.7, arc: 1.5 }, scene)),
    planeDefault: meshData(MeshBuilder.CreatePlane("planeDefault", {}, scene)),
    planeDouble: meshData(
        MeshBuilder.CreatePlane(
            "planeDouble",
            { width: 2, height: 0.5, sideOrientation: Mesh.DOUBLESIDE, frontUVs: new Vector4(0, 0, 0.5, 1), backUVs: new Vector4(0.5, 0, 1, 1) },
            scene
        )
    ),
    planeZeroWidth: meshData(MeshBuilder.CreatePlane("planeZero", { width: 0, size: 3 }, scene)),
    groundSub: meshData(MeshBuilder.CreateGround("groundSub", { width: 4, height: 2, subdivisions: 2 }, scene)),
    groundXY: meshData(MeshBuilder.CreateGround("groundXY", { subdivisionsX: 3, subdivisionsY: 1, size: 5 }, scene)),
};
const groundMesh = MeshBuilder.CreateGround("groundProps", { width: 6, subdivisionsX: 4, subdivisionsY: 2 }, scene);
builders.groundProps = {
    className: groundMesh.getClassName(),
    subdivisions: groundMesh.subdivisions,
    subdivisionsX: groundMesh.subdivisionsX,
    subdivisionsY: groundMesh.subdivisionsY,
};
const bigSphere = MeshBuilder.CreateSphere("bigSphere", {}, scene);
const bigPositions = bigSphere.getVerticesData("position");
const bigNormals = bigSphere.getVerticesData("normal");
const bigUvs = bigSphere.getVerticesData("uv");
const bigIndices = bigSphere.getIndices();
builders.sphereDefault = {
    totalVertices: bigSphere.getTotalVertices(),
    totalIndices: bigSphere.getTotalIndices(),
    positionsHead: nums(bigPositions.slice(0, 300)),
    positionsTail: nums(bigPositions.slice(-300)),
    positionsSum: sum(bigPositions),
    positionsSumAbs: sumAbs(bigPositions),
    normalsSumAbs: sumAbs(bigNormals),
    uvsSum: sum(bigUvs),
    indicesSum: sum(bigIndices),
    indicesHead: Array.from(bigIndices.slice(0, 60)),
};
const emptyMesh = new Mesh("empty", scene);
builders.empty = {
    totalVertices: emptyMesh.getTotalVertices(),
    indices: Array.from(emptyMesh.getIndices()),
    positions: emptyMesh.getVerticesData("position"),
    isVisible: emptyMesh.isVisible,
    visibility: emptyMesh.visibility,
    material: emptyMesh.material,
};

// ---------------------------------------------------------------- cameras
function arcState(cam) {
    return {
        alpha: num(cam.alpha),
        beta: num(cam.beta),
        radius: num(cam.radius),
        position: v3(cam.position),
        target: v3(cam.target),
        view: mat(cam.getViewMatrix()),
        world: mat(cam.getWorldMatrix()),
        globalPosition: v3(cam.globalPosition),
    };
}
const arcConfigs = [
    [0, Math.PI / 2, 10, [0, 0, 0]],
    [1, 1, 10, [0, 0, 0]],
    [-2.5, 0.3, 4, [1, 2, 3]],
    [7, 2.9, 0.5, [-1, 0, 2]],
    [Math.PI, Math.PI / 2, 0, [0, 0, 0]],
    [0.4, 0, 3, [0, 1, 0]],
    [0.4, -0.6, 3, [0, 0, 0]],
    [2, 4, 2, [5, -5, 5]],
];
const arcRotate = {};
arcConfigs.forEach(([a, b, r, t], i) => {
    const target = new Vector3(t[0], t[1], t[2]);
    const cam = new ArcRotateCamera("arc" + i, a, b, r, target, scene);
    const state = arcState(cam);
    state.targetIsArgument = cam.target === target;
    cam.alpha += 0.5;
    cam.radius *= 2;
    cam.getViewMatrix();
    state.afterAlphaRadius = { position: v3(cam.position) };
    cam.update();
    state.afterUpdate = { alpha: num(cam.alpha), beta: num(cam.beta), radius: num(cam.radius), position: v3(cam.position) };
    arcRotate["config" + i] = state;
});

const arc = new ArcRotateCamera("arcOps", 1, 1, 10, Vector3.Zero(), scene);
const arcOps = {
    defaults: {
        fov: arc.fov,
        minZ: arc.minZ,
        maxZ: arc.maxZ,
        inertia: arc.inertia,
        mode: arc.mode,
        lowerBetaLimit: arc.lowerBetaLimit,
        upperBetaLimit: arc.upperBetaLimit,
        lowerAlphaLimit: arc.lowerAlphaLimit,
        upperRadiusLimit: arc.upperRadiusLimit,
        allowUpsideDown: arc.allowUpsideDown,
        upVector: v3(arc.upVector),
        className: arc.getClassName(),
    },
};
arc.beta = 0;
arc.getViewMatrix();
arcOps.betaZero = { position: v3(arc.position), view: mat(arc.getViewMatrix()) };
arc.update();
arcOps.betaZeroAfterUpdate = { beta: arc.beta, position: v3(arc.position) };
arc.beta = 4;
arc.update();
arcOps.betaPastPi = { beta: arc.beta, position: v3(arc.position) };
arc.lowerBetaLimit = null;
arc.upperBetaLimit = null;
arc.beta = 4;
arc.update();
arcOps.betaUnlimited = { beta: arc.beta, position: v3(arc.position), view: mat(arc.getViewMatrix()) };
arc.lowerBetaLimit = 0.01;
arc.upperBetaLimit = Math.PI - 0.01;
arc.lowerRadiusLimit = 2;
arc.upperRadiusLimit = 8;
arc.lowerAlphaLimit = -1;
arc.upperAlphaLimit = 1;
arc.alpha = 3;
arc.radius = 20;
arc.beta = 1.2;
arc.update();
arcOps.clamped = { alpha: arc.alpha, radius: arc.radius, position: v3(arc.position) };
arc.radius = 1;
arc.alpha = -3;
arc.update();
arcOps.clampedLow = { alpha: arc.alpha, radius: arc.radius, position: v3(arc.position) };
arc.lowerRadiusLimit = null;
arc.upperRadiusLimit = null;
arc.lowerAlphaLimit = null;
arc.upperAlphaLimit = null;
arc.setPosition(new Vector3(3, 4, 5));
arcOps.setPosition = { alpha: arc.alpha, beta: arc.beta, radius: arc.radius, position: v3(arc.position) };
arc.alpha = 20;
arc.position = new Vector3(-3, 4, -5);
arcOps.positionAssignKeepsTurns = { alpha: arc.alpha, beta: arc.beta, radius: arc.radius };
arc.setTarget(new Vector3(1, 1, 1));
arcOps.setTarget = { alpha: arc.alpha, beta: arc.beta, radius: arc.radius, position: v3(arc.position), view: mat(arc.getViewMatrix()) };
arc.targetScreenOffset.x = 0.5;
arc.targetScreenOffset.y = -0.25;
arcOps.screenOffset = mat(arc.getViewMatrix());
arc.targetScreenOffset.set(0, 0);
arc.upVector = new Vector3(0, 0, 2);
arcOps.customUp = { upVector: v3(arc.upVector), position: v3(arc.position), view: mat(arc.getViewMatrix()), positionAfter: v3(arc.position) };
arc.setPosition(new Vector3(2, -1, 3));
arcOps.customUpSetPosition = { alpha: arc.alpha, beta: arc.beta, radius: arc.radius };
arc.upVector = new Vector3(0, 1, 0);
arc.inertialAlphaOffset = 0.1;
arc.inertialBetaOffset = -0.05;
arc.inertialRadiusOffset = 0.5;
const inertia = [];
for (let i = 0; i < 4; i++) {
    arc.update();
    inertia.push([arc.alpha, arc.beta, arc.radius, arc.inertialAlphaOffset, arc.inertialBetaOffset, arc.inertialRadiusOffset]);
}
arcOps.inertia = inertia;

const hostNode = new TransformNode("host", scene);
hostNode.position.set(2, 0, -1);
const follow = new ArcRotateCamera("follow", 0.5, 1, 6, hostNode, scene);
arcOps.nodeTarget = { target: v3(follow.target), position: v3(follow.position), host: follow.targetHost.name, alpha: follow.alpha, beta: follow.beta, radius: follow.radius };
hostNode.position.set(-1, 3, 0);
hostNode.computeWorldMatrix(true);
follow.getViewMatrix();
arcOps.nodeTargetMoved = { target: v3(follow.target), position: v3(follow.position) };

const free = new FreeCamera("free", new Vector3(0, 5, -10), scene);
const freeOps = {
    defaults: {
        rotation: v3(free.rotation),
        rotationQuaternion: free.rotationQuaternion === undefined || free.rotationQuaternion === null,
        speed: free.speed,
        fov: free.fov,
        minZ: free.minZ,
        maxZ: free.maxZ,
        inertia: free.inertia,
        ellipsoid: v3(free.ellipsoid),
        className: free.getClassName(),
        activeCamera: scene.activeCamera.name,
    },
};
free.setTarget(Vector3.Zero());
freeOps.setTarget = { rotation: v3(free.rotation), view: mat(free.getViewMatrix()), target: v3(free.getTarget()), world: mat(free.getWorldMatrix()), globalPosition: v3(free.globalPosition) };
free.rotation.y += 0.5;
free.rotation.z = 0.3;
freeOps.rotated = { view: mat(free.getViewMatrix()), target: v3(free.getTarget()), upVector: v3(free.upVector) };
free.rotationQuaternion = Quaternion.RotationYawPitchRoll(0.3, -0.2, 0.1);
freeOps.quaternion = { view: mat(free.getViewMatrix()), target: v3(free.getTarget()), upVector: v3(free.upVector) };
free.rotationQuaternion = null;
free.position = new Vector3(1, 1, 1);
free.parent = root;
freeOps.parented = { view: mat(free.getViewMatrix()), world: mat(free.getWorldMatrix()), globalPosition: v3(free.globalPosition) };
free.parent = null;
const aligned = new FreeCamera("aligned", new Vector3(1, 2, 3), scene);
aligned.setTarget(new Vector3(4, 2, 3));
freeOps.sameZ = { position: v3(aligned.position), rotation: v3(aligned.rotation) };
freeOps.frontPosition = v3(aligned.getFrontPosition(2));

// ---------------------------------------------------------------- lights
const hemiDirection = new Vector3(0.2, 1, 0.1);
const hemi = new HemisphericLight("hemi", hemiDirection, scene);
const point = new PointLight("point", new Vector3(1, 2, 3), scene);
const sunDirection = new Vector3(-1, -2, 0.5);
const sun = new DirectionalLight("sun", sunDirection, scene);
function lightState(light) {
    return {
        className: light.getClassName(),
        typeId: light.getTypeID(),
        intensity: light.intensity,
        diffuse: c3(light.diffuse),
        specular: c3(light.specular),
        range: light.range,
        radius: light.radius,
        intensityMode: light.intensityMode,
        scaledIntensity: light.getScaledIntensity(),
        falloffType: light.falloffType,
        isEnabled: light.isEnabled(),
        direction: light.direction ? v3(light.direction) : null,
        position: light.position ? v3(light.position) : null,
        groundColor: light.groundColor ? c3(light.groundColor) : null,
        absolutePosition: v3(light.getAbsolutePosition()),
        world: mat(light.computeWorldMatrix(true)),
    };
}
const lights = {
    hemi: lightState(hemi),
    point: lightState(point),
    sun: lightState(sun),
    hemiDirectionIsArgument: hemi.direction === hemiDirection,
    sunDirectionIsArgument: sun.direction === sunDirection,
    hemiDefaultDirection: v3(new HemisphericLight("hemi2", null, scene).direction),
};
point.intensityMode = Light.INTENSITYMODE_LUMINOUSPOWER;
point.intensity = 2;
lights.pointLuminousPower = point.getScaledIntensity();
point.radius = 0.5;
point.intensityMode = Light.INTENSITYMODE_LUMINANCE;
lights.pointLuminance = point.getScaledIntensity();
sun.radius = 0.2;
sun.intensityMode = Light.INTENSITYMODE_LUMINANCE;
lights.sunLuminance = sun.getScaledIntensity();
sun.intensityMode = Light.INTENSITYMODE_LUMINOUSPOWER;
lights.sunLuminousPower = sun.getScaledIntensity();
hemi.intensityMode = Light.INTENSITYMODE_LUMINANCE;
lights.hemiLuminance = hemi.getScaledIntensity();
point.range = 4;
lights.pointRange = point.range;
point.parent = root;
point.computeTransformedInformation();
lights.pointParented = { world: mat(point.computeWorldMatrix(true)), absolutePosition: v3(point.getAbsolutePosition()) };
sun.setDirectionToTarget(new Vector3(3, 0, 0));
lights.sunDirectionToTarget = v3(sun.direction);
hemi.setDirectionToTarget(new Vector3(0, 0, -2));
lights.hemiDirectionToTarget = v3(hemi.direction);
hemi.setEnabled(false);
lights.hemiDisabled = hemi.isEnabled();

// ---------------------------------------------------------------- materials
const material = new StandardMaterial("mat", scene);
const materials = {
    defaults: {
        className: material.getClassName(),
        name: material.name,
        id: material.id,
        diffuseColor: c3(material.diffuseColor),
        specularColor: c3(material.specularColor),
        emissiveColor: c3(material.emissiveColor),
        ambientColor: c3(material.ambientColor),
        alpha: material.alpha,
        specularPower: material.specularPower,
        backFaceCulling: material.backFaceCulling,
        wireframe: material.wireframe,
        fillMode: material.fillMode,
        pointsCloud: material.pointsCloud,
        animations: material.animations,
        inScene: scene.materials.indexOf(material) !== -1,
    },
};
material.wireframe = true;
material.alpha = 0.25;
material.diffuseColor = new Color3(0.1, 0.2, 0.3);
material.emissiveColor.g = 0.75;
hand.material = material;
materials.changed = {
    wireframe: material.wireframe,
    fillMode: material.fillMode,
    alpha: material.alpha,
    diffuseColor: c3(hand.material.diffuseColor),
    emissiveColor: c3(hand.material.emissiveColor),
    meshMaterial: hand.material.name,
};
material.pointsCloud = true;
materials.pointsCloud = { fillMode: material.fillMode, wireframe: material.wireframe, pointsCloud: material.pointsCloud };

console.log(JSON.stringify({ hierarchy, cache, ops, builders, arcRotate, arcOps, freeOps, lights, materials }));
