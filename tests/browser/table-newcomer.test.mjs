// The table tried as a newcomer (issue 54, section 4): at 1280×800 with the
// coach's tip shown, the move list takes the height the side panel has and
// follows the latest move, also after a reload; the rules card's words keep
// off the dialog's edges at every width and language; on a phone the top
// bar's title is one line and its icon buttons are named (a tooltip and a
// name for the screen reader).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startHarness, gameLink, openGame, waitForBoard, clickAction, playMove, assertNoErrors, screenshot } from "./lib/harness.mjs";
import { GAME, PLAYER, hostRoom } from "./lib/rooms.mjs";

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

// The table tried again as a newcomer (issue 54, a second look): a long
// game's move list beside the coach's tip, the side column in a room, the
// opponent picker on a phone, the evaluation bar on a finished game, the
// top bar's words on a tablet, the move list and the analysis board by
// keyboard.

/** The move list measured in rows: how many it shows, whether one is cut at its top or bottom edge. */
const listRows = (page) =>
  page.locator("[data-move-list]").evaluate((list) => {
    const items = [...list.querySelectorAll("li")];
    const box = list.getBoundingClientRect();
    const tops = [...new Set(items.map((li) => Math.round(li.getBoundingClientRect().top)))];
    const heights = items.map((li) => li.getBoundingClientRect().height);
    const rowH = Math.max(...heights);
    // A row is cut when part of it, and not all, is inside the list's view.
    const cut = tops.filter((t) => (t < box.top - 1 && t + rowH > box.top + 1) || (t < box.bottom - 1 && t + rowH > box.bottom + 1));
    const whole = tops.filter((t) => t >= box.top - 1 && t + rowH <= box.bottom + 1);
    const last = items.at(-1).getBoundingClientRect();
    return {
      rows: tops.length,
      whole: whole.length,
      cut: cut.map((t) => Math.round(t - box.top)),
      height: Math.round(list.clientHeight),
      scrollTop: Math.round(list.scrollTop),
      lastInView: last.top >= box.top - 1 && last.bottom <= box.bottom + 1,
    };
  });

test("at 1280×800 a 26-turn game beside the coach's tip and a hint: the list shows four rows or more, none cut, the latest in view", { timeout: 120_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
  // Twenty-five turns of a game (light about to win), the 26th played by hand.
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players", moves: GAME.slice(0, 25) }));
  await playMove(page, GAME[25], "dark");
  await page.locator("[data-coach]").waitFor({ state: "visible" });
  // More in the column above the list: a hint.
  await clickAction(page, "hint");
  await page.locator(".hint-text").waitFor({ state: "visible" });
  await page.waitForTimeout(400);
  const seen = await listRows(page);
  await screenshot(page, "table-moves-26-coach-1280");
  assert.ok(seen.whole >= 4, `four rows or more in view: ${JSON.stringify(seen)}`);
  assert.deepEqual(seen.cut, [], `no row cut by the list's edge: ${JSON.stringify(seen)}`);
  assert.ok(seen.lastInView, `the latest move in view: ${JSON.stringify(seen)}`);
  // The window a little shorter: still four rows, none cut.
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.waitForTimeout(300);
  const shorter = await listRows(page);
  assert.ok(shorter.whole >= 4 && shorter.cut.length === 0, `at 1280×700: ${JSON.stringify(shorter)}`);
  assertNoErrors(page);
});

