// The table's flow, clicked as a person does (issue 27): a hot-seat draw
// offer goes with the move to the opponent, who answers at their turn;
// notices go with the next move or by themselves; the computer does not
// take a draw at the start of a game; a room's guest is not asked to
// invite anyone, the host no longer once the seat is taken, and offers
// name the friend; the move list's rows and keys; the score across
// rematches.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  startHarness, gameLink, openGame, snapshot, waitForState, moveCount, isOver, actionVisible,
  clickAction, clickPoint, playMove, screenshot, assertNoErrors, removable, ENGINE_TIMEOUT,
} from "./lib/harness.mjs";
import { linkPlayer, hostRoom, offeredLink, openLink, notice, waitForMoves } from "./lib/rooms.mjs";

let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

/** The text of the waiting box or the question about an offer. */
const pendingText = (page) => page.locator(".pending p").first().innerText();

/** Moves the pointer off the page's parts, so that no notice is held by it. */
const pointerAway = (page) => page.mouse.move(1, 1);

test("hot seat: a draw offer goes with the move to the opponent; notices pass", { timeout: 180_000 }, async () => {
  const { page } = await h.newPage();
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players" }));

  // Light offers on its turn: nobody is asked yet, the offer waits for light's move.
  await clickAction(page, "offer-draw");
  await page.locator('[data-waiting="draw"]').waitFor();
  let snap = await snapshot(page);
  assert.ok(!snap.actions.includes("accept-draw"), "light is not asked to accept its own offer");
  assert.ok(!snap.actions.includes("offer-draw"), "one offer at a time");
  await playMove(page, "a1", "light");
  // Dark, to move, is asked.
  snap = await waitForState(page, (s) => s.actions.includes("accept-draw"), "dark to be asked about light's offer");
  assert.ok(snap.actions.includes("decline-draw"));
  assert.match(await pendingText(page), /Light offers a draw/);
  await screenshot(page, "flow-draw-asked");
  // Dark moves on instead: that declines, and the table says so.
  await playMove(page, "b2", "dark");
  snap = await snapshot(page);
  assert.ok(!snap.actions.includes("accept-draw"), "the offer is gone");
  assert.equal((await notice(page))?.key, "draw.refused", "moving on declined it, with a message");
  // The next move takes the message away.
  await playMove(page, "d1", "light");
  assert.equal(await notice(page), null, "the notice went with the next move");

  // Dark offers; light declines with the button: the message then goes by itself.
  await clickAction(page, "offer-draw");
  await playMove(page, "d2", "dark");
  await clickAction(page, "decline-draw");
  assert.equal((await notice(page))?.key, "draw.declined");
  await pointerAway(page);
  await page.locator("[data-notice]").waitFor({ state: "detached", timeout: 20_000 });
  snap = await snapshot(page);
  assert.match(snap.status, /Light to play/, "the status line says what matters now");

  // Light offers, moves, dark accepts.
  await clickAction(page, "offer-draw");
  await playMove(page, "g1xb2", "light");
  await clickAction(page, "accept-draw");
  snap = await waitForState(page, isOver, "the game to end in a draw");
  assert.match(snap.status, /Draw/);
  assertNoErrors(page);
});

test("the computer at level 10 does not take a draw at the start", { timeout: 240_000 }, async () => {
  const { page } = await h.newPage();
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "vs-engine", level: 10, color: "light" }));
  await clickPoint(page, "d2");
  let snap = await waitForState(page, (s) => moveCount(s) === 2, "the computer's first piece", ENGINE_TIMEOUT);
  await clickAction(page, "offer-draw");
  await page.locator('[data-waiting="draw"]').waitFor();
  assert.match(await pendingText(page), /computer answers/i);
  snap = await snapshot(page);
  assert.ok(!isOver(snap), "no answer before the computer's turn");
  const t = Object.entries(snap.points).find(([, p]) => p.hint === "target")?.[0];
  await clickPoint(page, t);
  snap = await waitForState(page, (s) => moveCount(s) === 4 || isOver(s), "the computer's answer", ENGINE_TIMEOUT);
  assert.ok(!isOver(snap), `the computer plays on: ${snap.status}`);
  assert.equal((await notice(page))?.key, "draw.engine_declines", "and says it declines");
  assert.equal(await page.locator('[data-waiting="draw"]').count(), 0, "the offer was answered");
  assertNoErrors(page);
});

