// The built site behind real nginx running deploy/nginx/site.conf, for the proxy tests (not a test
// file itself). The configuration is the shipped one with only the machine-specific parts replaced
// (ports, certificate, cache and log folders); every replacement must find its text, so a change
// to the shipped file that the test no longer covers fails here.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { expect } from "vitest";

import { ADMIN_ID, ADMIN_PASSWORD } from "../support/admin";
import { expectPresent } from "../support/expect-present";
import { startServerProcess, type ServerProcess } from "../support/server-process";

export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
/** The shipped configuration is written for this UPLOAD_MAX_MB (its client_max_body_size follows from it). */
export const UPLOAD_MAX_MB = 25;
const SITE_CONF = path.resolve("deploy/nginx/site.conf");
const START_TIMEOUT_MS = 15_000;

export type ProxyResponse = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: () => string;
  json: () => unknown;
  setCookies: () => string[];
  cacheStatus: () => string | undefined;
};

export type RequestOptions = {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** The client's own address: nginx sees it, and through X-Forwarded-For so does the site. */
  localAddress?: string;
};

export type ProxiedSite = {
  site: ServerProcess;
  /** An HTTPS request through nginx (the self-signed certificate is accepted). */
  request: (pathname: string, options?: RequestOptions) => Promise<ProxyResponse>;
  /** A plain-HTTP request to nginx's port 80 stand-in. */
  plainRequest: (pathname: string) => Promise<ProxyResponse>;
  /** The signed session cookie (`ot_sid=…`) of an API login through nginx. */
  adminCookie: () => Promise<string>;
  errorLog: () => string;
  stop: () => Promise<void>;
};

/** Served from the cache: a response that must never be one of these when it sets a cookie. */
const FROM_CACHE = new Set(["HIT", "STALE", "UPDATING", "REVALIDATED"]);

