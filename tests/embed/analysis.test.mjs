// What an analysis or teaching page does with a board, as chessground
// lets it (tests/embed/config.html): arrows and circles over the board,
// points highlighted with the page's classes, the board turned round,
// the `change` event whenever the position shown changes, the
// animations set by an object, and shapes a person draws with the right
// mouse button. Each is looked at where a person sees it:
// where the shapes lie against the points, the colours painted, a click
// through a shape.
import { test } from "node:test";
import assert from "node:assert/strict";

import { pageOpener } from "./lib/harness.mjs";
import { pieceAt, point, ready as readyAt, refuses, thrown } from "./lib/config-page.mjs";

const open = pageOpener();
const ready = () => readyAt(open);

/** The centre of an element on the screen. */
async function centre(page, selector) {
  const b = await page.locator(selector).boundingBox();
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

test("setShapes: an arrow from a1 to d1 and a circle on d2, in their brushes, under which the points still take clicks", async () => {
  const { page, errors } = await ready();
  await page.evaluate(() => window.board.setShapes([
    { orig: "a1", dest: "d1", brush: "green" },
    { orig: "d2", brush: "red" },
    { orig: "g7", dest: "d7", brush: "#1e90ff" },
  ]));
  const arrow = '#b .overlay [data-shape="a1-d1"]';
  const circle = '#b .overlay circle[data-shape="d2"]';
  await page.waitForSelector(arrow);
  // The arrow runs along the bottom line from a1 to d1, its head at d1.
  const [a1, d1, head] = [await centre(page, point("a1")), await centre(page, point("d1")), await centre(page, `${arrow} polygon`)];
  const line = await page.locator(`${arrow} line`).boundingBox();
  assert.ok(Math.abs(line.y + line.height / 2 - a1.y) < 2, "on the line of a1 and d1");
  assert.ok(line.x > a1.x && line.x < a1.x + 20, `it starts beside a1 (${line.x} vs ${a1.x})`);
  assert.ok(Math.abs(head.x - d1.x) < 20 && head.x < d1.x, `its head is at d1 (${head.x} vs ${d1.x})`);
  // The circle is round d2.
  const [d2, ring] = [await centre(page, point("d2")), await centre(page, circle)];
  assert.ok(Math.hypot(d2.x - ring.x, d2.y - ring.y) < 1, "the circle's centre is d2's");
  // Each painted in its brush: board.css's green and red, and the page's colour.
  const paint = (sel, prop) => page.$eval(sel, (el, p) => getComputedStyle(el)[p], prop);
  assert.equal(await paint(`${arrow} line`, "stroke"), "rgb(21, 120, 27)");
  assert.equal(await paint(`${arrow} polygon`, "fill"), "rgb(21, 120, 27)");
  assert.equal(await paint(circle, "stroke"), "rgb(136, 32, 32)");
  assert.equal(await paint(circle, "fill"), "none");
  assert.equal(await paint('#b .overlay [data-shape="g7-d7"] line', "stroke"), "rgb(30, 144, 255)");
  // A click on d1, under the arrow's head, and on d2, inside the circle, places there.
  await page.mouse.click(d1.x, d1.y);
  assert.equal(await pieceAt(page, "d1"), "light");
  await page.mouse.click(d2.x, d2.y);
  assert.equal(await pieceAt(page, "d2"), "dark");
  assert.equal(await page.locator("#b .overlay [data-shape]").count(), 3, "shapes stay after moves");
  await page.screenshot({ path: "/tmp/morris-wasm-shapes.png" });
  await page.evaluate(() => window.board.setShapes([]));
  assert.equal(await page.locator("#b .overlay [data-shape]").count(), 0, "[] clears them");
  assert.deepEqual(errors, []);
  await page.close();
});

test("shapes that are not on the board, or not shapes, are refused by name and change nothing", async () => {
  const { page, errors } = await ready();
  await page.evaluate(() => window.board.setShapes([{ orig: "d6" }]));
  await refuses(page, [
    ['window.board.setShapes([{ orig: "a1" }, { orig: "z9" }])', 'ArgumentError: shapes[1].orig must be a point of the mill board, like "a1", not "z9"'],
    ['window.board.setShapes([{ orig: "a1", dest: "d4" }])', 'ArgumentError: shapes[0].dest must be a point of the mill board, like "a1", not "d4"'],
    ['window.board.setShapes([{ orig: "a1", brush: "pink" }])', 'ArgumentError: shapes[0].brush must be "green", "red", "blue", "yellow" or a colour like "#1e90ff", not "pink"'],
    ['window.board.setShapes([{ orig: "a1", brush: "#123; stroke: red" }])', 'ArgumentError: shapes[0].brush must be "green", "red", "blue", "yellow" or a colour like "#1e90ff", not "#123; stroke: red"'],
    ['window.board.setShapes([{ dest: "a1" }])', "ArgumentError: shapes[0].orig must be a point, not undefined"],
    ['window.board.setShapes([{ orig: "a1", colour: "red" }])', "ArgumentError: shapes[0] has a key `colour`: the keys of a shape are orig, dest and brush"],
    ['window.board.setShapes(["a1-d1"])', 'ArgumentError: shapes[0] must be a shape, { orig, dest?, brush? }, not "a1-d1"'],
    ['window.board.setShapes({ orig: "a1" })', "ArgumentError: shapes must be an array of shapes, not an object"],
    ['window.board.set({ shapes: [{ orig: 5 }] })', 'OptionError: option `shapes`[0].orig must be a point of the mill board, like "a1", not 5'],
  ]);
  assert.deepEqual(await page.$$eval("#b .overlay [data-shape]", (els) => els.map((e) => e.dataset.shape)), ["d6"]);
  // From the mount options too; a board of another kind drops them with its points.
  const other = await page.evaluate(async () => {
    const host = window.newHost();
    const b = window.mountBoard(host, { variant: "three", shapes: [{ orig: "a1", dest: "c3", brush: "blue" }], highlights: { b2: "good" } });
    while (!host.querySelector("[data-point]")) await new Promise((r) => setTimeout(r, 10));
    const before = [host.querySelectorAll(".overlay [data-shape]").length, host.querySelectorAll(".underlay [data-highlight]").length];
    b.setPosition(new window.Game("six").position());
    await new Promise((r) => setTimeout(r, 50));
    const after = [host.querySelectorAll(".overlay [data-shape]").length, host.querySelectorAll(".underlay [data-highlight]").length];
    b.destroy();
    return [before, after];
  });
  assert.deepEqual(other, [[1, 1], [0, 0]]);
  assert.deepEqual(errors, []);
  await page.close();
});

test("setHighlights: points marked with classes, coloured under their pieces, the page's own class too", async () => {
  const { page, errors } = await ready();
  await page.addStyleTag({ content: ".board-highlight.mine { fill: rgb(1, 2, 3); }" });
  await page.click(point("d2"));
  await page.evaluate(() => window.board.setHighlights({ d2: "last", a1: "check", g7: "mine other" }));
  const lit = (name) => `#b .underlay [data-highlight="${name}"]`;
  await page.waitForSelector(lit("d2"));
  const fill = (name) => page.$eval(lit(name), (el) => getComputedStyle(el).fill);
  assert.equal(await fill("d2"), "rgba(155, 199, 0, 0.5)");
  assert.equal(await fill("a1"), "rgba(214, 32, 32, 0.55)");
  assert.equal(await fill("g7"), "rgb(1, 2, 3)");
  assert.equal(await page.getAttribute(lit("g7"), "class"), "board-highlight mine other");
  // Under the piece: the piece on d2 is what a person sees at its centre.
  const d2 = await centre(page, point("d2"));
  const top = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y).closest("[data-point]")?.dataset.point, d2);
  assert.equal(top, "d2");
  // A highlighted empty point still takes a click.
  await page.click(point("a1"));
  assert.equal(await pieceAt(page, "a1"), "dark");
  await refuses(page, [
    ['window.board.setHighlights({ d4: "last" })', 'ArgumentError: highlights: `d4` is not a point of the mill board (a key is a point, like "a1")'],
    ['window.board.setHighlights({ d2: "a\\"b" })', 'ArgumentError: highlights.d2 must be CSS class names (letters, digits, - and _, apart by spaces), not "a\\"b"'],
    ['window.board.setHighlights({ d2: 3 })', "ArgumentError: highlights.d2 must be CSS class names (letters, digits, - and _, apart by spaces), not 3"],
    ['window.board.setHighlights(["d2"])', 'ArgumentError: highlights must be an object from points to CSS classes, like { d2: "last" }, not an array'],
  ]);
  assert.equal(await page.locator("#b .underlay [data-highlight]").count(), 3, "a failed call changed nothing");
  await page.evaluate(() => window.board.setHighlights({ d2: null }));
  assert.equal(await page.locator("#b .underlay [data-highlight]").count(), 0, "{ d2: null } marks nothing");
  assert.deepEqual(errors, []);
  await page.close();
});

