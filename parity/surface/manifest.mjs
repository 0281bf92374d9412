// Writes the public surface of the pinned @babylonjs/core (9.31) that scripts touch, as JSON on
// stdout (python -m parity.surface --record saves it to parity/surface/manifest.json):
//   node --import ../recorder/register.mjs manifest.mjs > manifest.json
// For each class of issue 12's list, plus AbstractEngine (issue 29): every public member (a name
// not starting with "_"), from its statics (up the static inheritance chain), its prototype
// chain (up to Object.prototype), and the fields its constructor assigns (an instance is built
// with a NullEngine scene where that works; "constructed" says whether it did). Enum objects
// list their names (not the numeric reverse keys TypeScript adds). Scene and the engines are
// counted whole (issue 29: the playground boilerplate, clearColor, isReady, resize..., is in).
// "BABYLON" lists the top-level names a script can reach as BABYLON.x: every public export of
// the package that is a function or a class, plus the enum and value objects issue 12 named;
// "areas" gives, for each, the folder of @babylonjs/core that exports it (read from the
// package's index.js re-exports), which the refusals of whole areas are keyed on.
// Deterministic: sorted names, no timestamps.
import * as B from "@babylonjs/core";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

B.Logger.LogLevels = B.Logger.NoneLogLevel;

const engine = new B.NullEngine();
const scene = new B.Scene(engine);
const v0 = () => B.Vector3.Zero();

const CLASSES = {
    Animation: () => new B.Animation("a", "position", 30, B.Animation.ANIMATIONTYPE_VECTOR3),
    Animatable: () => new B.Animatable(scene, { x: 0 }),
    AnimationGroup: () => new B.AnimationGroup("g", scene),
    TargetedAnimation: () => new B.TargetedAnimation(new B.AnimationGroup("g2", scene)),
    AnimationGroupMask: () => new B.AnimationGroupMask([]),
    AnimationGroupMaskMode: null,
    RuntimeAnimation: () => {
        const a = new B.Animation("r", "x", 30, B.Animation.ANIMATIONTYPE_FLOAT);
        a.setKeys([{ frame: 0, value: 0 }, { frame: 1, value: 1 }]);
        const target = { x: 0 };
        return new B.RuntimeAnimation(target, a, scene, new B.Animatable(scene, target));
    },
    AnimationEvent: () => new B.AnimationEvent(0, () => {}),
    AnimationRange: () => new B.AnimationRange("r", 0, 1),
    AnimationKeyInterpolation: null,
    AnimationPropertiesOverride: () => new B.AnimationPropertiesOverride(),
    PrecisionDate: null,
    EngineStore: null,
    EasingFunction: () => new B.EasingFunction(),
    BackEase: () => new B.BackEase(),
    BezierCurveEase: () => new B.BezierCurveEase(),
    BounceEase: () => new B.BounceEase(),
    CircleEase: () => new B.CircleEase(),
    CubicEase: () => new B.CubicEase(),
    ElasticEase: () => new B.ElasticEase(),
    ExponentialEase: () => new B.ExponentialEase(),
    PowerEase: () => new B.PowerEase(),
    QuadraticEase: () => new B.QuadraticEase(),
    QuarticEase: () => new B.QuarticEase(),
    QuinticEase: () => new B.QuinticEase(),
    SineEase: () => new B.SineEase(),
    Scene: () => new B.Scene(engine),
    // Abstract in Babylon.js: a bare subclass with empty options (its constructor runs).
    AbstractEngine: () => new (class extends B.AbstractEngine {})(false, {}),
    Engine: () => new B.Engine(null), // no canvas: Babylon.js builds it headless under Node
    NullEngine: () => new B.NullEngine(),
    Node: () => new B.Node("n", scene),
    TransformNode: () => new B.TransformNode("t", scene),
    AbstractMesh: () => new B.AbstractMesh("am", scene),
    Mesh: () => new B.Mesh("m", scene),
    InstancedMesh: () => B.MeshBuilder.CreateBox("box", {}, scene).createInstance("i"),
    MeshBuilder: null,
    Camera: () => new B.Camera("c", v0(), scene),
    TargetCamera: () => new B.TargetCamera("tc", v0(), scene),
    FreeCamera: () => new B.FreeCamera("fc", v0(), scene),
    UniversalCamera: () => new B.UniversalCamera("uc", v0(), scene),
    ArcRotateCamera: () => new B.ArcRotateCamera("ac", 0, 1, 2, v0(), scene),
    // Abstract in Babylon.js (no uniform layout): a bare subclass adds only that method.
    Light: () => new (class extends B.Light { _buildUniformLayout() {} })("l", scene),
    ShadowLight: () => new (class extends B.ShadowLight { _buildUniformLayout() {} })("sl", scene),
    HemisphericLight: () => new B.HemisphericLight("h", B.Vector3.Up(), scene),
    DirectionalLight: () => new B.DirectionalLight("d", new B.Vector3(0, -1, 0), scene),
    PointLight: () => new B.PointLight("p", v0(), scene),
    SpotLight: () => new B.SpotLight("s", v0(), new B.Vector3(0, -1, 0), 1, 2, scene),
    Material: () => new B.Material("mat", scene),
    StandardMaterial: () => new B.StandardMaterial("std", scene),
    PBRMaterial: () => new B.PBRMaterial("pbr", scene),
    Texture: () => new B.Texture(null, scene),
    Skeleton: () => new B.Skeleton("sk", "sk", scene),
    Bone: () => new B.Bone("b", new B.Skeleton("sk2", "sk2", scene)),
    MorphTarget: () => new B.MorphTarget("mt", 0, scene),
    MorphTargetManager: () => new B.MorphTargetManager(scene),
    AssetContainer: () => new B.AssetContainer(scene),
    InstantiatedEntries: () => new B.InstantiatedEntries(),
    SceneLoader: null,
    SceneLoaderAnimationGroupLoadingMode: null,
    Observable: () => new B.Observable(),
    Vector2: () => new B.Vector2(),
    Vector3: () => new B.Vector3(),
    Vector4: () => new B.Vector4(),
    Quaternion: () => new B.Quaternion(),
    Matrix: () => new B.Matrix(),
    Color3: () => new B.Color3(),
    Color4: () => new B.Color4(),
    Size: () => new B.Size(0, 0),
    Axis: null,
    Space: null,
    Tools: null,
    Scalar: null,
    Angle: () => new B.Angle(0),
    Path3D: () => new B.Path3D([v0(), new B.Vector3(1, 0, 0)]),
    Curve3: () => new B.Curve3([v0(), new B.Vector3(1, 0, 0)]),
};
// Top-level names that are functions or values, not classes.
const TOP_LEVEL_ONLY = ["Epsilon", "LoadSceneAsync", "AppendSceneAsync", "ImportMeshAsync", "LoadAssetContainerAsync", "ImportAnimationsAsync"];

