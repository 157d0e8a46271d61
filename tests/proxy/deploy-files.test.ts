// Issue 22: the Caddyfile and the systemd units of deploy/, checked by the tools that will run them
// (`caddy validate`, `systemd-analyze verify`) and for what they must say. nginx's site.conf runs
// for real in nginx.test.ts.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, test, expect } from "vitest";

import { CAREER_MAX_IMAGES } from "~/features/career/schema";
import { expectPresent } from "../support/expect-present";
import { UPLOAD_MAX_MB } from "./harness";

const CADDYFILE = "deploy/Caddyfile";
const NGINX_SITE = "deploy/nginx/site.conf";
const SITE_UNIT = "deploy/systemd/ot-site.service";
const BACKUP_UNIT = "deploy/systemd/ot-site-backup.service";
const BACKUP_TIMER = "deploy/systemd/ot-site-backup.timer";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "ot-deploy-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function run(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { encoding: "utf8", env: { ...process.env, ...env } });
  expect(
    result.error,
    `${command} cannot run (${result.error?.message}): .ci/run installs it (apt-get install caddy nginx systemd)`,
  ).toBeFalsy();
  return result;
}

describe("Caddyfile", () => {
  // Caddy keeps its state under HOME/XDG folders: a scratch one, so the check leaves nothing behind.
  const caddyEnv = { SITE_DOMAIN: "example.kr", HOME: scratch, XDG_DATA_HOME: scratch, XDG_CONFIG_HOME: scratch };

  test("caddy validate accepts it", () => {
    const result = run("caddy", ["validate", "--config", CADDYFILE, "--adapter", "caddyfile"], caddyEnv);
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(result.stdout + result.stderr).toMatch(/Valid configuration/);
  });

  test("it proxies the site's name to the Node process, without compressing, and Caddy has no remarks", () => {
    const result = run("caddy", ["adapt", "--config", CADDYFILE, "--adapter", "caddyfile"], caddyEnv);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr, result.stderr).not.toMatch(/"level":"(?:warn|error)"/);
    const config = JSON.parse(result.stdout) as { apps: { http: { servers: Record<string, { routes: unknown[] }> } } };
    const [server] = Object.values(config.apps.http.servers);
    const routes = JSON.stringify(server!.routes);
    expect(routes, routes).toContain('"host":["example.kr"]');
    expect(routes.includes('"handler":"reverse_proxy"') && routes.includes('"dial":"127.0.0.1:3000"'), routes).toBeTruthy();
    // The site sends its pages precompressed: a second compression in Caddy would only cost CPU.
    expect(routes, routes).not.toContain('"handler":"encode"');
    // Issue 28: a socket that sends no headers is not held longer than the site itself holds one (10 s, in nanoseconds).
    const servers = config.apps.http.servers as Record<string, { read_header_timeout?: number; idle_timeout?: number }>;
    expect(Object.values(servers).map(({ read_header_timeout, idle_timeout }) => [read_header_timeout, idle_timeout])).toEqual([
      [10e9, 15e9],
    ]);
  });
});

describe("nginx site.conf", () => {
  test("client_max_body_size stays above the largest body the site accepts, so the site's own 413 answers", () => {
    const conf = fs.readFileSync(NGINX_SITE, "utf8");
    const sizes = [...conf.matchAll(/^\s*client_max_body_size\s+(\d+)m;/gm)].map((match) => Number(match[1]));
    expect(sizes.length, "one client_max_body_size, in megabytes, for the whole site").toBe(1);
    // The career page takes the most files of any upload form: each part up to UPLOAD_MAX_MB, room
    // for one picture over it (read and dropped), plus 1 MiB of fields.
    const largestBody = UPLOAD_MAX_MB * (CAREER_MAX_IMAGES + 1) + 1;
    expect(sizes[0]!, `client_max_body_size ${sizes[0]}m is below ${largestBody}m (UPLOAD_MAX_MB=${UPLOAD_MAX_MB})`).toBeGreaterThanOrEqual(
      largestBody,
    );
    expect(sizes[0]!, `client_max_body_size ${sizes[0]}m is far above ${largestBody}m: out of step`).toBeLessThanOrEqual(largestBody + 10);
    expect(conf, "bodies stream on to the site, which refuses them early").toMatch(/^\s*proxy_request_buffering off;/m);
  });

  test("one client cannot hold the site's connections (issue 28): a limit per address and the site's header timeout", () => {
    const conf = fs.readFileSync(NGINX_SITE, "utf8");
    expect(conf).toMatch(/^limit_conn_zone \$binary_remote_addr zone=ot_site_per_client:\d+m;/m);
    expect(conf).toMatch(/^\s*limit_conn ot_site_per_client \d+;/m);
    expect(conf, "as the site's HEADERS_TIMEOUT_MS").toMatch(/^\s*client_header_timeout 10s;/m);
  });
});

