// The board for everyone (issue 27, defects 8 and 9, and the board's look):
// each point's accessible name says what a sighted player sees on it; the
// seat to move says so; keyboard focus shows a ring; the coordinates stay
// clear of pieces and rings; the board flips (clicks still land right) and
// takes a theme, both remembered; a fresh load and the computer's first
// turn print no warning in the console.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  startHarness, gameLink, openGame, snapshot, waitForState, clickPoint, clickAction, moveCount, targets,
  removable, screenshot, assertNoErrors,
} from "./lib/harness.mjs";

let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

/** The accessible name of each point, by point name. */
const names = (page) =>
  page.evaluate(() =>
    Object.fromEntries([...document.querySelectorAll("[data-point]")].map((el) => [el.dataset.point, el.getAttribute("aria-label")])),
  );

/** The centre of a point on screen. */
async function centre(page, point) {
  const box = await page.locator(`[data-point="${point}"] .hit`).boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test("each point's accessible name says its piece and every mark on it", async () => {
  const { page } = await h.newPage();
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players", moves: ["a1", "b2", "d1", "d2"] }));
  let n = await names(page);
  assert.equal(n.a1, "a1, light piece");
  assert.equal(n.d2, "d2, dark piece, last move to here");
  assert.equal(n.g1, "g1, empty point, legal destination", "an empty point lit for a placement says so");

  // g1 closes a mill: the dark pieces that can be taken say so, nothing else is a destination.
  await clickPoint(page, "g1");
  const snap = await waitForState(page, (s) => removable(s).length > 0, "the dark pieces marked removable");
  n = await names(page);
  for (const p of removable(snap)) assert.match(n[p], new RegExp(`^${p}, dark piece, can be taken(, last move to here)?$`));
  assert.equal(n.d2, "d2, dark piece, can be taken, last move to here");
  assert.equal(n.g1, "g1, light piece");
  assert.equal(n.g4, "g4, empty point", "no destinations while a piece is to be taken");

  await clickPoint(page, "b2");
  await waitForState(page, (s) => moveCount(s) === 5, "g1xb2 played");
  n = await names(page);
  assert.equal(n.b2, "b2, empty point, legal destination, taken in the last move", "dark may place on b2 again");
  assert.equal(n.g1, "g1, light piece, last move to here");
  assertNoErrors(page);
});

test("a picked-up piece says it is selected, its destinations and the last slide say so", async () => {
  const { page } = await h.newPage();
  // Three Men's Morris: all six pieces placed, light to move.
  await openGame(page, gameLink(h.url, { variant: "three", mode: "two-players", moves: ["a1", "b2", "c1", "b1", "a3", "c3"] }));
  await clickPoint(page, "a3");
  const snap = await waitForState(page, (s) => s.points.a3?.selected && targets(s).length > 0, "a3 picked up with destinations");
  let n = await names(page);
  assert.equal(n.a3, "a3, light piece, selected");
  for (const t of targets(snap)) assert.equal(n[t], `${t}, empty point, legal destination`);
  const to = targets(snap)[0];
  await clickPoint(page, to);
  await waitForState(page, (s) => moveCount(s) === 7, `a3-${to} played`);
  n = await names(page);
  assert.equal(n.a3, "a3, empty point, last move from here");
  assert.equal(n[to], `${to}, light piece, last move to here`);
});

test("the seat to move says so to a screen reader", async () => {
  const { page } = await h.newPage();
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players" }));
  const current = () =>
    page.evaluate(() =>
      [...document.querySelectorAll("[data-seat]")].map((s) => [s.dataset.seat, s.getAttribute("aria-current"), s.innerText.includes("to move") || s.textContent.includes("to move")]),
    );
  assert.deepEqual(await current(), [["top", null, false], ["bottom", "true", true]]);
  await clickPoint(page, "d6");
  await waitForState(page, (s) => moveCount(s) === 1, "d6 placed");
  assert.deepEqual(await current(), [["top", "true", true], ["bottom", null, false]]);
});

test("keyboard focus shows a ring on the point; a click does not", async () => {
  const { page } = await h.newPage();
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players" }));
  const ring = () =>
    page.evaluate(() => {
      const el = document.activeElement?.closest("[data-point]");
      if (!el) return null;
      const mark = getComputedStyle(el.querySelector(".cursor-mark"));
      const halo = getComputedStyle(el.querySelector(".focus-halo"));
      return { point: el.dataset.point, stroke: mark.stroke, width: parseFloat(mark.strokeWidth), halo: halo.stroke, outline: getComputedStyle(el).outlineStyle };
    });
  let focused = null;
  for (let i = 0; i < 60 && !focused; i++) {
    await page.keyboard.press("Tab");
    focused = await ring();
  }
  assert.ok(focused, "Tab reaches a point of the board");
  assert.notEqual(focused.stroke, "none", "the focused point draws its ring");
  assert.ok(focused.width > 0.5, `a ring thick enough to see (${focused.width})`);
  assert.notEqual(focused.halo, "none", "with a contrasting halo under it");
  assert.notEqual(focused.halo, focused.stroke);
  await page.keyboard.press("ArrowUp");
  const moved = await ring();
  assert.notEqual(moved.stroke, "none", "the ring follows the arrow keys");
  await screenshot(page, "board-focus-ring");

  await clickPoint(page, "a1");
  await waitForState(page, (s) => moveCount(s) === 1, "a1 placed");
  const clicked = await page.evaluate(() => {
    const el = document.activeElement?.closest("[data-point]");
    return el ? getComputedStyle(el.querySelector(".cursor-mark")).stroke : "none";
  });
  assert.equal(clicked, "none", "no focus ring after a mouse click");
});

/** Whether any coordinate's box overlaps a piece's or a mark's box. */
const coordsCovered = (page) =>
  page.evaluate(() => {
    const boxes = (sel) => [...document.querySelectorAll(sel)].map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0);
    const coords = boxes(".board .coord");
    const things = boxes(".board .piece-body, .board .selected-mark, .board .removable-mark, .board .last-mark, .board .cursor-mark, .board .focus-halo, .board .suggest-mark");
    const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    return { coords: coords.length, covered: coords.filter((c) => things.some((t) => hit(c, t))).length };
  });