const SKIP_STATIC = new Set(["length", "name", "prototype", "caller", "arguments"]);
const isPublic = (n) => typeof n === "string" && !n.startsWith("_") && !/^\d+$/.test(n);

function staticNames(cls) {
    const out = new Set();
    for (let c = cls; c && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
        for (const n of Object.getOwnPropertyNames(c)) if (!SKIP_STATIC.has(n) && isPublic(n)) out.add(n);
    }
    return out;
}
function prototypeNames(cls) {
    const out = new Set();
    for (let p = cls.prototype; p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
        for (const n of Object.getOwnPropertyNames(p)) if (n !== "constructor" && isPublic(n)) out.add(n);
    }
    return out;
}
function instanceNames(obj) {
    const out = new Set();
    for (const n of Object.getOwnPropertyNames(obj)) if (isPublic(n)) out.add(n);
    return out;
}

const classes = {};
for (const [name, factory] of Object.entries(CLASSES)) {
    const value = B[name];
    if (value === undefined) throw new Error(`@babylonjs/core has no ${name}`);
    const entry = { kind: typeof value === "function" ? "class" : "object" };
    let statics = new Set();
    let members = new Set();
    if (typeof value === "function") {
        statics = staticNames(value);
        members = prototypeNames(value);
        if (factory) {
            try {
                for (const n of instanceNames(factory())) members.add(n);
                entry.constructed = true;
            } catch (err) {
                entry.constructed = false;
                entry.constructError = String(err && err.message ? err.message : err).slice(0, 200);
            }
        } else {
            entry.constructed = false;
        }
    } else {
        statics = new Set(Object.keys(value).filter(isPublic));
    }
    for (const s of statics) members.delete(s); // a name is counted once (static wins)
    entry.statics = [...statics].sort();
    entry.members = [...members].sort();
    classes[name] = entry;
}
// Which folder of the package exports each top-level name (the first re-export wins).
const root = fileURLToPath(new URL("../recorder/node_modules/@babylonjs/core/", import.meta.url));
const areas = {};
for (const line of readFileSync(root + "index.js", "utf8").split("\n")) {
    const m = /^export \* from "\.\/(.+)"/.exec(line);
    if (!m) continue;
    const area = m[1].replace(/\/index\.js$|\.js$/, "").replace(/\/pure$/, "");
    const mod = await import("@babylonjs/core/" + m[1]);
    for (const n of Object.keys(mod)) if (!(n in areas)) areas[n] = area;
}
const topLevel = new Set([...Object.keys(CLASSES), ...TOP_LEVEL_ONLY]);
for (const n of Object.keys(B)) if (isPublic(n) && typeof B[n] === "function") topLevel.add(n);
const topNames = [...topLevel].sort();
for (const n of topNames) if (!(n in areas)) throw new Error(`no area exports ${n}`);
classes.BABYLON = {
    kind: "module",
    statics: topNames,
    members: [],
    areas: Object.fromEntries(topNames.map((n) => [n, areas[n]])),
};

const total = Object.values(classes).reduce((s, c) => s + c.statics.length + c.members.length, 0);
console.log(
    JSON.stringify(
        {
            package: "@babylonjs/core",
            version: B.Engine.Version,
            note: "generated by parity/surface/manifest.mjs; do not edit (python -m parity.surface --record)",
            total,
            classes,
        },
        null,
        1
    )
);