test("rooms: no invite for the guest nor once the seat is taken; offers name the friend", { timeout: 300_000 }, async () => {
  const { page: host } = await linkPlayer(h);
  await hostRoom(host, h.url);
  assert.ok(await actionVisible(host, "copy-invite"), "the host invites while the seat is free");
  const { page: guest } = await linkPlayer(h);
  await openLink(guest, await offeredLink(host));
  await guest.locator("[data-room-code]").waitFor();
  assert.ok(!(await actionVisible(guest, "copy-invite")), "the guest has nobody to invite");
  await guest.locator('[data-field="name"]').fill("Bob");
  await guest.locator('[data-field="name"]').press("Enter");
  await guest.locator('[data-field="name"]').blur();
  await openLink(host, await offeredLink(guest));
  assert.equal(await host.locator('[data-seat="top"][data-free]').count(), 0, "the seat is taken");
  assert.ok(!(await actionVisible(host, "copy-invite")), "the invite is gone once the seat is taken");

  await playMove(host, "a1", "light");
  await openLink(guest, await offeredLink(host));
  await waitForMoves(guest, 1);
  // The guest offers on its turn, and its move carries the offer.
  await clickAction(guest, "offer-draw");
  await guest.locator('[data-waiting="draw"]').waitFor();
  await playMove(guest, "b2", "dark");
  assert.equal(await guest.locator('[data-waiting="draw"]').count(), 1, "the offer stands after the guest's own move");
  await openLink(host, await offeredLink(guest));
  await waitForState(host, (s) => s.actions.includes("accept-draw"), "the guest's offer on the host's page");
  assert.match(await pendingText(host), /^Bob offers a draw/, "the offer names the friend");
  await screenshot(host, "flow-room-named-offer");
  await playMove(host, "d1", "light");
  await openLink(guest, await offeredLink(host));
  const n = await notice(guest);
  assert.equal(n?.key, "room.draw-refused");
  assertNoErrors(host);
  assertNoErrors(guest);
});

