import { db } from "~/db/client.server";
import { seedDemoContent } from "~/db/seed.server";
import { CONSENT_COOKIE_NAME } from "~/features/ai/consent.server";
import { ensureAdminAccount } from "~/features/auth/auth.server";
import { sweepOrphanUploads } from "~/features/uploads/sweep.server";
import { config } from "./config.server";
import { contentChanged } from "./content-version.server";
import { contentSecurityPolicy } from "./csp.server";
import { FLASH_COOKIE_NAME } from "./flash.server";
import { getSessionSecret } from "./secrets.server";
import { SESSION_COOKIE_NAME } from "./session.server";

/** Everything that must hold before the server listens: config, database, admin, demo content. */
export async function prepareServer(log: (line: string) => void = console.log) {
  const settings = config();
  db();
  getSessionSecret();
  await ensureAdminAccount(log);
  if (settings.seedDemo && (await seedDemoContent())) log("Demo content seeded into an empty database.");
  const swept = await sweepOrphanUploads();
  if (swept.length > 0) log(`Removed ${swept.length} upload(s) no record refers to.`);
  // Seeding or a changed admin may have changed what pages show.
  contentChanged();
}

/** What the Express server needs to know, read from the one validated configuration. */
export function serverSettings() {
  const { PORT, HOST, uploadsDir, PUBLIC_ORIGIN, isProduction } = config();
  return {
    port: PORT,
    host: HOST,
    uploadsDir,
    publicOrigin: PUBLIC_ORIGIN,
    isProduction,
    contentSecurityPolicy,
    sessionCookieName: SESSION_COOKIE_NAME,
    /** A request carrying any of these may see a personal page: the page cache never answers it. */
    siteCookieNames: [SESSION_COOKIE_NAME, FLASH_COOKIE_NAME, CONSENT_COOKIE_NAME],
  };
}
