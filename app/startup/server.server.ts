import { ko } from "~/copy/ko";
import { koAdmin } from "~/copy/ko-admin";
import { koServer } from "~/copy/ko-server.server";
import { db } from "~/db/client.server";
import { CONSENT_COOKIE_NAME } from "~/features/ai/consent.server";
import { ensureAdminAccount } from "~/features/auth/auth.server";
import { flushPendingCounts } from "~/features/insights/counts.server";
import { startImportSchedule, stopImportSchedule } from "~/features/reels/import-schedule.server";
import { ownsUploadsFolder, refuseNewDatabaseBesideUploads, sweepOrphanUploads } from "~/features/uploads/sweep.server";
import { config } from "~/lib/config.server";
import { contentChanged } from "~/lib/content-version.server";
import { FLASH_COOKIE_NAME } from "~/lib/flash.server";
import { sweepHeldPictures } from "~/lib/held-pictures.server";
import { logger } from "~/lib/log.server";
import { hashSlotAvailable } from "~/lib/password.server";
import { getSessionSecret } from "~/lib/secrets.server";
import { adminOfCookieHeader, SESSION_COOKIE_NAME } from "~/lib/session.server";
import { contentSecurityPolicy } from "./csp.server";
import { seedDemoContent } from "./seed.server";

/** Everything that must hold before the server listens: config, database, admin, demo content. */
export async function prepareServer(log: (line: string) => void = console.log) {
  const settings = config();
  refuseNewDatabaseBesideUploads();
  db();
  const sweepAllowed = ownsUploadsFolder(log);
  getSessionSecret();
  await ensureAdminAccount(log);
  if (settings.seedDemo && (await seedDemoContent())) log("Demo content seeded into an empty database.");
  if (sweepAllowed) await sweepOrphanUploads(log);
  await sweepHeldPictures();
  // Seeding or a changed admin may have changed what pages show.
  contentChanged();
  // Tests import when they ask to, never on a timer of their own.
  if (settings.NODE_ENV !== "test" && config().INSTAGRAM_SYNC_MINUTES > 0) startImportSchedule();
}

/** The last words of a stopping server: what was counted but not yet written is written now. */
export function finishServer() {
  stopImportSchedule();
  flushPendingCounts();
}

/** What the Express server needs to know, read from the one validated configuration. */
export function serverSettings() {
  const settings = config();
  return {
    port: settings.PORT,
    host: settings.HOST,
    dataDir: settings.dataDir,
    uploadsDir: settings.uploadsDir,
    publicOrigin: settings.PUBLIC_ORIGIN,
    httpsOnly: settings.httpsOnly,
    trustProxy: settings.TRUST_PROXY,
    /** The request lines and the server's error lines (LOG_LEVEL; docs/operations.md §8). */
    log: logger(),
    isProduction: settings.isProduction,
    contentSecurityPolicy,
    sessionCookieName: SESSION_COOKIE_NAME,
    /** A request carrying any of these may see a personal page: the page cache never answers it. */
    siteCookieNames: [SESSION_COOKIE_NAME, FLASH_COOKIE_NAME, CONSENT_COOKIE_NAME],
    bodyLimits: {
      uploadMaxBytes: settings.uploadMaxBytes,
      uploadTooLarge: { message: koAdmin.upload.tooLarge(settings.UPLOAD_MAX_MB), code: "FILE_TOO_LARGE" },
    },
    /** An upload to an owner's route without a valid session is answered before its body is read (server/edge.ts). */
    uploadsNeedLogin: {
      isLoggedIn: async (cookieHeader: string | null) => (await adminOfCookieHeader(cookieHeader)) !== null,
      reason: { message: koServer.errors.loginAgain, code: "UNAUTHORIZED" },
    },
    /** While both password-hash queues are full, logins are turned away before Remix runs. */
    loginBusy: {
      isBusy: () => !hashSlotAvailable("account") && !hashSlotAvailable("decoy"),
      reason: { message: ko.login.busy, code: "LOGIN_BUSY" },
    },
    connectionLimits: {
      maxConnections: settings.MAX_CONNECTIONS,
      headersTimeoutMs: settings.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: settings.REQUEST_TIMEOUT_MS,
    },
  };
}