test("the move list: whole rows, keys, and the board while browsing", { timeout: 180_000 }, async () => {
  const { page } = await h.newPage();
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players", moves: "a1,b2,d1,d2" }));
  await waitForState(page, (s) => moveCount(s) === 4, "four moves in the list");
  // A click on the row, left of the move's text (over its number).
  const row = page.locator('[data-move-list] li[data-ply="1"]');
  const box = await row.boundingBox();
  const text = await row.locator("button").boundingBox();
  assert.ok(text.x - box.x > 8, "the row is wider than its text");
  await page.mouse.click(box.x + 4, box.y + box.height / 2);
  let snap = await waitForState(page, (s) => s.statusValue === "viewing", "the row's click to show the position");
  assert.match(snap.status, /Move 1 of 4/);
  // Keys in the list step through the game.
  await row.locator("button").focus();
  await page.keyboard.press("ArrowRight");
  snap = await waitForState(page, (s) => /Move 2 of 4/.test(s.status), "ArrowRight to step on");
  await page.keyboard.press("ArrowDown");
  await waitForState(page, (s) => /Move 3 of 4/.test(s.status), "ArrowDown to step on");
  await page.keyboard.press("ArrowLeft");
  await waitForState(page, (s) => /Move 2 of 4/.test(s.status), "ArrowLeft to step back");
  await page.keyboard.press("Home");
  await waitForState(page, (s) => /Move 0 of 4/.test(s.status), "Home to go to the start");
  await page.keyboard.press("End");
  await waitForState(page, (s) => s.statusValue !== "viewing", "End to return to the game");
  // The board's own arrow keys still move its cursor, not the list.
  await page.keyboard.press("Home");
  await waitForState(page, (s) => s.statusValue === "viewing", "browsing again");
  await page.locator('[data-point="d6"]').focus();
  const cursorBefore = Object.entries((await snapshot(page)).points).find(([, p]) => p.cursor)?.[0];
  await page.keyboard.press("ArrowDown");
  // The cursor is drawn with the next render.
  snap = await waitForState(
    page,
    (s) => Object.entries(s.points).some(([name, p]) => p.cursor && name !== cursorBefore),
    "the board's cursor to move",
  ).catch(() => snapshot(page));
  assert.match(snap.status, /Move 0 of 4/, "the board's arrow keys do not step the list");
  const cursorAfter = Object.entries(snap.points).find(([, p]) => p.cursor)?.[0];
  assert.ok(cursorAfter && cursorAfter !== cursorBefore, `they move the board's cursor: ${cursorBefore} → ${cursorAfter}`);
  // A click on the browsed board says how to go back, and the button there goes back.
  await clickPoint(page, "g7");
  const n = await notice(page);
  assert.equal(n?.key, "browse.board");
  assert.match(n.text, /move 0 of 4/i);
  await screenshot(page, "flow-browse-board");
  await clickAction(page, "back-to-game");
  snap = await waitForState(page, (s) => s.statusValue !== "viewing", "the game again");
  assert.equal(snap.points.g7.piece, null, "the click that said so placed nothing");
  await clickPoint(page, "g7");
  await waitForState(page, (s) => moveCount(s) === 5, "then the board plays");
  assertNoErrors(page);
});

test("the score across rematches at one screen", { timeout: 180_000 }, async () => {
  const { page } = await h.newPage();
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players" }));
  assert.equal(await page.locator("[data-tally]").count(), 0, "no score before a game ends");
  // Light (bottom) resigns.
  await clickAction(page, "resign");
  await clickAction(page, "confirm");
  await page.locator('[data-tally="0-1"]').waitFor();
  assert.match(await page.locator("[data-tally]").innerText(), /Player 1\s*0 – 1\s*Player 2/);
  await clickAction(page, "rematch");
  await clickAction(page, "accept-rematch");
  await waitForState(page, (s) => !isOver(s) && moveCount(s) === 0, "the rematch");
  // Colours swapped: the bottom seat now plays dark and keeps its score.
  assert.equal(await page.locator('[data-seat="bottom"]').getAttribute("data-color"), "dark");
  assert.match(await page.locator("[data-tally]").innerText(), /Player 1\s*0 – 1\s*Player 2/);
  await clickAction(page, "offer-draw");
  await playMove(page, "a1", "light");
  await clickAction(page, "accept-draw");
  await page.locator('[data-tally="0.5-1.5"]').waitFor();
  assert.match(await page.locator("[data-tally]").innerText(), /½ – 1½/);
  await screenshot(page, "flow-score");
  // A reload keeps the score (it travels with the saved game).
  await page.reload({ waitUntil: "domcontentloaded" });
  await page.locator('[data-tally="0.5-1.5"]').waitFor();
  // Another opponent: the score starts again.
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "vs-engine", color: "light" }));
  assert.equal(await page.locator("[data-tally]").count(), 0);
  assertNoErrors(page);
});

