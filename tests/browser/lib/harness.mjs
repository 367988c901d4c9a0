// What every browser test shares: the static server for the built app, Debian's
// Chromium driven by playwright-core, and helpers that read the page through
// the app's DOM contract (issue 6):
//   data-point="d6" (+ data-piece="light|dark", data-cursor) on every point,
//   data-hint="target|removable", data-selected, data-seat="bottom|top",
//   data-action="…", data-status, data-move-list (one child per turn).
import { chromium } from "playwright-core";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "./server.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(here, "../../..");
export const DIST = path.resolve(process.env.MULINO_DIST ?? path.join(ROOT, "dist"));
export const SCREENSHOTS = path.resolve(here, "../screenshots");
export const CHROMIUM = process.env.MULINO_CHROMIUM ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  // Every host name but 127.0.0.1 fails to resolve: a room's default
  // public relays and STUN are never reached from a test.
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
];

/** How long to wait for the app to react to one action (the machine is slow). */
export const STEP_TIMEOUT = Number(process.env.MULINO_STEP_TIMEOUT ?? 15_000);
/** How long the computer may think for one turn. */
export const ENGINE_TIMEOUT = Number(process.env.MULINO_ENGINE_TIMEOUT ?? 60_000);

/** Launches Chromium with the common flags and any `extraArgs` a test file needs. */
export function launchBrowser(extraArgs = []) {
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/**
 * Starts the server and the browser once per test file (`args`: extra Chromium flags;
 * `mounts`: other folders served under a path, as `lib/server.mjs` says).
 * Returns { url, server, browser, newPage(options), close() }.
 */
export async function startHarness({ args = [], mounts = {} } = {}) {
  if (!fs.existsSync(path.join(DIST, "index.html"))) {
    throw new Error(`no built app at ${DIST} (index.html missing): run tests/browser/run.sh, or set MULINO_DIST`);
  }
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const server = await serve(DIST, { mounts });
  const browser = await launchBrowser(args);
  const contexts = [];
  return {
    url: server.url,
    server,
    browser,
    /** A fresh profile (own localStorage and service workers) and a page in it. */
    async newPage({ reducedMotion = "reduce", viewport = { width: 1000, height: 860 }, ...rest } = {}) {
      const context = await browser.newContext({ locale: "en-US", reducedMotion, viewport, ...rest });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(STEP_TIMEOUT);
      watchErrors(page);
      return { context, page };
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close().catch(() => {});
      await server.close();
    },
  };
}

/** Collects uncaught errors and console errors (a Rust panic shows up there). */
export function watchErrors(page) {
  page.mulinoErrors = [];
  page.on("pageerror", (err) => page.mulinoErrors.push(`pageerror: ${err.message}`));
  page.on("console", (msg) => {
    if (msg.type() === "error") page.mulinoErrors.push(`console.error: ${msg.text()}`);
  });
}

/**
 * The browser's own word when a room tries the public relays
 * (app/src/room/relay.rs, PUBLIC_RELAYS) and cannot reach them: the tests
 * run with every name but 127.0.0.1 unresolvable, so a room opened with
 * the default relays finds none and runs by links, as it says on the page.
 * The app itself logs nothing for it.
 */
const UNREACHABLE_RELAY = /^console\.error: WebSocket connection to 'wss:\/\/tracker\.(webtorrent\.dev|openwebtorrent\.com|btorrent\.xyz)\/' failed/;

/** Fails when the page reported an error, e.g. a panic; `allow` filters known noise. */
export function assertNoErrors(page, allow = []) {
  const errors = (page.mulinoErrors ?? []).filter(
    (e) =>
      !allow.some((re) => re.test(e)) &&
      !/net::ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e) &&
      !UNREACHABLE_RELAY.test(e),
  );
  assert.deepEqual(errors, [], "the page reported errors");
}

/** `#variant=nine&mode=two-players&moves=a1,b2` from an object. */
export function gameLink(base, params) {
  const hash = Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(",") : v}`)
    .join("&");
  return `${base}#${hash}`;
}

/** Opens a game link and waits until the board is drawn. */
export async function openGame(page, url) {
  await page.goto(url, { waitUntil: "domcontentloaded" });
  await waitForBoard(page);
}

export async function waitForBoard(page, timeout = 30_000) {
  await page.locator("[data-point]").first().waitFor({ state: "visible", timeout });
}

/** The table as the DOM contract shows it. */
export async function snapshot(page) {
  return page.evaluate(() => {
    const on = (el, name) => {
      const v = el.getAttribute(name);
      return v !== null && v !== "false";
    };
    const points = {};
    for (const el of document.querySelectorAll("[data-point]")) {
      points[el.getAttribute("data-point")] = {
        piece: el.getAttribute("data-piece") || null,
        hint: el.getAttribute("data-hint") || null,
        selected: on(el, "data-selected"),
        cursor: on(el, "data-cursor"),
      };
    }
    const status = document.querySelector("[data-status]");
    const list = document.querySelector("[data-move-list]");
    const actions = [...document.querySelectorAll("[data-action]")]
      .filter((b) => {
        const r = b.getBoundingClientRect();
        const style = getComputedStyle(b);
        return r.width > 0 && r.height > 0 && style.visibility !== "hidden" && !b.disabled;
      })
      .map((b) => b.getAttribute("data-action"));
    return {
      points,
      status: status ? status.textContent.replace(/\s+/g, " ").trim() : null,
      statusValue: status ? status.getAttribute("data-status") : null,
      moves: list ? [...list.children].map((c) => c.textContent.replace(/\s+/g, " ").trim()) : null,
      actions,
    };
  });
}

