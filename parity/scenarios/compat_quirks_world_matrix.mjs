// parity: {"atol": 1e-12, "rtol": 1e-12}
// Babylon.js 9.31 world-matrix caching: getWorldMatrix() recomputes only when the node's
// _currentRenderId differs from scene.getRenderId(), so a node moved (in place, or through
// the position setter) after a read in the same render id returns the cached matrix;
// computeWorldMatrix() recomputes a node moved in place only in a later render id, one whose
// position was assigned (dirty) at once, computeWorldMatrix(true) always (and its parents);
// absolutePosition goes through computeWorldMatrix(); render() evaluates meshes (not plain
// transform nodes); parent/child chains; freezeWorldMatrix (with and without a matrix) and
// unfreezeWorldMatrix; the recomputations counted with onAfterWorldMatrixUpdateObservable;
// which constructors (MeshBuilder shapes, clone, MergeMeshes; not new Mesh, createInstance,
// TransformNode, cameras, lights) compute the world matrix at creation.
import { FreeCamera, Logger, Matrix, Mesh, MeshBuilder, NullEngine, PointLight, Scene, TransformNode, Vector3 } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const engine = new NullEngine();
const scene = new Scene(engine);
new FreeCamera("camera", new Vector3(0, 0, -10), scene);

const counts = new Map();
const track = (node) => {
    counts.set(node, 0);
    node.onAfterWorldMatrixUpdateObservable.add(() => counts.set(node, counts.get(node) + 1));
    return node;
};
const t = (m) => Array.from(m.m.slice(12, 15));
const log = [];
const read = (label, node, how) => {
    let v;
    if (how === "get") v = t(node.getWorldMatrix());
    else if (how === "compute") v = t(node.computeWorldMatrix());
    else if (how === "force") v = t(node.computeWorldMatrix(true));
    else if (how === "abs") v = node.absolutePosition.asArray();
    else if (how === "cache") v = t(node.worldMatrixFromCache);
    log.push([label, node.name, how, ...v, counts.get(node), scene.getRenderId()]);
};

// A plain transform node, before any render.
const node = track(new TransformNode("node", scene));
read("created", node, "cache");
node.position.set(1, 2, 3);
read("set in place", node, "get");
node.position.x = 5;
read("moved in place", node, "get");
read("moved in place", node, "compute");
read("moved in place", node, "abs");
read("moved in place", node, "force");
node.position = new Vector3(7, 8, 9);
read("assigned", node, "get");
read("assigned", node, "abs");
read("assigned", node, "get");
node.position.x = 6;
scene.render();
read("rendered", node, "cache");
read("rendered", node, "get");
node.position.x = 4;
read("moved after render", node, "get");
scene.render();
read("rendered again", node, "get");

// A mesh: render() computes it.
const mesh = track(MeshBuilder.CreateBox("mesh", { size: 1 }, scene));
mesh.position.set(1, 1, 1);
read("created", mesh, "cache");
scene.render();
read("rendered", mesh, "cache");
mesh.position.y = 3;
read("moved after render", mesh, "get");
read("moved after render", mesh, "compute");
read("moved after render", mesh, "abs");
scene.render();
read("rendered again", mesh, "cache");
mesh.position.z = 2;
read("moved", mesh, "force");
read("moved", mesh, "get");
mesh.setEnabled(false);
mesh.position.z = 6;
scene.render();
read("disabled, rendered", mesh, "cache");
read("disabled, rendered", mesh, "get");
mesh.setEnabled(true);

// Parent/child chains.
const parent = track(new TransformNode("parent", scene));
const child = track(new TransformNode("child", scene));
const grandchild = track(MeshBuilder.CreateBox("grandchild", { size: 1 }, scene));
child.parent = parent;
grandchild.parent = child;
parent.position.set(10, 0, 0);
child.position.set(0, 10, 0);
grandchild.position.set(0, 0, 10);
read("chain created", grandchild, "get");
read("chain created", child, "cache");
read("chain created", parent, "cache");
parent.position.x = 20;
read("parent moved", grandchild, "get");
read("parent moved", grandchild, "compute");
read("parent moved", child, "get");
read("parent moved", grandchild, "force");
read("parent moved", parent, "cache");
scene.render();
parent.position.x = 30;
read("parent moved after render", child, "get");
read("parent moved after render", grandchild, "get");
scene.render();
read("rendered", grandchild, "cache");
read("rendered", child, "cache");
read("rendered", parent, "cache");
parent.position = new Vector3(40, 0, 0);
read("parent assigned", grandchild, "get");
read("parent assigned", grandchild, "compute");
scene.render();
read("parent assigned, rendered", grandchild, "cache");
read("parent assigned, rendered", child, "cache");
child.parent = null;
read("child unparented", child, "get");
read("child unparented", child, "compute");
scene.render();
read("child unparented, rendered", grandchild, "get");

// freezeWorldMatrix.
const frozen = track(MeshBuilder.CreateBox("frozen", { size: 1 }, scene));
frozen.position.set(1, 0, 0);
frozen.freezeWorldMatrix();
read("frozen", frozen, "cache");
frozen.position.x = 2;
scene.render();
read("frozen, moved, rendered", frozen, "get");
read("frozen, moved", frozen, "force");
frozen.position = new Vector3(3, 0, 0);
read("frozen, assigned", frozen, "get");
read("frozen, assigned", frozen, "compute");
read("frozen, assigned", frozen, "compute");
frozen.unfreezeWorldMatrix();
read("unfrozen", frozen, "get");
scene.render();
read("unfrozen, rendered", frozen, "get");
frozen.freezeWorldMatrix(Matrix.Translation(9, 8, 7));
read("frozen to a matrix", frozen, "cache");
read("frozen to a matrix", frozen, "get");
scene.render();
read("frozen to a matrix, rendered", frozen, "abs");
frozen.freezeWorldMatrix(null, true);
read("frozen with decompose", frozen, "get");
const frozenState = [frozen.position.asArray(), frozen.isWorldMatrixFrozen];
frozen.unfreezeWorldMatrix();

