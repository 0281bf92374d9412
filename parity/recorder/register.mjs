// Loaded with `node --import <this file> script.mjs`: installs hooks.mjs.
import { register } from "node:module";

register("./hooks.mjs", import.meta.url);
