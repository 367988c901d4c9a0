// The mill games of the world in the new-game dialog (issue 30): a player
// opens "New game", finds the classic games first and then the group "Mill
// games of the world", picks one (Dooz, Seven Men's Morris, El Filja), reads
// its rules under the choice and the rule options it brings, starts it, and
// sees its board and whose turn it is. In German the group, the names and
// the rule texts are German. The dialog is photographed at a laptop's width
// and a phone's.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  startHarness, gameLink, openGame, clickAction, waitForState, moveCount, playMove, piecesOf, screenshot, assertNoErrors,
} from "./lib/harness.mjs";

let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

/** Opens "New game" the way a player does and waits for the dialog. */
async function openDialog(page) {
  await page.locator('[data-action="new-game"]:visible').first().click();
  await page.locator(".dialog [data-field=variant]").waitFor();
}

/** The dialog's list of games: each group's label and its ids. */
const groups = (page) =>
  page.locator("#ng-variant optgroup").evaluateAll((els) =>
    els.map((g) => ({ label: g.label, ids: [...g.querySelectorAll("option")].map((o) => o.value) })),
  );

/** The rule text shown under the game chosen. */
const variantText = async (page) => {
  const el = page.locator("[data-variant-text]");
  return { id: await el.getAttribute("data-variant-text"), text: (await el.innerText()).replace(/\s+/g, " ") };
};

const WORLD = ["five", "seven", "dooz", "one-time-mill", "cham-gonu", "zhi-qi", "cheng-san-qi", "da-san-qi", "mul-mulan", "nerenchi", "el-filja"];

/** The sets played here: what the dialog says of each, its points, an option it brings and that option's text. */
const SETS = [
  { id: "dooz", says: /Iranian game.*opponent's hand/, points: 24, option: ["placing-mill", "hand"], optionSays: /opponent's hand/ },
  { id: "seven", says: /Seven pieces each.*17 points/, points: 17, option: ["board", "seven"], optionSays: /17 points, 14 mills/ },
  { id: "el-filja", says: /counts its mills/, points: 24, option: ["placing-mill", "count"], optionSays: /mills on the board are counted/ },
];

test("the world's mill games: chosen in the dialog with their rules, started, on their board", { timeout: 180_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players" }));
  await openDialog(page);
  const listed = await groups(page);
  assert.equal(listed.length, 2, "two groups of games");
  assert.equal(listed[0].label, "The classic games");
  assert.equal(listed[0].ids[0], "nine", "the classic games come first");
  assert.deepEqual(listed[1], { label: "Mill games of the world", ids: WORLD });
  await page.locator('[data-action="cancel"]').click();

  for (const set of SETS) {
    await openDialog(page);
    await page.locator("[data-field=variant]").selectOption(set.id);
    // The text is drawn again after the choice (a task later, longer on a
    // loaded machine): wait for it, then read it.
    await page.locator(`[data-variant-text="${set.id}"]`).waitFor();
    const shown = await variantText(page);
    assert.equal(shown.id, set.id, `${set.id}: the text follows the choice`);
    assert.match(shown.text, set.says, `${set.id}: its rules under the choice`);
    await page.locator(".dialog [data-rules] summary").click();
    const [key, value] = set.option;
    assert.equal(await page.locator(`[data-rule="${key}"]`).inputValue(), value, `${set.id}: ${key} is its own`);
    assert.match(await page.locator(`#rule-${key}-text`).innerText(), set.optionSays, `${set.id}: the text of ${key}=${value}`);
    assert.match(await page.locator("[data-rules-state]").innerText(), /Standard rules/, `${set.id}: its preset unchanged`);
    await page.locator("[data-field=mode]").selectOption("two-players");
    if (set.id === "dooz") await screenshot(page, "new-game-world-desktop");
    await page.locator('.dialog [data-action="confirm"]').click();
    await page.locator(".dialog").waitFor({ state: "detached" });

    const snap = await waitForState(page, (s) => Object.keys(s.points).length === set.points, `${set.id}: a board of ${set.points} points`);
    assert.equal(moveCount(snap), 0, `${set.id}: a new game`);
    assert.equal(piecesOf(snap, "light").length + piecesOf(snap, "dark").length, 0, `${set.id}: an empty board`);
    assert.match(snap.status, /Light to play/, `${set.id}: the status says whose turn it is (${snap.status})`);
    assert.match(await page.locator("body").innerText(), new RegExp(set.id === "seven" ? "Seven Men's Morris" : set.id === "dooz" ? "Dooz" : "El Filja"), `${set.id}: its name on the table`);
    await screenshot(page, `new-game-world-${set.id}`);
    // The Rules button shows the same text for the game on the table.
    await clickAction(page, "rules");
    const card = page.locator("[data-rules-card]");
    assert.equal(await card.getAttribute("data-rules-card"), set.id);
    assert.match((await card.innerText()).replace(/\s+/g, " "), set.says, `${set.id}: the rules card`);
    await clickAction(page, "close-rules");
  }

  // The last game chosen (El Filja) plays: light places, then dark's turn.
  const after = await playMove(page, "d2", "light");
  assert.equal(after.points.d2.piece, "light");
  await waitForState(page, (s) => /Dark to play/.test(s.status), "dark's turn after light's placement");
  assertNoErrors(page);
});

