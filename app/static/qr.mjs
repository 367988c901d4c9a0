// An invite's QR code, for a friend at the same table to scan with a phone.
// The room panel writes a <details data-qr-text="LINK"> holding a
// <div class="qr-picture"> and its texts in data-qr-label, data-qr-making
// and data-qr-failed (app/src/components/room_panel.rs, qr_box); the page
// imports this module the first time such a box opens (index.html) and
// calls show(box). The code is made by uqr (MIT, npm, copied to
// vendor/uqr/ by Trunk) and drawn as one SVG path, black on white with the
// four-module quiet zone scanners need, error correction M; it is drawn
// again whenever the link changes while the box is open (the offer
// gathered). data-qr on the picture says ready or failed.
import { encode } from "./vendor/uqr/index.mjs";

const SVG = "http://www.w3.org/2000/svg";
const QUIET = 4;
const watched = new WeakSet();

/** The path of the dark modules, a run of them in a row at a time. */
export function darkPath(rows) {
  let d = "";
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; ) {
      let run = 0;
      while (row[x + run]) run++;
      if (run) d += `M${x} ${y}h${run}v1h-${run}z`;
      x += run || 1;
    }
  });
  return d;
}

function svgOf(rows, label) {
  const side = rows.length + 2 * QUIET;
  const el = (name, attrs) => {
    const e = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    return e;
  };
  const svg = el("svg", { viewBox: `-${QUIET} -${QUIET} ${side} ${side}`, role: "img", "aria-label": label, "shape-rendering": "crispEdges" });
  svg.append(el("rect", { x: -QUIET, y: -QUIET, width: side, height: side, fill: "#fff" }), el("path", { d: darkPath(rows), fill: "#000" }));
  return svg;
}

/** Draws the code of the box's link into its picture. */
function draw(box) {
  const out = box.querySelector(".qr-picture");
  const text = box.getAttribute("data-qr-text");
  if (!out || !box.open || !text) return;
  try {
    out.replaceChildren(svgOf(encode(text, { ecc: "M", border: 0 }).data, box.getAttribute("data-qr-label")));
    out.setAttribute("data-qr", "ready");
    out.removeAttribute("role");
  } catch (e) {
    out.setAttribute("data-qr", "failed");
    out.setAttribute("role", "alert");
    out.textContent = box.getAttribute("data-qr-failed").replace("{0}", e?.message ?? String(e));
  }
}

/** Shows the code of `box` (open), and redraws it when its link changes. */
export function show(box) {
  draw(box);
  if (watched.has(box)) return;
  watched.add(box);
  new MutationObserver(() => draw(box)).observe(box, { attributes: true, attributeFilter: ["data-qr-text"] });
  box.addEventListener("toggle", () => draw(box));
}
