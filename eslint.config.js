// ESLint over the browser table (app/frontend/): plain ES modules loaded by the browser as
// they are, no build step; and over the peer benchmark's Node modules (benchmarks/peer/).
// `make lint` runs it (npm run lint:js).
import js from "@eslint/js";
import globals from "globals";

export default [
  // morphdom is vendored as its authors published it (docs/frontend.md): not our code to lint.
  { ignores: ["app/frontend/vendor/"] },
  js.configs.recommended,
  {
    files: ["app/frontend/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: globals.browser,
    },
  },
  {
    // The service worker and its extensions: classic worker scripts (importScripts), sharing
    // one global scope in which /sw.js declares FOXDEN_RELEASE (app/web/installable.py).
    files: ["app/frontend/js/service-worker.js", "app/frontend/js/sw-*.js"],
    languageOptions: {
      sourceType: "script",
      globals: { ...globals.serviceworker, FOXDEN_RELEASE: "readonly" },
    },
  },
  {
    files: ["benchmarks/peer/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: globals.node,
    },
  },
];
