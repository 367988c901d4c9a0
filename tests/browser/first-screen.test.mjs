// The first screen before the WebAssembly (scripts/prerender.mjs, which
// scripts/run.sh applies to the build it serves): a first visit sees the
// table and the board while the wasm is still on its way, and the app's own
// table takes its place with no blank frame, no layout shift and not a
// pixel changed. Whoever the app would greet otherwise (a saved game, a
// link, another language) gets no copy. The wasm is held back by the test
// to see the page without it, as a slow phone would.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startHarness, waitForBoard, assertNoErrors, screenshot, clickPoint, waitForState, DIST, ROOT } from "./lib/harness.mjs";
import { startStaticHost } from "./lib/static-host.mjs";

const PRERENDER = path.join(ROOT, "scripts/prerender.mjs");
const PHONE = { width: 412, height: 823 };

let copy;
let host;
let h;
before(async () => {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), "mulino-first-screen-"));
  fs.cpSync(DIST, copy, { recursive: true, filter: (src) => !/[\\/](tb|wdl)$/.test(src) });
  // Twice: a page that has a copy gets a new one, not a second.
  for (let i = 0; i < 2; i++) execFileSync(process.execPath, [PRERENDER, copy], { stdio: ["ignore", "inherit", "inherit"] });
  host = await startStaticHost(copy);
  h = await startHarness();
});
after(async () => {
  await h?.close();
  await host?.close();
  if (copy) fs.rmSync(copy, { recursive: true, force: true });
});

