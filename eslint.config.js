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
    files: ["benchmarks/peer/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: globals.node,
    },
  },
];
