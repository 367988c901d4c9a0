#!/usr/bin/env node
// Lighthouse on the built app, served as scripts/run.sh serves it
// (scripts/serve.sh: compressed, hashed files cached): a benchmark, not a
// test. The pinned lighthouse (package-lock.json) drives Debian's Chromium
// ($CHROME_PATH, default /usr/bin/chromium) with its default profile, a
// phone (simulated slow 4G and a 4× slower CPU). Prints the four category
// scores, the metrics (FCP, LCP, TBT, CLS, Speed Index), the long tasks and
// the main thread's time by kind, and every audit that lost points.
// Issue 39's targets: performance ≥ 90, LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS 0,
// accessibility and best practices 100, SEO ≥ 95.
//
// Usage: node tests/browser/lighthouse.mjs [--dist DIR] [--runs N] [--json FILE] [--devtools]
//   --dist      the built app (default $MULINO_DIST, else dist/)
//   --runs      N runs, one after another; each is printed, then the medians
//   --json      keep the last run's whole report there
//   --devtools  throttle for real (DevTools: the same 4G and 4× CPU applied
//               while the page loads) instead of simulating from an
//               unthrottled load: slower, but what a phone would see
// scripts/lighthouse.sh builds the release first, then runs this.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startStaticHost } from "./lib/static-host.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, "../..");
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const DIST = path.resolve(opt("--dist", process.env.MULINO_DIST ?? path.join(ROOT, "dist")));
const RUNS = Math.max(1, Number(opt("--runs", 1)));
const JSON_OUT = opt("--json", null);
const THROTTLING = args.includes("--devtools") ? "devtools" : "simulate";
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const LIGHTHOUSE = path.join(ROOT, "node_modules/lighthouse/cli/index.js");
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const METRICS = [
  ["FCP", "first-contentful-paint"],
  ["LCP", "largest-contentful-paint"],
  ["TBT", "total-blocking-time"],
  ["CLS", "cumulative-layout-shift"],
  ["SI", "speed-index"],
  ["TTI", "interactive"],
];
const TARGETS = { performance: 90, accessibility: 100, "best-practices": 100, seo: 95 };

if (!fs.existsSync(path.join(DIST, "index.html"))) {
  console.error(`no built app in ${DIST}: scripts/lighthouse.sh builds it, or pass --dist DIR`);
  process.exit(1);
}
for (const file of [LIGHTHOUSE, CHROME_PATH]) {
  if (!fs.existsSync(file)) {
    console.error(`${file} is missing: scripts/setup-web.sh installs it`);
    process.exit(1);
  }
}

/** One Lighthouse run of `url`; returns the report (LHR). */
function lighthouse(url) {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "mulino-lh-")), "report.json");
  const argv = [
    LIGHTHOUSE,
    url,
    "--output=json",
    `--output-path=${out}`,
    `--only-categories=${CATEGORIES.join(",")}`,
    `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
    `--throttling-method=${THROTTLING}`,
    "--no-enable-error-reporting",
    "--quiet",
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, {
      env: { ...process.env, CHROME_PATH },
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited with ${code}`));
      const report = JSON.parse(fs.readFileSync(out, "utf8"));
      fs.rmSync(path.dirname(out), { recursive: true, force: true });
      resolve(report);
    });
  });
}

const ms = (v) => `${Math.round(v)} ms`;
const metricText = (id, v) => (id === "cumulative-layout-shift" ? v.toFixed(3) : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : ms(v));
const short = (url) => (url && url.startsWith("http") ? new URL(url).pathname.replace(/^\//, "") || "(page)" : url || "(unattributable)");

function print(lhr, run) {
  const env = lhr.environment ?? {};
  console.log(`\n## Run ${run}: Lighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor}, ` +
    `throttling ${lhr.configSettings.throttlingMethod}, benchmarkIndex ${env.benchmarkIndex}, ${lhr.fetchTime}`);
  console.log(`   ${env.hostUserAgent ?? ""}`);
  for (const warning of lhr.runWarnings ?? []) console.log(`   warning: ${warning}`);
  console.log("\nscores");
  for (const id of CATEGORIES) {
    const score = Math.round(lhr.categories[id].score * 100);
    console.log(`  ${id.padEnd(16)} ${String(score).padStart(3)}   (target ${id === "performance" || id === "seo" ? "≥ " : ""}${TARGETS[id]})`);
  }
  console.log("\nmetrics");
  for (const [name, id] of METRICS) {
    const a = lhr.audits[id];
    console.log(`  ${name.padEnd(4)} ${metricText(id, a.numericValue).padStart(9)}   score ${a.score}`);
  }
  const lcpElement = lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node;
  if (lcpElement) console.log(`  LCP element: ${lcpElement.nodeLabel} (${lcpElement.snippet})`);
  const longTasks = lhr.audits["long-tasks"]?.details?.items ?? [];
  console.log(`\nlong tasks (${longTasks.length}, as simulated on the phone)`);
  for (const t of longTasks) console.log(`  ${ms(t.duration).padStart(8)} at ${ms(t.startTime).padStart(8)}  ${short(t.url)}`);
  console.log("\nmain thread by kind");
  for (const item of lhr.audits["mainthread-work-breakdown"]?.details?.items ?? []) {
    console.log(`  ${ms(item.duration).padStart(8)}  ${item.groupLabel ?? item.group}`);
  }
  console.log("\nscript time by file (bootup-time)");
  for (const item of lhr.audits["bootup-time"]?.details?.items ?? []) {
    console.log(`  ${ms(item.total).padStart(8)} total, ${ms(item.scripting).padStart(8)} scripting, ${ms(item.scriptParseCompile).padStart(6)} parse  ${short(item.url)}`);
  }
  const bytes = lhr.audits["total-byte-weight"];
  if (bytes) console.log(`\ntransferred: ${Math.round(bytes.numericValue / 1024)} KiB (total-byte-weight)`);
  console.log("\naudits that lost points");
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id].auditRefs) {
      const a = lhr.audits[ref.id];
      if (a.score === null || a.score >= 1 || a.scoreDisplayMode === "notApplicable" || a.scoreDisplayMode === "informative" || a.scoreDisplayMode === "manual") continue;
      console.log(`  ${id}: ${ref.id} (${a.score})${a.displayValue ? `: ${a.displayValue}` : ""}${ref.weight ? "" : " [weight 0]"}`);
    }
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
};

const host = await startStaticHost(DIST);
const firstScreen = fs.readFileSync(path.join(DIST, "index.html"), "utf8").includes('id="mulino-first-screen"');
console.log(`# serving ${DIST} at ${host.url} (scripts/serve.sh); first screen in the page (scripts/prerender.mjs): ${firstScreen ? "yes" : "no"}`);
console.log(`# ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
const reports = [];
try {
  for (let run = 1; run <= RUNS; run++) {
    const lhr = await lighthouse(host.url);
    reports.push(lhr);
    print(lhr, run);
  }
} finally {
  await host.close();
}
if (JSON_OUT) {
  fs.writeFileSync(JSON_OUT, JSON.stringify(reports.at(-1), null, 1));
  console.log(`\nreport: ${JSON_OUT}`);
}
if (RUNS > 1) {
  console.log(`\n## Medians of ${RUNS} runs`);
  for (const id of CATEGORIES) console.log(`  ${id.padEnd(16)} ${Math.round(median(reports.map((r) => r.categories[id].score)) * 100)}`);
  for (const [name, id] of METRICS) console.log(`  ${name.padEnd(4)} ${metricText(id, median(reports.map((r) => r.audits[id].numericValue)))}`);
}