/** A unit file's keys per section; a key given twice keeps every value. */
function parseUnit(file: string) {
  const sections = new Map<string, Map<string, string[]>>();
  let current: Map<string, string[]> | undefined;
  for (const raw of fs.readFileSync(file, "utf8").split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    const section = /^\[(.+)\]$/.exec(line);
    if (section) {
      current = new Map();
      sections.set(section[1]!, current);
      continue;
    }
    const separator = line.indexOf("=");
    expectPresent(current, `${file}: "${line}" is not in a section`);
    expect(separator, `${file}: "${line}" is not a key=value line`).toBeGreaterThan(0);
    const key = line.slice(0, separator);
    current.set(key, [...(current.get(key) ?? []), line.slice(separator + 1)]);
  }
  return (section: string, key: string) => sections.get(section)?.get(key);
}

describe("systemd units", () => {
  test("systemd-analyze verify finds nothing to say about them", () => {
    const result = run("systemd-analyze", ["verify", SITE_UNIT, BACKUP_UNIT, BACKUP_TIMER]);
    // verify exits 0 even for unknown keys or unparsable values: it prints a line for each, so its output must be empty.
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr + result.stdout).toBe("");
  });

  test("the site runs as its own user, restarted on failure, on a read-only system but for its three folders", () => {
    for (const unit of [SITE_UNIT, BACKUP_UNIT]) {
      const value = parseUnit(unit);
      expect(value("Service", "User"), unit).toStrictEqual(["ot-site"]);
      expect(value("Service", "WorkingDirectory"), unit).toStrictEqual(["/srv/ot-site"]);
      expect(value("Service", "EnvironmentFile"), unit).toStrictEqual(["/etc/ot-site/ot-site.env"]);
      expect(value("Service", "ProtectSystem"), unit).toStrictEqual(["strict"]);
      expect(value("Service", "ReadWritePaths"), unit).toStrictEqual([
        "/var/lib/ot-site/data /var/lib/ot-site/uploads /var/lib/ot-site/backups",
      ]);
      for (const flag of ["NoNewPrivileges", "PrivateTmp", "ProtectHome"])
        expect(value("Service", flag), `${unit} ${flag}`).toStrictEqual(["yes"]);
      // V8 writes machine code at run time: this protection would stop node at start.
      expect(value("Service", "MemoryDenyWriteExecute"), unit).toBe(undefined);
    }
    const site = parseUnit(SITE_UNIT);
    expect(site("Service", "ExecStart")).toStrictEqual(["/usr/bin/npm start"]);
    expect(site("Service", "Restart")).toStrictEqual(["on-failure"]);
    expect(site("Install", "WantedBy")).toStrictEqual(["multi-user.target"]);
  });

  test("the timer runs npm run backup every day, and catches up after the machine was off", () => {
    const backup = parseUnit(BACKUP_UNIT);
    expect(backup("Service", "Type")).toStrictEqual(["oneshot"]);
    expect(backup("Service", "ExecStart")).toStrictEqual(["/usr/bin/npm run --silent backup"]);
    const timer = parseUnit(BACKUP_TIMER);
    expect(timer("Timer", "Unit")).toStrictEqual(["ot-site-backup.service"]);
    expect(timer("Timer", "Persistent")).toStrictEqual(["true"]);
    expect(timer("Install", "WantedBy")).toStrictEqual(["timers.target"]);
    const calendar = run("systemd-analyze", ["calendar", "--iterations=2", timer("Timer", "OnCalendar")![0]!]);
    expect(calendar.status, calendar.stderr).toBe(0);
    const [first, second] = [...calendar.stdout.matchAll(/(?:Next elapse|Iter\. #2): \w+ (\S+ \S+)/g)].map((match) => match[1]!);
    expect(first && second, calendar.stdout).toBeTruthy();
    expect(new Date(`${second}Z`).getTime() - new Date(`${first}Z`).getTime(), calendar.stdout).toBe(24 * 60 * 60 * 1000);
  });
});
