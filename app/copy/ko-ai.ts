/**
 * The Korean words of the chatbot page (/ai) alone. Beside ko.ts, not inside it: ko.ts ships with
 * every public page (docs/architecture.md §7 budgets), and these load only with the chatbot page's own chunk.
 */
export const koAi = {
  title: "배변훈련 AI",
  hint: "배변훈련에 대해 무엇이든 물어보세요.",
  consentTitle: "개인정보 수집·이용 동의",
  consentIntro: "배변훈련 AI 챗봇을 쓰려면 아래 내용에 동의해 주세요.",
  collected: "수집 항목: 챗봇에 입력한 질문과 답변, 임의의 방문자 식별값, 접속 정보(IP 주소, 브라우저 종류, 접속 시각).",
  purpose: "목적: 질문에 대한 답변 제공과 서비스 품질 개선.",
  retention: "보유 기간: 동의는 90일, 대화 기록은 챗봇 제공자의 보관 기준에 따릅니다. 이 사이트는 대화 내용을 저장하지 않습니다.",
  provider: (host: string) => `제3자 제공·국외 이전: 챗봇 서비스 제공자(${host})가 대화를 처리하며, 서버가 국외에 있을 수 있습니다.`,
  refuse: "동의하지 않을 권리가 있으며, 동의하지 않으면 챗봇을 쓸 수 없을 뿐 사이트의 다른 기능은 모두 이용할 수 있습니다.",
  noPersonal: "아이의 이름, 생년월일, 연락처, 주소 같은 개인정보는 입력하지 마세요.",
  agree: "위 내용을 읽었으며 개인정보 수집·이용에 동의합니다.",
  mustAgree: "개인정보 처리방침에 동의해 주세요.",
  policyOpen: "개인정보 처리방침 자세히 보기",
  consentRemembered: "동의는 90일 동안 유지됩니다.",
  preparingTitle: "AI 상담을 준비하고 있어요",
  preparingBody: "챗봇을 곧 열어 드릴게요. 그동안 아래 메뉴를 먼저 둘러보세요.",
  needsScript: "챗봇은 자바스크립트가 켜져 있어야 동작합니다.",
  /** Before the consent, to a browser without JavaScript: agreeing would not open the chatbot. */
  needsScriptBeforeConsent:
    "이 챗봇은 자바스크립트가 켜져 있어야 동작합니다. 지금 브라우저는 자바스크립트가 꺼져 있어 동의해도 챗봇을 쓸 수 없습니다. 자바스크립트를 켠 뒤 다시 열어 주세요.",
  withdraw: "동의 철회",
  withdrawn: "개인정보 수집·이용 동의를 철회했습니다. 챗봇을 다시 쓰려면 새로 동의해 주세요.",
  loading: "챗봇을 불러오는 중입니다…",
  connectionLost: "연결이 끊겼습니다. 잠시 후 다시 시도해 주세요.",
  retry: "다시 시도",
  chatRegion: "배변훈련 AI 챗봇",
  unknownProvider: "외부 챗봇 서비스",
} as const;