test("the first screen's \"Play the computer\" asks for the level and colour first", { timeout: 180_000 }, async () => {
  const { page } = await h.newPage();
  await page.goto(h.url, { waitUntil: "domcontentloaded" });
  await page.locator('[data-welcome="engine"]').click();
  const dialog = page.locator("dialog[open]");
  await dialog.locator("#new-game-title").waitFor();
  assert.equal(await dialog.locator('[data-field="mode"]').inputValue(), "vs-engine", "the computer is chosen");
  assert.equal(moveCount(await snapshot(page)), 0, "no game started yet");
  await dialog.locator('[data-field="level"]').selectOption("5");
  await dialog.locator('[data-field="color"]').selectOption("dark");
  await screenshot(page, "first-screen-computer-dialog");
  await dialog.locator('[data-action="confirm"]').click();
  await page.locator("[data-welcome-screen]").waitFor({ state: "detached" });
  await waitForState(page, (s) => moveCount(s) >= 1, "the computer's first move (it plays light)", ENGINE_TIMEOUT);
  assert.match(await page.locator('[data-seat="top"]').first().innerText(), /Computer · level 5/);
  // Cancel leaves the first screen as it was.
  const other = await h.newPage();
  await other.page.goto(h.url, { waitUntil: "domcontentloaded" });
  await other.page.locator('[data-welcome="engine"]').click();
  await other.page.locator("dialog[open] #new-game-title").waitFor();
  await other.page.keyboard.press("Escape");
  await other.page.locator("[data-welcome-screen]").waitFor();
  assert.equal(moveCount(await snapshot(other.page)), 0, "still no game");
  assertNoErrors(page);
  assertNoErrors(other.page);
});

test("a hint that closes a mill marks the point to place on and the piece to take, before and after the placing", { timeout: 60_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  // Light to place, g1 closes a1-d1-g1.
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players", moves: "a1,b2,d1,d2" }));
  await clickAction(page, "hint");
  const line = page.locator(".hint-text", { hasText: /^Hint: / });
  await line.waitFor({ timeout: ENGINE_TIMEOUT });
  const [, to, taken] = (await line.innerText()).trim().match(/^Hint: ([a-g][1-7])x([a-g][1-7])$/) ?? [];
  assert.ok(to && taken, `the hint closes the mill: ${await line.innerText()}`);
  const marked = () => page.locator("[data-point][data-suggested]").evaluateAll((els) => els.map((e) => e.dataset.point).sort());
  assert.deepEqual(await marked(), [to, taken].sort(), "where to place, and which piece to take");
  await clickPoint(page, to);
  await waitForState(page, (s) => removable(s).includes(taken), `${taken} removable`);
  assert.deepEqual(await marked(), [to, taken].sort(), "still both once placed: the red piece to take stands out");
  await screenshot(page, "table-hint-mill-390");
  assertNoErrors(page);
});

test("the Hint button and its neighbours stay under the finger while the hint is worked out and shown, on a phone and a desktop", { timeout: 60_000 }, async () => {
  for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    const { page, context } = await h.newPage({ viewport });
    // Every position the game's buttons take, recorded in the page at each change.
    await context.addInitScript(() => {
      window.buttonSpots = new Set();
      window.recordSpots = () => {
        const spots = [...document.querySelectorAll(".controls .btn")].map((b) => {
          const r = b.getBoundingClientRect();
          return `${b.dataset.action}@${Math.round(r.x)},${Math.round(r.y)}`;
        });
        if (spots.length) window.buttonSpots.add(spots.join(" "));
      };
      new MutationObserver(() => window.recordSpots())
        .observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players", moves: "a1,b2,d1,d2" }));
    // Where they are as the finger comes down on Hint, then at every change.
    await page.evaluate(() => {
      window.buttonSpots.clear();
      window.recordSpots();
    });
    await clickAction(page, "hint");
    await page.locator(".hint-text", { hasText: /^Hint: / }).waitFor({ timeout: ENGINE_TIMEOUT });
    const spots = await page.evaluate(() => [...window.buttonSpots]);
    assert.equal(spots.length, 1, `at ${viewport.width} px the buttons never moved: ${JSON.stringify(spots)}`);
    assertNoErrors(page);
  }
});
