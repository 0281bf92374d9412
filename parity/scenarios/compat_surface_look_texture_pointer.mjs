// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 + @babylonjs/loaders 9.28 on tests/fixtures/texture_transform.glb: the
// loader builds a Texture per material slot (names "<material> (Base Color)" ..., channel
// flags, normal-map inversions, KHR_texture_transform offset/rotation/scale/texCoord with the
// rotation centre moved to the origin), maps the KHR_animation_pointer channels on
// .../extensions/KHR_texture_transform/offset|rotation|scale onto albedoTexture.uOffset ...
// (an emissive texture without the extension included), and the group plays them (LINEAR and
// STEP keys) through scene._animate(70 ms); each sample holds every slot's UV transform and
// texture matrix. An asset container load keeps the textures in the container.
import { ImportMeshAsync, LoadAssetContainerAsync, Logger, NullEngine, Scene } from "@babylonjs/core";
import "@babylonjs/loaders/glTF/index.js";
import { readFileSync } from "node:fs";

Logger.LogLevels = Logger.ErrorLogLevel;
const SLOTS = ["albedoTexture", "bumpTexture", "metallicTexture", "ambientTexture", "emissiveTexture"];
const engine = new NullEngine();
const bytes = () => new Uint8Array(readFileSync(new URL("../../tests/fixtures/texture_transform.glb", import.meta.url)));
const mat = (m) => Array.from(m.m);
const uv = (t) => ({
    uv: [t.uOffset, t.vOffset, t.uScale, t.vScale, t.uAng, t.vAng, t.wAng, t.uRotationCenter, t.vRotationCenter, t.wRotationCenter],
    matrix: mat(t.getTextureMatrix()),
});

const scene = new Scene(engine);
await ImportMeshAsync(bytes(), scene, { pluginExtension: ".glb" });
const material = scene.materials.find((m) => m.name === "Tiles");
const loaded = {};
for (const slot of SLOTS) {
    const t = material[slot];
    loaded[slot] = {
        ...uv(t), name: t.name, className: t.getClassName(), coordinatesIndex: t.coordinatesIndex, level: t.level,
        invertY: t.invertY, samplingMode: t.samplingMode, wrap: [t.wrapU, t.wrapV], ready: t.isReady(), hasAlpha: t.hasAlpha,
    };
}
const flags = [material.ambientTextureStrength, material.useRoughnessFromMetallicTextureAlpha, material.useRoughnessFromMetallicTextureGreen, material.useMetallnessFromMetallicTextureBlue, material.useAmbientInGrayScale, material.invertNormalMapX, material.invertNormalMapY, material.forceIrradianceInFragment, material.albedoTexture === material.emissiveTexture];
const group = scene.animationGroups[0];
const animations = group.targetedAnimations.map((ta) => ({
    property: ta.animation.targetProperty, target: ta.target.name, dataType: ta.animation.dataType,
    keys: ta.animation.getKeys().map((k) => [k.frame, k.value]),
}));
group.stop();
group.start(true);
const samples = [];
for (let i = 0; i < 40; i++) {
    scene._animate(70);
    if (i % 3 === 2) {
        const sample = { frame: group.animatables[0]?.masterFrame ?? null };
        for (const slot of SLOTS) sample[slot] = uv(material[slot]);
        samples.push(sample);
    }
}

const containerScene = new Scene(engine);
const container = await LoadAssetContainerAsync(bytes(), containerScene, { pluginExtension: ".glb" });
const containerTextures = container.textures.map((t) => t.name).sort();
const containerMaterial = container.materials[0];
const inScene = containerScene.textures.filter((t) => containerTextures.includes(t.name)).length;

console.log(JSON.stringify({ loaded, flags, animations, samples, container: { textures: containerTextures, inScene, albedo: uv(containerMaterial.albedoTexture) } }));
