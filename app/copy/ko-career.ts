/**
 * The career page's words (경력). Beside ko.ts, not inside it: ko.ts ships with every public page,
 * which are at their JavaScript budget (docs/architecture.md §7, decision 0008). The owner's 경력 수정
 * words are koAdmin.career.
 */
export const koCareer = {
  title: "경력",
  about: "About",
  empty: "등록된 경력 정보가 없습니다.",
  modify: "수정",
  imageAlt: (index: number) => `경력 이미지 ${index}`,
} as const;
