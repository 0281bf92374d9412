// Module-resolution hook: bare "@babylonjs/*" (and "three") imports resolve to this recorder's pinned
// node_modules, whatever folder the scenario script lives in (ours or a user's).
const base = new URL("./package.json", import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
    if (specifier.startsWith("@babylonjs/") || specifier === "babylonjs-gltf2interface" || specifier === "three" || specifier.startsWith("three/")) {
        return nextResolve(specifier, { ...context, parentURL: base });
    }
    return nextResolve(specifier, context);
}
