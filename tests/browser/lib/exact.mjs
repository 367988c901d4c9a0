// The exact value of every move of a position, read from the app's own
// analysis board (the endgame tables, or a solve in the worker), as an
// oracle for the puzzles' later moves: [[move, value]], best first for the
// side to move, value as on the board ("+3", "=", "-12").

/** `position`: position text; `moves`: turns played from it, in notation. */
export async function exactValues(h, position, moves = []) {
  const { page, context } = await h.newPage();
  try {
    const variant = position.split(" ")[0];
    const played = moves.length ? `&moves=${moves.join(",")}` : "";
    await page.goto(`${h.url}#analysis&variant=${variant}&position=${encodeURIComponent(position)}${played}`);
    await page.locator('[data-analysis] [data-exact="values"]').waitFor({ timeout: 60_000 });
    return await page.locator(".exact-move").evaluateAll((els) => els.map((e) => [e.dataset.move, e.dataset.value]));
  } finally {
    await context.close();
  }
}

/** The points a move's notation presses: from, to, then each removal. */
export const pointsOf = (move) => move.split(/[-x]/);