/** Points of a snapshot with a given property. */
export const pointsWhere = (snap, pred) =>
  Object.entries(snap.points)
    .filter(([, p]) => pred(p))
    .map(([name]) => name);
export const targets = (snap) => pointsWhere(snap, (p) => p.hint === "target");
export const removable = (snap) => pointsWhere(snap, (p) => p.hint === "removable");
export const piecesOf = (snap, color) => pointsWhere(snap, (p) => p.piece === color);
export const selected = (snap) => pointsWhere(snap, (p) => p.selected);
export const cursorAt = (snap) => pointsWhere(snap, (p) => p.cursor);
export const moveCount = (snap) => (snap.moves ?? []).length;
export const other = (color) => (color === "light" ? "dark" : "light");

/** The notation of a move-list entry, without a move number ("12. d6-d5xb4" -> "d6-d5xb4"). */
export function moveText(entry) {
  const m = entry.match(/[a-g][1-7](?:-[a-g][1-7])?(?:\s*x\s*[a-g][1-7])*/);
  return m ? m[0].replace(/\s+/g, "") : entry;
}

/**
 * Polls the snapshot until `pred(snap)` holds; fails with `what` and the last
 * snapshot's status and moves otherwise.
 */
export async function waitForState(page, pred, what, timeout = STEP_TIMEOUT) {
  const deadline = Date.now() + timeout;
  let snap;
  for (;;) {
    snap = await snapshot(page);
    if (pred(snap)) return snap;
    if (Date.now() > deadline) {
      assert.fail(
        `timed out after ${timeout} ms waiting for ${what}; status: ${JSON.stringify(snap.status)}, ` +
          `moves: ${JSON.stringify(snap.moves)}, targets: ${targets(snap)}, removable: ${removable(snap)}, ` +
          `selected: ${selected(snap)}, actions: ${snap.actions}`,
      );
    }
    await page.waitForTimeout(40);
  }
}

let coveredNoted = false;
/** Clicks a point the way a player does; if a piece drawn on top covers it, clicks through it. */
export async function clickPoint(page, name) {
  const loc = page.locator(`[data-point="${name}"]`);
  assert.equal(await loc.count(), 1, `exactly one element with data-point="${name}"`);
  try {
    await loc.click({ timeout: 2_000 });
  } catch (err) {
    if (!coveredNoted) {
      coveredNoted = true;
      console.log(`# note: data-point="${name}" was not clickable as is (aria-disabled or covered); clicked through it: ${String(err.message).split("\n")[0]}`);
    }
    await loc.click({ force: true, timeout: STEP_TIMEOUT });
  }
}

export async function clickAction(page, action, timeout = STEP_TIMEOUT) {
  const loc = page.locator(`[data-action="${action}"]:visible`).first();
  await loc.waitFor({ state: "visible", timeout });
  await loc.click();
}

export async function actionVisible(page, action) {
  return page.locator(`[data-action="${action}"]:visible`).count().then((n) => n > 0);
}

export async function statusText(page) {
  return (await page.locator("[data-status]").first().textContent())?.replace(/\s+/g, " ").trim() ?? "";
}

/** The colour a seat plays: its data-color if it has one, else the colour its text names. */
export async function seatColor(page, seat) {
  const el = page.locator(`[data-seat="${seat}"]`).first();
  const attr = await el.getAttribute("data-color");
  if (attr) return attr;
  const text = await el.innerText();
  const l = /\blight\b|\bwhite\b/i.test(text);
  const d = /\bdark\b|\bblack\b/i.test(text);
  return l && !d ? "light" : d && !l ? "dark" : null;
}

/**
 * Asks for a rematch; between two people the other one accepts it. Waits for
 * the new game (no moves yet, or the computer's opening move).
 */
export async function rematch(page) {
  await clickAction(page, "rematch");
  const snap = await waitForState(
    page,
    (s) => s.actions.includes("accept-rematch") || (!isOver(s) && moveCount(s) <= 1),
    "the rematch to be offered or to start",
  );
  if (snap.actions.includes("accept-rematch")) await clickAction(page, "accept-rematch");
  return waitForState(page, (s) => !isOver(s) && !s.actions.includes("accept-rematch") && moveCount(s) <= 1, "the rematch to start");
}

export async function seatText(page, seat) {
  return (await page.locator(`[data-seat="${seat}"]`).first().innerText()).replace(/\s+/g, " ").trim();
}

