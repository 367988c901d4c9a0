// Vite builds the page into dist/ with relative URLs, so that it runs from
// any folder. Nothing else is needed for morris-wasm: Vite finds the
// .wasm files and the worker script by their `new URL(…, import.meta.url)`.
export default {
  base: "./",
  logLevel: "warn",
  build: { outDir: "dist", emptyOutDir: true },
};
