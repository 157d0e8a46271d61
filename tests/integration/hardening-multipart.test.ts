// Issue 28 item 4, against the real process (`node build/server.js` with the heap `npm start` gives
// it): a multipart form is bounded in parts, in the text of its fields and in its parts' headers while
// it streams. The floods that took the server down are each answered with a 4xx the client reads,
// the server answers beside them and its memory stays flat; the largest real forms still save.
// Runs about 5 s.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { ADMIN_ID, ADMIN_PASSWORD } from "../support/admin";
import { parseHtml } from "../support/dom";
import { Client } from "../support/http";
import { makeImage, multipart } from "./_uploads";
import { cleanUpProcesses, seededSite, startServer, type Server } from "./hardening-support";

const TOO_MANY_PARTS = "한 번에 보낼 수 있는 항목은 64개까지입니다. 화면의 양식으로 다시 저장해 주세요.";
const TEXT_TOO_LARGE = "입력한 글이 모두 합쳐 1MB를 넘습니다. 글을 줄인 뒤 다시 저장해 주세요.";
const UNREADABLE = "업로드한 내용을 읽을 수 없습니다. 다시 시도해 주세요.";
/** RSS may grow this much during the floods (the process starts at about 80 MiB). */
const RSS_GROWTH_MAX_KIB = 48 * 1024;

let server: Server;
let admin: Client;

beforeAll(async () => {
  // The heap `npm start` gives the process: 120 text parts of 1 MB used to exhaust it.
  server = await startServer(seededSite(), {}, { asNpmStart: true });
  admin = new Client(server.origin);
  const login = await admin.fetch("/api/login", { json: { id: ADMIN_ID, pw: ADMIN_PASSWORD } });
  expect(login.status, await login.text()).toBe(200);
});
afterAll(async () => {
  await server.stop();
  cleanUpProcesses();
});

function rssKiB() {
  const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${server.pid}/status`, "utf8"));
  return Number(match![1]);
}

const BOUNDARY = `----issue28${crypto.randomUUID()}`;

type Answer = { status: number; body: string };

/**
 * Sends a multipart body made as it goes (never whole in this process): `head`, then `filler`
 * `repeat` times between `each` and `between`, then `tail`. Resolves with the answer once it is read;
 * rejects when the server hangs up without answering.
 */
function sendMultipart(
  pathname: string,
  parts: { head: string; each: string; filler: Buffer; between: string; repeat: number; tail: string },
) {
  const { head, each, filler, between, repeat, tail } = parts;
  const length =
    Buffer.byteLength(head) + repeat * (Buffer.byteLength(each) + filler.length + Buffer.byteLength(between)) + Buffer.byteLength(tail);
  // Kept alive, as a browser's or fetch()'s connection is.
  const agent = new http.Agent({ keepAlive: true });
  const request = http.request(`${server.origin}${pathname}`, {
    method: "POST",
    agent,
    headers: {
      "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
      "Content-Length": String(length),
      Cookie: admin.cookieHeader(),
      Origin: server.origin,
    },
  });
  const answered = new Promise<Answer>((resolve, reject) => {
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode!, body: Buffer.concat(chunks).toString("utf8") }));
    });
    request.on("error", reject);
  });
  const pieces = (function* () {
    yield Buffer.from(head);
    for (let index = 0; index < repeat; index++) {
      yield Buffer.from(each);
      yield filler;
      yield Buffer.from(between);
    }
    yield Buffer.from(tail);
  })();
  const pump = () => {
    for (let piece = pieces.next(); !piece.done; piece = pieces.next()) {
      if (request.destroyed) return;
      if (!request.write(piece.value)) return void request.once("drain", pump);
    }
    request.end();
  };
  pump();
  // Once answered, the rest of the body is left unsent: how the server ends such a request is item 8's.
  return answered.finally(() => agent.destroy());
}

/** `count` text fields named `memo` of `size` bytes each. */
function textParts(count: number, size: number) {
  return {
    head: "",
    each: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="memo"\r\n\r\n`,
    filler: Buffer.alloc(size, "a"),
    between: "\r\n",
    repeat: count,
    tail: `--${BOUNDARY}--\r\n`,
  };
}

