// Rooms by link only: the host opens a room (the top seat reads "Free
// seat"), the guest opens the invite link in a browser of their own and sits
// down, and every turn, offer, answer and resignation travels as a link the
// other one opens. A whole game to the end, a rematch with colours swapped,
// a draw offer declined, a resignation (confirmed), a second rematch. Then
// hostile links: an illegal move, garbage, an oversized link, a forged turn
// for the receiver, another room's link, an older link; and a name full of
// HTML shown as text.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import zlib from "node:zlib";
import {
  startHarness, snapshot, playMove, piecesOf, screenshot, assertNoErrors, clickAction, waitForState,
  moveCount, isOver, statusText,
} from "./lib/harness.mjs";
import {
  linkPlayer, hostRoom, offeredLink, openLink, notice, waitForMoves, decodeLink, encodeLink, seats,
  signIn, signWithOwnKey, GAME,
} from "./lib/rooms.mjs";


let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

/** One turn by link: `mover` plays, `other` opens the link the mover's page offers. */
async function turnByLink(mover, other, move, color) {
  const n = moveCount(await snapshot(mover));
  await playMove(mover, move, color);
  const link = await offeredLink(mover);
  await openLink(other, link);
  await waitForMoves(other, n + 1, `the friend's page to show ${move}`);
}

/** Passes the latest state of `from` to `to` by link. */
async function pass(from, to) {
  await openLink(to, await offeredLink(from));
}

