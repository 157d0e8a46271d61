// A route's real action (the /ai consent form) reaches the database: the component tests get a folder
// of their own for the run, never the working copy's ./data and ./uploads (which `npm start` serves).
// The test processes start after this and inherit the variables; the folder goes when the run ends.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export default function setup() {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "ot-component-"));
  process.env.DATA_DIR = path.join(scratch, "data");
  process.env.UPLOADS_DIR = path.join(scratch, "uploads");
  return () => fs.rmSync(scratch, { recursive: true, force: true });
}