test("in a room at 1280×800 everything in the side column is reachable, and the column shows that it holds more", { timeout: 120_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 1280, height: 800 }, ...PLAYER });
  await hostRoom(page, h.url);
  await page.locator("[data-invite-link]").waitFor();
  await page.locator("[data-coach]").waitFor({ state: "visible" });
  const side = page.locator(".side");
  // How strongly the column's bottom edge fades (0 where nothing is drawn there).
  const fade = () =>
    side.evaluate((s) => {
      const edge = getComputedStyle(s, "::after");
      return edge.content === "none" || edge.content === "normal" ? 0 : Number(edge.opacity);
    });
  const overflows = await side.evaluate((s) => s.scrollHeight > s.clientHeight + 1);
  await screenshot(page, "table-room-side-1280");
  if (overflows) assert.ok((await fade()) > 0.5, "the column's bottom edge fades while more is below it");
  // Every control of the column, reached by the keyboard, is wholly in
  // the window and in the column's view: the coach's buttons too.
  const names = new Set();
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    const at = await page.evaluate(() => {
      const a = document.activeElement;
      const s = document.querySelector(".side");
      if (!a || !s.contains(a)) return null;
      const r = a.getBoundingClientRect();
      const v = s.getBoundingClientRect();
      return {
        what: a.dataset.action ?? a.getAttribute("aria-label") ?? a.tagName,
        inWindow: r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth,
        inColumn: r.top >= v.top - 1 && r.bottom <= v.bottom + 1,
      };
    });
    if (!at) continue;
    names.add(at.what);
    assert.ok(at.inWindow && at.inColumn, `reached by Tab, ${at.what} is wholly in view: ${JSON.stringify(at)}`);
  }
  assert.ok(names.has("coach-ok") && names.has("coach-off"), `the coach's buttons were reached: ${[...names]}`);
  // Scrolled to its end, the column's fade is gone.
  await side.evaluate((s) => s.scrollTo(0, s.scrollHeight));
  await page.waitForTimeout(200);
  if (overflows) assert.ok((await fade()) < 0.1, "no fade once the column is at its end");
  const ok = await page.locator('[data-action="coach-ok"]').evaluate((b) => {
    const r = b.getBoundingClientRect();
    const v = b.closest(".side").getBoundingClientRect();
    return r.top >= v.top && r.bottom <= v.bottom;
  });
  assert.ok(ok || !overflows, "scrolled to its end, the coach's buttons are in the column's view");
  assertNoErrors(page);
});

test("at 320 to 390 px the opponent chosen reads whole in the new-game dialog, in every language", { timeout: 240_000 }, async () => {
  const langs = ["en", "de", "es", "fr", "it", "nl", "pl", "pt-BR", "pt", "ru", "tr", "ar"];
  const cut = [];
  for (const width of [320, 360, 390]) {
    const { page, context } = await h.newPage({ viewport: { width, height: 844 }, isMobile: true, hasTouch: true });
    await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players" }));
    for (const lang of langs) {
      await page.evaluate((l) => localStorage.setItem("mulino.lang", l), lang);
      await page.reload();
      await waitForBoard(page);
      await clickAction(page, "new-game");
      const select = page.locator('.dialog [data-field="mode"]');
      await select.waitFor({ state: "visible" });
      for (const mode of ["vs-engine", "two-players", "room"]) {
        await select.selectOption(mode);
        await page.waitForTimeout(50);
        const fit = await select.evaluate((sel) => {
          const cs = getComputedStyle(sel);
          const ctx = document.createElement("canvas").getContext("2d");
          ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
          const text = sel.selectedOptions[0].textContent;
          const dialog = sel.closest(".dialog").getBoundingClientRect();
          const r = sel.getBoundingClientRect();
          // The picker's arrow takes about 20 px beside the text.
          const room = sel.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
          return { text, need: Math.ceil(ctx.measureText(text).width), room: Math.floor(room), inDialog: r.left >= dialog.left && r.right <= dialog.right };
        });
        if (fit.need > fit.room) cut.push(`${lang} at ${width} px: "${fit.text}" needs ${fit.need} px, the picker shows ${fit.room}`);
        if (!fit.inDialog) cut.push(`${lang} at ${width} px: the picker passes the dialog's edge`);
      }
      // What a room is, said under the picker.
      assert.ok((await page.locator("[data-mode-hint]").innerText()).trim().length > 10, `${lang}: a room explained`);
      if (width === 320 && ["en", "de", "ar"].includes(lang)) await screenshot(page, `table-opponent-${lang}-320`);
      await page.keyboard.press("Escape");
      await page.locator(".dialog").waitFor({ state: "detached" });
    }
    assertNoErrors(page);
    await context.close();
  }
  assert.deepEqual(cut, [], "every opponent reads whole");
});

