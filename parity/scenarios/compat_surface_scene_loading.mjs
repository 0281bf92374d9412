// parity: {"atol": 1e-5, "rtol": 1e-5}
// Babylon.js 9.31 loading surface: SceneLoader's callback forms (ImportMesh with its eight
// onSuccess arguments, Append, LoadAssetContainer, ImportAnimations and their onError),
// ImportAnimations / ImportAnimationsAsync / the 9.x ImportAnimationsAsync with each
// SceneLoaderAnimationGroupLoadingMode (overwrite, Clean, Stop, Sync, NoSync) retargeting the
// file's groups onto the scene's nodes (sampled with goToFrame), the plugin registry
// (IsPluginForExtensionAvailable, GetPluginForExtension, RegisterPlugin,
// OnPluginActivatedObservable) and the logging constants; AssetContainer moveAllFromScene,
// createRootMesh, addAllAssetsToContainer, mergeAnimationsTo, tag queries and
// InstantiatedEntries.
import {
    AssetContainer,
    ImportAnimationsAsync,
    InstantiatedEntries,
    Logger,
    NullEngine,
    Scene,
    SceneLoader,
    SceneLoaderAnimationGroupLoadingMode,
} from "@babylonjs/core";
import "@babylonjs/loaders/glTF/index.js";
import { readFileSync } from "node:fs";

Logger.LogLevels = Logger.NoneLogLevel;

const bytesOf = (name) => new Uint8Array(readFileSync(new URL(`../../tests/fixtures/${name}.glb`, import.meta.url)));
const figure = bytesOf("rigged_figure");
const engine = new NullEngine();
const out = {};
const names = (list) => list.map((o) => o.name);
const r6 = (x) => Math.round(x * 1e6) / 1e6;
const pose = (scene) =>
    scene.transformNodes
        .filter((t) => t.rotationQuaternion)
        .map((t) => [t.name, ...[t.position.x, t.position.y, t.position.z].map(r6), ...t.rotationQuaternion.asArray().map(r6)]);
const groupTargets = (scene) =>
    scene.animationGroups.map((g) => [g.name, g.targetedAnimations.length, g.targetedAnimations.every((ta) => scene.getNodes().includes(ta.target) || scene.morphTargetManagers.length > 0)]);

out.modes = [
    SceneLoaderAnimationGroupLoadingMode.Clean,
    SceneLoaderAnimationGroupLoadingMode.Stop,
    SceneLoaderAnimationGroupLoadingMode.Sync,
    SceneLoaderAnimationGroupLoadingMode.NoSync,
];
out.logging = [SceneLoader.NO_LOGGING, SceneLoader.MINIMAL_LOGGING, SceneLoader.SUMMARY_LOGGING, SceneLoader.DETAILED_LOGGING];

const activated = [];
SceneLoader.OnPluginActivatedObservable.add((plugin) => activated.push(plugin.name));
out.plugins = {
    glb: SceneLoader.IsPluginForExtensionAvailable(".glb"),
    gltf: SceneLoader.IsPluginForExtensionAvailable(".gltf"),
    obj: SceneLoader.IsPluginForExtensionAvailable(".obj"),
    glbName: SceneLoader.GetPluginForExtension(".glb").name,
};
SceneLoader.RegisterPlugin({ name: "fake", extensions: ".fake" });
SceneLoader.RegisterPlugin({ name: "fake2", extensions: { ".f2": { isBinary: true }, ".F3": { isBinary: false } } });
out.plugins.registered = [
    SceneLoader.IsPluginForExtensionAvailable(".fake"),
    SceneLoader.GetPluginForExtension(".fake").name,
    SceneLoader.IsPluginForExtensionAvailable(".f2"),
    SceneLoader.IsPluginForExtensionAvailable(".f3"),
    SceneLoader.GetPluginForExtension(".f3").name,
];

// -- ImportMesh (callback form) ---------------------------------------------------------------
const scene = new Scene(engine);
await new Promise((resolve) => {
    SceneLoader.ImportMesh(
        "",
        "",
        figure,
        scene,
        (meshes, particleSystems, skeletons, animationGroups, transformNodes, geometries, lights, spriteManagers) => {
            out.importMesh = {
                counts: [meshes, particleSystems, skeletons, animationGroups, transformNodes, geometries, lights, spriteManagers].map((l) => l.length),
                meshes: names(meshes),
                groups: names(animationGroups),
                skeletons: names(skeletons),
            };
            resolve();
        },
        null,
        () => resolve(),
        ".glb",
    );
});
out.activatedAfterImport = activated.length;
for (const g of scene.animationGroups) {
    g.stop();
}

// -- errors ----------------------------------------------------------------------------------------
await new Promise((resolve) => {
    SceneLoader.ImportMesh("", "", new Uint8Array([1, 2, 3, 4]), scene, () => resolve(), null, (s, message, exception) => {
        out.importError = [s === scene, typeof message, message.length > 0, exception !== undefined];
        resolve();
    }, ".glb");
});

