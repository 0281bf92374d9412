// Validates glTF files with the Khronos glTF validator (the pinned npm gltf-validator) and
// prints one JSON line per file: {"file", "errors", "warnings", "infos", "messages": [...]}.
// Usage: node validate.mjs FILE.glb [FILE ...]   (exit status 1 when a file has errors)
import { readFile } from "node:fs/promises";
import path from "node:path";
import validator from "gltf-validator";

let failed = false;
for (const file of process.argv.slice(2)) {
  const bytes = new Uint8Array(await readFile(file));
  const report = await validator.validateBytes(bytes, {
    uri: path.basename(file),
    externalResourceFunction: (uri) =>
      readFile(path.resolve(path.dirname(file), decodeURIComponent(uri))).then(
        (b) => new Uint8Array(b),
      ),
  });
  const issues = report.issues;
  failed ||= issues.numErrors > 0;
  console.log(
    JSON.stringify({
      file,
      errors: issues.numErrors,
      warnings: issues.numWarnings,
      infos: issues.numInfos,
      messages: issues.messages.map((m) => `${m.severity} ${m.code} ${m.pointer ?? ""}: ${m.message}`),
    }),
  );
}
process.exit(failed ? 1 : 0);
