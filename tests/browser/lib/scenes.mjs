// The four scenes of the layout checks (issue 27), each set up the way a
// player gets there: the first screen (with a game in progress to go back
// to), a game between two people, the new-game dialog, and a room just
// opened. Used by layout.test.mjs (which checks what is in view) and by
// screens.mjs (which takes their pictures).
import { gameLink, waitForBoard, playMove } from "./harness.mjs";
import { hostRoom } from "./rooms.mjs";

/** The sizes a player brings: phone portrait and landscape, tablet, laptop. */
export const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "phone-landscape", width: 844, height: 390 },
  { name: "tablet", width: 768, height: 1024 },
  { name: "laptop", width: 1280, height: 800 },
];

/** The first screen, with a saved game to continue: a game begun, then the page opened again. */
export async function firstScreen(page, url) {
  await page.goto(gameLink(url, { variant: "nine", mode: "two-players", moves: "d6,d2" }), { waitUntil: "domcontentloaded" });
  await waitForBoard(page);
  await page.goto("about:blank");
  await page.goto(url, { waitUntil: "domcontentloaded" });
  await waitForBoard(page);
  await page.locator("[data-welcome-screen]").waitFor();
}

/** A game between two people on this screen, chosen on the first screen (its dialog started as it opens), a few turns in. */
export async function game(page, url) {
  await page.goto(url, { waitUntil: "domcontentloaded" });
  await waitForBoard(page);
  await page.locator('[data-welcome="two"]').click();
  await page.locator('.dialog [data-action="confirm"]').click();
  await page.locator("[data-welcome-screen]").waitFor({ state: "detached" });
  for (const [i, m] of ["d6", "d2", "b4"].entries()) await playMove(page, m, i % 2 ? "dark" : "light");
}

/** The new-game dialog over a game, as "New game" opens it. */
export async function dialog(page, url) {
  await page.goto(url, { waitUntil: "domcontentloaded" });
  await waitForBoard(page);
  await page.locator('[data-action="new-game"]:visible').first().click();
  await page.locator(".dialog").waitFor();
}

/** The dialog's rule options unfolded, the board set to the 3×3 one while each side keeps nine pieces: a game that cannot be played. */
export async function dialogConflict(page, url) {
  await dialog(page, url);
  await page.locator(".dialog [data-rules] summary").click();
  await page.locator('[data-rule="board"]').selectOption("3x3");
  await page.locator("[data-conflict]").waitFor();
}

/** A room just opened by its host, the link to send on the table. */
export async function room(page, url) {
  await hostRoom(page, url);
  await page.locator("[data-invite-link]").waitFor();
  await page.waitForFunction(() => /#room=/.test(document.querySelector("[data-invite-link]")?.value ?? ""));
  // The room as it settles: a relay took it or none could (the bar's
  // words while the live module loads and looks are longer, for a moment).
  await page.locator('[data-relay="joined"], [data-relay="unreachable"]').first().waitFor({ timeout: 15_000 });
}

// The views over the table (issue 39): the rules card and the lab's four,
// each opened the way a player opens it, from a game a few turns in
// (`game`). Used by widths.test.mjs.

/** The new-game dialog with its rule options unfolded: its widest form. */
export async function dialogUnfolded(page, url) {
  await dialog(page, url);
  await page.locator(".dialog [data-rules] summary").click();
  await page.locator("[data-rule]").first().waitFor();
}

/** The rules card of the game on the table, as "Rules" opens it. */
export async function rulesCard(page, url) {
  await game(page, url);
  await page.locator('[data-action="rules"]:visible').first().click();
  await page.locator("[data-rules-card]").waitFor({ state: "visible" });
}

/** The analysis board on the game, its three lines shown, then stopped (so that it leaves the machine alone). */
export async function analysis(page, url) {
  await game(page, url);
  await page.locator('[data-action="analyse"]:visible').first().click();
  await page.locator("[data-analysis]").waitFor({ timeout: 60_000 });
  await page.locator('[data-analysis] [data-lines="3"]').waitFor({ timeout: 60_000 });
  await page.locator('[data-action="stop-analysis"]:visible').first().click();
}

/** The analysis board on a line of one's own: the game's second turn replaced by a1. */
export async function analysisSideLine(page, url) {
  await analysis(page, url);
  await page.locator('[data-analysis] [data-ply="1"] button').click();
  await page.locator('[data-analysis] [data-ply="1"] button[aria-current]').waitFor();
  await page.locator('[data-analysis] [data-point="a1"]').click();
  await page.locator("[data-analysis] .side-line").waitFor();
}

/** The game's review, finished: its graph and marks beside the board. */
export async function review(page, url) {
  await game(page, url);
  await page.locator('[data-action="review"]:visible').first().click();
  await page.locator('[data-review="done"]').waitFor({ timeout: 60_000 });
}

/** The position editor on the game's position, from the top bar. */
export async function editor(page, url) {
  await game(page, url);
  await page.locator('[data-action="edit-position"]:visible').first().click();
  await page.locator("[data-editor] [data-editor-ok]").waitFor({ timeout: 60_000 });
}

/** The first puzzle, from the top bar. */
export async function puzzles(page, url) {
  await game(page, url);
  await page.locator('[data-action="puzzles"]:visible').first().click();
  await page.locator("[data-puzzles] [data-puzzle-index]").waitFor({ timeout: 60_000 });
}
