// A small static server for the Trunk `dist/` folder, on 127.0.0.1 and a
// free port the system picks. Same origin for the page, its wasm, its web
// worker and its service worker. It remembers what it served so that the
// budget script can add up the bytes of a first load. It answers `Range:`
// requests (one range, 206) as static hosts do, and may serve other
// folders under a path (`mounts`), such as Nine's tables for range reads.
import http from "node:http";
import fs from "node:fs/promises";
import path from "node:path";
import zlib from "node:zlib";

export const MIME = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".otf": "font/otf",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json; charset=utf-8",
};

const COMPRESSIBLE = /^(text\/|application\/(wasm|json|manifest\+json|javascript)|image\/svg)/;

/** The one byte range of a `Range: bytes=A-B` header in a body of `size` bytes, or "bad". */
export function byteRange(header, size) {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return "bad";
  let start;
  let end;
  if (m[1] === "") {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start > end || start >= size ? "bad" : { start, end };
}

/**
 * Starts serving `root`. Options: `gzip` (compress when the browser asks),
 * `mounts` ({ "/nine-web/": folder }: a path served from another folder),
 * `cors` (any origin may read it, ranges included, as a host of the tables
 * for another site's app).
 * Returns { url, port, log, close, alter }. `log` lists every request:
 * { path, status, bytes, type, range } with the bytes actually sent and the
 * `Range` header asked with. `alter`, when a test sets it to a function
 * (path, bytes) => bytes, changes what is sent (a damaged file).
 */
export async function serve(root, { gzip = false, mounts = {}, cors = false } = {}) {
  const rootAbs = path.resolve(root);
  const log = [];
  const served = { alter: null };
  const server = http.createServer(async (req, res) => {
    const entry = { path: req.url, status: 0, bytes: 0, type: "", range: req.headers.range ?? null };
    log.push(entry);
    try {
      if (cors) {
        res.setHeader("Access-Control-Allow-Origin", "*");
        res.setHeader("Access-Control-Expose-Headers", "Content-Range, Content-Length");
        if (req.method === "OPTIONS") {
          entry.status = 204;
          res.writeHead(204, { "Access-Control-Allow-Headers": "Range", "Access-Control-Allow-Methods": "GET" }).end();
          return;
        }
      }
      const url = new URL(req.url, "http://localhost");
      let rel = decodeURIComponent(url.pathname);
      if (rel.endsWith("/")) rel += "index.html";
      let base = rootAbs;
      for (const [prefix, dir] of Object.entries(mounts)) {
        if (rel.startsWith(prefix)) {
          base = path.resolve(dir);
          rel = "/" + rel.slice(prefix.length);
          break;
        }
      }
      const file = path.resolve(base, "." + rel);
      if (file !== base && !file.startsWith(base + path.sep)) {
        entry.status = 403;
        res.writeHead(403).end("forbidden");
        return;
      }
      let body;
      try {
        body = await fs.readFile(file);
      } catch {
        entry.status = 404;
        res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
        return;
      }
      const type = MIME[path.extname(file).toLowerCase()] ?? "application/octet-stream";
      const headers = {
        "Content-Type": type,
        "Cache-Control": "no-cache",
        // A service worker may control the whole origin.
        "Service-Worker-Allowed": "/",
        "Accept-Ranges": "bytes",
      };
      let status = 200;
      if (req.headers.range) {
        const range = byteRange(req.headers.range, body.length);
        if (range === "bad") {
          entry.status = 416;
          res.writeHead(416, { "Content-Range": `bytes */${body.length}` }).end();
          return;
        }
        headers["Content-Range"] = `bytes ${range.start}-${range.end}/${body.length}`;
        body = body.subarray(range.start, range.end + 1);
        status = 206;
      }
      if (served.alter) body = served.alter(url.pathname, Buffer.from(body));
      if (status === 200 && gzip && COMPRESSIBLE.test(type) && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "")) {
        body = zlib.gzipSync(body, { level: 9 });
        headers["Content-Encoding"] = "gzip";
        headers["Vary"] = "Accept-Encoding";
      }
      headers["Content-Length"] = body.length;
      entry.status = status;
      entry.bytes = body.length;
      entry.type = type;
      res.writeHead(status, headers);
      res.end(req.method === "HEAD" ? undefined : body);
    } catch (err) {
      entry.status = 500;
      res.writeHead(500).end(String(err));
    }
  });
  // Keep-alive sockets must not hold `close()` up.
  const sockets = new Set();
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address();
  return Object.assign(served, {
    url: `http://127.0.0.1:${port}/`,
    port,
    log,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  });
}
