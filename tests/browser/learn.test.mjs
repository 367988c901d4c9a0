// Learning at the table (issue 27): the rules of the game on the table one
// tap away, for the variant a link opens and with the options changed for
// it; the first-game coach, whose tip follows the game (placing, then the
// mill) and the rules on the table (Dooz's hand, a pass) and stays off once turned off, across a reload; and an endgame
// whose table cannot be had offline says why perfect play is missing.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  startHarness, gameLink, openGame, clickPoint, clickAction, waitForState, removable, screenshot, assertNoErrors,
  ENGINE_TIMEOUT,
} from "./lib/harness.mjs";

let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

const card = (page) => page.locator("[data-rules-card]");
const tip = (page) => page.locator("[data-coach]");

async function rulesCard(page) {
  await clickAction(page, "rules");
  await card(page).waitFor({ state: "visible" });
  const text = (await card(page).innerText()).replace(/\s+/g, " ");
  return { id: await card(page).getAttribute("data-rules-card"), text };
}

test("the Rules button shows the card of the variant a link opens", async () => {
  const { page } = await h.newPage({ viewport: { width: 390, height: 844 } });
  await openGame(page, gameLink(h.url, { variant: "three" }));
  const three = await rulesCard(page);
  assert.equal(three.id, "three");
  assert.match(three.text, /Three Men's Morris/);
  assert.match(three.text, /3×3 board and three pieces each/);
  assert.match(three.text, /first to get three in a row wins/);
  assert.equal(await page.locator("[data-rule-card]").count(), 0, "no option changed");
  const box = await page.locator(".rules-card").boundingBox();
  assert.ok(box.width <= 390 && box.height <= 844, `the card fits a phone: ${JSON.stringify(box)}`);
  await screenshot(page, "learn-rules-three-phone");
  await page.keyboard.press("Escape");
  await card(page).waitFor({ state: "detached" });

  await openGame(page, gameLink(h.url, { variant: "morabaraba", set: "mill-takes:each,endgame-draw:off" }));
  await page.reload({ waitUntil: "domcontentloaded" });
  const mora = await rulesCard(page);
  assert.equal(mora.id, "morabaraba");
  assert.match(mora.text, /South African game: twelve pieces/);
  assert.match(mora.text, /Changed for this game/);
  assert.deepEqual(
    await page.locator("[data-rule-card]").evaluateAll((els) => els.map((e) => e.dataset.ruleCard)),
    ["mill-takes", "endgame-draw"],
  );
  assert.match(mora.text, /Two mills at once take two pieces/);
  await screenshot(page, "learn-rules-morabaraba");
  await clickAction(page, "close-rules");
  await card(page).waitFor({ state: "detached" });
  assertNoErrors(page);
});

test("the coach explains placing, then the mill as it is made, each once", async () => {
  const { page } = await h.newPage({ viewport: { width: 390, height: 844 } });
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players" }));
  await tip(page).waitFor({ state: "visible" });
  assert.equal(await tip(page).getAttribute("data-coach"), "place");
  assert.match(await tip(page).innerText(), /Place your pieces/);
  // The tip never covers the board.
  const board = await page.locator("svg[data-board]").boundingBox();
  const t = await tip(page).boundingBox();
  assert.ok(t.y >= board.y + board.height || t.y + t.height <= board.y, "the tip is off the board");
  await screenshot(page, "learn-coach-place-phone");
  for (const p of ["a1", "b2", "d1", "d2", "g1"]) await clickPoint(page, p);
  await waitForState(page, (s) => removable(s).length > 0, "a removal due");
  await page.locator("[data-coach='mill']").waitFor({ state: "visible" });
  assert.match(await tip(page).innerText(), /You made a mill/);
  await screenshot(page, "learn-coach-mill");
  await clickPoint(page, "b2");
  await tip(page).waitFor({ state: "detached" });
  // Placing was explained already: no tip comes back on the next turns.
  await clickPoint(page, "a4");
  await page.waitForTimeout(300);
  assert.equal(await tip(page).count(), 0);
  assertNoErrors(page);
});

test("the coach speaks the rules on the table: Dooz's hand, a blocked player's pass", async () => {
  const { page } = await h.newPage();
  await openGame(page, gameLink(h.url, { variant: "dooz", mode: "two-players" }));
  await tip(page).waitFor({ state: "visible" });
  assert.equal(await tip(page).getAttribute("data-coach"), "place");
  assert.match(await tip(page).innerText(), /takes from the opponent's hand/);
  const blocked = "nine:blocked=pass LDL/.../.D./D....D/.../.../LDL L 0/0 0/0 -";
  assertNoErrors(page);
  const shut = (await h.newPage()).page;
  await openGame(shut, gameLink(h.url, { mode: "two-players", position: encodeURIComponent(blocked) }));
  await shut.locator("[data-coach='pass']").waitFor({ state: "visible" });
  const text = await tip(shut).innerText();
  assert.match(text, /You have no move: press Pass/);
  assert.doesNotMatch(text, /Now move a piece|cannot move loses/);
  await screenshot(shut, "learn-coach-pass");
  await clickAction(shut, "pass");
  // Dark moves next, told what a blocked player does here.
  await shut.locator("[data-coach='move']").waitFor({ state: "visible" });
  const moving = await tip(shut).innerText();
  assert.match(moving, /A player who cannot move passes/);
  assert.doesNotMatch(moving, /cannot move loses/);
  assertNoErrors(shut);
});

test("a newcomer who only looked at the first screen and came back still gets the first tip", async () => {
  const { page } = await h.newPage();
  await page.goto(h.url, { waitUntil: "domcontentloaded" });
  await page.locator("[data-welcome-screen]").waitFor({ state: "visible" });
  await page.waitForTimeout(1000);
  assert.equal(await page.evaluate(() => localStorage.getItem("mulino.coach")), null, "no tip counted as seen");
  await page.reload({ waitUntil: "domcontentloaded" });
  await page.locator("[data-welcome-screen]").waitFor({ state: "visible" });
  // A piece placed from the first screen starts the game; the tip comes.
  await clickPoint(page, "d6");
  await page.locator("[data-coach='place']").waitFor({ state: "visible" });
  assertNoErrors(page);
});

test("turning the coach off keeps it off after a reload", async () => {
  const { page } = await h.newPage();
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players" }));
  await tip(page).waitFor({ state: "visible" });
  await clickAction(page, "coach-off");
  await tip(page).waitFor({ state: "detached" });
  assert.equal(await page.evaluate(() => localStorage.getItem("mulino.coach")), "off");
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players", moves: "a1,b2,d1,d2" }));
  await page.reload({ waitUntil: "domcontentloaded" });
  await page.locator("[data-point]").first().waitFor();
  await clickPoint(page, "g1");
  await waitForState(page, (s) => removable(s).length > 0, "a removal due");
  await page.waitForTimeout(300);
  assert.equal(await tip(page).count(), 0, "no tip, not even for the mill");
  assertNoErrors(page);
});

test("offline, an endgame whose table cannot be had says why perfect play is missing", { timeout: 120_000 }, async () => {
  const { context, page } = await h.newPage({ serviceWorkers: "block" });
  await context.route("**/tb/**", (route) => route.abort("internetdisconnected"));
  const position = encodeURIComponent("nine .D./DL./.../..L..L/.../.../.D. L 0/0 0/0 -");
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players", position }));
  const line = page.locator("[data-perfect='missing']");
  await line.waitFor({ state: "visible", timeout: ENGINE_TIMEOUT });
  assert.match(await line.innerText(), /could not be downloaded \(offline\?\)/);
  await screenshot(page, "learn-perfect-missing");

  // Nor can the worker with the tables start: the same line, not silence.
  const other = await h.newPage({ serviceWorkers: "block" });
  await other.context.route("**/worker-tables*", (route) => route.abort("internetdisconnected"));
  await openGame(other.page, gameLink(h.url, { variant: "nine", mode: "two-players", position }));
  await other.page.locator("[data-perfect='missing']").waitFor({ state: "visible", timeout: ENGINE_TIMEOUT });
  assertNoErrors(page, [/tb\//]);
  assertNoErrors(other.page, [/worker-tables/]);
});

test("a game one capture from the tables fetches them ahead and keeps them for offline", { timeout: 120_000 }, async () => {
  const { context, page } = await h.newPage();
  // Every perfect-play line the page ever shows, even for a moment.
  await page.addInitScript(() => {
    window.perfectSeen = [];
    new MutationObserver(() => {
      for (const el of document.querySelectorAll("[data-perfect]")) window.perfectSeen.push(el.dataset.perfect);
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  // Eight against three, hands empty: not covered yet, a capture leads to
  // 7v3 (a win/draw/loss table, whose own captures lead to 6v3) or ends the game.
  const position = encodeURIComponent("nine LDL/LDL/LL./..L..L/.../D../... D 0/0 0/0 -");
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players", position }));
  const want = ["nine-6v3.tb", "nine-7v3.wdl"];
  // Read only once the worker made the database: opening it first would
  // make an empty one the worker then cannot store in.
  const stored = async () =>
    page.evaluate(async () => {
      const dbs = await indexedDB.databases();
      if (!dbs.some((d) => d.name === "mulino-tables")) return [];
      return new Promise((resolve) => {
        const open = indexedDB.open("mulino-tables");
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("tables")) return resolve([]);
          const req = db.transaction("tables").objectStore("tables").getAllKeys();
          req.onsuccess = () => resolve(req.result.map((k) => k.split("#")[0]).sort());
          req.onerror = () => resolve([]);
        };
      });
    });
  const deadline = Date.now() + ENGINE_TIMEOUT;
  let keys = await stored();
  while (keys.length < want.length && Date.now() < deadline) {
    await page.waitForTimeout(500);
    keys = await stored();
  }
  assert.deepEqual(keys, want, "the tables a capture leads to are in IndexedDB");
  // Not covered, and this site has no tables for range reads: no line,
  // not even a "loading" that comes and goes.
  assert.deepEqual(await page.evaluate(() => window.perfectSeen), [], "not covered: no perfect-play line");

  // The tables' server gone: a position after a capture, into 7v3, is
  // answered from what was fetched ahead.
  await context.route("**/tb/**", (route) => route.abort("internetdisconnected"));
  await context.route("**/wdl/**", (route) => route.abort("internetdisconnected"));
  const covered = encodeURIComponent("nine LDL/.DL/LL./..L..L/.../D../... D 0/0 0/0 -");
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players", position: covered }));
  const line = page.locator("[data-perfect]").first();
  await line.waitFor({ state: "visible", timeout: ENGINE_TIMEOUT });
  await page.locator("[data-perfect^='win'], [data-perfect^='loss'], [data-perfect='draw']").first()
    .waitFor({ state: "visible", timeout: ENGINE_TIMEOUT });
  assertNoErrors(page, [/tb\//, /wdl\//]);
});
