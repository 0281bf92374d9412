// parity: {"atol": 1e-5, "rtol": 1e-5, "ignore": ["$.cases[*].frames[0].palettes"]}
// Babylon Lite 1.10 weighted and additive glTF skeleton blending (weighted-gltf-mixer.ts) on the
// generated fixtures, parsed by Lite's own glTF animation parser and driven by an
// AnimationManager whose engine is a fake GPU device recording every bone-texture upload.
// Cases: two rigged_figure clips at weight 0.5 each; one clip at weight 0.3 alone (rotations
// slerp from rest, translations scale); an override clip with two additive layers (one paused
// at 0.75 s, reference frame 0; one playing, reference frame 12); two_skeletons with three
// clips at weights 0.7, 1 and 0.5. Recorded per frame: group times and the palette uploaded to
// each skeleton. Ignored: the palettes of each case's first frame. Lite 1.10 creates a blend
// target with an all-zero TRS on the first blended update (its reset runs before the target
// exists), so unanimated components collapse to 0 for that one frame; lite starts from rest.
import {
    addAnimationGroups,
    createAnimationManager,
    enableAnimationBlending,
    pauseAnimation,
    playAnimation,
    setAnimationAdditive,
    setAnimationWeight,
    stopAnimation,
    updateAnimationManager,
} from "@babylonjs/lite";
import { arr, load, makeEngine } from "./_lite_gltf_harness.mjs";

const DELTAS = [0, 1000 / 60, 1000 / 60, 33.25, 7.5, 100, 250, 1000 / 60, 420, 16, 333.3];


// setup(groups): play/pause/weights/additive per case, by group index.
const CASES = [
    ["rigged_figure", "walk_wave_half", [[0, "play", 0.5], [1, "play", 0.5]]],
    ["rigged_figure", "walk_partial", [[0, "play", 0.3]]],
    ["rigged_figure", "additive_layers", [[0, "play", 1.0], [2, "additive_paused", 0.6, 0, 0.75], [1, "additive", 0.4, 12]]],
    ["two_skeletons", "three_weights", [[0, "play", 0.7], [1, "play", 1.0], [2, "play", 0.5]]],
];

const cases = [];
for (const [name, label, setup] of CASES) {
    const asset = load(name);
    const { engine, uploads } = makeEngine();
    const manager = createAnimationManager({ engine });
    const groups = asset.groups;
    for (const g of groups) stopAnimation(g);
    for (const [index, mode, weight, refFrame, time] of setup) {
        const g = groups[index];
        playAnimation(g);
        if (mode === "additive" || mode === "additive_paused") setAnimationAdditive(g, { referenceFrame: refFrame });
        if (mode === "additive_paused") {
            g.currentTime = time;
            pauseAnimation(g);
        }
        setAnimationWeight(g, weight);
    }
    addAnimationGroups(manager, groups);
    enableAnimationBlending(manager);
    const frames = [];
    for (const d of DELTAS) {
        updateAnimationManager(manager, d);
        frames.push({ times: groups.map((g) => g.currentTime), palettes: { ...uploads.bones } });
    }
    cases.push({ asset: name, label, frames });
}
console.log(JSON.stringify({ deltas: DELTAS, cases }));
