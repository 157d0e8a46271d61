// Issue 22: an upload over UPLOAD_MAX_MB sent through nginx gets the site's own Korean 413 (JSON
// under /api, the form page again for the page form), not nginx's "413 Request Entity Too Large" or
// a 502: nginx's client_max_body_size is above every body the site reads and it streams the body on.
// A 30 MB picture is within what the site reads to its end (one picture over the limit, dropped), so
// the page form comes back with the name typed beside it (issue 20).
import { afterAll, beforeAll, test, expect } from "vitest";

import { startProxiedSite, type ProxiedSite } from "./harness";

const TOO_LARGE = "파일이 너무 큽니다. 25MB 이하의 이미지를 올려 주세요.";

let proxy: ProxiedSite;
let cookie: string;

beforeAll(async () => {
  proxy = await startProxiedSite();
  cookie = await proxy.adminCookie();
});
afterAll(() => proxy?.stop());

/** A multipart form with one 30 MB picture, larger than UPLOAD_MAX_MB (25) and the route's 1 MiB margin. */
function thirtyMegabyteUpload() {
  const boundary = "----ot-proxy-test";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="productsNm"\r\n\r\n큰 사진 교구\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="imageFile"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, Buffer.alloc(30 * 1024 * 1024, 0xff), tail]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

test("the API upload answers the site's JSON 413", async () => {
  const { body, contentType } = thirtyMegabyteUpload();
  const response = await proxy.request("/api/product-list/insert", {
    method: "POST",
    headers: { "Content-Type": contentType, Cookie: cookie },
    body,
  });
  expect(response.status, `${response.text().slice(0, 300)}\n${proxy.errorLog()}`).toBe(413);
  expect(response.json()).toStrictEqual({ errMsg: TOO_LARGE, errCode: "FILE_TOO_LARGE", requestId: response.headers["x-request-id"] });
  // nginx's $request_id (32 hex digits), kept by the site from its trusted proxy.
  expect(String(response.headers["x-request-id"])).toMatch(/^[0-9a-f]{32}$/);
});

test("the page form answers its own page with the site's Korean 413, what was typed kept", async () => {
  const { body, contentType } = thirtyMegabyteUpload();
  const response = await proxy.request("/product-upsert/0", {
    method: "POST",
    headers: { "Content-Type": contentType, Cookie: cookie },
    body,
  });
  const html = response.text();
  expect(response.status, `${html.slice(0, 300)}\n${proxy.errorLog()}`).toBe(413);
  expect(response.headers["content-type"] ?? "").toMatch(/^text\/html/);
  // The form page itself (the site's look), the refusal in it and the name she typed still in its field.
  expect(html).toMatch(/<h1 class="page-title">제품 등록<\/h1>/);
  expect(html, html).toContain(TOO_LARGE);
  expect(html).toMatch(/value="큰 사진 교구"/);
  expect(html, html).not.toContain("nginx");
});
