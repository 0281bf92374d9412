// parity: {"quaternion_paths": ["$.quaternions[*]"], "ignore": ["$.meta"]}
// Self-test of the parity harness itself (not of lite): a few values from real Babylon.js and
// plain JavaScript math that the Python port reproduces without lite, so a broken Node setup,
// recorder or comparison shows up here first. It exercises float32 rounding (Math.fround),
// Babylon.js Vector3.Lerp and Scalar.Lerp, quaternions compared up to sign, NaN/Infinity sent
// as strings, and an ignored subtree ($.meta, which names the engine).
import { Engine, Quaternion, Scalar, Vector3 } from "@babylonjs/core";

// JSON has no NaN/Infinity: send them as strings, as every scenario must.
const num = (x) => (Number.isFinite(x) ? x : String(x));

const frounds = [0.1, 1 / 3, Math.PI, 1e-8, 16777217, -2.5, 3.4028235e38].map(Math.fround);

const a = new Vector3(1, 2, 3);
const b = new Vector3(-4, 0.5, 9);
const lerps = [0, 0.25, 0.5, 0.9, 1].map((t) => Vector3.Lerp(a, b, t).asArray());
const scalars = [0, 0.1, 0.5, 1, 1.5].map((t) => Scalar.Lerp(-2, 6, t));

const axis = new Vector3(1, 2, 2);
const quaternions = [0, 0.5, Math.PI / 2, 3, 4, 2 * Math.PI - 0.25].map((angle) =>
    Quaternion.RotationAxis(axis, angle).asArray()
);

const specials = [0 / 0, 1 / 0, -1 / 0, Math.sqrt(-1), 0.5].map(num);

console.log(
    JSON.stringify({
        frounds,
        lerps,
        meta: { engine: `Babylon.js ${Engine.Version}` },
        quaternions,
        scalars,
        specials,
    })
);
