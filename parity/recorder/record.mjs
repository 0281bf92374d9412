// Re-records every parity scenario (or the ones named on the command line):
//   npm ci && node record.mjs [-k SUBSTRING] [scenario.mjs ...]
//   node record.mjs --out my_script.json my_script.mjs     (one script, output path chosen)
// Each scenario prints exactly one JSON document on stdout; it is written, pretty-printed with
// sorted keys, to ../recorded/<name>.json (or to --out). Scenarios are deterministic, so
// re-recording gives byte-identical files.
import { spawnSync } from "node:child_process";
import { readdirSync, writeFileSync, mkdirSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const scenarioDir = resolve(here, "..", "scenarios");
const recordedDir = resolve(here, "..", "recorded");

function sortKeys(value) {
    if (Array.isArray(value)) return value.map(sortKeys);
    if (value && typeof value === "object") {
        const out = {};
        for (const key of Object.keys(value).sort()) out[key] = sortKeys(value[key]);
        return out;
    }
    return value;
}

export function runScenario(file) {
    const result = spawnSync(process.execPath, ["--import", join(here, "register.mjs"), file], {
        encoding: "utf8",
        maxBuffer: 1 << 30,
    });
    if (result.status !== 0) {
        throw new Error(`${file} exited with ${result.status}:\n${result.stderr}`);
    }
    try {
        return JSON.parse(result.stdout);
    } catch (err) {
        throw new Error(
            `${file} did not print one JSON document on stdout (print only the document; use ` +
            `console.error for anything else):\n${result.stdout.slice(0, 2000)}`,
        );
    }
}

const args = process.argv.slice(2);
let filter = null;
let out = null;
const files = [];
for (let i = 0; i < args.length; i++) {
    if (args[i] === "-k") filter = args[++i];
    else if (args[i] === "--out") out = resolve(args[++i]);
    else files.push(resolve(args[i]));
}
if (out && files.length !== 1) {
    console.error("--out needs exactly one scenario file");
    process.exit(2);
}
if (files.length === 0) {
    for (const name of readdirSync(scenarioDir).sort()) {
        if (name.endsWith(".mjs") && !name.startsWith("_") && (!filter || name.includes(filter))) files.push(join(scenarioDir, name));
    }
}
mkdirSync(recordedDir, { recursive: true });
let failed = 0;
for (const file of files) {
    const name = basename(file, ".mjs");
    try {
        const doc = sortKeys(runScenario(file));
        const target = out ?? join(recordedDir, `${name}.json`);
        writeFileSync(target, JSON.stringify(doc, null, 1) + "\n");
        console.log(`recorded ${name} -> ${target}`);
    } catch (err) {
        failed++;
        console.error(`FAILED ${name}: ${err.message}`);
    }
}
process.exit(failed ? 1 : 0);