test("rooms by link: join, a whole game, rematch, draw declined, resignation, rematch", { timeout: 600_000 }, async () => {
  const { page: host } = await linkPlayer(h);
  const code = await hostRoom(host, h.url);
  assert.match(code, /^[a-z2-9]{8}$/, "a short room code");
  let s = await seats(host);
  assert.equal(s.bottom, "light", "the host sits at the bottom with light");
  assert.match(s.topText, /Free seat/, "the top seat is an empty chair");
  assert.equal(await host.locator('[data-seat="top"][data-free]').count(), 1);
  assert.match(await host.locator("[data-connection]").innerText(), /by link/i, "who is connected is shown");
  // "Copy invite link" puts the link on the clipboard and in a visible field.
  await clickAction(host, "copy-invite");
  const invite = await offeredLink(host);
  assert.equal(await host.evaluate(() => navigator.clipboard.readText()), invite, "the clipboard holds the invite link");
  assert.ok(invite.length < 1200, `the invite link is short (${invite.length} characters)`);
  await screenshot(host, "room-host-free-seat");

  const { page: guest } = await linkPlayer(h);
  await openLink(guest, invite);
  await guest.locator("[data-room-code]").waitFor();
  assert.equal((await guest.locator("[data-room-code]").innerText()).trim(), code, "the guest is in the same room");
  s = await seats(guest);
  assert.equal(s.bottom, "dark", "the guest sits at the bottom with dark");
  assert.equal(s.top, "light", "the host at the top");
  assert.doesNotMatch(s.topText, /Free seat/);
  assert.match(s.status, /Light to play/, "light starts");
  // The guest cannot move for light.
  await guest.locator('[data-point="d6"]').click({ force: true });
  await guest.waitForTimeout(200);
  assert.equal((await snapshot(guest)).points.d6.piece, null, "the guest cannot play light's turn");
  await guest.locator('[data-field="name"]').fill("Bob");
  await guest.locator('[data-field="name"]').press("Enter");
  await guest.locator('[data-field="name"]').blur();
  await screenshot(guest, "room-guest-view");

  // The host learns that the guest sat down.
  await pass(guest, host);
  s = await seats(host);
  assert.match(s.topText, /Bob/, "the guest's name in the top seat");
  assert.equal(await host.locator('[data-seat="top"][data-free]').count(), 0, "the seat is taken");

  // A whole game, by links.
  for (let i = 0; i < GAME.length; i++) {
    const hostTurn = i % 2 === 0;
    await turnByLink(hostTurn ? host : guest, hostTurn ? guest : host, GAME[i], hostTurn ? "light" : "dark");
  }
  for (const p of [host, guest]) {
    const snap = await snapshot(p);
    assert.match(snap.status, /Light wins/, "both see light win");
    assert.equal(piecesOf(snap, "dark").length, 2);
  }
  await screenshot(guest, "room-links-game-over");

  // Rematch: the guest asks, the host accepts; colours swap.
  await clickAction(guest, "rematch");
  await guest.locator('[data-waiting="rematch"]').waitFor();
  await pass(guest, host);
  await clickAction(host, "accept-rematch");
  s = await seats(host);
  assert.equal(s.bottom, "dark", "the host has dark in the rematch");
  await pass(host, guest);
  s = await seats(guest);
  assert.equal(s.bottom, "light", "the guest has light now, and opens (they did not open the last game)");
  assert.equal(moveCount(await snapshot(guest)), 0);
  assert.match(s.status, /Your turn/);

  await turnByLink(guest, host, "d6", "light");
  await turnByLink(host, guest, "d2", "dark");
  // The guest offers a draw; the host declines.
  await clickAction(guest, "offer-draw");
  await guest.locator('[data-waiting="draw"]').waitFor();
  await pass(guest, host);
  await waitForState(host, (x) => x.actions.includes("decline-draw"), "the draw offer on the host's page");
  await clickAction(host, "decline-draw");
  await pass(host, guest);
  assert.equal((await notice(guest))?.key, "draw.declined", "the guest reads that the draw was declined");
  assert.equal(await guest.locator('[data-waiting="draw"]').count(), 0);
  // The host resigns, after confirming.
  await clickAction(host, "resign");
  await clickAction(host, "confirm");
  assert.match(await statusText(host), /Light \(Bob\) wins · Dark resigned/, "the host's page names the friend");
  await pass(host, guest);
  assert.match(await statusText(guest), /Light wins · Dark resigned/, "the guest sees the resignation");
  assert.equal((await notice(guest))?.key, "room.resigned");
  // A second rematch: the host asks this time; colours swap back.
  await clickAction(host, "rematch");
  await pass(host, guest);
  await clickAction(guest, "accept-rematch");
  await pass(guest, host);
  assert.equal((await seats(host)).bottom, "light");
  assert.equal((await seats(guest)).bottom, "dark");
  await turnByLink(host, guest, "a1", "light");
  // Both keep the room in their list; the host leaves it for a game at
  // one table and comes back to it from the list.
  for (const p of [host, guest]) {
    await p.locator(`[data-room-item="${code}"]`).waitFor();
  }
  await clickAction(host, "new-game");
  await host.locator('.dialog [data-action="confirm"]').click();
  await waitForState(host, (x) => moveCount(x) === 0, "a new game at one table");
  assert.equal(await host.locator("[data-room-code]").count(), 0, "out of the room");
  await host.locator("[data-room-list] summary").click();
  await host.locator(`[data-room-open="${code}"]`).click();
  await host.locator("[data-room-code]").waitFor();
  assert.deepEqual((await snapshot(host)).moves, ["a1"], "back in the room, its game as it was");
  await turnByLink(guest, host, "d6", "dark");
  assertNoErrors(host);
  assertNoErrors(guest);
});

