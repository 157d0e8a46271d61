import path from "node:path";
import { z } from "zod";

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: optionalText,
  DATA_DIR: z.string().trim().min(1).default("./data"),
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
  CHATBOT_SCRIPT_URL: optionalText.pipe(z.url({ protocol: /^https$|^http$/ }).optional()),
  CHATBOT_BOT_ID: optionalText,
  KAKAO_JS_KEY: optionalText,
  UPLOAD_MAX_MB: z.coerce.number().positive().max(200).default(10),
  /** Cheap password hashes for the test suite; ignored unless NODE_ENV is test. */
  TEST_CHEAP_PASSWORD_HASH: z.enum(["0", "1"]).optional(),
});

export type AppConfig = ReturnType<typeof loadConfig>;

function loadConfig(env: NodeJS.ProcessEnv) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  - ${issue.path.join(".")}: ${issue.message}`)
      .join("\n");
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const values = parsed.data;
  return {
    ...values,
    isProduction: values.NODE_ENV === "production",
    dataDir: path.resolve(values.DATA_DIR),
    uploadsDir: path.resolve(values.UPLOADS_DIR),
    uploadMaxBytes: Math.round(values.UPLOAD_MAX_MB * 1024 * 1024),
    seedDemo: values.SEED_DEMO !== "0",
    migrationsDir: path.resolve(process.cwd(), "drizzle"),
  };
}

let cached: AppConfig | undefined;

/** Environment read and validated once; a bad value stops the process with a clear message. */
export function config(): AppConfig {
  cached ??= loadConfig(process.env);
  return cached;
}