/**
 * After a visit: lets the service worker finish caching, shuts the page's own
 * server down (nothing at all can come from the network then: Chromium's
 * offline emulation does not cover what a service worker fetches itself),
 * goes offline and reloads.
 */
export async function reloadOffline(page, context, server) {
  await page.waitForLoadState("networkidle").catch(() => {});
  await page.waitForTimeout(1000);
  await server.close();
  await context.setOffline(true);
  await page.reload();
  await waitForBoard(page);
}

export async function screenshot(page, name) {
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** A small seeded random generator, so a failing game can be replayed. */
export function rng(seed) {
  let s = seed >>> 0 || 1;
  const next = () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 2 ** 32;
  };
  next.pick = (xs) => xs[Math.floor(next() * xs.length)];
  next.shuffle = (xs) => {
    const a = [...xs];
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a;
  };
  return next;
}

/**
 * Plays one move by clicking, in notation: "d6" (place), "d6-d5" (move or
 * fly), with removals "xb4" appended. Checks on the way what a player sees:
 * the destination lit as a target, the removable pieces lit red.
 * Returns the snapshot after the turn is done.
 */
export async function playMove(page, move, color) {
  const [body, ...removals] = move.split("x");
  const [from, to] = body.includes("-") ? body.split("-") : [null, body];
  const before = await snapshot(page);
  const n = moveCount(before);
  if (from) {
    assert.equal(before.points[from]?.piece, color, `${move}: a ${color} piece on ${from}`);
    await clickPoint(page, from);
    await waitForState(page, (s) => s.points[from]?.selected, `${from} selected (data-selected)`);
  }
  await waitForState(page, (s) => s.points[to]?.hint === "target", `${to} lit as a target (data-hint="target") for ${move}`);
  await clickPoint(page, to);
  let snap = await waitForState(
    page,
    (s) => s.points[to]?.piece === color && (moveCount(s) > n || removable(s).length > 0),
    `${move}: a ${color} piece on ${to}`,
  );
  for (const r of removals) {
    snap = await waitForState(page, (s) => s.points[r]?.hint === "removable", `${r} marked removable for ${move}`);
    for (const p of removable(snap)) {
      assert.equal(snap.points[p].piece, other(color), `only ${other(color)} pieces are removable, not ${p}`);
    }
    await clickPoint(page, r);
    snap = await waitForState(page, (s) => s.points[r]?.piece === null, `${r} removed`);
  }
  snap = await waitForState(page, (s) => moveCount(s) === n + 1, `the move list to show ${move}`);
  assert.equal(moveText(snap.moves[n]), move, `move list entry ${n + 1}`);
  assert.equal(removable(snap).length, 0, "no removable pieces left marked after the turn");
  return snap;
}

/**
 * Plays some legal turn for `color` by clicking what the app offers: a
 * removable piece, else a placement target, else a piece of `color` that has
 * targets once selected. Returns the move made as a string (for logs).
 */
export async function playAnyTurn(page, color, random) {
  let snap = await snapshot(page);
  const n = moveCount(snap);
  let made = "";
  if (removable(snap).length === 0) {
    let t = targets(snap);
    if (t.length > 0 && selected(snap).length === 0) {
      const to = random.pick(t);
      await clickPoint(page, to);
      made = to;
    } else {
      const own = random.shuffle(piecesOf(snap, color));
      assert.ok(own.length > 0, `${color} has pieces to move`);
      for (const from of own) {
        await clickPoint(page, from);
        snap = await waitForState(page, (s) => s.points[from]?.selected || moveCount(s) !== n, `${from} selected`, 3_000).catch(
          () => null,
        );
        if (!snap || moveCount(snap) !== n) continue;
        t = targets(snap);
        if (t.length === 0) {
          await page.keyboard.press("Escape");
          await waitForState(page, (s) => selected(s).length === 0, "selection cancelled", 3_000).catch(() => {});
          continue;
        }
        const to = random.pick(t);
        await clickPoint(page, to);
        made = `${from}-${to}`;
        break;
      }
      assert.ok(made, `${color} found a piece with somewhere to go`);
    }
    snap = await waitForState(
      page,
      (s) => moveCount(s) !== n || removable(s).length > 0 || isOver(s),
      `the turn ${made} to be taken`,
    );
  }
  while (removable(snap).length > 0 && moveCount(snap) === n) {
    const r = removable(snap);
    for (const p of r) assert.equal(snap.points[p].piece, other(color), `only ${other(color)} pieces are removable`);
    const victim = random.pick(r);
    await clickPoint(page, victim);
    made += `x${victim}`;
    snap = await waitForState(page, (s) => s.points[victim]?.piece === null, `${victim} removed`);
  }
  return made;
}

/** The game is over: the rematch button is offered. */
export const isOver = (snap) => snap.actions.includes("rematch");

/** The outcome as a player reads it in the status line. */
export const OUTCOME = /win|won|lose|lost|draw|drawn|resign|blocked/i;
