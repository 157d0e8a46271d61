import { test } from "node:test";
import crypto from "node:crypto";
import { startApp } from "../../support/app";
import { adminClient } from "../../integration/_helpers";
test("diag", async () => {
  const app = await startApp({ UPLOAD_MAX_MB: "1" });
  const admin = await adminClient(app);
  const form = new FormData();
  form.append("productsNm", "x");
  form.append("imageFile", new Blob([crypto.randomBytes(1.5*1024*1024)], {type:"image/png"}), "a.png");
  let t = Date.now();
  const r = await admin.fetch("/api/product-list/insert", { method: "POST", body: form });
  console.log("status", r.status, r.headers.get("connection"), await r.text(), Date.now()-t);
  t = Date.now();
  try { const h = await fetch(app.url("/healthz")); console.log("healthz", h.status, await h.text(), Date.now()-t); }
  catch (e) { console.log("healthz failed", Date.now()-t, (e as any).cause); }
  t = Date.now();
  try { const h = await fetch(app.url("/healthz")); console.log("healthz2", h.status, await h.text(), Date.now()-t); }
  catch (e) { console.log("healthz2 failed", Date.now()-t, (e as any).cause); }
  await app.close();
});