test("rooms: hostile links are refused and the room is unchanged; names are text", { timeout: 300_000 }, async () => {
  const { page: host } = await linkPlayer(h);
  await hostRoom(host, h.url);
  const { page: guest } = await linkPlayer(h);
  await openLink(guest, await offeredLink(host));
  await guest.locator('[data-field="name"]').fill('<img src=x onerror="window.pwned=1">');
  await guest.locator('[data-field="name"]').blur();
  // As the guest sees it at their seat before sending the link (the link
  // taken before the name was applied carried none: a race under load).
  await guest.locator('[data-seat="bottom"] [data-seat-name]').filter({ hasText: "You (<img src=x" }).waitFor();
  await pass(guest, host);
  await turnByLink(host, guest, "a1", "light");
  const older = await offeredLink(host);
  await turnByLink(guest, host, "b2", "dark");
  await turnByLink(host, guest, "d1", "light");
  const good = await offeredLink(guest);
  const before = await snapshot(host);
  const roomBefore = await host.locator("[data-room-code]").innerText();

  // The name is shown as text: no image element, no script ran.
  const top = host.locator('[data-seat="top"] [data-seat-name]');
  assert.equal(await top.innerText(), '<img src=x onerror="wind', "the name, cut to 24 characters, as text");
  assert.equal(await host.locator('[data-seat="top"] img').count(), 0, "no element was made from the name");
  assert.equal(await host.evaluate(() => window.pwned), undefined, "no script ran");

  const unchanged = async (what, page = host, was = before) => {
    const n = await notice(page);
    assert.ok(n && /room\.(refused|unknown)/.test(n.key), `${what}: a message (got ${JSON.stringify(n)})`);
    const snap = await snapshot(page);
    assert.deepEqual(snap.moves, was.moves, `${what}: the moves are unchanged`);
    assert.deepEqual(snap.points, was.points, `${what}: the board is unchanged`);
    assert.equal(await page.locator("[data-room-code]").innerText(), roomBefore, `${what}: still the same room`);
    return n.text;
  };

  // The guest's own page, made to sign what the rules forbid (a
  // dishonest friend): every check of the rules still holds.
  const wire = decodeLink(good);
  // An illegal move: dark places on a1, where light stands.
  const illegal = await signIn(guest, { ...wire, m: `${wire.m} a1`, s: [wire.s[0], wire.s[1] + 1] });
  await openLink(host, encodeLink(h.url, illegal));
  assert.match(await unchanged("an illegal move"), /turn 4 a1\b/);
  await screenshot(host, "room-refused-illegal");
  // A turn played for the receiver: dark's link carries a light move too.
  const forged = await signIn(guest, { ...wire, m: `${wire.m} d2 g4`, s: [wire.s[0], wire.s[1] + 2] });
  await openLink(host, encodeLink(h.url, forged));
  assert.match(await unchanged("a turn for the host's side"), /your side/);
  // A resignation of the receiver.
  await openLink(host, encodeLink(h.url, await signIn(guest, { ...wire, e: "resign-light", s: [wire.s[0], wire.s[1] + 1] })));
  assert.match(await unchanged("a forged resignation"), /resigns for you/);

  // Anyone else who saw a link: a changed link, a link signed with another
  // key, an unsigned (version 1) link. Refused on both sides.
  const next = { ...wire, m: `${wire.m} b4`, s: [wire.s[0], wire.s[1] + 1] };
  await openLink(host, encodeLink(h.url, next));
  assert.match(await unchanged("a changed link"), /changed on the way/);
  await openLink(host, encodeLink(h.url, await signWithOwnKey(next)));
  assert.match(await unchanged("a link signed with another key"), /another key/);
  await screenshot(host, "room-refused-foreign-key");
  const { z, k0, k1, ...bare } = next;
  await openLink(host, encodeLink(h.url, { ...bare, v: "1" }));
  assert.match(await unchanged("an unsigned link"), /not signed/);
  const guestBefore = await snapshot(guest);
  const hostWire = decodeLink(await offeredLink(host));
  const asHost = { ...hostWire, e: "resign-dark", s: [hostWire.s[0] + 1, hostWire.s[1]] };
  await openLink(guest, encodeLink(h.url, await signWithOwnKey(asHost)));
  assert.match(await unchanged("the host's seat, signed with another key", guest, guestBefore), /another key/);
  const { z: _z, k0: _k0, k1: _k1, ...bareHost } = asHost;
  await openLink(guest, encodeLink(h.url, bareHost));
  assert.match(await unchanged("the host's seat, unsigned", guest, guestBefore), /not signed/);
  assert.equal((await snapshot(guest)).status.includes("resign"), false);

  // Garbage, and a link that is not even base64.
  await openLink(host, `${h.url}#room=${"x".repeat(60)}`);
  await unchanged("garbage");
  await openLink(host, `${h.url}#room=%3Cscript%3E`);
  await unchanged("not base64");
  // Oversized: refused before anything is unpacked.
  await openLink(host, `${h.url}#room=${"A".repeat(50_000)}`);
  assert.match(await unchanged("an oversized link"), /too long/);
  // A deflate bomb: small, but unpacks past the cap.
  const bomb = zlibBomb();
  await openLink(host, `${h.url}#room=${bomb}`);
  assert.match(await unchanged("a deflate bomb"), /more than/);
  // Another room's reply never changes this one.
  await openLink(host, encodeLink(h.url, { ...wire, c: "zzzzzzzz" }));
  assert.match(await unchanged("another room's link"), /zzzzzzzz/);
  // An older link of the same room does not rewind it.
  await openLink(guest, older);
  assert.equal((await notice(guest))?.key, "room.stale");
  assert.deepEqual((await snapshot(guest)).moves, guestBefore.moves, "an older link never rewinds the room");
  // The good link still works after all that.
  await openLink(host, good);
  await waitForMoves(host, 3);
  assert.equal((await notice(host))?.key, "room.stale", "the good link is no newer than the room");
  await turnByLink(guest, host, "b4", "dark");
  await turnByLink(host, guest, "d7", "light");
  assertNoErrors(host, [/room/i]);
});

