// Writes the public surface of the pinned @babylonjs/core (9.31) that animation scripts touch,
// as JSON on stdout (python -m parity.surface --record saves it to parity/surface/manifest.json):
//   node --import ../recorder/register.mjs manifest.mjs > manifest.json
// For each class of issue 12's list: every public member (a name not starting with "_"), from
// its statics (up the static inheritance chain), its prototype chain (up to Object.prototype),
// and the fields its constructor assigns (an instance is built with a NullEngine scene where
// that works; "constructed" says whether it did). Enum objects list their names (not the
// numeric reverse keys TypeScript adds). "BABYLON" lists the top-level names themselves.
// Scene and the engines are scoped to the members an animation script touches (their
// animation, render/step, observable, scene-graph list, lookup and add/remove members; the
// engines' render loop, delta time, fps, lockstep, frame ids, scenes, dispose, observables,
// Version): "scope" is the pattern, "members" keeps only what it matches, "outOfScope" counts
// the rest. Deterministic: sorted names, no timestamps.
import * as B from "@babylonjs/core";

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
    Engine: null, // needs a canvas / WebGL context: statics and prototype only
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

const SCENE_SCOPE =
    "animat|Animat|[Rr]ender|[Ss]tep|Observable$|Observer$|^(rootNodes|meshes|transformNodes|cameras|lights|materials|multiMaterials|textures|skeletons|morphTargetManagers|animationGroups|geometries|activeCamera|activeCameras|metadata|uniqueId|deltaTime|isDisposed|useConstantAnimationDeltaTime)$|^get[A-Z].*By[A-Z]|^get(Engine|ClassName|UniqueId|FrameId|StepId|Nodes|Meshes|TransformNodes|Cameras|Lights|Materials|Textures|Skeletons|AnimationGroups|MorphTargetManagers)$|^(add|remove)[A-Z]|^(dispose|createDefaultCamera|createDefaultLight|createDefaultCameraOrLight)$|^(register|unregister)(Before|After)";
const ENGINE_SCOPE =
    "RenderLoop|renderLoop|DeltaTime|[Ff]ps|[Ll]ockstep|LockStep|[Tt]imeStep|[Ff]rameId|^scenes$|^dispose$|Observable$|^Version$|^NpmPackage$|^LastCreatedScene$|^LastCreatedEngine$|^Instances$|^isDisposed$|^getClassName$|^(beginFrame|endFrame)$";
const SCOPES = { Scene: SCENE_SCOPE, Engine: ENGINE_SCOPE, NullEngine: ENGINE_SCOPE };

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
    if (SCOPES[name]) {
        const re = new RegExp(SCOPES[name]);
        const all = statics.size + members.size;
        statics = new Set([...statics].filter((n) => re.test(n)));
        members = new Set([...members].filter((n) => re.test(n)));
        entry.scope = SCOPES[name];
        entry.outOfScope = all - statics.size - members.size;
    }
    entry.statics = [...statics].sort();
    entry.members = [...members].sort();
    classes[name] = entry;
}
classes.BABYLON = {
    kind: "module",
    statics: [...Object.keys(CLASSES), ...TOP_LEVEL_ONLY].sort(),
    members: [],
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