// Child of a frozen parent.
const fp = track(new TransformNode("frozenParent", scene));
const fc = track(new TransformNode("frozenChild", scene));
fc.parent = fp;
fp.position.set(0, 5, 0);
fc.position.set(1, 0, 0);
read("frozen parent", fc, "get");
fp.freezeWorldMatrix();
fp.position.y = 50;
scene.render();
read("frozen parent moved, rendered", fc, "get");
read("frozen parent moved", fc, "force");

// Creation: which constructors compute the world matrix (under render id 0 here), so that a
// node moved after it reads the matrix of its creation until the next render id.
const fresh = new Scene(engine);
const creation = [];
const made = (label, n) => creation.push([label, n._currentRenderId, ...t(n.worldMatrixFromCache), ...t(n.getWorldMatrix()), fresh.getRenderId()]);
const box = MeshBuilder.CreateBox("box", {}, fresh);
made("box created", box);
box.position.set(1, 2, 3);
made("box moved", box);
const plain = new Mesh("plain", fresh);
plain.position.set(1, 2, 3);
made("plain mesh", plain);
const sphere = MeshBuilder.CreateSphere("sphere", {}, fresh);
sphere.position.x = 4;
made("sphere", sphere);
const instance = box.createInstance("instance");
instance.position.x = 5;
made("instance", instance);
const clone = box.clone("clone");
clone.position.x = 6;
made("clone", clone);
const tn = new TransformNode("tn", fresh);
tn.position.x = 7;
made("transform node", tn);
const cam = new FreeCamera("cam", new Vector3(0, 0, -10), fresh);
cam.position.x = 8;
made("camera", cam);
cam.position.x = 9;
made("camera moved", cam);
const light = new PointLight("light", new Vector3(1, 1, 1), fresh);
light.position.x = 9;
made("light", light);
const parented = MeshBuilder.CreateBox("parented", {}, fresh);
parented.parent = tn;
made("box parented", parented);
const ground = MeshBuilder.CreateGround("ground", {}, fresh);
ground.position.y = 2;
made("ground", ground);
const merged = Mesh.MergeMeshes([MeshBuilder.CreateBox("m1", {}, fresh), MeshBuilder.CreateBox("m2", {}, fresh)]);
merged.position.y = 2;
made("merged", merged);
box.position.z = 9;
box.refreshBoundingInfo();
made("box after refreshBoundingInfo", box);
fresh.render();
made("box after a render", box);
const late = MeshBuilder.CreateBox("late", {}, fresh);
late.position.x = 3;
made("box created after a render", late);

// Which builders compute the world matrix at creation: the node's _currentRenderId just after
// it is made (-1: not computed), in a scene at render id 2.
const path = [new Vector3(0, 0, 0), new Vector3(1, 1, 0), new Vector3(2, 0, 1)];
const shape = [new Vector3(0, 0, 0), new Vector3(0.2, 0, 0), new Vector3(0, 0.2, 0)];
const makers = {
    plane: () => MeshBuilder.CreatePlane("x", {}, fresh),
    cylinder: () => MeshBuilder.CreateCylinder("x", {}, fresh),
    torus: () => MeshBuilder.CreateTorus("x", {}, fresh),
    disc: () => MeshBuilder.CreateDisc("x", {}, fresh),
    capsule: () => MeshBuilder.CreateCapsule("x", {}, fresh),
    icosphere: () => MeshBuilder.CreateIcoSphere("x", {}, fresh),
    polyhedron: () => MeshBuilder.CreatePolyhedron("x", {}, fresh),
    tube: () => MeshBuilder.CreateTube("x", { path }, fresh),
    ribbon: () => MeshBuilder.CreateRibbon("x", { pathArray: [path, path.map((p) => p.add(Vector3.Up()))] }, fresh),
    extrude: () => MeshBuilder.ExtrudeShape("x", { shape, path }, fresh),
    lines: () => MeshBuilder.CreateLines("x", { points: path }, fresh),
    dashed: () => MeshBuilder.CreateDashedLines("x", { points: path }, fresh),
    lineSystem: () => MeshBuilder.CreateLineSystem("x", { lines: [path] }, fresh),
    tiledGround: () => MeshBuilder.CreateTiledGround("x", { xmin: 0, zmin: 0, xmax: 1, zmax: 1 }, fresh),
    torusKnot: () => MeshBuilder.CreateTorusKnot("x", {}, fresh),
    lathe: () => MeshBuilder.CreateLathe("x", { shape }, fresh),
    transformNodeClone: () => new TransformNode("t", fresh).clone("tc", null),
    meshClone: () => new Mesh("m", fresh).clone("mc"),
    instance: () => MeshBuilder.CreateBox("b", {}, fresh).createInstance("i"),
    legacyBox: () => Mesh.CreateBox("x", 1, fresh),
    instantiateHierarchy: () => MeshBuilder.CreateBox("b2", {}, fresh).instantiateHierarchy(),
};
const builders = {};
for (const [key, make] of Object.entries(makers)) builders[key] = make()._currentRenderId;

console.log(JSON.stringify({ log, frozenState, creation, builders }));
