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
