// A small static server for the Trunk `dist/` folder, on 127.0.0.1 and a
// free port the system picks. Same origin for the page, its wasm, its web
// worker and its service worker. It remembers what it served so that the
// budget script can add up the bytes of a first load.
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

/**
 * Starts serving `root`. Options: `gzip` (compress when the browser asks).
 * Returns { url, port, log, close }. `log` lists every request:
 * { path, status, bytes, type } with the bytes actually sent.
 */
export async function serve(root, { gzip = false } = {}) {
  const rootAbs = path.resolve(root);
  const log = [];
  const server = http.createServer(async (req, res) => {
    const entry = { path: req.url, status: 0, bytes: 0, type: "" };
    log.push(entry);
    try {
      const url = new URL(req.url, "http://localhost");
      let rel = decodeURIComponent(url.pathname);
      if (rel.endsWith("/")) rel += "index.html";
      const file = path.resolve(rootAbs, "." + rel);
      if (file !== rootAbs && !file.startsWith(rootAbs + path.sep)) {
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
      };
      if (gzip && COMPRESSIBLE.test(type) && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "")) {
        body = zlib.gzipSync(body, { level: 9 });
        headers["Content-Encoding"] = "gzip";
        headers["Vary"] = "Accept-Encoding";
      }
      headers["Content-Length"] = body.length;
      entry.status = 200;
      entry.bytes = body.length;
      entry.type = type;
      res.writeHead(200, headers);
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
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    log,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
