// parity: {"atol": 2e-5, "rtol": 1e-5}
// Babylon.js 9.31 TransformNode and Node members on generated hierarchies with known answers
// (a rotated, non-uniformly scaled parent and grand-parent): rotate/translate in both spaces,
// lookAt (local/world, Euler and quaternion), getDirection, addRotation, rotateAround, pivots
// (setPivotPoint local/world, getPivotPoint, getAbsolutePivotPoint, setPivotMatrix), parenting
// with the world transform preserved (setParent/addChild/removeChild), absolute positions,
// getPositionExpressedInLocalSpace, locallyTranslate, clone/instantiateHierarchy, serialize and
// Parse, attachToBone, the pose matrix, camera-space queries; Node behaviors, accessibility tag,
// doNotSerialize, effective-enabled notifications, clone, the constructor registry, range
// (de)serialization, hierarchy bounds and onDispose.
import { Bone, FreeCamera, Logger, Matrix, Node, NullEngine, Quaternion, Scene, Skeleton, Space, TransformNode, Vector3 } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const scene = new Scene(new NullEngine());
const v = (p) => [p.x, p.y, p.z];
const q = (p) => (p ? [p.x, p.y, p.z, p.w] : null);
const m = (x) => Array.from(x.m);
const state = (n) => [v(n.position), v(n.rotation), q(n.rotationQuaternion), v(n.scaling), v(n.getAbsolutePosition()), m(n.computeWorldMatrix(true))];

function rig(useQuat) {
    const grand = new TransformNode("grand", scene);
    grand.position = new Vector3(1, -2, 0.5);
    grand.rotation = new Vector3(0.3, -0.4, 0.2);
    grand.scaling = new Vector3(2, 1, 0.5);
    const parent = new TransformNode("parent", scene);
    parent.parent = grand;
    parent.position = new Vector3(0, 3, -1);
    parent.rotation = new Vector3(-0.6, 0.9, 0.1);
    parent.scaling = new Vector3(1, 1.5, 1);
    const node = new TransformNode("node", scene);
    node.parent = parent;
    node.position = new Vector3(0.5, 0.25, 2);
    node.rotation = new Vector3(0.1, 0.2, 0.3);
    if (useQuat) {
        node.rotationQuaternion = Quaternion.RotationYawPitchRoll(0.5, -0.3, 0.8);
    }
    node.scaling = new Vector3(1, 2, 3);
    grand.computeWorldMatrix(true);
    parent.computeWorldMatrix(true);
    node.computeWorldMatrix(true);
    return { grand, parent, node };
}

const out = {};
const ops = {
    rotateLocal: (r) => r.node.rotate(new Vector3(1, 2, 0), 0.7, Space.LOCAL),
    rotateWorld: (r) => r.node.rotate(new Vector3(0, 1, 1), -0.9, Space.WORLD),
    translateLocal: (r) => r.node.translate(new Vector3(1, 0, 1), 2, Space.LOCAL),
    translateWorld: (r) => r.node.translate(new Vector3(0, 1, 0), -1.5, Space.WORLD),
    lookAtLocal: (r) => r.node.lookAt(new Vector3(3, -1, 4)),
    lookAtLocalCor: (r) => r.node.lookAt(new Vector3(3, -1, 4), 0.1, 0.2, 0.3),
    lookAtWorld: (r) => r.node.lookAt(new Vector3(-2, 5, 1), 0, 0, 0, Space.WORLD),
    addRotation: (r) => r.node.addRotation(0.4, -0.2, 0.6),
    rotateAround: (r) => r.node.rotateAround(new Vector3(1, 1, 1), new Vector3(0, 0, 2), 1.1),
    setAbsolutePosition: (r) => r.node.setAbsolutePosition(new Vector3(4, 5, -6)),
    locallyTranslate: (r) => r.node.locallyTranslate(new Vector3(1, -1, 0.5)),
    setPositionWithLocalVector: (r) => r.node.setPositionWithLocalVector(new Vector3(2, 0, -1)),
    setDirection: (r) => r.node.setDirection(new Vector3(1, 1, -1), 0.2),
    setParentNull: (r) => r.node.setParent(null),
    setParentGrand: (r) => r.node.setParent(r.grand),
    addChild: (r) => r.grand.addChild(r.node),
    removeChild: (r) => r.parent.removeChild(r.node),
    pivotLocal: (r) => r.node.setPivotPoint(new Vector3(1, 2, 3)),
    pivotWorld: (r) => r.node.setPivotPoint(new Vector3(1, 2, 3), Space.WORLD),
    pivotMatrix: (r) => r.node.setPivotMatrix(Matrix.Compose(new Vector3(1, 1, 1), Quaternion.RotationAxis(new Vector3(0, 1, 0), 0.5), new Vector3(0.5, 0, 1))),
    pivotMatrixNoPost: (r) => r.node.setPivotMatrix(Matrix.Translation(1, 0, -1), false),
};
for (const useQuat of [false, true]) {
    for (const [name, op] of Object.entries(ops)) {
        const r = rig(useQuat);
        op(r);
        const row = state(r.node);
        row.push(v(r.node.getPivotPoint()), v(r.node.getAbsolutePivotPoint()), v(r.node.getPositionExpressedInLocalSpace()));
        row.push(v(r.node.getDirection(new Vector3(0, 0, 1))), v(r.node.forward), r.node.parent ? r.node.parent.name : null);
        out[`${name}.${useQuat}`] = row;
    }
}

