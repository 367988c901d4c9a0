// Every width (issue 39, point 2): from a small phone's 320 px to a desktop's
// 1600 px, at heights from 360 px up, in every view a player reaches (the
// first screen, a game, the new-game dialog, the rules card, a room, and
// the lab's analysis board, review, editor and puzzles), in English at four
// heights and in German, Arabic (right to left) or Russian at two: the page
// never scrolls sideways; in the top bar nothing overlaps, no text
// overflows its box and every control is at least 24 px on a side; and no
// visible control anywhere is cut off by the window's left or right edge or
// by a box that clips it. One page per view and language, resized width by
// width; every width that fails is printed with what failed there.
//
// At 1280×800 and 1024×768 (issue 39, point 7), with a long game, the move
// list is whole inside the side panel's view with the move shown in view,
// and nothing paints wood or shadow around the board wider than the
// board's own square, which is centred in its column.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startHarness, assertNoErrors, screenshot, openGame, gameLink } from "./lib/harness.mjs";
import { PLAYER, GAME } from "./lib/rooms.mjs";
import {
  firstScreen, game, dialogUnfolded, rulesCard, room, analysis, review, editor, puzzles,
} from "./lib/scenes.mjs";

let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

const STEP = Number(process.env.MULINO_WIDTH_STEP ?? 20);
const WIDTHS = [];
for (let w = 320; w <= 1600; w += STEP) WIDTHS.push(w);
if (WIDTHS.at(-1) !== 1600) WIDTHS.push(1600);
const HEIGHTS = [360, 640, 800, 1024];
const LOCALES = { en: "en-US", de: "de-DE", ar: "ar", ru: "ru-RU", "pt-BR": "pt-BR" };
/** English at every height; another language at a phone on its side's height and a laptop's. */
const OTHER_HEIGHTS = [360, 800];

/**
 * What is wrong with the page at its present size, one line each; empty
 * when the page fits. Runs in the page.
 */
