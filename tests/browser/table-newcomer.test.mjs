// The table tried as a newcomer (issue 54, section 4): at 1280×800 with the
// coach's tip shown, the move list takes the height the side panel has and
// follows the latest move, also after a reload; the rules card's words keep
// off the dialog's edges at every width and language; on a phone the top
// bar's title is one line and its icon buttons are named (a tooltip and a
// name for the screen reader).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startHarness, gameLink, openGame, waitForBoard, clickAction, playMove, assertNoErrors, screenshot } from "./lib/harness.mjs";

let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

/** The move list: its height in rows, how far it is scrolled, and whether the latest move is in its view. */
const moveList = (page) =>
  page.locator("[data-move-list]").evaluate((list) => {
    const rows = [...list.querySelectorAll("li.first-half")];
    const row = rows[0]?.getBoundingClientRect().height ?? 1;
    const box = list.getBoundingClientRect();
    const last = [...list.querySelectorAll("li")].at(-1).getBoundingClientRect();
    return {
      rows: rows.length,
      shownRows: Math.floor(list.clientHeight / row),
      scrollTop: list.scrollTop,
      lastInView: last.top >= box.top - 1 && last.bottom <= box.bottom + 1,
      sideBottom: list.closest(".side").getBoundingClientRect().bottom,
      listBottom: box.bottom,
    };
  });

test("at 1280×800 with the coach's tip, the move list takes the side panel's height and follows the latest move, after a reload too", { timeout: 120_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players" }));
  await page.locator("[data-coach]").waitFor({ state: "visible" });
  // Move 4, as the person had it: four rows, the placing tip still up.
  const moves = ["d6", "d2", "f4", "b4", "d7", "f6", "a4", "g4"];
  for (const [i, m] of moves.entries()) await playMove(page, m, i % 2 ? "dark" : "light");
  await page.locator("[data-coach]").waitFor({ state: "visible" });
  const playing = await moveList(page);
  await screenshot(page, "table-moves-coach-1280");
  assert.ok(playing.lastInView, `the latest move in view while playing: ${JSON.stringify(playing)}`);
  // The list uses the panel's height beside the tip: six rows (or all of them).
  assert.ok(playing.shownRows >= Math.min(6, playing.rows), `room for the rows beside the tip: ${JSON.stringify(playing)}`);
  // A reload with the tip still to show (as for a newcomer who had not
  // seen it through): the game comes back, the tip drawn after the list.
  await page.evaluate(() => localStorage.removeItem("mulino.coach"));
  await page.reload();
  await waitForBoard(page);
  await page.waitForTimeout(300);
  if (await page.locator("[data-welcome-screen]").count()) await page.locator('[data-welcome="continue"]').click();
  await page.locator('[data-move-list] li[data-ply="8"]').waitFor();
  await page.locator("[data-coach]").waitFor({ state: "visible" });
  await page.waitForTimeout(500);
  const reloaded = await moveList(page);
  await screenshot(page, "table-moves-reload-1280");
  assert.ok(reloaded.lastInView, `after a reload the latest move is in view: ${JSON.stringify(reloaded)}`);
  assertNoErrors(page);
});

test("the rules card's words keep off the dialog's edges at every width and language", { timeout: 180_000 }, async () => {
  for (const lang of ["en", "de", "ar"]) {
    for (const viewport of [{ width: 390, height: 844 }, { width: 768, height: 1024 }, { width: 1280, height: 800 }]) {
      const { page, context } = await h.newPage({ viewport });
      await page.addInitScript((l) => localStorage.setItem("mulino.lang", l), lang);
      await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players" }));
      await clickAction(page, "rules");
      const card = page.locator("[data-rules-card]");
      await card.waitFor({ state: "visible" });
      const gaps = await card.evaluate((dialog) => {
        const box = dialog.getBoundingClientRect();
        return [...dialog.querySelectorAll("p, li, h3")].map((el) => {
          const r = el.getBoundingClientRect();
          return { text: el.textContent.slice(0, 30), left: Math.round(r.left - box.left), right: Math.round(box.right - r.right) };
        });
      });
      assert.ok(gaps.length > 0, "the card has words");
      for (const g of gaps) assert.ok(g.left >= 12 && g.right >= 12, `${lang} at ${viewport.width} px: "${g.text}" ${g.left} px from the left edge, ${g.right} from the right`);
      if (viewport.width === 390) await screenshot(page, `table-rules-card-${lang}-390`);
      assertNoErrors(page);
      await context.close();
    }
  }
});

test("on a phone the title is one line and every icon button in the top bar is named", { timeout: 120_000 }, async () => {
  for (const [width, lang] of [[390, "en"], [360, "en"], [390, "de"], [390, "ar"], [320, "pt-BR"]]) {
    const { page, context } = await h.newPage({ viewport: { width, height: 844 }, isMobile: true, hasTouch: true });
    await page.addInitScript((l) => localStorage.setItem("mulino.lang", l), lang);
    await openGame(page, gameLink(h.url, { variant: "twelve", mode: "two-players" }));
    const title = await page.locator(".topbar .brand").evaluate((brand) => {
      const lines = (el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      };
      const h1 = brand.querySelector("h1");
      const tag = brand.querySelector(".tagline");
      const tagShown = tag && tag.getClientRects().length > 0;
      return {
        h1: lines(h1),
        tag: tagShown ? lines(tag) : 0,
        sameLine: !tagShown || Math.abs(h1.getBoundingClientRect().top - tag.getBoundingClientRect().top) < h1.getBoundingClientRect().height,
        text: brand.innerText,
      };
    });
    assert.equal(title.h1, 1, `${lang} at ${width}: the name on one line: ${JSON.stringify(title)}`);
    assert.ok(title.tag <= 1 && title.sameLine, `${lang} at ${width}: the title is one line: ${JSON.stringify(title)}`);
    const controls = await page.locator(".topbar button, .topbar select").evaluateAll((els) =>
      els
        .filter((e) => e.getClientRects().length > 0)
        .map((e) => {
          const label = e.id ? document.querySelector(`label[for="${e.id}"]`)?.textContent : "";
          const words = [...e.querySelectorAll(".label")].map((l) => l.textContent).join("");
          const seen = e.querySelector(".label") && getComputedStyle(e.querySelector(".label")).position !== "absolute";
          return { action: e.dataset.action ?? e.className, title: e.title, name: e.getAttribute("aria-label") || label || words, iconOnly: !seen };
        }));
    assert.ok(controls.length >= 6, JSON.stringify(controls));
    for (const c of controls) {
      assert.ok(c.name.trim(), `${lang} at ${width}: ${c.action} has a name: ${JSON.stringify(c)}`);
      if (c.iconOnly) assert.ok(c.title.trim(), `${lang} at ${width}: the icon ${c.action} has a tooltip: ${JSON.stringify(c)}`);
    }
    if (width === 390) await screenshot(page, `table-topbar-${lang}-390`);
    assertNoErrors(page);
    await context.close();
  }
});
