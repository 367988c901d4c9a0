// The built app served exactly as scripts/run.sh serves it: scripts/serve.sh
// (the npm package serve with scripts/serve.json), on 127.0.0.1 and a free
// port. For the serving test and the Lighthouse benchmark.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
export const SERVE_SH = path.resolve(here, "../../../scripts/serve.sh");

/**
 * Starts `scripts/serve.sh dist` with PORT=0 and waits for its
 * "Accepting connections at URL" line. Returns { url (ending in /), close }.
 */
export async function startStaticHost(dist, { timeout = 20_000 } = {}) {
  const child = spawn("bash", [SERVE_SH, dist], {
    env: { ...process.env, PORT: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`serve.sh printed no address in ${timeout} ms:\n${output}`)), timeout);
    function fail(err) {
      clearTimeout(timer);
      child.kill();
      reject(err);
    }
    const read = (chunk) => {
      output += chunk;
      const m = output.match(/Accepting connections at (http:\/\/127\.0\.0\.1:\d+)/);
      if (m) {
        clearTimeout(timer);
        resolve(`${m[1]}/`);
      }
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.once("error", fail);
    child.once("exit", (code) => fail(new Error(`serve.sh exited (${code}) before serving:\n${output}`)));
  });
  return {
    url,
    output: () => output,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        // serve closes its server on SIGTERM, then waits for open keep-alive
        // connections; a browser's may linger, so it gets three seconds.
        const force = setTimeout(() => child.kill("SIGKILL"), 3_000);
        child.once("exit", () => {
          clearTimeout(force);
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}
