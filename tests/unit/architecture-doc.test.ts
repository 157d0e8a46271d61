// docs/architecture.md is the map a newcomer opens first: its folder list (§2.1) names exactly the
// feature folders app/features has, and its copy table (§2.7) exactly the files of app/copy, so a new
// area or copy file (or a removed one) fails here until the map says so.
import fs from "node:fs";
import { expect, test } from "vitest";

const doc = fs.readFileSync("docs/architecture.md", "utf8");

/** The text of a section, from its heading to the next heading of its level or above. */
function section(heading: string) {
  const start = doc.indexOf(`\n${heading}\n`);
  expect(start, `docs/architecture.md has a "${heading}" section`).toBeGreaterThan(-1);
  const rest = doc.slice(start + heading.length + 2);
  const end = rest.search(/\n#{2,3} /);
  return end === -1 ? rest : rest.slice(0, end);
}

test("§2.1 lists every feature folder, and nothing else, as the areas of app/features", () => {
  const listing = /one folder per area:([\s\S]*?)\n\s*\*\.server\.ts/.exec(section("### 2.1 Folders"))?.[1] ?? "";
  const named = listing
    .split(/[\s,]+/)
    .filter(Boolean)
    .sort();
  const folders = fs
    .readdirSync("app/features", { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  expect(named).toEqual(folders);
});

test("§2.7 names every copy file, and nothing else, with what it holds", () => {
  const named = [...section("### 2.7 The copy").matchAll(/^\| `(ko[\w.-]*\.ts)`/gm)].map((match) => match[1]).sort();
  expect(named).toEqual(fs.readdirSync("app/copy").sort());
});
