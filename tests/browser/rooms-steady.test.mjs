// A room from its first frame, as a host on a phone sees it: the bar says
// it connects (never "play by link" with "Connect live" for the moment the
// room's module and seat take), "Connect live" is not offered while a
// connection is being made or a relay looked for, and nothing below the
// bar moves when the offer is gathered (by links) or the relay is joined:
// the board and the invite's buttons stay under the finger. Every state is
// recorded in the page from the first frame of the room, not sampled.
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertNoErrors } from "./lib/harness.mjs";
import { hostRoom, livePlayer, relayPlayer, signalLink, localRelayWorld } from "./lib/rooms.mjs";

const world = localRelayWorld();

/** Records, at every change of the page once a room is on it, what the bar says and where things are. */
async function recordRoom(context) {
  await context.addInitScript(() => {
    window.roomFrames = [];
    const record = () => {
      const conn = document.querySelector("[data-connection]");
      if (!conn) return;
      const connect = document.querySelector('[data-action="connect-live"]');
      const y = (sel) => Math.round(document.querySelector(sel)?.getBoundingClientRect().y ?? -1);
      const frame = {
        connection: conn.dataset.connection,
        text: conn.textContent,
        connectLive: connect ? "shown" : "none",
        board: y(".board-wrap"),
        qr: y('[data-action="invite-qr"]'),
      };
      const last = window.roomFrames.at(-1);
      if (JSON.stringify(last) !== JSON.stringify(frame)) window.roomFrames.push(frame);
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

/** Checks the frames a host's page went through, up to what `settled` says is the room's steady state. */
function assertSteady(frames, settled) {
  const upTo = frames.findIndex(settled);
  assert.ok(upTo >= 0, `the room settled: ${JSON.stringify(frames)}`);
  const seen = frames.slice(0, upTo + 1);
  for (const f of seen) {
    assert.doesNotMatch(f.text, /play by link/, `never "by link" while the room connects: ${JSON.stringify(seen)}`);
    assert.equal(f.connectLive, "none", `no "Connect live" to press while connecting: ${JSON.stringify(seen)}`);
  }
  const boards = new Set(seen.map((f) => f.board));
  assert.equal(boards.size, 1, `the board never moves: ${JSON.stringify(seen)}`);
  const qr = new Set(seen.map((f) => f.qr).filter((y) => y >= 0));
  assert.ok(qr.size <= 1, `the invite's buttons never move: ${JSON.stringify(seen)}`);
}

test("a host by links on a phone: connecting from the first frame, then what to send, nothing moving", { timeout: 60_000 }, async () => {
  const { context, page } = await livePlayer(world.h);
  await page.setViewportSize({ width: 390, height: 844 });
  await recordRoom(context);
  await hostRoom(page, world.h.url);
  await signalLink(page, "offer");
  const frames = await page.evaluate(() => window.roomFrames);
  assertSteady(frames, (f) => /send your link/.test(f.text));
  assert.equal(frames.at(-1).connectLive, "none", "the offer waits for the friend's reply");
  assertNoErrors(page);
});

test("a host through a relay on a phone: connecting from the first frame, then the relay, nothing moving", { timeout: 60_000 }, async () => {
  const { context, page } = await relayPlayer(world.h, world.tracker.url);
  await page.setViewportSize({ width: 390, height: 844 });
  await recordRoom(context);
  await hostRoom(page, world.h.url);
  await page.locator('[data-relay="joined"]').waitFor({ timeout: 20_000 });
  const frames = await page.evaluate(() => window.roomFrames);
  assertSteady(frames, (f) => /Through a relay/.test(f.text));
  assertNoErrors(page);
});
