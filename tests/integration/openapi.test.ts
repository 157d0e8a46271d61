// The served API description: a valid OpenAPI 3.1 document that names every /api route the app has
// (a new route without a description fails here) and nothing the app does not answer.
import fs from "node:fs";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, test, expect } from "vitest";

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
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type") ?? "").toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
  });

  test("is a valid OpenAPI 3.1 document", async () => {
    expect(document.openapi).toBe("3.1.0");
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toStrictEqual([]);
    expect(result.valid).toBe(true);
  });

  test("describes every /api route of the app", () => {
    expect(API_ROUTE_FILES.length, `only ${API_ROUTE_FILES.length} route files found`).toBeGreaterThanOrEqual(29);
    const missing = API_ROUTE_FILES.map(pathOfRouteFile).filter((path) => !(path in document.paths));
    expect(missing, "API routes without a description").toStrictEqual([]);
  });

  test("describes no path the app does not have", () => {
    const routePaths = new Set(API_ROUTE_FILES.map(pathOfRouteFile));
    expect(Object.keys(document.paths).filter((path) => !routePaths.has(path))).toStrictEqual([]);
  });

  test("the admin calls ask for the session cookie", () => {
    expect(document.components.securitySchemes.adminSession).toStrictEqual({
      type: "apiKey",
      in: "cookie",
      name: "ot_sid",
      description: "The admin's session, set by POST /api/login (or the login page).",
    });
    expect(document.paths["/api/home/update"]!.post!.security).toStrictEqual([{ adminSession: [] }]);
    expect(document.paths["/api/product-list"]!.get!.security).toStrictEqual([{}, { adminSession: [] }]);
    expect(document.paths["/api/home/list"]!.get!.security).toStrictEqual([]);
  });

  test("the register calls describe the submissionId that makes a retry save once", () => {
    type Body = { content: Record<string, { schema: { properties: Record<string, { type?: string; format?: string }> } }> };
    for (const path of ["/api/product-list/insert", "/api/reels-category/insert", "/api/site-settings/ad-insert"]) {
      const body = (document.paths[path]!.post as { requestBody?: Body }).requestBody!;
      const field = body.content["multipart/form-data"]!.schema.properties.submissionId;
      expect(field?.type, path).toBe("string");
      expect(field?.format, path).toBe("uuid");
    }
  });
});