// direction into ref, absolute pivot into ref
{
    const r = rig(false);
    const d = Vector3.Zero();
    r.node.getDirectionToRef(new Vector3(1, 0, 0), d);
    const p = Vector3.Zero();
    r.node.setPivotPoint(new Vector3(0, 1, 0));
    r.node.getAbsolutePivotPointToRef(p);
    out.refs = [v(d), v(p)];
}

// pose matrix
{
    const n = new TransformNode("pose", scene);
    const before = m(n.getPoseMatrix());
    const n2 = new TransformNode("pose2", scene);
    n2.position = new Vector3(1, 2, 3);
    n2.rotation = new Vector3(0, 0.5, 0);
    n2.computeWorldMatrix(true);
    const first = m(n2.getPoseMatrix());
    n2.position.x = 10;
    n2.computeWorldMatrix(true);
    const after = m(n2.getPoseMatrix());
    n2.updatePoseMatrix(Matrix.Translation(5, 5, 5));
    out.pose = [before, first, after, m(n2.getPoseMatrix())];
}

// clone, instantiateHierarchy
{
    const r = rig(true);
    const leaf = new TransformNode("leaf", scene);
    leaf.parent = r.node;
    leaf.position = new Vector3(1, 1, 1);
    r.node.metadata = { tag: 7 };
    r.node.scalingDeterminant = -1;
    const c = r.parent.clone("pc", null);
    const kids = c.getChildren();
    const grandKids = kids[0].getChildren();
    out.clone = [c.name, c.id, c.parent ? c.parent.name : null, kids.map((k) => k.name), grandKids.map((k) => k.name), state(kids[0]), kids[0].scalingDeterminant, kids[0].metadata.tag, kids[0].metadata === r.node.metadata];
    const log = [];
    const inst = r.parent.instantiateHierarchy(null, undefined, (src, dst) => log.push([src.name, dst.name]));
    out.instantiate = [inst.name, inst.parent.name, inst.getChildren().map((k) => k.name), inst.getChildren()[0].getChildren().map((k) => k.name), log, state(inst.getChildren()[0].getChildren()[0])];
    const inst2 = r.node.instantiateHierarchy(r.grand);
    out.instantiate2 = [inst2.name, inst2.parent.name, state(inst2)];
}

// serialize / Parse
{
    const r = rig(true);
    r.node.setPivotMatrix(Matrix.Translation(0.5, 0, 0));
    r.node.createAnimationRange("walk", 0, 30);
    r.node.state = "busy";
    const s = r.node.serialize();
    delete s.tags;
    const keys = Object.keys(s).sort();
    out.serialize = [keys, s.name, s.id, s.position, s.rotation, s.rotationQuaternion, s.scaling, s.billboardMode, s.scalingDeterminant, s.infiniteDistance, s.ignoreNonUniformScaling, s.reIntegrateRotationIntoRotationQuaternion, s.type, s.parentId === r.parent.uniqueId, Array.from(s.localMatrix), s.isEnabled, s.animations, s.ranges, s.state];
    const p = TransformNode.Parse(s, scene, "");
    out.parse = [p.name, p.id, p.getClassName(), state(p), m(p.getPivotMatrix()), p.getAnimationRange("walk") ? [p.getAnimationRange("walk").from, p.getAnimationRange("walk").to] : null, p.state, p.parent];
    out.ranges = r.node.serializeAnimationRanges();
    const plain = new TransformNode("plain", scene);
    Node.ParseAnimationRanges(plain, { ranges: [{ name: "a", from: 1, to: 2 }, { name: "b", from: 3, to: 9 }] }, scene);
    out.parsedRanges = plain.serializeAnimationRanges();
}

