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
const HEAD_BEGIN = "<!--first-screen-head-->";
const HEAD_END = "<!--/first-screen-head-->";

// Runs in the page's head, where Trunk asked for the wasm ahead
// (`<link rel=preload>`): decides who sees the copy (a first English visit
// with no link) and, for them, asks for the wasm only after the copy's
// first paint, which then shares the network with nothing (the page's
// module script waits for window.mulinoPaintFirst); anyone else has the
// wasm asked for at once, as Trunk did. WASM_URL is put in below.
const HEAD = `(function () {
  var first = !location.hash;
  try {
    for (var i = 0; first && i < localStorage.length; i++) first = localStorage.key(i).indexOf("mulino.") !== 0;
  } catch (e) { first = false; }
  first = first && (window.mulinoFirstLanguage || "en") === "en";
  window.mulinoFirstScreen = first;
  if (first) {
    window.mulinoPaintFirst = new Promise(function (painted) {
      if (document.visibilityState !== "visible") return painted();
      setTimeout(painted, 2000); // no paint (a tab hidden meanwhile): the app starts anyway
      var kinds = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
      if (kinds.indexOf("paint") < 0) return requestAnimationFrame(function () { setTimeout(painted, 0); });
      new PerformanceObserver(function (list, watch) {
        if (list.getEntriesByName("first-contentful-paint").length) { watch.disconnect(); painted(); }
      }).observe({ type: "paint", buffered: true });
    });
  } else {
    var ask = document.createElement("link");
    ask.rel = "preload"; ask.as = "fetch"; ask.type = "application/wasm"; ask.crossOrigin = "anonymous";
    ask.href = WASM_URL;
    document.head.appendChild(ask);
  }
})();`;

// Runs in the page right after the copy (which is hidden until then, so
// that a page arriving in pieces never shows half of it): keeps it for a
// first visit until the app's table is drawn whole (<html data-drawn>,
// app/src/first_screen.rs), removes it at once otherwise.
const SWAP = `(function () {
  var shot = document.getElementById("mulino-first-screen");
  var root = document.documentElement;
  var drawn = function () { return root.hasAttribute("data-drawn"); };
  if (!window.mulinoFirstScreen || drawn()) { shot.remove(); return; }
  shot.hidden = false; // whole now: never shown half parsed, as a slow network would
  new MutationObserver(function (_, watch) {
    if (drawn()) { shot.remove(); watch.disconnect(); }
  }).observe(root, { attributes: true, attributeFilter: ["data-drawn"] });
})();`;

/** `html` without the block from `begin` to `end` (the copy, or the head's part). */
function without(html, begin, end) {
  const at = html.indexOf(begin);
  if (at < 0) return html;
  const to = html.indexOf(end, at);
  if (to < 0) throw new Error(`${PAGE}: ${begin} without ${end}`);
  return html.slice(0, at) + html.slice(to + end.length);
}

const original = without(without(fs.readFileSync(PAGE, "utf8"), BEGIN, END), HEAD_BEGIN, HEAD_END);
if (!/<body>/.test(original)) throw new Error(`${PAGE}: no <body> to put the first screen in`);
if (!original.includes("</head>")) throw new Error(`${PAGE}: no </head> to decide in`);
if (!original.includes("mulinoFirstLanguage")) throw new Error(`${PAGE}: the page does not say its first language (window.mulinoFirstLanguage)`);
// Trunk's module script: `const wasm = await init({ module_or_path: '…_bg.wasm' })`.
const wasmUrl = original.match(/module_or_path:\s*'([^']+_bg\.wasm)'/)?.[1];
if (!wasmUrl) throw new Error(`${PAGE}: Trunk's module script (init with module_or_path) not found`);
const INIT = "const wasm = await init(";
const WAIT = "await window.mulinoPaintFirst;";
if (!original.includes(INIT)) throw new Error(`${PAGE}: Trunk's module script has no \`${INIT}\``);
const wasmFile = wasmUrl.split("/").pop();
// The page as it goes out: Trunk's preload of the wasm replaced by the
// head's decision, the module script waiting for it.
const served = original
  .replace(/<link\b[^>]*>/g, (link) => (/\bpreload\b/.test(link) && link.includes(wasmFile) ? "" : link))
  .replace(`${WAIT}${INIT}`, INIT)
  .replace(INIT, `${WAIT}${INIT}`)
  .replace("</head>", `${HEAD_BEGIN}<script>${HEAD.replace("WASM_URL", JSON.stringify(wasmUrl))}</script>${HEAD_END}</head>`);
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
const copy = `${BEGIN}<div id="mulino-first-screen" hidden inert${attrs}>${table.inner}</div><script>${SWAP}</script>${END}`;
fs.writeFileSync(PAGE, served.replace("<body>", `<body>${copy}`));
console.log(`prerender: the first screen (${table.inner.length} characters) written into ${PAGE}`);
