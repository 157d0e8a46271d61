import { test } from "node:test";
import crypto from "node:crypto";
import http from "node:http";
import { startApp } from "../../support/app";
import { adminClient } from "../../integration/_helpers";
function raw(agent: http.Agent, url: string, method: string, headers: Record<string,string>, body?: Buffer, timeout = 3000) {
  return new Promise<{status:number; headers: http.IncomingHttpHeaders; text: string}>((resolve, reject) => {
    const req = http.request(url, { method, headers, agent, timeout }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString() }));
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    req.end(body);
  });
}
test("diag", async () => {
  let t = Date.now();
  const app = await startApp({ UPLOAD_MAX_MB: "1" });
  console.log("start", Date.now()-t); t = Date.now();
  const admin = await adminClient(app);
  console.log("login", Date.now()-t);
  for (const size of [1.5, 3, 8]) {
    const form = new FormData();
    form.append("productsNm", "x");
    form.append("imageFile", new Blob([crypto.randomBytes(size*1024*1024)], {type:"image/png"}), "a.png");
    const r = new Response(form);
    const body = Buffer.from(await r.arrayBuffer());
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    t = Date.now();
    try {
      const res = await raw(agent, app.url("/api/product-list/insert"), "POST", { "Content-Type": r.headers.get("content-type")!, "Content-Length": String(body.length), Cookie: admin.cookieHeader(), Origin: app.origin }, body);
      console.log(size, "status", res.status, res.headers.connection, res.text, Date.now()-t);
    } catch (e) { console.log(size, "post failed", Date.now()-t, String(e)); }
    t = Date.now();
    try { const h = await raw(agent, app.url("/healthz"), "GET", {}); console.log(size, "healthz same agent", h.status, Date.now()-t); }
    catch (e) { console.log(size, "healthz same agent failed", Date.now()-t, String(e)); }
    agent.destroy();
    const h2 = await fetch(app.url("/healthz")); console.log(size, "fresh healthz", h2.status);
  }
  await app.close();
});
