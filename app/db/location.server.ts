import path from "node:path";
import { z } from "zod";

// Where the database lives, read by db itself so it depends on nothing above it. The app's
// configuration (lib/config.server.ts) validates DATA_DIR with this same rule at start-up, so a
// bad value stops the process there, with the other configuration problems.

/** DATA_DIR: the folder of the database file (and the generated secrets). */
export const dataDirSetting = z.string().trim().min(1).default("./data");

export function databaseLocation(env: NodeJS.ProcessEnv = process.env) {
  return {
    dataDir: path.resolve(dataDirSetting.parse(env.DATA_DIR)),
    /** The SQL migrations drizzle-kit generated, shipped with the app. */
    migrationsDir: path.resolve(process.cwd(), "drizzle"),
  };
}
