import net from "node:net";
import path from "node:path";
import { z } from "zod";
import { dataDirSetting } from "~/db/location.server";

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const PROXY_PRESETS = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address or CIDR block Express's "trust proxy" understands (IPv4 or IPv6). */
function isProxyAddress(entry: string) {
  if (PROXY_PRESETS.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: how many proxy hops in front of us may name the client (a number), or which proxy
 * addresses may (a comma list of addresses, CIDR blocks or Express's names such as "loopback").
 */
const trustProxy = z
  .string()
  .trim()
  .default("loopback")
  .transform((value, ctx) => {
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const entries = value.split(",").map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (bad.length > 0) {
      ctx.addIssue({ code: "custom", message: `not a hop count or proxy address/CIDR: ${bad.join(", ")}` });
      return z.NEVER;
    }
    return entries;
  });

/** Meta's Instagram app IDs are numbers. */
const APP_ID = /^\d{1,32}$/;
/** An app secret as Meta shows it (32 hex digits), or any other run of visible ASCII. */
const APP_SECRET = /^[\x21-\x7e]{8,256}$/;

/** Half an Instagram app is a mistake to name at start, not a login that fails later. */
function instagramAppIssues(env: { INSTAGRAM_APP_ID?: string; INSTAGRAM_APP_SECRET?: string }) {
  if (env.INSTAGRAM_APP_ID && !env.INSTAGRAM_APP_SECRET) return ["  - INSTAGRAM_APP_SECRET: required when INSTAGRAM_APP_ID is set"];
  if (env.INSTAGRAM_APP_SECRET && !env.INSTAGRAM_APP_ID) return ["  - INSTAGRAM_APP_ID: required when INSTAGRAM_APP_SECRET is set"];
  return [];
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: optionalText,
  DATA_DIR: dataDirSetting,
  UPLOADS_DIR: z.string().trim().min(1).default("./uploads"),
  SESSION_SECRET: optionalText,
  ADMIN_ID: optionalText,
  ADMIN_PASSWORD: optionalText,
  SEED_DEMO: z.enum(["0", "1"]).optional(),
  PUBLIC_ORIGIN: optionalText.pipe(
    z
      .url({ protocol: /^https?$/ })
      .transform((value) => new URL(value).origin)
      .optional(),
  ),
  INSTAGRAM_ACCESS_TOKEN: optionalText,
  INSTAGRAM_GRAPH_URL: z.url({ protocol: /^https?$/ }).default("https://graph.instagram.com"),
  /** Instagram by login (docs/operations.md §2): the Meta app's Instagram app ID and secret; both or neither. */
  INSTAGRAM_APP_ID: optionalText.pipe(z.string().regex(APP_ID, "a number (the Instagram app ID)").optional()),
  INSTAGRAM_APP_SECRET: optionalText.pipe(z.string().regex(APP_SECRET, "8 to 256 visible ASCII characters").optional()),
  /** Where the owner logs in to Instagram (its authorization window). */
  INSTAGRAM_AUTH_URL: z.url({ protocol: /^https?$/ }).default("https://www.instagram.com"),
  /** Where a login's code is exchanged for a short-lived token. */
  INSTAGRAM_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.instagram.com"),
  /** How often new reels are imported while a token is connected. */
  /** 0: no import by itself, only 지금 가져오기 and POST /api/reels/sync. */
  INSTAGRAM_SYNC_MINUTES: z.coerce.number().int().min(0).max(1440).default(30),
  CHATBOT_SCRIPT_URL: optionalText.pipe(z.url({ protocol: /^https$|^http$/ }).optional()),
  CHATBOT_BOT_ID: optionalText,
  KAKAO_JS_KEY: optionalText,
  UPLOAD_MAX_MB: z.coerce.number().positive().max(200).default(25),
  /** Cheap password hashes for the test suite; ignored unless NODE_ENV is test. */
  TEST_CHEAP_PASSWORD_HASH: z.enum(["0", "1"]).optional(),
  TRUST_PROXY: trustProxy,
  /** "1": start on a new or empty database although UPLOADS_DIR already holds files. */
  ALLOW_NEW_DATABASE: z.enum(["0", "1"]).default("0"),
  BACKUP_DIR: z.string().trim().min(1).default("./backups"),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).max(100_000).default(200),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(300_000),
  /** The log's threshold (docs/operations.md §8): `info` writes a line per request, `warn` only problems. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type AppConfig = ReturnType<typeof loadConfig>;

/** The settings `env` names, validated; throws "Invalid configuration" naming each bad one (exported for its unit test). */
export function loadConfig(env: NodeJS.ProcessEnv) {
  const parsed = envSchema.safeParse(env);
  const problems = [
    ...(parsed.error?.issues.map((issue) => `  - ${issue.path.join(".")}: ${issue.message}`) ?? []),
    ...(parsed.success ? instagramAppIssues(parsed.data) : []),
  ];
  if (!parsed.success || problems.length > 0) throw new Error(`Invalid configuration:\n${problems.join("\n")}`);
  const values = parsed.data;
  return {
    ...values,
    isProduction: values.NODE_ENV === "production",
    dataDir: path.resolve(values.DATA_DIR),
    uploadsDir: path.resolve(values.UPLOADS_DIR),
    uploadMaxBytes: Math.round(values.UPLOAD_MAX_MB * 1024 * 1024),
    backupDir: path.resolve(values.BACKUP_DIR),
    allowNewDatabase: values.ALLOW_NEW_DATABASE === "1",
    /** Behind https (PUBLIC_ORIGIN says so), cookies are Secure and HSTS is sent. */
    httpsOnly: values.PUBLIC_ORIGIN?.startsWith("https:") ?? false,
    seedDemo: values.SEED_DEMO !== "0",
    /** The Meta app Instagram's login answers to; null: no login, the owner pastes a token. */
    instagramApp:
      values.INSTAGRAM_APP_ID && values.INSTAGRAM_APP_SECRET ? { id: values.INSTAGRAM_APP_ID, secret: values.INSTAGRAM_APP_SECRET } : null,
  };
}

let cached: AppConfig | undefined;

/** Environment read and validated once; a bad value stops the process with a clear message. */
export function config(): AppConfig {
  cached ??= loadConfig(process.env);
  return cached;
}
