// Requests generated from the API description (fast-check, fixed seed), valid and invalid, as a
// visitor and as the admin, against the real app on its own data folder: the server never answers
// 5xx, and every answer has a status the description lists for that call and a body its schema for
// that status accepts (Ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses).
// Runs about 17 s.
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import fc from "fast-check";
import sharp from "sharp";
import { afterAll, beforeAll, test, expect } from "vitest";

import { ADMIN_ID, ADMIN_PASSWORD, startApp, type TestApp } from "../support/app";
import { Client } from "../support/http";
import { adminClient, EVIL_ORIGIN } from "./_helpers";
import { oddText, SchemaArbitraries, wrongValue, type JsonSchema, type Upload } from "./_openapi-arbitraries";

const SEED = 20_261_125;
/** Requests per call and kind: this many valid ones and as many invalid ones. */
const RUNS_PER_KIND = 15;
/** A refused login costs a full password hash (seconds at the production cost), so fewer of those. */
const RUNS_PER_KIND_FOR: Record<string, number> = { "/api/login": 5 };

function runsFor(operation: Operation) {
  return RUNS_PER_KIND_FOR[operation.path] ?? RUNS_PER_KIND;
}

type MediaSchema = { schema: JsonSchema };
type Operation = {
  method: "get" | "post";
  path: string;
  parameters?: { name: string; in: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, MediaSchema> };
  responses: Record<string, { content: Record<string, MediaSchema> }>;
  security?: Record<string, string[]>[];
};
type Document = {
  paths: Record<string, Record<string, Omit<Operation, "method" | "path">>>;
  components: { schemas: Record<string, JsonSchema> };
};

type Payload =
  { kind: "none" } | { kind: "json"; text: string; contentType: string } | { kind: "multipart"; fields: [string, string | Upload][] };
type Generated = { as: "visitor" | "admin"; query: Record<string, string>; payload: Payload; origin?: string; note: string };

let app: TestApp;
let document: Document;
let validatorFor: ReturnType<typeof responseValidators>;
const clients: Record<Generated["as"] | "session to end", Client> = {} as never;

beforeAll(async () => {
  app = await startApp();
  clients.visitor = new Client(app.origin);
  clients.admin = await adminClient(app);
  // Login and logout are sent "as the admin" from a session of their own, so the admin client keeps its session.
  clients["session to end"] = await adminClient(app);
  document = (await (await clients.visitor.fetch("/api/openapi.json")).json()) as Document;
  validatorFor = responseValidators(document);
});
afterAll(() => app.close());

async function png(width: number, height: number, color: string) {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: color } })
      .png()
      .toBuffer(),
  );
}

async function uploadArbitraries() {
  const red = await png(8, 8, "#e53935");
  const wide = await png(24, 6, "#1e88e5");
  const valid = fc.constantFrom<Upload>(
    { bytes: red, name: "red.png", type: "image/png" },
    { bytes: wide, name: "wide.png", type: "image/png" },
  );
  const invalid = fc.constantFrom<Upload>(
    { bytes: new TextEncoder().encode("not a picture"), name: "note.png", type: "image/png" },
    { bytes: red.slice(0, 40), name: "cut.png", type: "image/png" },
    { bytes: Uint8Array.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0, 0x3b]), name: "tiny.gif", type: "image/gif" },
    { bytes: new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"), name: "x.svg", type: "image/svg+xml" },
  );
  return { valid, invalid };
}

function operations(doc: Document): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ ...operation, method: method as Operation["method"], path })),
  );
}

/** The call's input as one object schema: its query parameters, or its body. */
function inputSchema(operation: Operation): { where: "query" | "json" | "multipart" | "none"; schema: JsonSchema } {
  if (operation.parameters?.length) {
    const properties = Object.fromEntries(operation.parameters.map((parameter) => [parameter.name, parameter.schema]));
    const required = operation.parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name);
    return { where: "query", schema: { type: "object", properties, required } };
  }
  const content = operation.requestBody?.content ?? {};
  if (content["application/json"]) return { where: "json", schema: content["application/json"].schema };
  if (content["multipart/form-data"]) return { where: "multipart", schema: content["multipart/form-data"].schema };
  return { where: "none", schema: { type: "object", properties: {} } };
}

function isUpload(value: unknown): value is Upload {
  return typeof value === "object" && value !== null && "bytes" in value;
}