test("the evaluation bar of a finished game shows its result: full for a light win, empty for a dark one, and says it in words", { timeout: 120_000 }, async () => {
  // Three Men's Morris: light's a-file (a1, a2, a3) wins; dark's b-file wins.
  for (const [moves, share, words] of [[["a1", "b2", "a2", "c3", "a3"], "100", /Light wins/], [["a1", "b1", "c3", "b2", "a3", "b3"], "0", /Dark wins/]]) {
    const { page, context } = await h.newPage({ viewport: { width: 1280, height: 800 } });
    await openGame(page, gameLink(h.url, { variant: "three", mode: "two-players", moves }));
    await page.locator(".status.over").waitFor();
    await clickAction(page, "analyse");
    const bar = page.locator("[data-analysis] .eval-bar");
    await bar.waitFor({ state: "visible" });
    await page.waitForTimeout(500);
    const shown = await bar.evaluate((b) => ({
      now: b.getAttribute("aria-valuenow"),
      name: b.getAttribute("aria-label"),
      fill: Math.round((b.firstElementChild.getBoundingClientRect().width / b.clientWidth) * 100),
    }));
    await screenshot(page, `table-eval-over-${share}`);
    assert.equal(shown.now, share, `the meter says the result: ${JSON.stringify(shown)}`);
    assert.equal(shown.fill, Number(share), `the bar drawn ${share} % light: ${JSON.stringify(shown)}`);
    assert.match(shown.name, words);
    // The result in words on screen too, beside the bar.
    assert.match(await page.locator("[data-analysis] .analysis-status").innerText(), words);
    assertNoErrors(page);
    await context.close();
  }
});

test("on a tablet the top bar's icons have words under them; on a phone the icons keep one line, each named with a tooltip", { timeout: 180_000 }, async () => {
  for (const [width, height, lang] of [[768, 1024, "en"], [768, 1024, "de"], [768, 1024, "ar"], [768, 1024, "ru"], [620, 900, "ru"], [1024, 768, "pt-BR"], [1280, 800, "fr"]]) {
    const { page, context } = await h.newPage({ viewport: { width, height } });
    await page.addInitScript((l) => localStorage.setItem("mulino.lang", l), lang);
    await openGame(page, gameLink(h.url, { variant: "twelve", mode: "two-players" }));
    const buttons = await page.locator(".topbar button").evaluateAll((els) =>
      els.map((b) => {
        const box = b.getBoundingClientRect();
        const words = [...b.querySelectorAll("span")].filter((s) => {
          const r = s.getBoundingClientRect();
          return getComputedStyle(s).position !== "absolute" && r.width > 1 && s.textContent.trim();
        });
        // Inside the button's padding, not only its border.
        const cs = getComputedStyle(b);
        const [l, r] = [box.left + parseFloat(cs.paddingLeft), box.right - parseFloat(cs.paddingRight)];
        const inside = words.every((s) => {
          const w = s.getBoundingClientRect();
          return w.left >= l - 1 && w.right <= r + 1 && w.top >= box.top - 1 && w.bottom <= box.bottom + 1;
        });
        return { action: b.dataset.action ?? b.className, seen: words.map((s) => s.textContent).join(" "), inside, title: b.title };
      }));
    for (const b of buttons) {
      assert.ok(b.seen.trim(), `${lang} at ${width} px: ${b.action} shows a word: ${JSON.stringify(b)}`);
      assert.ok(b.inside && b.title, `${lang} at ${width} px: ${b.action}'s words inside it, with a tooltip: ${JSON.stringify(b)}`);
    }
    if (lang !== "ru") await screenshot(page, `table-topbar-${lang}-${width}`);
    assertNoErrors(page);
    await context.close();
  }
  for (const [width, lang] of [[320, "de"], [360, "ru"], [390, "en"], [390, "ar"]]) {
    const { page, context } = await h.newPage({ viewport: { width, height: 844 }, isMobile: true, hasTouch: true });
    await page.addInitScript((l) => localStorage.setItem("mulino.lang", l), lang);
    await openGame(page, gameLink(h.url, { variant: "twelve", mode: "two-players" }));
    const row = await page.locator(".top-actions").evaluate((nav) => {
      const controls = [...nav.querySelectorAll("button, select")].filter((e) => e.getClientRects().length > 0);
      return {
        tops: [...new Set(controls.map((e) => Math.round(e.getBoundingClientRect().top)))],
        unnamed: controls.filter((e) => !(e.getAttribute("aria-label") || e.labels?.[0]?.textContent || e.textContent).trim() || !e.title).map((e) => e.dataset.action ?? e.className),
      };
    });
    assert.equal(row.tops.length, 1, `${lang} at ${width} px: the icons on one line: ${JSON.stringify(row)}`);
    assert.deepEqual(row.unnamed, [], `${lang} at ${width} px: every icon named, with a tooltip`);
    assertNoErrors(page);
    await context.close();
  }
});

