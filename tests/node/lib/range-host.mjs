// A static host on 127.0.0.1 answering `Range: bytes=a-b` with 206 Partial
// Content, as GitHub Pages, S3 or nginx do: the web table files of a set
// (scripts/web-tables-test.sh) under `prefix`, and with `root` every other
// path from that folder (a page and the package, for Chromium). It records
// every request for the set's files (`log.ranges`, `log.whole`);
// `log.ignoreRange` makes it answer 200 with the whole file instead,
// `log.changed` serves other bytes for a file, `log.down` drops every
// request for the set as an unreachable host would.
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import path from "node:path";

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm", ".json": "application/json" };

/** The file of the set at `name`, or null. */
function tableFile(dir, name, log) {
  if (name.includes("/") || name.startsWith(".")) return null;
  try {
    return log.changed.get(name) ?? readFileSync(path.join(dir, name));
  } catch {
    return null;
  }
}

function answerTable(req, res, name, bytes, log) {
  const m = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? "");
  if (m && !log.ignoreRange) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    log.ranges.push(`${name} ${a}-${b}`);
    if (b >= bytes.length || a > b) {
      res.writeHead(416, { "content-range": `bytes */${bytes.length}` }).end();
      return;
    }
    res.writeHead(206, { "content-range": `bytes ${a}-${b}/${bytes.length}`, "content-length": b - a + 1 });
    res.end(bytes.subarray(a, b + 1));
    return;
  }
  (req.headers.range ? log.ranges : log.whole).push(name);
  res.writeHead(200, { "content-length": bytes.length, "accept-ranges": "none" });
  res.end(bytes);
}

function answerFile(res, root, pathname) {
  const file = path.normalize(path.join(root, pathname));
  if (!file.startsWith(root)) return res.writeHead(403).end();
  try {
    const body = readFileSync(file);
    res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" }).end(body);
  } catch {
    res.writeHead(404).end();
  }
}

/**
 * Serves the set in `dir` at `prefix` (and `root`'s files elsewhere); resolves to `{ url, base, log, close }`.
 * `token`: the set's files answer 403 unless their query is `?token=TOKEN` (a host that wants a token).
 */
export async function serveTables(dir, { prefix = "/", root = null, token = null } = {}) {
  const log = { ranges: [], whole: [], queries: [], ignoreRange: false, down: false, changed: new Map() };
  const server = createServer((req, res) => {
    const url = new URL(req.url, "http://host");
    const pathname = decodeURIComponent(url.pathname);
    if (!pathname.startsWith(prefix)) return root ? answerFile(res, root, pathname) : res.writeHead(404).end();
    log.queries.push(url.search);
    if (token !== null && url.search !== `?token=${token}`) return res.writeHead(403).end();
    if (log.down) return req.socket.destroy();
    const bytes = tableFile(dir, pathname.slice(prefix.length), log);
    if (bytes === null) return res.writeHead(404).end();
    answerTable(req, res, pathname.slice(prefix.length), bytes, log);
  });
  // A test process may block (a child process run synchronously, for over
  // two minutes on a loaded machine): an idle connection must never be
  // closed under a request that reuses it, so idle connections stay open
  // (0: no keep-alive timeout) until `close()` ends them all.
  server.keepAliveTimeout = 0;
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  const close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(resolve);
    });
  return { url: base + prefix, base, log, close };
}
