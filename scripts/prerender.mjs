#!/usr/bin/env node
// Puts the app's first screen into a built app's index.html, so that a
// first visit sees the table and the board before the WebAssembly has
// arrived and run (docs/audit.md: the first paint waited for the wasm).
// It opens the build in Debian's Chromium as a first-time English visitor,
// takes the table as the app drew it (its #app node) and writes it into
// the page as #mulino-first-screen, inert (nothing in it answers before
// the app runs), with a few lines that remove it the moment the app has
// drawn its own: in the same task, before the next frame, so no frame is
// blank and nothing shifts. Anyone else (a saved game, a link, another
// language) gets no copy: the app's own first screen differs for them.
// Idempotent: a page that has a copy gets a new one.
//
// Usage: node scripts/prerender.mjs [DIST]   (default dist/; MULINO_CHROMIUM)
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { startStaticHost } from "../tests/browser/lib/static-host.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DIST = path.resolve(process.argv[2] ?? path.join(ROOT, "dist"));
const PAGE = path.join(DIST, "index.html");
const BEGIN = "<!--first-screen-->";
const END = "<!--/first-screen-->";

// Runs in the page, right after the copy: keeps it for a first English
// visit until the app's #app has content, removes it at once otherwise.
const SWAP = `(function () {
  var shot = document.getElementById("mulino-first-screen");
  var first = !location.hash;
  try {
    for (var i = 0; first && i < localStorage.length; i++) first = localStorage.key(i).indexOf("mulino.") !== 0;
  } catch (e) { first = false; }
  if (!first || (window.mulinoFirstLanguage || "en") !== "en") { shot.remove(); return; }
  new MutationObserver(function (_, watch) {
    var app = document.getElementById("app");
    if (app && app.firstElementChild) { shot.remove(); watch.disconnect(); }
  }).observe(document.body, { childList: true, subtree: true });
})();`;

function withoutCopy(html) {
  const at = html.indexOf(BEGIN);
  if (at < 0) return html;
  const end = html.indexOf(END, at);
  if (end < 0) throw new Error(`${PAGE}: ${BEGIN} without ${END}`);
  return html.slice(0, at) + html.slice(end + END.length);
}

const original = withoutCopy(fs.readFileSync(PAGE, "utf8"));
if (!/<body>/.test(original)) throw new Error(`${PAGE}: no <body> to put the first screen in`);
if (!original.includes("mulinoFirstLanguage")) throw new Error(`${PAGE}: the page does not say its first language (window.mulinoFirstLanguage)`);
fs.writeFileSync(PAGE, original);

const host = await startStaticHost(DIST);
let browser;
let table;
try {
  browser = await chromium.launch({
    executablePath: process.env.MULINO_CHROMIUM ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 412, height: 823 }, serviceWorkers: "block" });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(host.url, { waitUntil: "load" });
  await page.locator("#app [data-point]").first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState("networkidle");
  if (errors.length) throw new Error(`the page failed: ${errors.join("; ")}`);
  table = await page.evaluate(() => {
    const app = document.getElementById("app");
    return { attrs: [...app.attributes].map((a) => [a.name, a.value]), inner: app.innerHTML };
  });
} finally {
  await browser?.close();
  await host.close();
}
if (/<script/i.test(table.inner)) throw new Error("the first screen holds a script: not copied");
const attrs = table.attrs
  .filter(([name]) => name !== "id")
  .map(([name, value]) => ` ${name}="${value.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"`)
  .join("");
const copy = `${BEGIN}<div id="mulino-first-screen" inert${attrs}>${table.inner}</div><script>${SWAP}</script>${END}`;
fs.writeFileSync(PAGE, original.replace("<body>", `<body>${copy}`));
console.log(`prerender: the first screen (${table.inner.length} characters) written into ${PAGE}`);
