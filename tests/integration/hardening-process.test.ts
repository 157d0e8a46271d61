// Issue 8, against the real process (`node build/server.js`): a start never deletes uploads, the
// connection cap holds, and four 60 MB anonymous bodies leave the memory flat. (Files, the admin and
// refused settings: hardening-start.test.ts, so the two run side by side.)
// Runs about 18 s.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterAll, describe, test, expect } from "vitest";

import { makeImage } from "./_uploads";
import { cleanUpProcesses, refusedStart, seededSite, startServer, tempSite } from "./hardening-support";

afterAll(cleanUpProcesses);

/** An uploads folder full of the owner's pictures (generated names, like the pipeline's). */
async function fillUploads(uploadsDir: string, count: number) {
  fs.mkdirSync(uploadsDir, { recursive: true });
  const jpeg = await makeImage("jpeg");
  const names = Array.from({ length: count }, () => `${crypto.randomUUID()}.jpg`);
  for (const name of names) fs.writeFileSync(path.join(uploadsDir, name), jpeg);
  return names.sort();
}

function topLevelFiles(dir: string) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort();
}

describe("a start never deletes the owner's pictures", () => {
  test("an empty DATA_DIR beside a full uploads folder refuses to start, names both paths, touches nothing", async () => {
    const site = tempSite();
    const pictures = await fillUploads(site.uploadsDir, 65);
    const { output } = await refusedStart(site);
    expect(output, output).toContain(path.join(site.dataDir, "app.db"));
    expect(output, output).toContain(site.uploadsDir);
    expect(output, output).toContain("ALLOW_NEW_DATABASE=1");
    expect(topLevelFiles(site.uploadsDir)).toStrictEqual(pictures);
    console.log(`[figure] empty DATA_DIR + 65 uploads: start refused; ${topLevelFiles(site.uploadsDir).length} of 65 files present`);
  });

  test("a zero-byte app.db (a bad restore) is refused the same way", async () => {
    const site = tempSite();
    const pictures = await fillUploads(site.uploadsDir, 5);
    fs.mkdirSync(site.dataDir, { recursive: true });
    fs.writeFileSync(path.join(site.dataDir, "app.db"), "");
    const { output } = await refusedStart(site);
    expect(output, output).toContain("An empty database");
    expect(topLevelFiles(site.uploadsDir)).toStrictEqual(pictures);
  });

  test("with ALLOW_NEW_DATABASE=1 it starts, and neither that start nor later ones move the files", async () => {
    const site = tempSite();
    const pictures = await fillUploads(site.uploadsDir, 65);
    const starts: Record<string, string>[] = [{ ALLOW_NEW_DATABASE: "1" }, {}, {}];
    for (const env of starts) {
      const server = await startServer(site, env);
      expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
      await server.stop();
      expect(topLevelFiles(site.uploadsDir), server.output()).toStrictEqual(pictures);
    }
    console.log(
      `[figure] new database with ALLOW_NEW_DATABASE=1 + 65 uploads, three starts: ${topLevelFiles(site.uploadsDir).length} of 65 files present`,
    );
  });

  test("on its own folder, a later start moves an orphan to a dated quarantine (not served), keeps the rest", async () => {
    // The folders a start that seeded the demo left (the run's seeded base).
    const site = seededSite();
    const seeded = topLevelFiles(site.uploadsDir);
    expect(seeded.length, "the demo seed wrote uploads").toBeGreaterThan(0);
    const [orphan] = await fillUploads(site.uploadsDir, 1);
    const server = await startServer(site, { SEED_DEMO: "1" });
    try {
      expect(topLevelFiles(site.uploadsDir), "the orphan left /uploads; every referenced file stayed").toStrictEqual(seeded);
      const day = new Date().toISOString().slice(0, 10);
      expect(fs.existsSync(path.join(site.uploadsDir, ".site", "quarantine", day, orphan!)), "the orphan is in quarantine").toBeTruthy();
      expect(server.output(), `the log names what it moved:\n${server.output()}`).toContain(orphan!);
      expect((await fetch(`${server.origin}/uploads/${orphan}`)).status).toBe(404);
      expect((await fetch(`${server.origin}/uploads/.site/quarantine/${day}/${orphan}`)).status).not.toBe(200);
      expect((await fetch(`${server.origin}/uploads/${seeded[0]}`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

function rssKiB(pid: number) {
  const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(match![1]);
}

/** Streams `total` bytes to `path` without a length; resolves with the status, or the error code when the server hangs up. */
function anonymousBody(origin: string, pathname: string, total: number) {
  return new Promise<string>((resolve) => {
    let sent = 0;
    const request = http.request(`${origin}${pathname}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin },
      agent: false,
    });
    request.on("response", (response) => (response.resume(), resolve(String(response.statusCode))));
    request.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    const chunk = Buffer.alloc(256 * 1024, "a");
    const pump = () => {
      while (sent < total && !request.destroyed) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      request.end();
    };
    pump();
  });
}

/** One request on a fresh socket: the status line, or "closed" when the server hangs up without answering. */
function rawHealthCheck(port: number) {
  return new Promise<string>((resolve) => {
    let answer = "";
    const socket = net.connect(port, "127.0.0.1", () =>
      socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"),
    );
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("error", () => {});
    socket.on("close", () => resolve(answer.split("\r\n")[0] || "closed"));
  });
}

describe("connection caps", () => {
  test("past MAX_CONNECTIONS, the oldest idle connection gives its place: the newcomer is answered", async () => {
    const server = await startServer(seededSite(), { MAX_CONNECTIONS: "3" });
    const port = Number(new URL(server.origin).port);
    const idle: net.Socket[] = [];
    try {
      for (let i = 0; i < 3; i++) {
        const socket = net.connect(port, "127.0.0.1");
        socket.on("error", () => {});
        await new Promise((resolve) => socket.once("connect", resolve));
        idle.push(socket);
      }
      const oldestClosed = new Promise((resolve) => idle[0]!.once("close", resolve));
      expect(await rawHealthCheck(port)).toBe("HTTP/1.1 200 OK");
      await oldestClosed;
      expect(idle[1]!.destroyed || idle[2]!.destroyed, "only the oldest was closed").toBe(false);
    } finally {
      for (const socket of idle) socket.destroy();
      await server.stop();
    }
  });
});

describe("memory under oversized anonymous bodies", () => {
  test("four parallel 60 MB bodies to the login doors leave RSS flat", async () => {
    const site = seededSite();
    const server = await startServer(site);
    try {
      await fetch(`${server.origin}/`);
      const before = rssKiB(server.pid);
      const outcomes = await Promise.all(
        ["/api/login", "/admin-login", "/ai", "/api/cookie/check"].map((pathname) =>
          anonymousBody(server.origin, pathname, 60 * 1024 * 1024),
        ),
      );
      expect(
        outcomes.every((outcome) => /^413$|ECONNRESET|EPIPE/.test(outcome)),
        outcomes.join(","),
      ).toBeTruthy();
      const after = rssKiB(server.pid);
      console.log(
        `[figure] RSS before ${Math.round(before / 1024)} MiB, after four parallel 60 MB bodies ${Math.round(after / 1024)} MiB (${outcomes.join(",")})`,
      );
      expect(after - before, `RSS grew from ${before} KiB to ${after} KiB`).toBeLessThan(48 * 1024);
      expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