/** A page whose wasm waits until `release()`; frames, shifts and the copy watched from the start. */
async function heldPage(options = {}) {
  const { page, context } = await h.newPage({ viewport: PHONE, serviceWorkers: "block", ...options });
  let release;
  const gate = new Promise((r) => (release = r));
  await page.route(/_bg\.wasm$/, async (route) => {
    await gate;
    await route.continue();
  });
  await page.addInitScript(() => {
    const seen = (window.__firstScreen = { shifts: [], blankFrames: 0, frames: 0 });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        seen.shifts.push(e.value);
        (seen.shifted ??= []).push(...(e.sources ?? []).map((s) => ({
          at: Math.round(e.startTime),
          node: s.node ? `${s.node.nodeName}.${s.node.className?.baseVal ?? s.node.className ?? ""}` : null,
          from: [s.previousRect.x, s.previousRect.y, s.previousRect.width, s.previousRect.height].map(Math.round),
          to: [s.currentRect.x, s.currentRect.y, s.currentRect.width, s.currentRect.height].map(Math.round),
        })));
      }
    }).observe({ type: "layout-shift", buffered: true });
    const frame = () => {
      if (document.body) {
        seen.frames += 1;
        // The app shows once its table is drawn whole (app/src/first_screen.rs).
        const shot = document.getElementById("mulino-first-screen");
        seen.copyShown ||= !!shot && !shot.hidden;
        const app = document.getElementById("app");
        if (app) {
          const st = getComputedStyle(app);
          const line = [st.visibility, st.position, Math.round(app.getBoundingClientRect().width), app.querySelectorAll("[data-point]").length, !!shot, document.documentElement.hasAttribute("data-drawn")].join(" ");
          if ((seen.appFrames ??= []).at(-1) !== line) seen.appFrames.push(line);
        }
        // Once the copy has shown, the table never leaves the screen.
        if (seen.copyShown && !shot && !document.documentElement.hasAttribute("data-drawn")) {
          seen.blankFrames += 1;
          seen.blank ??= { at: Math.round(performance.now()), state: document.readyState, body: document.body.children.length, app: !!document.getElementById("app") };
        }
      }
      if (seen.frames < 5000) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    // The app's first content, as it arrives: what it holds, and whether
    // the copy still covers it.
    new MutationObserver((_, watch) => {
      const app = document.getElementById("app");
      if (!app || !app.firstElementChild) return;
      seen.firstDraw = {
        board: app.querySelectorAll("[data-point]").length,
        topBar: !!app.querySelector("header"),
        drawn: document.documentElement.hasAttribute("data-drawn"),
        copy: !!document.getElementById("mulino-first-screen"),
      };
      watch.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  return { page, context, release };
}

test("the page holds one copy of the first screen, inert", () => {
  const page = fs.readFileSync(path.join(copy, "index.html"), "utf8");
  assert.equal(page.split('id="mulino-first-screen"').length - 1, 1, "one copy after two runs");
  assert.match(page, /<div id="mulino-first-screen" hidden inert[ >]/, "hidden until whole, then shown by the lines after it");
  assert.equal((page.match(/data-point=/g) ?? []).length, 24, "the copy has the board's 24 points");
});

// The copy was taken at the phone's width; the page is laid out by CSS alone,
// so it must match at a desktop's too.
for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
  test(`${viewport.width}×${viewport.height}: a first visit sees the table before the wasm; the app's takes its place unchanged, no blank frame, no shift`, { timeout: 120_000 }, async () => {
    const { page, release } = await heldPage({ viewport });
    await page.goto(host.url, { waitUntil: "domcontentloaded" });
    const shot = page.locator("#mulino-first-screen");
    await shot.locator("[data-point]").first().waitFor({ state: "visible" });
    await page.getByText("The mill games, at a wooden table").waitFor({ state: "visible" });
    assert.equal(await page.locator("#app").count(), 0, "the app has not run");
    assert.equal(await shot.evaluate((el) => el.inert), true, "the copy answers nothing");
    await page.waitForTimeout(300);
    const without = await page.screenshot();
    await screenshot(page, `first-screen-before-wasm-${viewport.width}`);
    release();
    await waitForBoard(page);
    await page.locator("#app [data-point]").first().waitFor({ state: "visible" });
    await page.waitForTimeout(500);
    assert.equal(await shot.count(), 0, "the copy is gone");
    assert.equal(await page.locator("#app").count(), 1);
    const seen = await page.evaluate(() => ({
      ...window.__firstScreen,
      duplicateIds: [...document.querySelectorAll("[id]")].map((e) => e.id).filter((id, i, all) => all.indexOf(id) !== i),
    }));
    assert.ok(seen.copyShown, "the copy was shown");
    assert.equal(seen.blankFrames, 0, `no blank frame (${seen.frames} frames; the first: ${JSON.stringify(seen.blank)})`);
    assert.deepEqual(seen.shifts, [], `no layout shift: ${JSON.stringify(seen.shifted)}; the app frame by frame: ${JSON.stringify(seen.appFrames)}`);
    assert.deepEqual(seen.duplicateIds, []);
    // Built in pieces, a task apart, behind the copy: the board comes after the rest.
    assert.deepEqual(seen.firstDraw, { board: 0, topBar: true, drawn: false, copy: true }, "the app's first piece, hidden behind the copy");
    // The wasm was asked for only after the copy was painted: the copy's
    // paint shared the network with nothing.
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      wasm: performance.getEntriesByType("resource").find((e) => e.name.endsWith("_bg.wasm"))?.startTime,
      preload: document.querySelectorAll('link[rel=preload][href$="_bg.wasm"]').length,
    }));
    assert.ok(timing.paint > 0 && timing.wasm >= timing.paint, `the wasm asked for at ${timing.wasm} ms, after the first paint at ${timing.paint} ms`);
    assert.equal(timing.preload, 0, "no preload of the wasm for a first visit");
    const withApp = await page.screenshot();
    assert.ok(withApp.equals(without), "the app's first screen is the copy, pixel for pixel");
    // And the table is the app's: a click plays.
    await clickPoint(page, "d6");
    await waitForState(page, (s) => s.points.d6.piece !== null, "a piece on d6");
    assertNoErrors(page);
  });
}

test("a saved visit, a link or another language gets no copy", { timeout: 120_000 }, async () => {
  const cases = [
    { what: "a returning visitor", url: host.url, before: () => localStorage.setItem("mulino.sound", "off") },
    { what: "a game link", url: `${host.url}#variant=three&mode=two-players` },
    { what: "a German browser", url: host.url, options: { locale: "de-DE" } },
  ];
  for (const c of cases) {
    const { page, release } = await heldPage(c.options);
    if (c.before) await page.addInitScript(c.before);
    await page.goto(c.url, { waitUntil: "domcontentloaded" });
    await page.waitForTimeout(300);
    assert.equal(await page.locator("#mulino-first-screen").count(), 0, `${c.what}: no copy`);
    // No copy to paint first: the wasm is asked for at once, as Trunk would.
    assert.equal(await page.locator('link[rel=preload][href$="_bg.wasm"]').count(), 1, `${c.what}: the wasm preloaded`);
    release();
    await waitForBoard(page);
    assertNoErrors(page);
    await page.close();
  }
});
