// Strict routers: a TURN server the player sets (localStorage
// `mulino.turn`, app/src/room/ice.rs), here a real one — Debian's coturn,
// started by this test on 127.0.0.1 (scripts/setup-web.sh installs it) —
// and `mulino.ice = relay`, so that the browsers gather no candidate but
// the TURN server's: the room goes live only through it. With a wrong
// password the same two pages never go live. No public TURN is baked in.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import net from "node:net";
import { startHarness, assertNoErrors, playMove, snapshot, moveCount, waitForState } from "./lib/harness.mjs";
import { hostRoom, openLink, signalLink, waitForLive, RTC_ARGS, LOCAL_ONLY_ARGS } from "./lib/rooms.mjs";

let h;
let turn;
let log = "";

/** A free TCP/UDP port on 127.0.0.1 (asked of the system, then let go). */
function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Waits until something listens on 127.0.0.1:`port` (coturn listens on TCP too). */
async function listening(port, ms = 10_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const ok = await new Promise((resolve) => {
      const c = net.connect(port, "127.0.0.1", () => {
        c.destroy();
        resolve(true);
      });
      c.once("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`coturn did not listen on ${port}: ${log.slice(-2000)}`);
}

before(async () => {
  h = await startHarness({ args: [...RTC_ARGS, ...LOCAL_ONLY_ARGS] });
  const port = await freePort();
  const relayFrom = 20_000 + Math.floor(Math.random() * 20_000);
  turn = spawn("turnserver", [
    "-n", "--listening-ip=127.0.0.1", "--relay-ip=127.0.0.1", `--listening-port=${port}`,
    `--min-port=${relayFrom}`, `--max-port=${relayFrom + 200}`,
    "--allow-loopback-peers", "--no-cli", "--no-tls", "--no-dtls", "--fingerprint",
    "--lt-cred-mech", "--user=mulino:s3cret", "--realm=mulino.test",
    "--log-file=stdout", "--simple-log", "--no-software-attribute", "--verbose",
  ], { stdio: ["ignore", "pipe", "pipe"] });
  turn.stdout.on("data", (d) => (log += d));
  turn.stderr.on("data", (d) => (log += d));
  turn.url = `turn:127.0.0.1:${port}`;
  await listening(port);
});
after(async () => {
  turn?.kill();
  await h?.close();
});

/** A player whose app asks only the test's TURN server (`password`), no STUN, no relay. */
async function turnPlayer(password) {
  const { context, page } = await h.newPage({ viewport: { width: 1000, height: 860 }, permissions: ["clipboard-read", "clipboard-write"] });
  await context.addInitScript(([url, pw]) => {
    localStorage.setItem("mulino.stun", "off");
    localStorage.setItem("mulino.relays", "off");
    localStorage.setItem("mulino.turn", `${url} mulino ${pw}`);
    localStorage.setItem("mulino.ice", "relay");
  }, [turn.url, password]);
  return page;
}

/** A room whose host and guest ask only the TURN server (`password`): the invite's offer answered, the reply taken. */
async function meetThroughTurn(password) {
  const host = await turnPlayer(password);
  await hostRoom(host, h.url);
  const invite = await signalLink(host, "offer");
  const guest = await turnPlayer(password);
  await openLink(guest, invite);
  const reply = await signalLink(guest, "answer");
  await openLink(host, reply);
  return { host, guest };
}

test("through TURN only: two browsers go live by the TURN server alone, and a move crosses", { timeout: 120_000 }, async () => {
  const { host, guest } = await meetThroughTurn("s3cret");
  await waitForLive(host);
  await waitForLive(guest);
  const n = moveCount(await snapshot(guest));
  await playMove(host, "d6", "light");
  await waitForState(guest, (s) => moveCount(s) === n + 1, "the move over the TURN server");
  assert.match(log, /ALLOCATE processed, success/, `the browsers took allocations on the TURN server: ${log.slice(-3000)}`);
  assertNoErrors(host);
  assertNoErrors(guest);
});

test("through TURN only with a wrong password: no path, never live (so the first went live by TURN alone)", { timeout: 120_000 }, async () => {
  const { host, guest } = await meetThroughTurn("wrong");
  await new Promise((r) => setTimeout(r, 8_000));
  assert.notEqual(await host.locator("[data-connection]").getAttribute("data-connection"), "live");
  assert.notEqual(await guest.locator("[data-connection]").getAttribute("data-connection"), "live");
  assert.match(log, /401|Unauthori[sz]ed|cannot find credentials|check_stun_auth/i, "coturn refused the password");
});
