// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 MeshBuilder.CreateDecal on static meshes: a decal on a moved, rotated,
// scaled sphere (clipped triangles, box-projected uvs), on a box with captured uvs and an
// angle, with back faces culled, in local mode (parented), and one that misses the mesh.
import { Logger, MeshBuilder, NullEngine, Scene, Vector3 } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;
const engine = new NullEngine();
const scene = new Scene(engine);
const num = (x) => (Number.isFinite(x) ? x : String(x));
const nums = (a) => (a ? Array.from(a).map(num) : null);
const full = (m) => ({
    cls: m.getClassName(),
    vertices: m.getTotalVertices(),
    positions: nums(m.getVerticesData("position")),
    normals: nums(m.getVerticesData("normal")),
    uvs: nums(m.getVerticesData("uv")),
    indices: nums(m.getIndices()),
    position: [m.position.x, m.position.y, m.position.z],
    rotation: [m.rotation.x, m.rotation.y, m.rotation.z],
    parent: m.parent ? m.parent.name : null,
});
const out = {};
const sphere = MeshBuilder.CreateSphere("s", { segments: 4, diameter: 2 }, scene);
sphere.position = new Vector3(0.5, -0.25, 1);
sphere.rotation = new Vector3(0.2, 0.4, -0.1);
sphere.scaling = new Vector3(1.5, 1, 1);
sphere.computeWorldMatrix(true);
out.onSphere = full(MeshBuilder.CreateDecal("d0", sphere, { position: new Vector3(0.5, 0.75, 1), normal: new Vector3(0, 1, 0), size: new Vector3(1, 1, 1) }));
out.onSphereSide = full(MeshBuilder.CreateDecal("d1", sphere, { position: new Vector3(1.9, 0, 1), normal: new Vector3(1, 0.3, 0.2), size: new Vector3(0.8, 1.2, 2), angle: 0.5, cullBackFaces: true }));
const box = MeshBuilder.CreateBox("b", { size: 2 }, scene);
box.position.x = 3;
box.computeWorldMatrix(true);
out.onBox = full(MeshBuilder.CreateDecal("d2", box, { position: new Vector3(3.2, 0.3, -1), normal: new Vector3(0, 0, -1), size: new Vector3(1, 1, 0.5), angle: 0.3, captureUVS: true }));
out.local = full(MeshBuilder.CreateDecal("d3", box, { position: new Vector3(4, 0, 0), normal: new Vector3(1, 0, 0), size: new Vector3(1.5, 0.5, 1), localMode: true }));
out.miss = full(MeshBuilder.CreateDecal("d4", box, { position: new Vector3(10, 10, 10) }));
console.log(JSON.stringify(out));