export async function startProxiedSite(): Promise<ProxiedSite> {
  expect(
    fs.existsSync(NGINX),
    `nginx is not installed at ${NGINX}: the proxy tests need Debian's nginx (apt-get install nginx; .ci/run installs it).`,
  ).toBeTruthy();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ot-proxy-"));
  let site: ServerProcess | undefined;
  try {
    site = await startServerProcess({
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      DATA_DIR: path.join(dir, "data"),
      UPLOADS_DIR: path.join(dir, "uploads"),
      ADMIN_ID,
      ADMIN_PASSWORD,
      SEED_DEMO: "1",
      UPLOAD_MAX_MB: String(UPLOAD_MAX_MB),
      // No PUBLIC_ORIGIN: whether the site is https is up to nginx's X-Forwarded-Proto.
    });
    const sitePort = Number(new URL(site.origin).port);
    const [httpPort, httpsPort] = await Promise.all([freePort(), freePort()]);
    const nginx = await startNginx(dir, { sitePort, httpPort, httpsPort });
    const running = site;

    const request = (pathname: string, options: RequestOptions = {}) => send(https, httpsPort, pathname, options);
    return {
      site: running,
      request,
      plainRequest: (pathname) => send(http, httpPort, pathname, {}),
      async adminCookie() {
        const response = await request("/api/login", jsonBody({ id: ADMIN_ID, pw: ADMIN_PASSWORD }));
        expect(response.status, response.text()).toBe(200);
        const line = response.setCookies().find((cookie) => cookie.startsWith("ot_sid="));
        expectPresent(line, response.setCookies().join(" | "));
        return line.split(";")[0]!;
      },
      errorLog: () => fs.readFileSync(path.join(dir, "error.log"), "utf8"),
      async stop() {
        await Promise.all([nginx.stop(), running.stop()]);
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    site?.kill();
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

export function jsonBody(value: unknown): RequestOptions {
  return { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(value) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Replaces `from` in `text`, insisting that it is there. */
function replaceAll(text: string, from: string, to: string) {
  expect(text, `deploy/nginx/site.conf no longer contains "${from}": update tests/proxy/harness.ts`).toContain(from);
  return text.replaceAll(from, to);
}

/** The shipped site.conf with this machine's ports, certificate and folders. */
function siteConfForTest(dir: string, { sitePort, httpPort, httpsPort }: { sitePort: number; httpPort: number; httpsPort: number }) {
  let conf = fs.readFileSync(SITE_CONF, "utf8");
  conf = replaceAll(conf, "server 127.0.0.1:3000;", `server 127.0.0.1:${sitePort};`);
  conf = replaceAll(conf, "    listen [::]:80;\n", "");
  conf = replaceAll(conf, "    listen [::]:443 ssl http2;\n", "");
  conf = replaceAll(conf, "listen 80;", `listen 127.0.0.1:${httpPort};`);
  conf = replaceAll(conf, "listen 443 ssl http2;", `listen 127.0.0.1:${httpsPort} ssl http2;`);
  conf = replaceAll(conf, "/etc/letsencrypt/live/example.kr/fullchain.pem", path.join(dir, "cert.pem"));
  conf = replaceAll(conf, "/etc/letsencrypt/live/example.kr/privkey.pem", path.join(dir, "key.pem"));
  conf = replaceAll(conf, "/var/cache/nginx/ot-site", path.join(dir, "cache"));
  conf = replaceAll(conf, "/var/log/nginx/ot-site.access.log", path.join(dir, "access.log"));
  conf = replaceAll(conf, "/var/log/nginx/ot-site.error.log", path.join(dir, "error.log"));
  return conf;
}

async function startNginx(dir: string, ports: { sitePort: number; httpPort: number; httpsPort: number }) {
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
    "-subj", "/CN=localhost", "-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem"),
  ], { stdio: "pipe" }); // prettier-ignore
  fs.writeFileSync(path.join(dir, "site.conf"), siteConfForTest(dir, ports));
  const temp = (name: string) => path.join(dir, "temp", name);
  fs.mkdirSync(path.join(dir, "temp"));
  // Under root (CI) the workers would switch to `nobody`, which cannot enter this private folder.
  const user = process.getuid?.() === 0 ? "user root;\n" : "";
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `${user}worker_processes 1;
events { worker_connections 256; }
http {
    access_log ${path.join(dir, "access.log")};
    client_body_temp_path ${temp("body")};
    proxy_temp_path ${temp("proxy")};
    fastcgi_temp_path ${temp("fastcgi")};
    uwsgi_temp_path ${temp("uwsgi")};
    scgi_temp_path ${temp("scgi")};
    include ${path.join(dir, "site.conf")};
}
`,
  );
  const args = ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "error.log")];
  const directives = `daemon off; pid ${path.join(dir, "nginx.pid")};`;
  const child = spawn(NGINX, [...args, "-g", directives], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once("exit", (code) => {
      exitCode = code;
      resolve();
    }),
  );
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await accepts(ports.httpsPort))) {
    const log = () => `${output}${fs.existsSync(path.join(dir, "error.log")) ? fs.readFileSync(path.join(dir, "error.log"), "utf8") : ""}`;
    if (exitCode !== undefined) throw new Error(`nginx exited with ${exitCode}:\n${log()}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`nginx did not listen within ${START_TIMEOUT_MS} ms:\n${log()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    async stop() {
      if (exitCode !== undefined) return;
      // SIGQUIT: graceful shutdown, workers finish their requests.
      child.kill("SIGQUIT");
      await exited;
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

function send(client: typeof http | typeof https, port: number, pathname: string, options: RequestOptions): Promise<ProxyResponse> {
  const { method = "GET", body, localAddress } = options;
  // Browsers ask for compression; the site answers with its stored brotli/gzip bodies.
  const headers: Record<string, string> = { "Accept-Encoding": "gzip", ...options.headers };
  if (body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const req = client.request(
      { host: "127.0.0.1", port, path: pathname, method, headers, localAddress, agent: false, rejectUnauthorized: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          const decoded = res.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(raw) : raw;
          const response = toResponse(res, decoded);
          try {
            assertNotCachedWithCookie(pathname, response);
          } catch (error) {
            reject(error);
            return;
          }
          resolve(response);
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

function toResponse(res: http.IncomingMessage, body: Buffer): ProxyResponse {
  return {
    status: res.statusCode ?? 0,
    headers: res.headers,
    body,
    text: () => body.toString("utf8"),
    json: () => JSON.parse(body.toString("utf8")),
    setCookies: () => res.headers["set-cookie"] ?? [],
    cacheStatus: () => res.headers["x-cache-status"] as string | undefined,
  };
}

/** Checked on every response of every proxy test: a cookie-setting answer never came from nginx's cache. */
function assertNotCachedWithCookie(pathname: string, response: ProxyResponse) {
  if (response.setCookies().length === 0) return;
  const status = response.cacheStatus() ?? "";
  expect(FROM_CACHE.has(status), `${pathname} set a cookie yet came from nginx's cache (X-Cache-Status: ${status})`).toBeFalsy();
}
