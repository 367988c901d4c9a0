// The board of tests/embed/config.html (`#b`, nine men's morris for two
// players, every event logged in `window.events`) as its tests reach it.
import assert from "node:assert/strict";

/** The selector of a point of the board `#b`. */
export const point = (name) => `#b [data-point="${name}"]`;

/** The colour of the piece on a point of `#b`, or null. */
export const pieceAt = (page, name) => page.getAttribute(point(name), "data-piece");

/** config.html opened by `open` (a `pageOpener`), once its board is ready. */
export async function ready(open) {
  const { page, errors } = await open("/tests/embed/config.html");
  await page.waitForSelector("body[data-ready]");
  return { page, errors };
}

/** The error a call inside the page throws, as "Name: message". */
export const thrown = (page, code) =>
  page.evaluate((c) => { try { new Function(c)(); return "no error"; } catch (e) { return `${e.name}: ${e.message}`; } }, code);

/** Each `[code, "Name: message"]` of `cases` throws that error in the page. */
export async function refuses(page, cases) {
  for (const [code, message] of cases) assert.equal(await thrown(page, code), message, code);
}