function formValue(value: unknown): string | Upload {
  if (isUpload(value)) return value;
  return typeof value === "string" ? value : JSON.stringify(value);
}

function toPayload(where: ReturnType<typeof inputSchema>["where"], input: Record<string, unknown>): Payload {
  if (where === "json") return { kind: "json", text: JSON.stringify(input), contentType: "application/json" };
  if (where === "multipart") {
    const fields = Object.entries(input).flatMap(([name, value]) =>
      (Array.isArray(value) && value.every(isUpload) ? value : [value]).map((item): [string, string | Upload] => [name, formValue(item)]),
    );
    return { kind: "multipart", fields };
  }
  return { kind: "none" };
}

function toQuery(where: ReturnType<typeof inputSchema>["where"], input: Record<string, unknown>) {
  if (where !== "query") return {};
  return Object.fromEntries(
    Object.entries(input).map(([name, value]) => [name, typeof value === "string" ? value : JSON.stringify(value)]),
  );
}

const INVALID_KINDS = [
  "missing field",
  "wrong type",
  "odd text",
  "long text",
  "huge text",
  "extra field",
  "not an object",
  "wrong content type",
  "bad file",
  "foreign origin",
] as const;

function requestsFor(operation: Operation, uploads: Awaited<ReturnType<typeof uploadArbitraries>>) {
  const { where, schema } = inputSchema(operation);
  const validInputs = new SchemaArbitraries(document.components.schemas, uploads.valid).object(schema);
  const anyFile = new SchemaArbitraries(document.components.schemas, fc.oneof(uploads.valid, uploads.invalid)).object(schema);
  const isAdminCall =
    operation.security?.some((requirement) => "adminSession" in requirement) && !operation.security.some((r) => !Object.keys(r).length);
  const as = isAdminCall
    ? fc.constantFrom<Generated["as"]>("admin", "admin", "admin", "visitor")
    : fc.constantFrom<Generated["as"]>("visitor", "admin");
  const keys = Object.keys(schema.properties ?? {});

  const valid = fc
    .record({ as, input: validInputs })
    .map(({ as, input }): Generated => ({ as, query: toQuery(where, input), payload: toPayload(where, input), note: "valid" }));

  const invalid = fc
    .record({ as, input: anyFile, kind: fc.constantFrom(...INVALID_KINDS), pick: fc.nat(), wrong: wrongValue, odd: oddText })
    .map(({ as, input, kind, pick, wrong, odd }): Generated => {
      const field = keys.length ? keys[pick % keys.length]! : "field";
      const changed: Record<string, unknown> = { ...input };
      const required = schema.required ?? [];
      let payload: Payload | undefined;
      let origin: string | undefined;
      switch (kind) {
        case "missing field":
          if (required.length) delete changed[required[pick % required.length]!];
          else changed[field] = wrong;
          break;
        case "wrong type":
          changed[field] = wrong;
          break;
        case "odd text":
          changed[field] = odd;
          break;
        case "long text":
          changed[field] = "가".repeat(where === "query" ? 300 : 5_000);
          break;
        case "huge text":
          // Over the 64 KiB body limit (UTF-8: 3 bytes a character); a query (9 bytes a character once
          // percent-encoded) stays under Node's 16 KiB header limit, which Node itself answers with 431.
          changed[field] = "가".repeat(where === "query" ? 1_200 : 30_000);
          break;
        case "extra field":
          Object.assign(changed, JSON.parse('{"__proto__": {"isAdmin": true}, "constructor": "x", "unknownField": "값"}'));
          break;
        case "not an object":
          if (where === "json")
            payload = { kind: "json", text: ["[]", "null", '"text"', "123", "{", "", '{"a":'][pick % 7]!, contentType: "application/json" };
          else changed[field] = wrong;
          break;
        case "wrong content type":
          if (where === "json") payload = { kind: "json", text: JSON.stringify(input), contentType: "text/plain" };
          else if (where === "multipart") payload = { kind: "json", text: "{}", contentType: "application/json" };
          else changed[field] = odd;
          break;
        case "bad file":
          changed[field] = wrong;
          break;
        case "foreign origin":
          if (operation.method === "post") origin = EVIL_ORIGIN;
          else changed[field] = wrong;
          break;
      }
      return { as, query: toQuery(where, changed), payload: payload ?? toPayload(where, changed), origin, note: kind };
    });

  const numRuns = runsFor(operation);
  return [...fc.sample(valid, { seed: SEED, numRuns }), ...fc.sample(invalid, { seed: SEED + 1, numRuns })];
}