test("by keyboard the move list is one Tab stop with arrows inside, and the analysis board opens on its title, the focus shown", { timeout: 120_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
  const moves = ["d6", "b4", "f4", "d2", "d7", "f6", "a4", "g4", "b6", "f2", "a1", "g7"];
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players", moves }));
  const focused = () =>
    page.evaluate(() => {
      const a = document.activeElement;
      return { ply: a?.closest("[data-move-list] li")?.dataset.ply ?? null, action: a?.dataset.action ?? null, label: a?.getAttribute("aria-label") ?? null };
    });
  // From the control before the list, one Tab into it (on the latest
  // move), one more past it, to the stepper.
  await page.locator('[data-action="board-theme"]').focus();
  await page.keyboard.press("Tab");
  assert.deepEqual(await focused(), { ply: "12", action: null, label: null }, "Tab goes into the list on the latest move");
  await page.keyboard.press("Tab");
  const past = await focused();
  assert.equal(past.ply, null, `a second Tab leaves the list: ${JSON.stringify(past)}`);
  assert.equal(past.label, "First position", "…to the first stepper button");
  // Back in, the arrows move the focus with the move shown.
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("ArrowLeft");
  await page.locator('[data-move-list] li[data-ply="11"] button[aria-current]').waitFor();
  // The focus follows the move shown once the list has drawn it.
  await page.waitForFunction(() => document.activeElement?.closest("[data-move-list] li")?.dataset.ply === "11", null, { timeout: 5_000 }).catch(() => {});
  assert.equal((await focused()).ply, "11", "Left shows the move before, the focus on it");
  await page.keyboard.press("Home");
  await page.waitForFunction(() => document.activeElement?.closest("li")?.dataset.ply === "1");
  await page.keyboard.press("End");
  await page.waitForFunction(() => document.activeElement?.closest("li")?.dataset.ply === "12");
  await page.keyboard.press("Shift+Tab");
  assert.equal((await focused()).action, "board-theme", "Shift+Tab leaves the list in one step");
  // The analysis board opened by keyboard: the focus on its title, shown.
  await page.locator('[data-action="analyse"]').focus();
  await page.keyboard.press("Enter");
  await page.locator("[data-analysis]").waitFor({ state: "visible" });
  await page.waitForTimeout(300);
  const at = await page.evaluate(() => {
    const a = document.activeElement;
    const cs = getComputedStyle(a);
    return { tag: a.tagName, id: a.id, cls: a.className, outline: cs.outlineStyle, width: parseFloat(cs.outlineWidth) };
  });
  assert.ok(!/\bdialog\b/.test(at.cls) && at.tag !== "DIALOG", `the focus is not on the dialog's box: ${JSON.stringify(at)}`);
  assert.ok(at.tag === "H2" || ["BUTTON", "INPUT", "SELECT", "TEXTAREA"].includes(at.tag), `on its title or first control: ${JSON.stringify(at)}`);
  assert.ok(at.outline !== "none" && at.width >= 2, `the focus is shown: ${JSON.stringify(at)}`);
  await screenshot(page, "table-analysis-focus");
  // The arrows step at once.
  const shown = () => page.locator("[data-analysis] .moves button[aria-current]").evaluate((b) => b.closest("li").dataset.ply).catch(() => null);
  const before = await shown();
  await page.keyboard.press("ArrowLeft");
  await page.waitForFunction((b) => document.querySelector("[data-analysis] .moves button[aria-current]")?.closest("li").dataset.ply !== b, before);
  assertNoErrors(page);
});