// -- Append and LoadAssetContainer (callback forms) -------------------------------------------
const appendScene = new Scene(engine);
await new Promise((resolve) => {
    SceneLoader.Append("", figure, appendScene, (s) => {
        out.append = [s === appendScene, s.meshes.length, names(s.animationGroups)];
        resolve();
    }, null, () => resolve(), ".glb");
});
const containerScene = new Scene(engine);
let container;
await new Promise((resolve) => {
    SceneLoader.LoadAssetContainer("", figure, containerScene, (c) => {
        container = c;
        resolve();
    }, null, () => resolve(), ".glb");
});
out.container = {
    counts: [container.meshes.length, container.transformNodes.length, container.skeletons.length, container.animationGroups.length],
    sceneBefore: [containerScene.meshes.length, containerScene.animationGroups.length],
};
container.addAllToScene();
out.container.sceneAdded = [containerScene.meshes.length, containerScene.animationGroups.length];
const moved = new AssetContainer(containerScene);
moved.moveAllFromScene();
out.container.moved = [moved.meshes.length, moved.transformNodes.length, moved.skeletons.length, moved.animationGroups.length, moved.materials.length];
out.container.sceneAfterMove = [containerScene.meshes.length, containerScene.transformNodes.length, containerScene.animationGroups.length];
moved.meshes[1]._tags = { body: true };
out.container.tags = [names(moved.getMeshesByTags("body")), moved.getMeshesByTags().length, names(moved.getTransformNodesByTags("body"))];
const root = moved.createRootMesh();
out.container.rootMesh = [root.name, moved.meshes[0] === root, root.getChildren().length, moved.meshes.length];
const gathered = new AssetContainer(containerScene);
gathered.addAllAssetsToContainer(root);
out.container.gathered = [gathered.meshes.length, gathered.transformNodes.length, gathered.rootNodes.length, names(gathered.rootNodes)];
const entries = new InstantiatedEntries();
out.container.entries = [entries.rootNodes.length, entries.skeletons.length, entries.animationGroups.length];
entries.dispose();

// -- ImportAnimations -------------------------------------------------------------------------
const animScene = new Scene(engine);
await new Promise((resolve) => {
    SceneLoader.Append("", figure, animScene, () => resolve(), null, () => resolve(), ".glb");
});
for (const g of animScene.animationGroups) {
    g.stop();
}
const fileFigure = bytesOf("rigged_figure");
const imported = [];
animScene.onAnimationFileImportedObservable.add(() => imported.push(animScene.animationGroups.length));
await new Promise((resolve) => {
    SceneLoader.ImportAnimations("", fileFigure, animScene, true, SceneLoaderAnimationGroupLoadingMode.Clean, null, (s) => {
        out.importAnimations = { same: s === animScene, groups: names(s.animationGroups), targets: groupTargets(s) };
        resolve();
    }, null, () => resolve(), ".glb");
});
const walk = animScene.getAnimationGroupByName("Walk");
walk.start(false);
walk.goToFrame(12);
out.importAnimations.walkPose = pose(animScene);
walk.stop();

const playing = animScene.animationGroups[1];
playing.start(true);
await SceneLoader.ImportAnimationsAsync("", bytesOf("rigged_figure"), animScene, false, SceneLoaderAnimationGroupLoadingMode.NoSync, null, null, null, null, ".glb");
out.importAnimations.noSync = [names(animScene.animationGroups), playing.isPlaying];
await ImportAnimationsAsync(bytesOf("rigged_figure"), animScene, {
    overwriteAnimations: false,
    animationGroupLoadingMode: SceneLoaderAnimationGroupLoadingMode.Stop,
    pluginExtension: ".glb",
});
out.importAnimations.stop = [animScene.animationGroups.length, playing.isPlaying];
playing.start(true);
await ImportAnimationsAsync(bytesOf("rigged_figure"), animScene, {
    overwriteAnimations: false,
    animationGroupLoadingMode: SceneLoaderAnimationGroupLoadingMode.Sync,
    pluginExtension: ".glb",
});
out.importAnimations.sync = [animScene.animationGroups.length, playing.isPlaying];
await ImportAnimationsAsync(bytesOf("rigged_figure"), animScene, {
    overwriteAnimations: false,
    animationGroupLoadingMode: SceneLoaderAnimationGroupLoadingMode.Clean,
    pluginExtension: ".glb",
});
out.importAnimations.clean = [names(animScene.animationGroups)];
out.importAnimations.imported = imported;
const wave = animScene.getAnimationGroupByName("Wave");
wave.start(false);
wave.goToFrame(20);
out.importAnimations.wavePose = pose(animScene);

// -- mergeAnimationsTo ------------------------------------------------------------------------
const mergeScene = new Scene(engine);
await new Promise((resolve) => SceneLoader.Append("", figure, mergeScene, () => resolve(), null, () => resolve(), ".glb"));
for (const g of mergeScene.animationGroups.slice()) {
    g.dispose();
}
const source = await SceneLoader.LoadAssetContainerAsync("", bytesOf("rigged_figure"), mergeScene, null, ".glb");
const merged = source.mergeAnimationsTo(mergeScene, []);
out.merge = [names(merged), merged.map((g) => g.targetedAnimations.filter((ta) => mergeScene.getNodes().includes(ta.target)).length)];
out.activated = activated;

console.log(JSON.stringify(out));