function problemsHere() {
  const W = innerWidth;
  const out = [];
  const px = (n) => Math.round(n);
  const label = (el) => {
    const tag = el.tagName.toLowerCase();
    for (const a of ["data-action", "data-point", "data-field", "data-rule", "data-welcome", "id"]) {
      const v = el.getAttribute(a);
      if (v) return `${tag}[${a}=${v}]`;
    }
    const text = (el.getAttribute("aria-label") || el.textContent || "").replace(/\s+/g, " ").trim().slice(0, 24);
    const cls = typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).join(".")}` : "";
    return `${tag}${cls}${text ? ` "${text}"` : ""}`;
  };
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) return null;
    const s = getComputedStyle(el);
    if (s.visibility === "hidden" || s.visibility === "collapse" || Number(s.opacity) === 0) return null;
    return r;
  };
  const scroller = document.scrollingElement;
  if (scroller.scrollWidth > W) out.push(`the page is ${scroller.scrollWidth} px wide`);

  // The top bar: the name, the variant's and each control, none over another.
  const bar = document.querySelector(".topbar");
  if (bar) {
    const controls = [...bar.querySelectorAll("button, select, a[href], input")].filter((el) => shown(el));
    const parts = [...bar.querySelectorAll("h1, [data-variant-name]"), ...controls]
      .map((el) => [el, shown(el)])
      .filter(([, r]) => r);
    for (let i = 0; i < parts.length; i++) {
      for (let j = i + 1; j < parts.length; j++) {
        const [a, ra] = parts[i];
        const [b, rb] = parts[j];
        const x = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
        const y = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
        if (x > 0.5 && y > 0.5) out.push(`top bar: ${label(a)} and ${label(b)} overlap by ${px(x)}×${px(y)} px`);
      }
    }
    for (const el of controls) {
      const r = el.getBoundingClientRect();
      if (r.width < 24 || r.height < 24) out.push(`top bar: ${label(el)} is ${px(r.width)}×${px(r.height)} px, under 24`);
      if (el.tagName !== "SELECT" && el.scrollWidth > el.clientWidth + 1) out.push(`top bar: the text of ${label(el)} overflows it (${el.scrollWidth} > ${el.clientWidth} px)`);
    }
    for (const el of bar.querySelectorAll("h1, [data-variant-name], .label")) {
      if (!shown(el) || el.closest(".sr-only")) continue;
      const s = getComputedStyle(el);
      if (s.clip !== "auto" && s.clip !== "") continue;
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
        out.push(`top bar: the text of ${label(el)} does not fit its box (${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight} px)`);
      }
    }
  }

  // Every visible control: inside the window from left to right, and not
  // cut by a box that clips (sideways, or up and down where no box on the
  // way scrolls).
  // Each box's clipping, looked up once: whether it clips sideways, and up
  // and down whether it clips or scrolls, and its inner box.
  const clips = new Map();
  const clipOf = (p) => {
    if (!clips.has(p)) {
      const s = getComputedStyle(p);
      const x = s.overflowX !== "visible";
      const y = s.overflowY === "hidden" || s.overflowY === "clip" ? "clips" : s.overflowY === "auto" || s.overflowY === "scroll" ? "scrolls" : "";
      let box = {};
      if (x || y) {
        const pr = p.getBoundingClientRect();
        const left = pr.left + p.clientLeft;
        const top = pr.top + p.clientTop;
        box = { left, right: left + p.clientWidth, top, bottom: top + p.clientHeight };
      }
      clips.set(p, { x, y, ...box });
    }
    return clips.get(p);
  };
  const CONTROLS = 'button, select, input:not([type="hidden"]), textarea, a[href], summary, [role="button"], [tabindex]:not([tabindex="-1"])';
  for (const el of document.querySelectorAll(CONTROLS)) {
    if (el.closest("svg")) continue;
    const r = shown(el);
    if (!r) continue;
    if (r.left < -0.5 || r.right > W + 0.5) {
      out.push(`${label(el)} cut by the window: ${px(r.left)} to ${px(r.right)} of ${W}`);
      continue;
    }
    let scrollsUpDown = false;
    for (let p = el.parentElement; p && p !== document.documentElement && p !== document.body; p = p.parentElement) {
      const c = clipOf(p);
      if (c.x && (r.left < c.left - 0.5 || r.right > c.right + 0.5)) {
        out.push(`${label(el)} cut by ${label(p)}: ${px(r.left)} to ${px(r.right)}, its box ${px(c.left)} to ${px(c.right)}`);
        break;
      }
      if (!scrollsUpDown && c.y === "clips" && (r.top < c.top - 0.5 || r.bottom > c.bottom + 0.5)) {
        out.push(`${label(el)} cut by ${label(p)}: ${px(r.top)} to ${px(r.bottom)} high, its box ${px(c.top)} to ${px(c.bottom)}`);
        break;
      }
      if (c.y === "scrolls") scrollsUpDown = true;
    }
  }
  return out;
}

/** Folds width-by-width problems into ranges: "550–700 × 640: the page is … wide". */
function ranges(found) {
  const byProblem = new Map();
  for (const { width, height, problems } of found) {
    for (const p of problems) {
      const key = `${height}\t${p.replace(/-?\d+(\.\d+)?/g, "#")}`;
      if (!byProblem.has(key)) byProblem.set(key, { height, first: p, widths: [] });
      byProblem.get(key).widths.push(width);
    }
  }
  const lines = [];
  for (const { height, first, widths } of byProblem.values()) {
    const spans = [];
    for (const w of widths) {
      const last = spans.at(-1);
      if (last && w - last[1] <= STEP) last[1] = w;
      else spans.push([w, w]);
    }
    const at = spans.map(([a, b]) => (a === b ? `${a}` : `${a}–${b}`)).join(", ");
    lines.push(`width ${at} × height ${height}: ${first}`);
  }
  return lines;
}

/** Resizes one page through every width at each height, checking each; returns the failures. */
async function sweep(page, heights = HEIGHTS) {
  const found = [];
  for (const height of heights) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height });
      const problems = await page.evaluate(problemsHere);
      if (problems.length) found.push({ width, height, problems });
    }
  }
  return found;
}

const VIEWS = [
  { name: "the first screen", setUp: firstScreen, langs: ["en", "de", "ar"] },
  { name: "a game", setUp: game, langs: ["en", "de", "ar"] },
  { name: "a game of Twelve Men's Morris (the longest name in Russian, the widest language picker in Portuguese)", setUp: twelve, langs: ["ru", "pt-BR"] },
  { name: "the new-game dialog, its rules unfolded", setUp: dialogUnfolded, langs: ["en", "de", "ar"] },
  { name: "the rules card", setUp: rulesCard, langs: ["en", "ru"] },
  { name: "a room", setUp: room, langs: ["en", "ar"] },
  { name: "the analysis board", setUp: analysis, langs: ["en", "de"] },
  { name: "a game's review", setUp: review, langs: ["en"] },
  { name: "the position editor", setUp: editor, langs: ["en", "de"] },
  { name: "the puzzles", setUp: puzzles, langs: ["en", "ar"] },
];

/** A game of Twelve Men's Morris between two people, two turns in. */
async function twelve(page, url) {
  await openGame(page, gameLink(url, { variant: "twelve", mode: "two-players", moves: "d6,d2" }));
}

for (const view of VIEWS) {
  test(`${view.name} fits every width from 320 to 1600 px (${view.langs.join(", ")})`, { timeout: 600_000 }, async () => {
    const report = [];
    for (const lang of view.langs) {
      const { page, context } = await h.newPage({ viewport: { width: 1280, height: 800 }, locale: LOCALES[lang], ...PLAYER });
      await view.setUp(page, h.url);
      await page.waitForFunction((l) => document.documentElement.lang === l, lang, { timeout: 20_000 });
      const started = Date.now();
      const heights = lang === "en" ? HEIGHTS : OTHER_HEIGHTS;
      const found = await sweep(page, heights);
      const lines = ranges(found);
      console.log(`# ${view.name}, ${lang}: ${WIDTHS.length} widths × ${heights.length} heights in ${((Date.now() - started) / 1000).toFixed(1)} s, ${found.length} sizes fail`);
      for (const line of lines) console.log(`#   ${line}`);
      if (found.length) {
        const { width, height } = found[0];
        await page.setViewportSize({ width, height });
        await screenshot(page, `widths-${view.setUp.name}-${lang}-${width}x${height}`);
      }
      report.push(...lines.map((l) => `${lang}: ${l}`));
      assertNoErrors(page);
      await context.close();
    }
    assert.deepEqual(report, [], `${view.name}: sizes that do not fit`);
  });
}

