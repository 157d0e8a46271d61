import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { config } from "./config.server";

let sessionSecret: string | undefined;

/** SESSION_SECRET, or one generated once and kept in DATA_DIR so restarts keep sessions valid. */
export function getSessionSecret(): string {
  if (sessionSecret) return sessionSecret;
  const { SESSION_SECRET, dataDir } = config();
  if (SESSION_SECRET) {
    sessionSecret = SESSION_SECRET;
    return sessionSecret;
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, "session-secret");
  try {
    sessionSecret = fs.readFileSync(file, "utf8").trim();
  } catch {
    const generated = crypto.randomBytes(32).toString("base64url");
    try {
      fs.writeFileSync(file, generated, { flag: "wx", mode: 0o600 });
      sessionSecret = generated;
    } catch {
      // Another process wrote it first: use theirs.
      sessionSecret = fs.readFileSync(file, "utf8").trim();
    }
  }
  if (!sessionSecret) throw new Error(`Empty session secret in ${file}`);
  return sessionSecret;
}
