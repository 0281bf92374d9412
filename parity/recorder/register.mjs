// Loaded with `node --import <this file> script.mjs`: installs hooks.mjs, and keeps stdout for
// the script's one JSON document.
//
// Babylon's Logger writes "BJS - [hh:mm:ss]: ..." lines (the "Babylon.js v9.31.0 - Null engine"
// banner of every NullEngine, warnings about missing features) through console.log, so a script
// that forgot `Logger.LogLevels = Logger.NoneLogLevel` printed two documents. Babylon's logger
// captures console.log when its module is first evaluated, which is after this preload: the
// wrapper below sends those lines to stderr (kept, visible on a failure) and leaves every other
// console.log call alone. Nothing else changes: Babylon's log cache and observers still see them.
import { register } from "node:module";

register("./hooks.mjs", import.meta.url);

const toStdout = console.log;
console.log = function log(first, ...rest) {
    if (typeof first === "string" && first.startsWith("BJS - ")) {
        console.error(first, ...rest);
        return;
    }
    toStdout.call(console, first, ...rest);
};