test("rooms: an unsigned or forged invite is refused; a fair one seats the guest", { timeout: 120_000 }, async () => {
  const { page: host } = await linkPlayer(h);
  await hostRoom(host, h.url);
  const invite = decodeLink(await offeredLink(host));
  assert.ok(invite.k0 && invite.z && !invite.k1, "the invite carries the host's key and signature");
  const { page: guest } = await linkPlayer(h);
  const { z, k0, ...bare } = invite;
  await openLink(guest, encodeLink(h.url, { ...bare, v: "1" }));
  assert.match((await notice(guest))?.text ?? "", /not signed/);
  assert.equal(await guest.locator("[data-room-code]").count(), 0, "not seated");
  // An invite that plays and resigns for the guest, signed by whoever made it.
  await openLink(guest, encodeLink(h.url, { ...invite, m: "a1 d7 a4", e: "resign-dark" }));
  assert.match((await notice(guest))?.text ?? "", /changed on the way/);
  await openLink(guest, encodeLink(h.url, await signWithOwnKey({ ...invite, m: "a1 d7 a4", e: "resign-dark" })));
  assert.match((await notice(guest))?.text ?? "", /turn 2 for your side/);
  assert.equal(await guest.locator("[data-room-code]").count(), 0, "not seated");
  await openLink(guest, encodeLink(h.url, { ...invite, g: "4294967295" }));
  assert.match((await notice(guest))?.text ?? "", /out of bounds/);
  // An invite changed on the way (someone's own key as the host's): its
  // guest's reply tells the host, who refuses it.
  const { page: misled } = await linkPlayer(h);
  await openLink(misled, encodeLink(h.url, await signWithOwnKey(invite)));
  await misled.locator("[data-room-code]").waitFor();
  await openLink(host, await offeredLink(misled));
  assert.match((await notice(host))?.text ?? "", /another key for your seat/);
  assert.equal(await host.locator('[data-seat="top"][data-free]').count(), 1, "the seat is still free");
  // The fair invite.
  await openLink(guest, encodeLink(h.url, invite));
  await guest.locator("[data-room-code]").waitFor();
  const reply = decodeLink(await offeredLink(guest));
  assert.ok(reply.k0 === invite.k0 && reply.k1 && reply.z, "the reply carries both keys and the guest's signature");
  await openLink(host, encodeLink(h.url, reply));
  assert.equal(await host.locator('[data-seat="top"][data-free]').count(), 0, "the guest is seated");
  await turnByLink(host, guest, "a1", "light");
  await turnByLink(guest, host, "d7", "dark");
  assertNoErrors(host, [/room/i]);
  assertNoErrors(guest, [/room/i]);
});

function zlibBomb() {
  return zlib.deflateRawSync(Buffer.alloc(200_000, 32), { level: 9 }).toString("base64url");
}

test("a name typed slowly in a clock game, the clock ticking all along, is kept and names this side once the field is left", { timeout: 120_000 }, async () => {
  const { page: host } = await linkPlayer(h);
  await hostRoom(host, h.url, { clock: "3+2" });
  const { page: guest } = await linkPlayer(h);
  await openLink(guest, await offeredLink(host));
  await pass(guest, host);
  // The host moves: the guest's clock runs on the host's page, which is
  // drawn again at every tick while the host types.
  await playMove(host, "a1", "light");
  const field = host.locator('[data-field="name"]');
  await field.click();
  await field.pressSequentially("Alice", { delay: 250 });
  assert.equal(await field.inputValue(), "Alice", "nothing typed is wiped by the clock's ticks");
  await host.keyboard.press("Tab");
  await host.locator('[data-seat="bottom"] [data-seat-name]').filter({ hasText: "You (Alice)" }).waitFor();
  assertNoErrors(host);
  assertNoErrors(guest);
});
