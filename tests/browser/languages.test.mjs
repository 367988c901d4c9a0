// Languages (issue 27): the browser's language picks the catalogue (German,
// Brazilian or European Portuguese, Arabic right to left), counts take their
// language's plural form, the picker switches mid-game without touching the
// game, and a language used once works offline. Only English is inside the
// app: the others are fetched on demand and never precached.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  startHarness, gameLink, openGame, snapshot, waitForState, moveCount, playMove,
  screenshot, assertNoErrors, waitForBoard, DIST,
} from "./lib/harness.mjs";
import { serve } from "./lib/server.mjs";

let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

/** Light closes the mill a1-a4-a7 and takes b2: dark has lost one piece. */
const ONE_TAKEN = ["a1", "b2", "a4", "b4", "a7xb2"];

const doc = (page) =>
  page.evaluate(() => ({
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
    text: document.body.innerText,
  }));

async function waitForLang(page, lang) {
  await page.waitForFunction((l) => document.documentElement.lang === l, lang, { timeout: 20_000 });
  return doc(page);
}

const seatText = async (page, color) =>
  (await page.locator(`[data-seat][data-color="${color}"]`).first().innerText()).replace(/\s+/g, " ");

/** The catalogue files the service worker's cache holds. */
const cachedCatalogues = (page) =>
  page.evaluate(async () => {
    const out = [];
    for (const key of await caches.keys()) {
      for (const req of await (await caches.open(key)).keys()) {
        const m = new URL(req.url).pathname.match(/i18n\/([^/]+)\.txt$/);
        if (m) out.push(m[1]);
      }
    }
    return out.sort();
  });

async function serviceWorkerControls(page) {
  const sw = await page.evaluate(async () => {
    if (!("serviceWorker" in navigator)) return "no serviceWorker API";
    const reg = await Promise.race([navigator.serviceWorker.ready, new Promise((r) => setTimeout(() => r(null), 20_000))]);
    if (!reg) return "no service worker became ready";
    if (!navigator.serviceWorker.controller) {
      await Promise.race([
        new Promise((r) => navigator.serviceWorker.addEventListener("controllerchange", r, { once: true })),
        new Promise((r) => setTimeout(r, 10_000)),
      ]);
    }
    return navigator.serviceWorker.controller ? "controlled" : "not controlled";
  });
  assert.equal(sw, "controlled", "the service worker controls the page");
}

test("a German browser gets German, and counts in German", async () => {
  const { page } = await h.newPage({ locale: "de-DE" });
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players", moves: ONE_TAKEN }));
  const d = await waitForLang(page, "de");
  assert.equal(d.dir, "ltr");
  assert.match(d.text, /Neue Partie/, "the new-game button in German");
  assert.match(await seatText(page, "dark"), /1 verloren/);
  assert.equal(await page.locator("#lang-select").inputValue(), "de", "the picker shows German");
  await screenshot(page, "lang-de");
  assertNoErrors(page);
});

test("pt-BR gets Brazilian Portuguese, pt-PT European, each with its plurals", async () => {
  const cases = [
    ["pt-BR", "pt-BR", /Trilha \(nove peças\)/],
    ["pt-PT", "pt-PT", /Moinho \(nove peças\)/],
  ];
  for (const [locale, lang, name] of cases) {
    const { page } = await h.newPage({ locale });
    await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players", moves: ONE_TAKEN }));
    const d = await waitForLang(page, lang);
    assert.match(d.text, name, `${locale}: the variant's name`);
    const dark = await seatText(page, "dark");
    assert.match(dark, /\b1 perdida\b/, `${locale}: one piece lost, in the singular (was "1 perdidas")`);
    assert.match(dark, /\b7 na mão\b/);
    assert.match(await seatText(page, "light"), /\b6 na mão\b/);
    await screenshot(page, `lang-${locale}`);
    assertNoErrors(page);
  }
});

test("Arabic reads right to left; the board is not mirrored", async () => {
  const { page } = await h.newPage({ locale: "ar-EG" });
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players", moves: ONE_TAKEN }));
  const d = await waitForLang(page, "ar");
  assert.equal(d.dir, "rtl");
  assert.match(d.text, /مباراة جديدة/, "the new-game button in Arabic");
  assert.match(await seatText(page, "dark"), /قطعة واحدة مفقودة/, "one lost piece: Arabic's 'one' form");
  const x = (p) => page.locator(`[data-point="${p}"]`).boundingBox().then((b) => b.x);
  assert.ok((await x("a1")) < (await x("d1")) && (await x("d1")) < (await x("g1")), "files a to g run left to right");
  await screenshot(page, "lang-ar");
  assertNoErrors(page);
});

