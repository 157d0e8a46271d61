/**
 * The words of the input rules every form shares (app/lib/input-rules.ts), apart from ko.ts (decision
 * 0008): only the pages whose forms check their fields in the browser (the owner's screens, the
 * login) and the server load them, never a public page.
 */
export const koInput = {
  /** A one-line field (a name, a button, a menu, an id) holding a line break, a tab or another control character. */
  controlOneLine: "줄바꿈, 탭 등 보이지 않는 제어 문자는 쓸 수 없습니다. 한 줄로 입력해 주세요.",
  /** A multi-line field (a description, a banner's code) holding a control character other than a line break or a tab. */
  controlMultiLine: "보이지 않는 제어 문자가 들어 있습니다(줄바꿈과 탭은 쓸 수 있습니다). 붙여 넣은 글이라면 그 부분을 다시 입력해 주세요.",
} as const;