test("in German the group, the names and the rule texts are German", { timeout: 120_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players" }));
  await page.selectOption("#lang-select", "de");
  await page.waitForFunction(() => document.documentElement.lang === "de", null, { timeout: 20_000 });
  await openDialog(page);
  const listed = await groups(page);
  assert.equal(listed[1].label, "Mühlespiele der Welt");
  const names = await page.locator('#ng-variant optgroup[data-group="world"] option').allInnerTexts();
  assert.ok(names.includes("Fünfermühle") && names.includes("Siebenermühle"), `the counted games named as Germans do (${names})`);
  assert.ok(names.includes("Dooz (Iran)"), "a proper name stays");
  await page.locator("[data-field=variant]").selectOption("dooz");
  await page.locator('[data-variant-text="dooz"]').waitFor();
  assert.match((await variantText(page)).text, /Das iranische Spiel.*Hand des Gegners/);
  await page.locator(".dialog [data-rules] summary").click();
  assert.match(await page.locator("label[for=rule-placing-mill]").innerText(), /Eine Mühle beim Setzen/);
  assert.match(await page.locator("#rule-blocked-text").innerText(), /Wer nicht ziehen kann, verliert/);
  await screenshot(page, "new-game-world-de");
  assertNoErrors(page);
});

test("on a 390 px phone the dialog fits its width, the world's games and options included", { timeout: 120_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players" }));
  await openDialog(page);
  await page.locator("[data-field=variant]").selectOption("zhi-qi");
  await page.locator('[data-variant-text="zhi-qi"]').waitFor();
  assert.match((await variantText(page)).text, /light removes a piece, then dark/, "Zhi Qi's rules under the choice");
  await screenshot(page, "new-game-world-phone-top");
  await page.locator(".dialog [data-rules] summary").click();
  await page.locator('[data-rule="blocked"]').scrollIntoViewIfNeeded();
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll(".dialog select, .dialog input, .dialog label, .dialog small, .dialog h3")]
      .filter((e) => e.getClientRects().length > 0)
      .map((e) => ({ what: e.id || e.getAttribute("for") || e.tagName, right: e.getBoundingClientRect().right }))
      .filter((e) => e.right > innerWidth + 1),
  );
  assert.deepEqual(wide, [], "nothing in the dialog reaches past the window's right edge");
  const start = await page.locator('.dialog [data-action="confirm"]').boundingBox();
  assert.ok(start && start.y + start.height <= 844, "Start stays in view");
  assert.match(await page.locator("#rule-blocked-text").innerText(), /removes an opposing piece next to one of theirs \(even one in a mill\), then moves/);
  await screenshot(page, "new-game-world-phone");
  await page.locator('.dialog [data-action="confirm"]').click();
  await waitForState(page, (s) => Object.keys(s.points).length === 24 && /Light to play/.test(s.status), "Zhi Qi's board, light to play");
  assertNoErrors(page);
});

test("marking dead pieces with custodian capture cannot be played: said at the box ticked last, with the way out", { timeout: 90_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players" }));
  await openDialog(page);
  await page.locator("[data-field=variant]").selectOption("cham-gonu");
  await page.locator(".dialog [data-rules] summary").click();
  await page.locator('[data-rule="custodian"]').check();
  const field = page.locator('[data-rule-field="custodian"]');
  await field.locator("[data-conflict]").waitFor();
  assert.match(await field.locator("[data-conflict]").innerText(), /cannot go with captures without a mill/);
  assert.ok(await page.locator('.dialog [data-action="confirm"]').isDisabled(), "Start waits for playable rules");
  await field.locator('[data-action="fit-placing-mill"]').click();
  assert.equal(await page.locator('[data-rule="placing-mill"]').inputValue(), "remove");
  assert.equal(await page.locator("[data-conflict]").count(), 0);
  assert.ok(await page.locator('[data-rule="custodian"]').isChecked(), "the capture chosen is kept");
  assert.ok(await page.locator('.dialog [data-action="confirm"]').isEnabled());
  assertNoErrors(page);
});
