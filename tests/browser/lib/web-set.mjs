// Nine's tables for range reads, made for the browser tests: the classes
// 3v3 … 6v6 solved (`morris tb generate --up-to 6`) and written as a web
// set (`morris tb web`: manifest.json, block indexes, parts), standing in
// for all of Nine. Made once under the cargo target dir (a folder of its
// own: the Node tests' set of 3v3 … 4v4 is `web-tables-test`, whose
// tables `morris tb probe` reads in seconds) and kept: a set
// whose manifest holds 6v6 is used as it is, and both commands keep what
// is already whole, so a run cut short goes on where it stopped.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const TARGET = process.env.CARGO_TARGET_DIR ?? path.join(ROOT, "target");
/** The folder of the set (MULINO_WEB_SET to use another). */
export const WEB_SET_DIR = process.env.MULINO_WEB_SET ?? path.join(TARGET, "web-tables-test-6");

/** The classes of a set's manifest (`6v6`, …), none when it is not there. */
export function webSetClasses(web) {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(web, "manifest.json"), "utf8"));
    return (manifest.classes ?? []).map((c) => c.class ?? c.name);
  } catch {
    return [];
  }
}

/**
 * The folder of the web set (its manifest.json), made first when it is not
 * whole; prints how long making it took.
 */
export function ensureWebSet() {
  const web = path.join(WEB_SET_DIR, "web");
  if (webSetClasses(web).includes("6v6")) return web;
  const morris = path.join(TARGET, "release", "morris");
  const start = Date.now();
  const run = (cmd, args) => execFileSync(cmd, args, { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  if (!fs.existsSync(morris)) run("cargo", ["build", "--release", "--locked", "-p", "morris-cli"]);
  const tables = path.join(WEB_SET_DIR, "tables");
  run(morris, ["tb", "generate", "--variant", "nine", "--up-to", "6", "--deflate-level", "1", "--out-dir", tables]);
  run(morris, ["tb", "web", "--table", tables, "--out-dir", web]);
  console.log(`# made the web set 3v3…6v6 in ${((Date.now() - start) / 1000).toFixed(1)} s: ${web}`);
  if (!webSetClasses(web).includes("6v6")) throw new Error(`no 6v6 in ${web}/manifest.json`);
  return web;
}