test("toggleOrientation turns the board round, and orientation says which side is at the bottom", async () => {
  const { page, errors } = await ready();
  const y = async (name) => (await page.locator(point(name)).boundingBox()).y;
  assert.equal(await page.evaluate(() => window.board.orientation), "light");
  await page.evaluate(() => window.board.toggleOrientation());
  assert.equal(await page.evaluate(() => window.board.orientation), "dark");
  await page.waitForFunction(() => document.querySelector('[data-point="a1"]').getBoundingClientRect().y
    < document.querySelector('[data-point="a7"]').getBoundingClientRect().y);
  // Shapes turn with the board: the arrow still ends at d1.
  await page.evaluate(() => window.board.setShapes([{ orig: "a1", dest: "d1" }]));
  const [d1, head] = [await centre(page, point("d1")), await centre(page, '#b [data-shape="a1-d1"] polygon')];
  assert.ok(Math.abs(head.y - d1.y) < 2 && Math.abs(head.x - d1.x) < 20, "the head at d1, upside down");
  await page.evaluate(() => window.board.toggleOrientation());
  assert.ok(await y("a1") > await y("a7"), "light at the bottom again");
  await page.evaluate(() => window.board.set({ orientation: "dark" }));
  assert.equal(await page.evaluate(() => window.board.orientation), "dark");
  assert.deepEqual(errors, []);
  await page.close();
});