/** Twenty-four turns of the rooms' whole game (light takes twice): a move list longer than the side panel has room for. */
const LONG_GAME = GAME.slice(0, 24);

for (const [width, height] of [[1280, 800], [1024, 768]]) {
  test(`at ${width}×${height} the move list shows whole in the side panel, and the wood is the board's own square, centred`, { timeout: 120_000 }, async () => {
    const { page } = await h.newPage({ viewport: { width, height }, ...PLAYER });
    await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players", moves: LONG_GAME }));
    await page.locator(`[data-move-list] li[data-ply="${LONG_GAME.length}"]`).waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, `widths-moves-${width}x${height}`);
    const seen = await page.evaluate(() => {
      const rect = (el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height };
      };
      const side = document.querySelector(".side");
      const list = document.querySelector("[data-move-list]");
      const panel = list.closest(".moves-panel") ?? list;
      // Every box from the board up to the play column that paints anything
      // (a background or a shadow) is the table's wood around the board.
      const board = document.querySelector("svg.board");
      const painted = [];
      for (let el = board; el && !el.classList.contains("play"); el = el.parentElement) {
        const s = getComputedStyle(el);
        if (s.boxShadow !== "none" || s.backgroundImage !== "none" || !/rgba\(0, 0, 0, 0\)|transparent/.test(s.backgroundColor)) {
          painted.push({ cls: el.getAttribute("class"), ...rect(el) });
        }
      }
      const sideBox = rect(side);
      sideBox.bottom = sideBox.top + side.clientTop + side.clientHeight;
      // The move shown: the one marked, else (at the game's end) the last.
      const current = list.querySelector("[aria-current]") ?? list.querySelector("li:last-child");
      return {
        side: sideBox,
        panel: rect(panel),
        list: rect(list),
        current: current && { text: current.textContent, ...rect(current) },
        board: rect(board),
        play: rect(document.querySelector(".play")),
        painted,
      };
    });
    const inside = (a, b) => a.top >= b.top - 1 && a.bottom <= b.bottom + 1 && a.left >= b.left - 1 && a.right <= b.right + 1;
    const box = (r) => `${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)}`;
    assert.ok(inside(seen.panel, seen.side), `the move list (${box(seen.panel)}) is inside the side panel's view (${box(seen.side)})`);
    assert.ok(seen.current, "the move list has the moves");
    assert.ok(inside(seen.current, seen.list), `the move shown, ${seen.current.text} (${box(seen.current)}), is in the list's view (${box(seen.list)})`);
    for (const p of seen.painted) {
      assert.ok(
        Math.abs(p.width - seen.board.width) <= 2 && Math.abs(p.height - seen.board.height) <= 2 && Math.abs(p.left - seen.board.left) <= 2 && Math.abs(p.top - seen.board.top) <= 2,
        `${p.cls} paints ${Math.round(p.width)}×${Math.round(p.height)} at ${Math.round(p.left)},${Math.round(p.top)} behind the ${Math.round(seen.board.width)}×${Math.round(seen.board.height)} board at ${Math.round(seen.board.left)},${Math.round(seen.board.top)}`,
      );
    }
    const centre = (r) => (r.left + r.right) / 2;
    assert.ok(Math.abs(centre(seen.board) - centre(seen.play)) <= 2, `the board is centred in its column: ${centre(seen.board)} vs ${centre(seen.play)}`);
    assertNoErrors(page);
  });
}

test("at 320 px a computer's seat never leaves its level's number alone on a line", { timeout: 60_000 }, async () => {
  for (const locale of ["en-US", "fr-FR", "de-DE"]) {
    const { page } = await h.newPage({ viewport: { width: 320, height: 640 }, locale });
    await openGame(page, gameLink(h.url, { variant: "nine", mode: "vs-engine", color: "light", level: 3 }));
    const lines = await page.locator(".seat-top [data-seat-name]").evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const rows = new Map();
      for (const r of range.getClientRects()) rows.set(Math.round(r.top), (rows.get(Math.round(r.top)) ?? 0) + r.width);
      return [...rows.values()];
    });
    const last = lines.at(-1);
    assert.ok(last > 30, `${locale}: the name's last line is ${Math.round(last)} px wide (${lines.map(Math.round)})`);
    assertNoErrors(page);
  }
});
