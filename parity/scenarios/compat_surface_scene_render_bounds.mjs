// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 scene.render() evaluates the active meshes: every enabled, ready mesh with
// no zero scale gets its world matrix (and bounding info) computed once per frame. Recorded:
// the world bounding boxes of a rotated box, a parented sphere, a disabled box and a box scaled
// to zero, before the first render, after it, after moving them without a render, and after
// the next render; and an animated box's bounds frame by frame.
import { Animation, FreeCamera, Logger, MeshBuilder, NullEngine, Scene, Space, Vector3 } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;
const scene = new Scene(new NullEngine());
scene.useConstantAnimationDeltaTime = true;
new FreeCamera("camera", new Vector3(0, 0, -10), scene);
const v = (p) => [p.x, p.y, p.z];
const box = MeshBuilder.CreateBox("box", { width: 2, height: 1, depth: 0.5 }, scene);
box.rotate(new Vector3(0, 1, 0), 0.5, Space.LOCAL);
box.position.x = 2;
const sphere = MeshBuilder.CreateSphere("sphere", { diameter: 1, segments: 4 }, scene);
sphere.parent = box;
sphere.position.y = 3;
const off = MeshBuilder.CreateBox("off", {}, scene);
off.position.z = 5;
off.setEnabled(false);
const flat = MeshBuilder.CreateBox("flat", {}, scene);
flat.position.y = -4;
flat.scaling.y = 0;
const meshes = [box, sphere, off, flat];
const bounds = () =>
    Object.fromEntries(
        meshes.map((m) => {
            const b = m.getBoundingInfo().boundingBox;
            return [m.name, { min: v(b.minimumWorld), max: v(b.maximumWorld), center: v(b.centerWorld) }];
        }),
    );
const out = { before: bounds() };
scene.render();
out.afterRender = bounds();
box.position.x = -1;
off.position.z = 7;
flat.position.y = -6;
out.movedNoRender = bounds();
scene.render();
out.afterSecondRender = bounds();
const slide = new Animation("slide", "position.y", 60, Animation.ANIMATIONTYPE_FLOAT, Animation.ANIMATIONLOOPMODE_CYCLE);
slide.setKeys([{ frame: 0, value: 0 }, { frame: 30, value: 3 }, { frame: 60, value: 0 }]);
box.animations.push(slide);
scene.beginAnimation(box, 0, 60, true);
out.frames = [];
for (let i = 0; i < 12; i++) {
    scene.render();
    out.frames.push(bounds());
}
console.log(JSON.stringify(out));
