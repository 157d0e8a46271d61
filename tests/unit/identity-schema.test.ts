// The identity fields of 사이트 설정 (DESIGN §10 "Site identity") as zod reads them: what a call may
// leave out (kept), blank or null (cleared), and how a handle, a link and a contact are read.
import { expect, test } from "vitest";
import { siteSettingsSchema } from "~/features/settings/api-schema";
import { contactLink } from "~/features/settings/identity-schema";

test("a field left out is undefined (kept); blank is null (cleared); the handle gets its @", () => {
  expect(siteSettingsSchema.parse({})).toEqual({});
  expect(siteSettingsSchema.parse({ siteHandle: "sodam_ot", siteIntro: "", copyrightHolder: "" })).toEqual({
    siteHandle: "@sodam_ot",
    siteIntro: null,
    copyrightHolder: null,
  });
});

test("footer links: wholly blank rows dropped, an address without a scheme read as https, http refused", () => {
  expect(
    siteSettingsSchema.parse({ footerLinks: [{ label: "블로그", url: "blog.naver.com/sodam" }, { label: "", url: "" }, {}] }).footerLinks,
  ).toEqual([{ label: "블로그", url: "https://blog.naver.com/sodam" }]);
  expect(siteSettingsSchema.safeParse({ footerLinks: [{ label: "블로그", url: "http://blog.naver.com/sodam" }] }).success).toBe(false);
  expect(siteSettingsSchema.safeParse({ footerLinks: [{ label: "블로그", url: "javascript:alert(1)" }] }).success).toBe(false);
});

test("a privacy contact is an e-mail address or a phone number, linked by what it is", () => {
  for (const contact of ["name@example.com", "010-1234-5678", "02 123 4567", "+82 10-1234-5678", "1588-1234"]) {
    expect(siteSettingsSchema.safeParse({ privacyContact: contact }).success, contact).toBe(true);
  }
  for (const contact of ["인스타 DM", "name@", "12", "<a>@b.c"]) {
    expect(siteSettingsSchema.safeParse({ privacyContact: contact }).success, contact).toBe(false);
  }
  expect(contactLink("name@example.com")).toEqual({ kind: "email", href: "mailto:name@example.com" });
  expect(contactLink("+82 10-1234-5678")).toEqual({ kind: "phone", href: "tel:+821012345678" });
});
