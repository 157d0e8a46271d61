/**
 * The refusals of 사이트 설정 > 사이트 정보 (the site's identity, DESIGN §10), which its form checks in
 * the browser too. Only that screen loads them (decision 0008); its labels and hints come with its
 * loader's data (ko-server.server.ts, koServer.siteIdentity).
 */
export const koIdentity = {
  siteNameRequired: "사이트 이름을 입력해 주세요.",
  siteNameTooLong: "사이트 이름은 30자 이내로 입력해 주세요.",
  siteIntroTooLong: "짧은 소개는 200자 이내로 입력해 주세요.",
  siteHandleInvalid: "핸들은 @ 뒤에 영문, 숫자, 밑줄(_), 마침표(.), 하이픈(-)으로 30자 이내로 입력해 주세요.",
  footerLinkLabelRequired: "링크 이름을 입력해 주세요.",
  footerLinkLabelTooLong: "링크 이름은 20자 이내로 입력해 주세요.",
  footerLinkUrlRequired: "링크 주소를 입력해 주세요.",
  footerLinkUrlNotHttps: "링크 주소는 https 주소만 쓸 수 있습니다.",
  footerLinksTooMany: "아래쪽 링크는 8개까지 넣을 수 있습니다.",
  copyrightHolderTooLong: "저작권자는 60자 이내로 입력해 주세요.",
  privacyContactInvalid: "이메일 주소(예: name@example.com)나 전화번호(예: 010-1234-5678)를 입력해 주세요.",
} as const;