async function send(operation: Operation, request: Generated) {
  const auth = operation.path === "/api/login" || operation.path === "/api/logout";
  const client = request.as === "admin" && auth ? clients["session to end"] : clients[request.as];
  const query = new URLSearchParams(request.query).toString();
  const headers = new Headers();
  if (request.origin) headers.set("Origin", request.origin);
  let body: BodyInit | undefined;
  if (request.payload.kind === "json") {
    headers.set("Content-Type", request.payload.contentType);
    body = request.payload.text;
  } else if (request.payload.kind === "multipart") {
    const form = new FormData();
    for (const [name, value] of request.payload.fields) {
      form.append(name, typeof value === "string" ? value : new File([value.bytes], value.name, { type: value.type }));
    }
    body = form;
  }
  return client.fetch(operation.path + (query ? `?${query}` : ""), { method: operation.method.toUpperCase(), headers, body });
}

function responseValidators(doc: Document) {
  // Ajv resolves the description's `#/components/schemas/X` through a schema of its own holding them.
  const relocated = JSON.parse(JSON.stringify(doc).replaceAll('"#/components/schemas/', '"components#/$defs/')) as Document;
  const ajv = new Ajv2020({ allErrors: true });
  ajv.addFormat("binary", true);
  ajv.addSchema({ $id: "components", $defs: relocated.components.schemas });
  const cache = new Map<string, ValidateFunction>();
  return (operation: Operation, status: string) => {
    const key = `${operation.method} ${operation.path} ${status}`;
    if (!cache.has(key)) {
      const schema = relocated.paths[operation.path]![operation.method]!.responses[status]!.content["application/json"]!.schema;
      cache.set(key, ajv.compile(schema));
    }
    return cache.get(key)!;
  };
}

/** What is wrong with an answer to a call, by its description; null when nothing is. */
async function mismatchOf(operation: Operation, response: Response): Promise<string | null> {
  const text = await response.text();
  if (response.status >= 500) return `server error ${text.slice(0, 200)}`;
  if (!operation.responses[String(response.status)]) return `status not in the description ${text.slice(0, 200)}`;
  const type = response.headers.get("content-type") ?? "";
  if (!/^application\/json/.test(type)) return `not JSON (${type})`;
  const validate = validatorFor(operation, String(response.status));
  if (validate(JSON.parse(text))) return null;
  return `body ${text.slice(0, 300)} does not match: ${JSON.stringify(validate.errors).slice(0, 400)}`;
}

/** The described operation a request goes to (`path` may carry a query). */
function operationAt(method: Operation["method"], url: string): Operation {
  const path = url.split("?")[0]!;
  return { ...document.paths[path]![method]!, method, path };
}