// bones
{
    const skeleton = new Skeleton("sk", "sk", scene);
    const b0 = new Bone("b0", skeleton, null, Matrix.Compose(new Vector3(1, 1, 1), Quaternion.RotationAxis(new Vector3(0, 0, 1), 0.5), new Vector3(0, 1, 0)));
    const b1 = new Bone("b1", skeleton, b0, Matrix.Translation(0, 2, 0));
    const mesh = new TransformNode("skinned", scene);
    mesh.position = new Vector3(2, 0, 0);
    mesh.rotation = new Vector3(0, 1, 0);
    mesh.computeWorldMatrix(true);
    const prop = new TransformNode("prop", scene);
    prop.position = new Vector3(0, 0.5, 0);
    prop.attachToBone(b1, mesh);
    const a = state(prop);
    b1.setRotation(new Vector3(0.3, 0, 0));
    skeleton.prepare(true);
    prop.computeWorldMatrix(true);
    const b = state(prop);
    prop.detachFromBone();
    out.bones = [a, b, state(prop), prop.parent];
    const prop2 = new TransformNode("prop2", scene);
    prop2.attachToBone(b0, mesh);
    prop2.detachFromBone(true);
    out.bones2 = [prop2.parent];
}

// camera-space queries
{
    const cam = new FreeCamera("cam", new Vector3(0, 2, -10), scene);
    cam.setTarget(new Vector3(1, 0, 0));
    scene.activeCamera = cam;
    const r = rig(false);
    out.camera = [v(r.node.getPositionInCameraSpace()), r.node.getDistanceToCamera(), r.node.getDistanceToCamera(cam)];
}

// Node members
{
    const log = [];
    const root = new TransformNode("broot", scene);
    const child = new TransformNode("bchild", scene);
    child.parent = root;
    const behavior = { name: "b1", init: () => log.push("init"), attach: (n) => log.push("attach " + n.name), detach: () => log.push("detach") };
    root.addBehavior(behavior);
    root.addBehavior(behavior);
    const found = root.getBehaviorByName("b1") === behavior;
    const missing = root.getBehaviorByName("zz");
    root.removeBehavior(behavior);
    root.removeBehavior(behavior);
    root.addBehavior(behavior);
    const tags = [];
    root.onAccessibilityTagChangedObservable.add((t) => tags.push(t));
    const tag0 = root.accessibilityTag;
    root.accessibilityTag = { description: "a box" };
    const eff = [];
    child.onEffectiveEnabledStateChangedObservable.add((e) => eff.push(e));
    root.setEnabled(false);
    child.setEnabled(false);
    root.setEnabled(true);
    child.setEnabled(true);
    child.parent = null;
    const dns = [root.doNotSerialize, child.doNotSerialize];
    child.parent = root;
    root.doNotSerialize = true;
    dns.push(root.doNotSerialize, child.doNotSerialize);
    let disposed = [];
    root.onDispose = () => disposed.push("first");
    root.onDispose = () => disposed.push("second");
    const bounds = root.getHierarchyBoundingVectors();
    root.dispose();
    out.node = [log, found, missing, root.behaviors.length, tag0, tags.map((t) => t.description), eff, dns, disposed, v(bounds.min).map((x) => x > 1e300), v(bounds.max).map((x) => x < -1e300), root.behaviors.length];
    const n = new Node("plainNode", scene);
    n.state = "s1";
    n.metadata = { k: 1 };
    const n2 = new Node("plainChild", scene);
    n2.parent = n;
    const c = n.clone("copy");
    out.nodeClone = [c.name, c.id, c.state, c.metadata.k, c.getClassName(), c.getChildren().map((k) => [k.name, k.getClassName()])];
    Node.AddNodeConstructor("MyType", (name, sc, options) => () => new TransformNode(name + (options ? options.suffix : ""), sc));
    const built = Node.Construct("MyType", "made", scene, { suffix: "!" });
    out.construct = [built ? built().name : null, Node.Construct("Nope", "x", scene)];
    const cube = new TransformNode("cube", scene);
    cube.scaling = new Vector3(2, 2, 2);
    cube.normalizeToUnitCube();
    out.cube = v(cube.scaling).map((x) => Math.abs(x));
}

console.log(JSON.stringify(out));
