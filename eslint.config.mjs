// ESLint's configuration (flat config; ESLint pinned by package-lock.json), run by
// scripts/test.sh as ruff is on the Python: the recommended rules and a few that keep the
// scripts plain, on every script of the repository, each checked as what it is. Layout
// and line breaks are Prettier's (prettier.config.mjs), not ESLint's.
import js from "@eslint/js";
import globals from "globals";

const ENGINE_WORKER = "docs/assets/js/engine-worker.js"; // a module worker
const CLASSIC_WORKERS = {
  "docs/assets/js/search-worker.js": globals.worker, // Material's search, folded
  "docs/assets/js/sw-precache.js": globals.serviceworker, // imported by sw.js
};

export default [
  // What is not the repository's own: the build, the installed packages (pip's too).
  { ignores: ["site/", "build/", "node_modules/", ".venv/", ".hypothesis/", "**/__pycache__/"] },
  js.configs.recommended,
  {
    rules: {
      eqeqeq: "error",
      "no-var": "error",
      "prefer-const": "error",
      "no-unused-vars": ["error", { caughtErrors: "none" }],
    },
  },
  // The pages' modules (page-kit.js and the scripts that import it) run in the page.
  {
    files: ["docs/assets/js/*.js"],
    ignores: [ENGINE_WORKER, ...Object.keys(CLASSIC_WORKERS)],
    languageOptions: { sourceType: "module", globals: globals.browser },
  },
  { files: [ENGINE_WORKER], languageOptions: { sourceType: "module", globals: globals.worker } },
  ...Object.entries(CLASSIC_WORKERS).map(([file, names]) => ({
    files: [file],
    languageOptions: { sourceType: "script", globals: names },
  })),
  // The build's and the tests' scripts run in Node; build_sw.mjs's runtime route handler
  // is written into sw.js and runs in the service worker.
  { files: ["**/*.mjs"], languageOptions: { globals: globals.node } },
  {
    files: ["scripts/build_sw.mjs"],
    languageOptions: { globals: { self: "readonly", caches: "readonly" } },
  },
];
