#!/usr/bin/env node
// Pictures of the app's scenes at each size (issue 27): the first screen, a
// game, the new-game dialog (folded, and with a conflict) and a room, at
// 390×844, 844×390, 768×1024 and 1280×800, as PNG files in the folder given.
// Not a test (layout.test.mjs checks what must be in view): a person looks
// at the pictures. Not run in CI.
// Usage: node tests/browser/screens.mjs OUT_DIR [--dist DIR]
import fs from "node:fs";
import path from "node:path";
import { serve } from "./lib/server.mjs";
import { launchBrowser, watchErrors, DIST as DEFAULT_DIST } from "./lib/harness.mjs";
import { PLAYER } from "./lib/rooms.mjs";
import { SIZES, firstScreen, game, dialog, dialogConflict, room } from "./lib/scenes.mjs";

const args = process.argv.slice(2);
const out = args.find((a, i) => !a.startsWith("--") && args[i - 1] !== "--dist");
if (!out) {
  console.error("usage: node tests/browser/screens.mjs OUT_DIR [--dist DIR]");
  process.exit(2);
}
const distAt = args.indexOf("--dist");
const DIST = path.resolve(distAt >= 0 ? args[distAt + 1] : DEFAULT_DIST);
const SCENES = { first: firstScreen, game, dialog, "dialog-conflict": dialogConflict, room };

fs.mkdirSync(out, { recursive: true });
const server = await serve(DIST);
const browser = await launchBrowser();
let failed = 0;
try {
  for (const size of SIZES) {
    for (const [name, setUp] of Object.entries(SCENES)) {
      const context = await browser.newContext({
        locale: "en-US", reducedMotion: "reduce", viewport: { width: size.width, height: size.height }, ...PLAYER,
      });
      const page = await context.newPage();
      watchErrors(page);
      const file = path.join(out, `${name}-${size.width}x${size.height}.png`);
      try {
        await setUp(page, server.url);
        await page.waitForTimeout(300);
        await page.screenshot({ path: file });
        console.log(`${file}${page.mulinoErrors.length ? ` (page errors: ${page.mulinoErrors.join("; ")})` : ""}`);
      } catch (err) {
        failed++;
        console.error(`${file}: ${String(err.message).split("\n")[0]}`);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
process.exit(failed ? 1 : 0);