test("the picker switches language mid-game, keeps the game, and is remembered", async () => {
  const { page } = await h.newPage();
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players" }));
  for (const [i, m] of ["d2", "d6", "b4"].entries()) await playMove(page, m, i % 2 ? "dark" : "light");
  const before = await snapshot(page);
  const names = await page.locator("#lang-select option").allInnerTexts();
  for (const n of ["Deutsch", "Français", "Русский", "العربية", "Português (Brasil)", "Português (Portugal)"]) {
    assert.ok(names.includes(n), `the picker names ${n} in its own language (${names})`);
  }
  for (const [code, word] of [["fr", /Nouvelle partie/], ["ru", /Новая партия/], ["ar", /مباراة جديدة/]]) {
    await page.selectOption("#lang-select", code);
    const d = await waitForLang(page, code);
    assert.match(d.text, word, `${code}: the interface in that language`);
    const now = await snapshot(page);
    assert.equal(moveCount(now), 3, `${code}: the moves are kept`);
    for (const p of Object.keys(before.points)) assert.equal(now.points[p].piece, before.points[p].piece, `${code}: ${p}`);
  }
  assert.equal((await doc(page)).dir, "rtl");
  await page.selectOption("#lang-select", "pl");
  await waitForLang(page, "pl");
  assert.equal((await doc(page)).dir, "ltr", "back to left to right");
  await playMove(page, "f4", "dark");
  await page.reload();
  await waitForBoard(page);
  const d = await waitForLang(page, "pl");
  assert.match(d.text, /Nowa partia/, "the choice survives a reload");
  await waitForState(page, (s) => moveCount(s) === 4, "the game back after reload");
  assertNoErrors(page);
});

test("English loads no catalogue; one used once works offline, the rest are not cached, and choosing one offline says why it cannot come", { timeout: 120_000 }, async () => {
  const own = await serve(DIST);
  try {
    const en = await h.newPage();
    const fetched = [];
    en.page.on("request", (r) => {
      if (/\/i18n\//.test(r.url())) fetched.push(r.url());
    });
    await openGame(en.page, gameLink(own.url, { variant: "nine", mode: "two-players" }));
    await serviceWorkerControls(en.page);
    await en.page.waitForTimeout(500);
    assert.deepEqual(fetched, [], "an English visit fetches no catalogue");
    assert.deepEqual(await cachedCatalogues(en.page), [], "no catalogue is precached");

    const { page, context } = await h.newPage({ locale: "de-DE" });
    await openGame(page, gameLink(own.url, { variant: "nine", mode: "two-players" }));
    await waitForLang(page, "de");
    await serviceWorkerControls(page);
    await page.selectOption("#lang-select", "es");
    await waitForLang(page, "es");
    await playMove(page, "a1", "light");
    await page.waitForLoadState("networkidle").catch(() => {});
    await page.waitForFunction(
      async () => {
        const hits = await Promise.all(["i18n/de.txt", "i18n/es.txt"].map((u) => caches.match(new URL(u, location.href).href)));
        return hits.every(Boolean);
      },
      null,
      { timeout: 15_000 },
    );
    assert.deepEqual(await cachedCatalogues(page), ["de", "es"], "the two languages used, and only those, are kept");

    await own.close();
    await context.setOffline(true);
    await page.reload();
    await waitForBoard(page);
    const d = await waitForLang(page, "es");
    assert.match(d.text, /Nueva partida/, "Spanish offline");
    await waitForState(page, (s) => moveCount(s) === 1, "the game back offline");
    await page.selectOption("#lang-select", "de");
    assert.match((await waitForLang(page, "de")).text, /Neue Partie/, "German offline too");
    await page.selectOption("#lang-select", "tr");
    await page.waitForFunction(() => document.getElementById("lang-select").value === "de", null, { timeout: 15_000 });
    assert.equal((await doc(page)).lang, "de", "a language never used cannot come offline: the page stays German");
    const told = page.locator('[data-notice="lang.missing"]');
    await told.waitFor();
    assert.match(await told.innerText(), /Türkçe ist noch nicht auf diesem Gerät.*offline/, "and says so, in German");
    await screenshot(page, "lang-offline");
    await context.setOffline(false);
    assertNoErrors(page);
  } finally {
    await own.close();
  }
});