for (const [variant, moves] of [
  ["nine", ["a1", "a4", "a7", "d7", "g7", "g4", "g1", "d1"]],
  ["three", ["a1", "b3", "c1", "a3", "c3", "a2"]],
]) {
  test(`the coordinates of the ${variant} board stay clear of edge pieces and rings`, async () => {
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      const { page } = await h.newPage({ viewport });
      await openGame(page, gameLink(h.url, { variant, mode: "two-players", moves }));
      const snap = await snapshot(page);
      assert.ok(removable(snap).length === 0);
      // The focus ring, the widest mark, on an edge point too.
      await page.locator("[data-point]").first().focus();
      const { coords, covered } = await coordsCovered(page);
      assert.ok(coords >= 6, `coordinates drawn (${coords})`);
      assert.equal(covered, 0, `no coordinate covered at ${viewport.width}×${viewport.height}`);
      if (variant === "three") await screenshot(page, `board-3x3-${viewport.width}`);
    }
  });
}

test("the 3×3 board's lines end at the ring markers", async () => {
  const { page } = await h.newPage();
  await openGame(page, gameLink(h.url, { variant: "three", mode: "two-players" }));
  const r = await page.evaluate(() => {
    const dot = document.querySelector('[data-point="b2"] .dot');
    const style = getComputedStyle(dot);
    const radius = parseFloat(dot.getAttribute("r"));
    const [cx, cy] = dot.closest("[data-point]").getAttribute("transform").match(/[-\d.]+/g).map(Number);
    // The nearest end of any line to b2's centre.
    const nearest = Math.min(
      ...[...document.querySelectorAll(".board .line")].flatMap((l) => [
        Math.hypot(+l.getAttribute("x1") - cx, +l.getAttribute("y1") - cy),
        Math.hypot(+l.getAttribute("x2") - cx, +l.getAttribute("y2") - cy),
      ]),
    );
    return { fill: style.fill, stroke: style.stroke, radius, nearest };
  });
  assert.equal(r.fill, "none", "the marker is a ring");
  assert.notEqual(r.stroke, "none");
  assert.ok(Math.abs(r.nearest - r.radius) < 0.05, `lines end at the ring (${r.nearest} vs ${r.radius})`);
});

