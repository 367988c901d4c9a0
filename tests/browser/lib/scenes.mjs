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

/** A game between two people on this screen, chosen on the first screen, a few turns in. */
export async function game(page, url) {
  await page.goto(url, { waitUntil: "domcontentloaded" });
  await waitForBoard(page);
  await page.locator('[data-welcome="two"]').click();
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
}
