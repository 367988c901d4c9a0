// Playing the computer as a person does: the level picker says how long
// each level thinks and level 10 keeps to it (the reply times are
// printed); a point clicked while it thinks is kept as a premove (shown,
// cancelled by a click on it or Escape, queued with Enter too, played after
// its reply or dropped with a notice); a take-back while it thinks calls
// its search off; a game lost to it offers a new game and the analysis
// board, not Undo; the colour drawn by lot and clocks against it; a friend
// on this screen chooses clocks first; German writes its decimals with a
// comma.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  startHarness, gameLink, openGame, snapshot, waitForState, moveCount, moveText, clickPoint,
  clickAction, screenshot, assertNoErrors, ENGINE_TIMEOUT,
} from "./lib/harness.mjs";

// How much later than the level's promise a reply may show: the
// worker's start (for the first reply), the messages to and from it and a
// frame or two.
const SLACK_MS = 1_000;

let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

/** In the open new-game dialog, the computer at `level`; the level's promised time. */
async function pickLevel(page, level) {
  await page.locator('[data-field="mode"]').selectOption("vs-engine");
  await page.locator('[data-field="level"]').selectOption(String(level));
  const promise = page.locator("#ng-level-hint[data-think-ms]");
  return { ms: Number(await promise.getAttribute("data-think-ms")), text: (await promise.textContent()).trim() };
}

/** Empty points of a snapshot, in the order given. */
const empty = (snap, names) => names.filter((n) => snap.points[n]?.piece === null);

/** Plays `point` (a placement) and waits for the computer's reply; its time in ms. */
async function placeAndTime(page, point) {
  const n = moveCount(await snapshot(page));
  await clickPoint(page, point);
  await waitForState(page, (s) => moveCount(s) === n + 1, `our ${point} in the move list`);
  const asked = Date.now();
  await waitForState(page, (s) => moveCount(s) === n + 2, "the computer's reply", ENGINE_TIMEOUT);
  return Date.now() - asked;
}

test("the level picker says how long each level thinks, and level 10 keeps to it", { timeout: 240_000 }, async () => {
  const { page } = await h.newPage();
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "vs-engine", level: 3, color: "light" }));
  await clickAction(page, "new-game");
  const weak = await pickLevel(page, 3);
  assert.equal(weak.ms, 2500, "level 3: at most 2.5 s");
  assert.match(weak.text, /2\.5 s/);
  const strongest = await pickLevel(page, 10);
  assert.equal(strongest.ms, 7500, "level 10: at most 7.5 s while placing");
  assert.match(strongest.text, /7\.5 s.*2\.5 s/, strongest.text);
  await clickAction(page, "confirm");
  const times = [];
  const plan = ["d2", "f4", "b4", "d6", "a1", "g7", "a7", "g1"];
  while (times.length < 5) {
    const snap = await snapshot(page);
    const [point] = empty(snap, plan);
    times.push(await placeAndTime(page, point));
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`# level 10, placing replies (ms, from our turn to its reply): ${times.join(" ")}; median ${sorted[2]}, max ${sorted.at(-1)}`);
  for (const t of times) assert.ok(t <= strongest.ms + SLACK_MS, `a reply in ${t} ms, promised ${strongest.ms} ms`);
  // The other levels, two placing replies each.
  for (const level of [1, 5, 8, 9]) {
    await openGame(page, gameLink(h.url, { variant: "nine", mode: "vs-engine", level, color: "light" }));
    const replies = [await placeAndTime(page, "d2")];
    const [next] = empty(await snapshot(page), ["f4", "b4", "d6"]);
    replies.push(await placeAndTime(page, next));
    console.log(`# level ${level}, placing replies (ms): ${replies.join(" ")}`);
    for (const t of replies) assert.ok(t <= 2500 + SLACK_MS, `level ${level}: a reply in ${t} ms, promised 2500 ms`);
  }
  assertNoErrors(page);
});

test("a point clicked while the computer thinks is kept, shown, cancelled and played after its reply", { timeout: 180_000 }, async () => {
  const { page } = await h.newPage();
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "vs-engine", level: 10, color: "light" }));
  const premove = (p) => page.locator(`[data-point="${p}"][data-premove]`);
  await clickPoint(page, "d2");
  await waitForState(page, (s) => moveCount(s) === 1, "d2 played");
  // The computer thinks (level 10 takes seconds here): a click is kept.
  const [spot] = empty(await snapshot(page), ["a7", "g7", "a1", "g1"]);
  await clickPoint(page, spot);
  await premove(spot).waitFor({ timeout: 2_000 });
  assert.equal(moveCount(await snapshot(page)), 1, "the computer has not answered yet");
  await screenshot(page, "computer-premove");
  // A click on it cancels it, and so does Escape.
  await clickPoint(page, spot);
  await premove(spot).waitFor({ state: "detached", timeout: 2_000 });
  await clickPoint(page, spot);
  await premove(spot).waitFor({ timeout: 2_000 });
  await page.keyboard.press("Escape");
  await premove(spot).waitFor({ state: "detached", timeout: 2_000 });
  await clickPoint(page, spot);
  const snap = await waitForState(page, (s) => moveCount(s) >= 3 || (moveCount(s) === 2 && s.points[spot].piece === "dark"), "the reply, then our premove", ENGINE_TIMEOUT);
  if (snap.points[spot].piece === "dark") {
    await page.locator('[data-notice="notice.premove-dropped"]').waitFor({ timeout: 2_000 });
  } else {
    assert.equal(moveText(snap.moves[2]), spot, "the premove is played at once after the reply");
    assert.equal(await premove(spot).count(), 0, "and its mark is gone");
  }
  // With the keyboard: Enter on a point while it thinks queues it too.
  await waitForState(page, (s) => moveCount(s) % 2 === 1 || moveCount(s) === 2, "the computer to move");
  const before = await snapshot(page);
  if (moveCount(before) % 2 === 1) {
    const [key] = empty(before, ["b6", "f6", "b2", "f2", "c5", "e5"]);
    await page.locator(`[data-point="${key}"]`).focus();
    await page.locator(`[data-point="${key}"][data-cursor]`).waitFor({ timeout: 2_000 });
    await page.keyboard.press("Enter");
    await premove(key).waitFor({ timeout: 2_000 });
  }
  assertNoErrors(page);
});

