// The served API description: a valid OpenAPI 3.1 document that names every /api route the app has
// (a new route without a description fails here) and nothing the app does not answer.
import assert from "node:assert/strict";
import fs from "node:fs";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, test } from "vitest";

import { startApp, type TestApp } from "../support/app";
import { Client } from "../support/http";

let app: TestApp;
type Document = {
  openapi: string;
  paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
  components: { securitySchemes: Record<string, unknown> };
};

let document: Document;
let response: Response;

beforeAll(async () => {
  app = await startApp();
  response = await new Client(app.origin).fetch("/api/openapi.json");
  document = await response.clone().json();
});
afterAll(() => app.close());

/** `api.reels.insta-media.list.ts` → `/api/reels/insta-media/list`. */
function pathOfRouteFile(file: string) {
  return "/" + file.replace(/\.ts$/, "").split(".").join("/");
}

/** The route files of the API calls: not the catch-all not-found route, not the description itself. */
const API_ROUTE_FILES = fs
  .readdirSync("app/routes")
  .filter((file) => /^api\..+\.ts$/.test(file) && file !== "api.$.ts" && file !== "api.openapi[.]json.ts");

describe("GET /api/openapi.json", () => {
  test("answers JSON that anyone may cache", () => {
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type") ?? "", /^application\/json/);
    assert.equal(response.headers.get("cache-control"), "public, max-age=300");
  });

  test("is a valid OpenAPI 3.1 document", async () => {
    assert.equal(document.openapi, "3.1.0");
    const result = await new Validator().validate(structuredClone(document));
    assert.deepEqual(result.errors ?? [], []);
    assert.equal(result.valid, true);
  });

  test("describes every /api route of the app", () => {
    assert.ok(API_ROUTE_FILES.length >= 29, `only ${API_ROUTE_FILES.length} route files found`);
    const missing = API_ROUTE_FILES.map(pathOfRouteFile).filter((path) => !(path in document.paths));
    assert.deepEqual(missing, [], "API routes without a description");
  });

  test("describes no path the app does not have", () => {
    const routePaths = new Set(API_ROUTE_FILES.map(pathOfRouteFile));
    assert.deepEqual(
      Object.keys(document.paths).filter((path) => !routePaths.has(path)),
      [],
    );
  });

  test("the admin calls ask for the session cookie", () => {
    assert.deepEqual(document.components.securitySchemes.adminSession, {
      type: "apiKey",
      in: "cookie",
      name: "ot_sid",
      description: "The admin's session, set by POST /api/login (or the login page).",
    });
    assert.deepEqual(document.paths["/api/home/update"]!.post!.security, [{ adminSession: [] }]);
    assert.deepEqual(document.paths["/api/product-list"]!.get!.security, [{}, { adminSession: [] }]);
    assert.deepEqual(document.paths["/api/home/list"]!.get!.security, []);
  });

  test("the register calls describe the submissionId that makes a retry save once", () => {
    type Body = { content: Record<string, { schema: { properties: Record<string, { type?: string; format?: string }> } }> };
    for (const path of ["/api/product-list/insert", "/api/reels-category/insert", "/api/site-settings/ad-insert"]) {
      const body = (document.paths[path]!.post as { requestBody?: Body }).requestBody!;
      const field = body.content["multipart/form-data"]!.schema.properties.submissionId;
      assert.equal(field?.type, "string", path);
      assert.equal(field?.format, "uuid", path);
    }
  });
});
