// tsc (the root package.json's TypeScript) on a project folder: writes its
// tsconfig.json from `config` and returns what tsc printed ("" when it
// compiled).
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";

import { ROOT } from "./pkg.mjs";

const TSC = path.join(ROOT, "node_modules", "typescript", "bin", "tsc");

export function compile(dir, config) {
  writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(config));
  try {
    execFileSync(process.execPath, [TSC, "-p", dir], { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    return "";
  } catch (e) {
    return e.stdout || e.stderr || String(e);
  }
}