test("a take-back while the computer thinks calls its search off; a lost game offers no Undo", { timeout: 180_000 }, async () => {
  const { page } = await h.newPage();
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "vs-engine", level: 10, color: "light" }));
  await clickPoint(page, "d2");
  await waitForState(page, (s) => moveCount(s) === 1, "d2 played");
  await clickAction(page, "undo");
  await waitForState(page, (s) => moveCount(s) === 0, "d2 taken back at once");
  // The search for d2 is called off: the reply to f4 comes within the
  // level's time, not after what was left of the first search.
  const t = await placeAndTime(page, "f4");
  console.log(`# level 10 reply after a take-back while it thought: ${t} ms`);
  assert.ok(t <= 7500 + SLACK_MS, `the reply after the take-back in ${t} ms`);
  const snap = await snapshot(page);
  assert.equal(moveText(snap.moves[0]), "f4");
  // Resigned: a new game or the analysis board, no Undo.
  await clickAction(page, "resign");
  await clickAction(page, "confirm");
  const over = await waitForState(page, (s) => s.actions.includes("rematch"), "the game over");
  assert.ok(!over.actions.includes("undo"), `no Undo after the game: ${over.actions}`);
  assert.equal(await page.locator('[data-action="undo"]').count(), 0, "not even disabled");
  assert.ok(over.actions.includes("new-game") && over.actions.includes("analyse"), `${over.actions}`);
  assertNoErrors(page);
});

test("a colour drawn by lot, and clocks against the computer", { timeout: 120_000 }, async () => {
  const { page } = await h.newPage();
  await openGame(page, h.url);
  await page.locator('[data-welcome="engine"]').click();
  await page.locator('[data-field="level"]').selectOption("1");
  await page.locator('[data-field="color"]').selectOption("random");
  await page.locator('[data-field="clock"]').selectOption("3+2");
  await clickAction(page, "confirm");
  await page.locator("[data-clock]").first().waitFor();
  assert.equal(await page.locator("[data-clock]").count(), 2, "a clock for each side");
  // The computer plays the other colour: light opens, so with dark it answers first.
  const flipped = (await page.locator("svg[data-flipped]").count()) > 0;
  const mine = flipped ? "dark" : "light";
  if (flipped) await waitForState(page, (s) => moveCount(s) === 1, "the computer opens", ENGINE_TIMEOUT);
  const n = moveCount(await snapshot(page));
  const [spot] = empty(await snapshot(page), ["d2", "f4", "b4", "d6"]);
  await clickPoint(page, spot);
  await waitForState(page, (s) => moveCount(s) === n + 2, "the computer's reply on the clock", ENGINE_TIMEOUT);
  const theirs = mine === "light" ? "dark" : "light";
  const left = Number(await page.locator(`[data-clock="${theirs}"]`).getAttribute("data-left-ms"));
  assert.ok(left < 180_000 + 2_000 * 2 && left > 170_000, `the computer's clock ran: ${left} ms left`);
  console.log(`# drawn colour: ${mine}`);
  // Again, until both colours have been drawn (each draw is a coin's toss).
  const seen = new Set([mine]);
  for (let i = 0; i < 12 && seen.size < 2; i++) {
    await clickAction(page, "new-game");
    await page.locator('[data-field="color"]').selectOption("random");
    await clickAction(page, "confirm");
    await page.locator(".dialog").waitFor({ state: "detached" });
    seen.add((await page.locator("svg[data-flipped]").count()) > 0 ? "dark" : "light");
  }
  assert.equal(seen.size, 2, "both colours come up");
  assertNoErrors(page);
});

test("a friend on this screen chooses clocks first; German writes decimals with a comma", { timeout: 120_000 }, async () => {
  const { page } = await h.newPage();
  await openGame(page, h.url);
  await page.locator('[data-welcome="two"]').click();
  await page.locator(".dialog").waitFor();
  assert.equal(await page.locator('[data-field="mode"]').inputValue(), "two-players");
  await page.locator('[data-field="clock"]').selectOption("5+3");
  await clickAction(page, "confirm");
  await page.locator("[data-welcome-screen]").waitFor({ state: "detached" });
  assert.equal(await page.locator("[data-clock]").count(), 2, "the game has clocks");

  const { page: de } = await h.newPage({ locale: "de-DE" });
  await openGame(de, gameLink(h.url, { variant: "nine", mode: "two-players", clock: "1+0", left: "9000,60000" }));
  const clock = (await de.locator('[data-clock="light"]').textContent()).trim();
  assert.match(clock, /0:0\d,\d/, `the clock in German: ${clock}`);
  await clickAction(de, "new-game");
  await de.locator('[data-field="mode"]').selectOption("vs-engine");
  await de.locator('[data-field="level"]').selectOption("10");
  const hint = (await de.locator("#ng-level-hint").textContent()).trim();
  assert.match(hint, /7,5 s.*2,5 s/, `the level's time in German: ${hint}`);
  assert.doesNotMatch(hint, /\d\.\d/);
  await screenshot(de, "computer-level-time-de");
  assertNoErrors(page);
  assertNoErrors(de);
});