/** One part whose headers never end: a header line of `size` bytes, then the body ends. */
function endlessHeaders(size: number) {
  return {
    head: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="memo"\r\nX-Filler: `,
    each: "",
    filler: Buffer.alloc(1024 * 1024, "a"),
    between: "",
    repeat: size / (1024 * 1024),
    tail: "",
  };
}

function errorOf(answer: Answer) {
  const { errMsg, errCode } = JSON.parse(answer.body) as { errMsg: string; errCode: string };
  return { status: answer.status, errMsg, errCode };
}

/** Floods sent at once: each is answered `expected`, the server answers beside them and its memory stays flat. */
async function assertFloodsHeld(label: string, floods: Promise<Answer>[], expected: ReturnType<typeof errorOf>) {
  const before = rssKiB();
  for (const answer of await Promise.all(floods)) expect(errorOf(answer)).toEqual(expected);
  const after = rssKiB();
  console.log(`[figure] RSS before ${Math.round(before / 1024)} MiB, after ${label} ${Math.round(after / 1024)} MiB`);
  expect(after - before < RSS_GROWTH_MAX_KIB, `RSS grew from ${before} KiB to ${after} KiB`).toBeTruthy();
  expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
}

async function productCount() {
  const body = (await (await admin.fetch("/api/product-list")).json()) as { productLists: unknown[] };
  return body.productLists.length;
}

describe("floods of parts and text, each bounded while it streams", () => {
  test("120 text parts of 1 MB (123 MB, under 경력 수정's upload limit): a 413 the client reads; the server answers; memory flat", async () => {
    await admin.fetch("/");
    await assertFloodsHeld(
      "two 123 MB text floods",
      [0, 1].map(() => sendMultipart("/api/career-background/upsert", textParts(120, 1_000_000))),
      {
        status: 413,
        errMsg: TEXT_TOO_LARGE,
        errCode: "TEXT_TOO_LARGE",
      },
    );
  });

  test("a part whose headers never end (40 MB, three at once): refused as unreadable, memory flat", async () => {
    await assertFloodsHeld(
      "three 40 MB header floods",
      [0, 1, 2].map(() => sendMultipart("/api/product-list/insert", endlessHeaders(40 * 1024 * 1024))),
      { status: 400, errMsg: UNREADABLE, errCode: "BAD_MULTIPART" },
    );
  });

  test("65 parts: 413 with the Korean message (API), nothing stored", async () => {
    const before = await productCount();
    const answer = await sendMultipart("/api/product-list/insert", {
      ...textParts(64, 1),
      head: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="productsNm"\r\n\r\n부품이 많은 제품\r\n`,
    });
    expect(errorOf(answer)).toEqual({ status: 413, errMsg: TOO_MANY_PARTS, errCode: "TOO_MANY_PARTS" });
    expect(await productCount()).toBe(before);
  });

  test("65 parts on the page form: the form again with the message at its top (413)", async () => {
    const form = multipart({ productsNm: "부품이 많은 제품", isView: "true" });
    for (let index = 0; index < 63; index++) form.append("memo", "x");
    const before = await productCount();
    const response = await admin.fetch("/product-upsert/0", { body: form });
    expect(response.status).toBe(413);
    const page = parseHtml(await response.text());
    expect(page.querySelector(".form-error")?.textContent).toBe(TOO_MANY_PARTS);
    expect(await productCount()).toBe(before);
  });
});

describe("the largest real forms still save", () => {
  test("경력 수정 with its 20 pictures (21 parts)", async () => {
    const form = multipart({ hasImage: "true" });
    for (let index = 0; index < 20; index++)
      form.append("imageFile", new Blob([new Uint8Array(await makeImage("png"))], { type: "image/png" }), `${index}.png`);
    const response = await admin.fetch("/api/career-background/upsert", { body: form });
    expect(response.status, await response.clone().text()).toBe(200);
    const body = (await response.json()) as { careerBackground: { images: string[] } };
    expect(body.careerBackground.images.length).toBe(20);
  });

  test("a product with every field, its picture and 100,000 Korean characters beside (a guide's body, 300 KB)", async () => {
    const form = multipart(
      {
        productsNm: "모든 항목을 채운 제품",
        description: "설명입니다.\r\n".repeat(150),
        isGroupBuy: "true",
        isView: "true",
        isLeft: "on",
        leftButtonNm: "구매하기",
        leftLink: "https://link.coupang.com/a/left",
        isRight: "on",
        rightButtonNm: "문의하기",
        rightLink: "https://pf.kakao.com/_right",
        hasImage: "true",
        submissionId: crypto.randomUUID(),
        body: "가".repeat(100_000),
      },
      { imageFile: [await makeImage("png"), "product.png", "image/png"] },
    );
    const response = await admin.fetch("/api/product-list/insert", { body: form });
    expect(response.status, await response.clone().text()).toBe(200);
  });
});
