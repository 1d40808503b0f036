// ESLint's rules for the web board's scripts (`.ci/run` runs ESLint from npm here): the
// recommended checks that matter in a small hand-written page, with the browser's
// globals named, since no plugin is installed.
const browser = Object.fromEntries(
  [
    "AudioContext", "Element", "EventSource", "FormData", "JSON", "Math", "Number", "Object",
    "Option", "String", "URLSearchParams", "alert", "confirm", "console", "document", "fetch",
    "history", "localStorage", "location", "navigator", "performance", "requestAnimationFrame",
    "setInterval", "setTimeout", "window",
  ].map((name) => [name, "readonly"]),
);

export default [
  {
    files: ["**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: browser },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "no-undef": "error",
      "no-unused-vars": ["error", { args: "after-used", caughtErrors: "none" }],
      "no-redeclare": "error",
      "no-dupe-keys": "error",
      "no-unreachable": "error",
      "no-constant-condition": "error",
      "no-self-assign": "error",
      "no-use-before-define": ["error", { functions: false, classes: true, variables: false }],
      "no-var": "error",
      "prefer-const": "error",
      "eqeqeq": ["error", "always"],
      "no-implicit-globals": "error",
      "no-shadow": "error",
      "no-eval": "error",
      "no-implied-eval": "error",
      "no-new-func": "error",
      "no-script-url": "error",
    },
  },
];