test("flipping the board turns it, the coordinates follow and clicks land on the right point", async () => {
  const { page } = await h.newPage();
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players" }));
  const a1 = await centre(page, "a1");
  const g7 = await centre(page, "g7");
  assert.ok(a1.x < g7.x && a1.y > g7.y, "a1 at the bottom left");
  const firstFile = () => page.evaluate(() => {
    const files = [...document.querySelectorAll(".board .coord")].filter((t) => /^[a-g]$/.test(t.textContent));
    files.sort((p, q) => p.getBoundingClientRect().x - q.getBoundingClientRect().x);
    return files[0].textContent;
  });
  assert.equal(await firstFile(), "a");

  await clickAction(page, "flip-board");
  await page.waitForFunction(() => document.querySelector(".board")?.hasAttribute("data-flipped"));
  const a1f = await centre(page, "a1");
  assert.ok(Math.abs(a1f.x - g7.x) < 2 && Math.abs(a1f.y - g7.y) < 2, "a1 now where g7 was: top right");
  assert.equal(await firstFile(), "g", "the files run from g on the left");
  assert.equal(await page.locator('[data-action="flip-board"]').getAttribute("aria-pressed"), "true");

  // A click where d6 is drawn now places on d6, by mouse position.
  const d6 = await centre(page, "d6");
  await page.mouse.click(d6.x, d6.y);
  const snap = await waitForState(page, (s) => moveCount(s) === 1, "a piece placed");
  assert.equal(snap.points.d6.piece, "light");
  await screenshot(page, "board-flipped");
  assertNoErrors(page);
});

test("the theme and the flip are kept across a reload", async () => {
  const { page } = await h.newPage();
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players" }));
  const frame = () => page.evaluate(() => getComputedStyle(document.querySelector(".board-frame")).fill);
  const wood = await frame();
  assert.equal(await page.locator('[data-action="board-theme"]').getAttribute("data-theme"), "wood");
  await clickAction(page, "board-theme");
  await page.waitForFunction(() => !!document.querySelector(".board-theme-slate .board"));
  const slate = await frame();
  assert.notEqual(slate, wood, "the slate theme recolours the frame");
  await clickAction(page, "flip-board");
  await page.waitForFunction(() => document.querySelector(".board")?.hasAttribute("data-flipped"));

  await page.reload({ waitUntil: "domcontentloaded" });
  await page.locator("[data-point]").first().waitFor();
  assert.equal(await page.locator('[data-action="board-theme"]').getAttribute("data-theme"), "slate");
  assert.equal(await frame(), slate, "the slate theme after the reload");
  assert.ok(await page.evaluate(() => document.querySelector(".board").hasAttribute("data-flipped")), "still flipped");

  await clickAction(page, "board-theme");
  await page.waitForFunction(() => !!document.querySelector(".board-theme-paper .board"));
  assert.equal(await frame(), "rgb(0, 0, 0)", "the paper theme's black frame");
  await screenshot(page, "board-theme-paper");
});

test("a fresh load and the computer's first turn print no warning", { timeout: 180_000 }, async () => {
  const { page } = await h.newPage();
  const said = [];
  page.on("console", (msg) => {
    if (msg.type() === "warning" || msg.type() === "error") said.push(`${msg.type()}: ${msg.text()}`);
  });
  // The worker's console goes through its own target.
  page.on("worker", (w) => w.on?.("console", (msg) => said.push(`worker ${msg.type()}: ${msg.text()}`)));
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "vs-engine", color: "light", level: 1 }));
  await page.waitForTimeout(1500);
  await clickPoint(page, "d6");
  await waitForState(page, (s) => moveCount(s) === 2, "the computer's answer", 90_000);
  await page.waitForTimeout(1000);
  const worth = said.filter((m) => !/^worker (log|info|debug)/.test(m));
  assert.deepEqual(worth, [], "the console stays quiet");
});
