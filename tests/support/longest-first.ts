// The order test files start in: longest first, so the files still running at the end are short ones
// and no core waits on one long file. Vitest knows each file's duration from its last run (kept
// under node_modules/.vite); a fresh clone (CI) has none, and Vitest then starts the largest files
// first, which left the photo files (short files, long runs: camera photos) to start last. A file
// whose run is long for its size says so in its header: a line "// Runs about 40 s." That declared
// time is used where there is no measured one.
import fs from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const DECLARED = /^\/\/ Runs about (\d+) s\.$/m;

function declaredMs(file: string) {
  const head = fs.readFileSync(file, "utf8").slice(0, 2_000);
  const match = DECLARED.exec(head);
  return match ? Number(match[1]) * 1000 : 0;
}

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    // Vitest's order: project by project, then measured durations, or sizes on a first run.
    const base = await super.sort(files);
    const position = new Map(base.map((spec, index) => [spec, index]));
    const expectedMs = new Map(
      base.map((spec) => {
        const key = `${spec.project.name}:${path.relative(this.ctx.config.root, spec.moduleId)}`;
        return [spec, this.ctx.cache.getFileTestResults(key)?.duration ?? declaredMs(spec.moduleId)];
      }),
    );
    return [...base].sort(
      (a, b) => (a.project === b.project ? expectedMs.get(b)! - expectedMs.get(a)! : 0) || position.get(a)! - position.get(b)!,
    );
  }
}
