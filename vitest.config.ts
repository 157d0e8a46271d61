import path from "node:path";
import { defineConfig } from "vitest/config";
import { LongestFirst } from "./tests/support/longest-first";

// One config, five projects. Unit and component tests need no build; integration, e2e and proxy run
// against the built app (`npm test` builds first). End-to-end files run three at a time, each with its
// own server and data folder, each worker with its own Chromium; the proxy files put real nginx in front.
const alias = { "~": path.resolve(__dirname, "app") };

export default defineConfig({
  resolve: { alias },
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
          // Child processes, not worker threads: a worker cannot change its time zone, and the
          // Korea-time tests switch process.env.TZ to run under several server zones.
          pool: "forks",
          // Each child loads the modules once for all its files (4 CPU-seconds for the project
          // instead of 10): the files put back what they change (TZ, fake timers) after each test.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        esbuild: { jsx: "automatic" },
        test: {
          name: "component",
          include: ["tests/component/**/*.test.tsx"],
          environment: "happy-dom",
          // Components add third-party scripts (chatbot, Kakao): happy-dom must not fetch them.
          environmentOptions: {
            happyDOM: {
              settings: {
                disableJavaScriptFileLoading: true,
                disableCSSFileLoading: true,
                handleDisabledFileLoadingAsSuccess: true,
                navigation: { disableMainFrameNavigation: true, disableChildFrameNavigation: true, disableChildPageNavigation: true },
              },
            },
          },
          globalSetup: ["tests/component/_global-setup.ts"],
          setupFiles: ["tests/component/setup.ts"],
          // One happy-dom window per worker instead of one per file (a sixth of the time): the setup
          // file still runs before every file, so cleanup and the console.error check stay per test.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          pool: "forks",
          // Three files at a time on two cores: many wait on a child server, a timeout or a flood's
          // sockets part of the time, which a third file uses (npm test: 99 s for this project, not 111).
          maxWorkers: 3,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One migrated database for the run; each file gets its own copy, DATA_DIR and UPLOADS_DIR.
          globalSetup: ["tests/integration/_global-setup.ts"],
          setupFiles: ["tests/integration/_setup.ts"],
          // Packages load once per worker; the app's modules once per file (tests/integration/_setup.ts).
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          pool: "forks",
          maxWorkers: 3,
          // Each worker imports playwright, sharp and the helpers once for all its files, not once per file.
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          env: { NODE_ENV: "production" },
          globalSetup: ["tests/e2e/_global-setup.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          // The deploy kit (deploy/): real nginx in front of the built site, Caddy's and systemd's own checks.
          name: "proxy",
          include: ["tests/proxy/**/*.test.ts"],
          environment: "node",
          pool: "forks",
          fileParallelism: false,
          // Eleven logins through nginx, each a password hash: tens of seconds on a busy machine.
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
