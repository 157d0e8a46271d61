// What stops a start before the site listens (each kind is also tried on the real process in
// tests/integration/hardening-start.test.ts): an admin password that is too weak, and settings that
// do not parse.
import { describe, expect, test } from "vitest";
import { loadConfig } from "~/lib/config.server";
import { passwordWeakness } from "~/lib/password.server";

describe("ADMIN_PASSWORD", () => {
  test.each([
    ["a", "it must be at least 10 characters long"],
    ["short9pw", "it must be at least 10 characters long"],
    ["aaaaaaaaaaaa", "it repeats too few different characters"],
    ["therapist-2024", "it contains ADMIN_ID"],
    ["1234567890", "it is one of the most common passwords"],
  ])("%s is too weak: %s", (password, why) => {
    expect(passwordWeakness(password, "therapist")).toBe(why);
  });

  test("a long, varied password of her own will do", () => {
    expect(passwordWeakness("plum-orchard-2931", "therapist")).toBeNull();
  });
});

describe("settings", () => {
  const base = { NODE_ENV: "production" } as const;

  test.each([
    ["TRUST_PROXY", "everyone"],
    ["TRUST_PROXY", "10.0.0.0/33"],
    ["MAX_CONNECTIONS", "0"],
    ["ALLOW_NEW_DATABASE", "yes"],
    ["LOG_LEVEL", "verbose"],
    ["INSTAGRAM_APP_ID", "my-app"],
    ["INSTAGRAM_AUTH_URL", "ftp://www.instagram.com"],
    ["INSTAGRAM_API_URL", "api.instagram.com"],
  ])("%s=%s is refused, by name", (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(new RegExp(`^Invalid configuration:[\\s\\S]*  - ${name}: `));
  });

  test.each([
    ["TRUST_PROXY", "10.0.0.0/8"],
    ["TRUST_PROXY", "loopback"],
    ["MAX_CONNECTIONS", "200"],
    ["ALLOW_NEW_DATABASE", "1"],
    ["LOG_LEVEL", "warn"],
  ])("%s=%s is taken", (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).not.toThrow();
  });
});

describe("Instagram by login", () => {
  const base = { NODE_ENV: "production" } as const;
  const SECRET = "0a1b2c3d4e5f60718293a4b5c6d7e8f9";

  test("without INSTAGRAM_APP_ID there is no login (pasting a token stays the way); the endpoints default to Instagram's", () => {
    const settings = loadConfig(base);
    expect(settings.instagramApp).toBeNull();
    expect(settings.INSTAGRAM_AUTH_URL).toBe("https://www.instagram.com");
    expect(settings.INSTAGRAM_API_URL).toBe("https://api.instagram.com");
    expect(settings.INSTAGRAM_GRAPH_URL).toBe("https://graph.instagram.com");
  });

  test("the app ID and its secret make the login", () => {
    expect(loadConfig({ ...base, INSTAGRAM_APP_ID: " 990602627938098 ", INSTAGRAM_APP_SECRET: SECRET }).instagramApp).toStrictEqual({
      id: "990602627938098",
      secret: SECRET,
    });
  });

  test.each([
    [{ INSTAGRAM_APP_ID: "990602627938098" }, "INSTAGRAM_APP_SECRET: required when INSTAGRAM_APP_ID is set"],
    [{ INSTAGRAM_APP_SECRET: SECRET }, "INSTAGRAM_APP_ID: required when INSTAGRAM_APP_SECRET is set"],
    [{ INSTAGRAM_APP_ID: "990602627938098", INSTAGRAM_APP_SECRET: "two words" }, "INSTAGRAM_APP_SECRET: "],
  ])("half an app, or a secret that cannot be one, stops the start by name (%o), never showing the secret", (env, message) => {
    const start = () => loadConfig({ ...base, ...env });
    expect(start).toThrow(message);
    expect(start).not.toThrow(SECRET);
    expect(start).not.toThrow("two words");
  });
});
