import path from "node:path";
import js from "@eslint/js";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const REACT_FILES = ["**/*.tsx"];

export default tseslint.config(
  { ignores: ["build/", "public/build/", "data/", "uploads/", "backups/", ".cache/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: REACT_FILES, ...react.configs.flat.recommended, settings: { react: { version: "detect" } } },
  { files: REACT_FILES, ...react.configs.flat["jsx-runtime"] },
  { files: REACT_FILES, ...jsxA11y.flatConfigs.recommended },
  {
    // The classic hooks rules only: the plugin's React Compiler rules describe code that compiler
    // rewrites, and this React 18 app is not compiled by it. Tests' `useSite()` is not a React hook.
    files: ["app/**/*.{ts,tsx}", "tests/component/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    plugins: { "import-x": importX },
    rules: {
      "import-x/first": "error",
      "import-x/no-duplicates": "error",
      "import-x/order": [
        "error",
        {
          groups: ["builtin", "external", "internal", ["parent", "sibling", "index"]],
          pathGroups: [{ pattern: "~/**", group: "internal" }],
          alphabetize: { order: "asc", caseInsensitive: true },
        },
      ],
    },
  },
  {
    // docs/architecture.md §2.2: modules stay small enough to read whole, and imports never go round in a circle.
    files: ["app/**/*.{ts,tsx}"],
    settings: {
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".js"],
          tsconfig: { configFile: path.resolve(import.meta.dirname, "tsconfig.json") },
        }),
      ],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/extensions": [".ts", ".tsx", ".js"],
    },
    rules: { "max-lines": ["error", { max: 400 }], "import-x/no-cycle": "error" },
  },
  {
    // docs/architecture.md §2.5: the server takes the app's state and use cases through the built app's
    // entry; of the app's modules it imports only these, shared because they are pure (no database,
    // no React, no state the app must share): it bundles its own copy of each. Types may come from anywhere.
    files: ["server/**/*.ts", "server.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex:
                "(^|/)app/(?!(lib/(bounded-memo|page-changes\\.server|route-info|route-table\\.server|upload-limits)|features/insights/(browsers|referrer-host)|copy/(ko|ko-server\\.server))$)",
              allowTypeImports: true,
              message:
                "The server imports from the app only the shared pure modules (docs/architecture.md §2.5); take the rest through the built app's entry.",
            },
          ],
        },
      ],
    },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
      // `typeof import("…")` types a module the file loads later, after its environment is set.
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "separate-type-imports", disallowTypeAnnotations: false }],
    },
  },
  {
    files: REACT_FILES,
    rules: {
      "jsx-a11y/label-has-associated-control": ["error", { controlComponents: ["AutoGrowTextarea"], depth: 3 }],

      // Rules switched off because they are wrong for this codebase:
      // - a confirmation dialog focuses its confirm button when it opens, as the HTML dialog guidance asks.
      "jsx-a11y/no-autofocus": "off",
      // - reels play Instagram's videos, which come with no caption track; the caption text is shown beside them.
      "jsx-a11y/media-has-caption": "off",
    },
  },
);