test("change: after every move (clicked, played, the engine's), undo and setPosition, with the position shown", async () => {
  const { page, errors } = await ready();
  await page.evaluate(() => {
    window.changes = [];
    window.board.on("change", (c) => window.changes.push(c));
    window.order = [];
    for (const name of ["move", "removal", "change"]) window.board.on(name, () => window.order.push(name));
  });
  for (const p of ["a1", "b2", "a4", "b4"]) await page.click(point(p));
  await page.click(point("a7"));
  await page.click(point("b2"));
  const changes = await page.evaluate(() => window.changes);
  assert.deepEqual(changes.map((c) => [c.cause, c.move]), [
    ["move", "a1"], ["move", "b2"], ["move", "a4"], ["move", "b4"], ["move", "a7xb2"],
  ]);
  const last = changes.at(-1);
  assert.equal(last.position, await page.evaluate(() => window.board.position()));
  assert.deepEqual([last.state.board.b2, last.state.board.a7, last.state.sideToMove], [null, "light", "dark"]);
  assert.deepEqual(await page.evaluate(() => window.order.slice(-3)), ["move", "removal", "change"], "after the move and its removal");

  await page.evaluate(() => { window.changes = []; });
  await page.evaluate(() => window.board.undo());
  const start = await page.evaluate(() => new window.Game().position());
  await page.evaluate((p) => window.board.setPosition(p), start);
  await page.evaluate(() => window.board.resign());
  await page.evaluate(() => window.board.undo());
  const rest = await page.evaluate(() => window.changes);
  assert.deepEqual(rest.map((c) => [c.cause, c.move]), [["undo", null], ["position", null]],
    "a resignation and its undo leave the position as it was: no change");
  assert.equal(rest[1].position, start);

  // The option, and the engine's moves.
  const vs = await page.evaluate(async () => {
    const host = window.newHost();
    const seen = [];
    const b = window.mountBoard(host, { mode: "vs-engine", level: 1, onChange: (c) => seen.push(c.move) });
    b.play("d6");
    for (let i = 0; i < 100 && seen.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    b.destroy();
    return [seen.length, seen[0]];
  });
  assert.deepEqual(vs, [2, "d6"]);
  assert.equal(await thrown(page, 'window.board.on("fly", () => {})'),
    'OptionError: unknown board event `fly`; the events are "select", "move", "removal", "change", "draw", "end"');
  // A listener that is not a function is refused when given, not at the next move.
  assert.equal(await thrown(page, 'window.board.on("move", "x")'), 'ArgumentError: the listener must be a function, not "x"');
  // An unknown option of mountBoard names every option a board has, not only the rules'.
  const unknown = await thrown(page, "window.mountBoard(window.newHost(), { foo: 1 })");
  assert.match(unknown, /^OptionError: unknown board option `foo`; the options are: variant, mode, level, engineColor, position, engine, .*orientation.*onMove.*pieces/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("animation as an object ({ enabled, duration }), and the old number and a boolean still", async () => {
  const { page, errors } = await ready();
  const placed = (name) => page.$eval(`${point(name)} .piece`, (p) => getComputedStyle(p).animationDuration);
  const steps = [
    [{ animation: { duration: 600 } }, "d6", "0.44s"],
    [{ animation: { enabled: false } }, "d5", "0s"],
    [{ animation: { enabled: true } }, "a1", "0.44s"],
    [{ animation: false }, "a4", "0s"],
    [{ animation: true }, "a7", "0.44s"],
    [{ animation: 300 }, "g7", "0.22s"],
    [{ animation: 0 }, "g4", "0s"],
    [{ animation: { enabled: true, duration: 150 } }, "g1", "0.11s"],
  ];
  for (const [config, at, duration] of steps) {
    await page.evaluate((c) => window.board.set(c), config);
    await page.click(point(at));
    assert.equal(await placed(at), duration, JSON.stringify(config));
  }
  await refuses(page, [
    ["window.board.set({ animation: { speed: 2 } })", "OptionError: unknown animation option `speed`; the options are: enabled, duration"],
    ["window.board.set({ animation: { duration: -1 } })", "OptionError: option `animation`.duration must be a whole number from 0 to 10000, not -1"],
    ['window.board.set({ animation: { enabled: "yes" } })', 'OptionError: option `animation`.enabled must be true or false, not "yes"'],
    ['window.board.set({ animation: "fast" })', 'OptionError: option `animation` must be true, false, milliseconds from 0 to 10000, or { enabled, duration }, not "fast"'],
  ]);
  assert.deepEqual(errors, []);
  await page.close();
});

test("drawable: a person draws arrows and circles with the right button, and a left click erases them", async () => {
  const { page, errors } = await ready();
  const rightDrag = async (from, to, modifier) => {
    const [a, b] = [await centre(page, point(from)), await centre(page, point(to))];
    if (modifier) await page.keyboard.down(modifier);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down({ button: "right" });
    await page.mouse.move(b.x, b.y, { steps: 4 });
    await page.mouse.up({ button: "right" });
    if (modifier) await page.keyboard.up(modifier);
  };
  const drawn = () => page.$$eval("#b .overlay [data-shape]", (els) => els.map((e) => e.dataset.shape));
  // Off by default: a right-drag draws nothing.
  await rightDrag("a1", "d1");
  assert.deepEqual(await drawn(), []);

  await page.evaluate(() => {
    window.drawn = [];
    window.board.on("draw", (shapes) => window.drawn.push(shapes));
    document.addEventListener("contextmenu", (e) => { window.menuShut = e.defaultPrevented; });
    window.board.set({ drawable: true });
    window.board.setShapes([{ orig: "g7", brush: "blue" }]);
  });
  await rightDrag("a1", "d1");
  await rightDrag("d2", "d2", "Shift");
  assert.deepEqual(await drawn(), ["g7", "a1-d1", "d2"], "the page's shapes, then the person's");
  const stroke = (sel) => page.$eval(sel, (el) => getComputedStyle(el).stroke);
  assert.equal(await stroke('#b .overlay [data-shape="a1-d1"] line'), "rgb(21, 120, 27)", "green");
  assert.equal(await stroke('#b .overlay circle[data-shape="d2"]'), "rgb(136, 32, 32)", "red with Shift");
  assert.equal(await page.evaluate(() => window.menuShut), true, "no context menu over the board");
  // The same arrow in another brush replaces it; in the same brush takes it away.
  await rightDrag("a1", "d1", "Alt");
  assert.equal(await stroke('#b .overlay [data-shape="a1-d1"] line'), "rgb(0, 48, 136)", "blue with Alt");
  await rightDrag("a1", "d1", "Alt");
  assert.deepEqual(await drawn(), ["g7", "d2"]);
  // A left click on the board erases what the person drew (not the page's shapes), and still plays.
  await page.click(point("a1"));
  assert.equal(await pieceAt(page, "a1"), "light");
  assert.deepEqual(await drawn(), ["g7"]);
  const heard = await page.evaluate(() => window.drawn);
  assert.deepEqual(heard, [
    [{ orig: "a1", dest: "d1", brush: "green" }],
    [{ orig: "a1", dest: "d1", brush: "green" }, { orig: "d2", dest: null, brush: "red" }],
    [{ orig: "d2", dest: null, brush: "red" }, { orig: "a1", dest: "d1", brush: "blue" }],
    [{ orig: "d2", dest: null, brush: "red" }],
    [],
  ]);
  // Turned round, a drag still goes from the point pressed to the point let go.
  await page.evaluate(() => window.board.toggleOrientation());
  await rightDrag("g1", "g4");
  assert.deepEqual(await drawn(), ["g7", "g1-g4"]);
  await page.evaluate(() => window.board.set({ drawable: false }));
  assert.deepEqual(await drawn(), ["g7"], "drawable: false erases them");
  assert.match(await thrown(page, 'window.board.set({ drawable: "yes" })'), /^OptionError: option `drawable` must be true or false, not "yes"$/);
  assert.deepEqual(errors, []);
  await page.close();
});