// The successes random input seldom reaches (a right password, a media id Instagram has, a partner
// link with a picture, a group buy's consistent terms), made on purpose before the generated requests change the data.
test("the answers of a login, a reel registered and edited, a banner added and edited, a group buy added and edited are as described", async () => {
  const { valid: pngs } = await uploadArbitraries();
  const [picture] = fc.sample(pngs, { seed: SEED, numRuns: 1 });
  const answers: [Operation, Response][] = [];
  const call = async (method: Operation["method"], path: string, init: Parameters<Client["fetch"]>[1], client = clients.admin) => {
    const response = await client.fetch(path, { method: method.toUpperCase(), ...init });
    answers.push([operationAt(method, path), response.clone()]);
    expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBe(200);
    return response.json();
  };

  await call("post", "/api/login", { json: { id: ADMIN_ID, pw: ADMIN_PASSWORD } }, new Client(app.origin));
  const { reelsCategorys } = await call("get", "/api/reels-category", {});
  const { instaMediaList } = await call("get", "/api/reels/insta-media/list", {});
  const registered = new Set<string>();
  for (const category of reelsCategorys) {
    const { reelsLists } = await call("get", `/api/reels/list?reelsCategoryId=${category.index}`, {});
    for (const reel of reelsLists) registered.add(reel.mediaId);
  }
  const media = instaMediaList.find((item: { isVideo: boolean; mediaId: string }) => item.isVideo && !registered.has(item.mediaId));
  expect(media, "the demo Instagram account has a video not registered yet").toBeTruthy();
  const categoryId = reelsCategorys[0].index;
  const { reelsLists } = await call("post", "/api/reels/insert", {
    json: { reelsNm: "감각 놀이", reelsCategoryID: categoryId, mediaId: media.mediaId },
  });
  await call("post", "/api/reels/update", { json: { index: reelsLists[0].index, reelsNm: "감각 놀이 2", reelsCategoryID: categoryId } });

  const banner = new FormData();
  banner.append("name", "쿠팡 배너");
  banner.append("source", "upload");
  banner.append("link", "https://link.coupang.com/a/b");
  banner.append("imageFile", new File([picture!.bytes], picture!.name, { type: picture!.type }));
  const { partnerAds } = await call("post", "/api/site-settings/ad-insert", { body: banner });
  const edit = new FormData();
  edit.append("index", String(partnerAds[0].index));
  edit.append("name", "쿠팡 배너 2");
  edit.append("link", "https://link.coupang.com/a/c");
  edit.append("hasImage", "true");
  await call("post", "/api/site-settings/ad-update", { body: edit });

  const groupBuy = new FormData();
  for (const [name, value] of Object.entries({
    productsNm: "배변훈련 변기 커버",
    isGroupBuy: "true",
    price: "39,000",
    groupBuyPrice: "29000",
    groupBuyStartAt: "2025-12-03T10:00",
    groupBuyEndAt: "2099-12-05 23:59",
    groupBuyNote: "2개 이상 무료배송",
    sellerNm: "우리아이 생활연구소",
    sellerInfo: "교환·환불: 7일 이내",
    inquiryLink: "https://pf.kakao.com/_abcd",
  })) {
    groupBuy.append(name, value);
  }
  groupBuy.append("imageFile", new File([picture!.bytes], picture!.name, { type: picture!.type }));
  const { productLists } = await call("post", "/api/product-list/insert", { body: groupBuy });
  expect(productLists[0]).toMatchObject({ groupBuyStatus: "open", discountRate: 25, groupBuyEndAt: "2099-12-05 23:59" });
  groupBuy.set("index", String(productLists[0].index));
  groupBuy.set("isSoldOut", "on");
  groupBuy.delete("imageFile");
  groupBuy.set("hasImage", "true");
  const edited = await call("post", "/api/product-list/update", { body: groupBuy });
  expect(edited.productLists[0]).toMatchObject({ groupBuyStatus: "soldOut" });
  await call("get", "/api/product-list", {});
  await call("post", "/api/site-settings/update", { json: { kakaoChannelUrl: "https://pf.kakao.com/_abcd" } });
  await call("get", "/api/insights", {});

  const problems = [];
  for (const [called, response] of answers) {
    const mismatch = await mismatchOf(called, response);
    if (mismatch) problems.push(`${called.method.toUpperCase()} ${called.path}: ${mismatch}`);
  }
  expect(problems).toStrictEqual([]);
});

test("generated requests: never a 5xx, every status documented, every body as described", { timeout: 120_000 }, async () => {
  const uploads = await uploadArbitraries();
  const problems: string[] = [];
  const tally = new Map<string, Map<number, number>>();
  let sent = 0;

  for (const operation of operations(document)) {
    const label = `${operation.method.toUpperCase()} ${operation.path}`;
    const statuses = new Map<number, number>();
    tally.set(label, statuses);
    for (const request of requestsFor(operation, uploads)) {
      const response = await send(operation, request);
      sent += 1;
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      const mismatch = await mismatchOf(operation, response);
      if (mismatch) problems.push(`${label} (${request.note}, as ${request.as}) → ${response.status}: ${mismatch}`);
    }
  }

  const lines = [...tally].map(
    ([label, statuses]) =>
      `${label}: ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}×${count}`)
        .join(" ")}`,
  );
  const neverDone = [...tally].filter(([, statuses]) => !statuses.has(200)).map(([label]) => label);
  console.log(
    `${sent} generated requests over ${tally.size} operations (seed ${SEED})\n${lines.join("\n")}\nnever answered 200: ${neverDone.join(", ") || "none"}`,
  );
  expect(sent).toBe(operations(document).reduce((sum, operation) => sum + 2 * runsFor(operation), 0));
  expect(problems).toStrictEqual([]);
});
