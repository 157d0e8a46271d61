/**
 * The career pages' words (경력 and 경력 수정). Beside ko.ts, not inside it: ko.ts ships with every
 * public page, which are at their JavaScript budget (docs/architecture.md §7, decision 0008).
 */
export const koCareer = {
  title: "경력",
  modifyTitle: "경력 수정",
  about: "About",
  empty: "등록된 경력 정보가 없습니다.",
  modify: "수정",
  imageAlt: (index: number) => `경력 이미지 ${index}`,
  choose: "이미지(PNG, JPEG, WebP)를 눌러서 선택해 주세요 (여러 장 가능)",
  chooseLabel: "경력 이미지 선택",
  chosen: (count: number) => `${count}장 선택됨`,
  clear: "선택한 이미지 지우기",
  current: "현재 경력 이미지",
  replaceNote: "새로 선택한 이미지들이 지금의 경력 이미지를 모두 대신합니다. 선택한 순서대로 보입니다.",
  required: "이미지를 등록해 주세요.",
  tooMany: (max: number) => `이미지는 한 번에 ${max}장까지 올릴 수 있습니다.`,
  done: "경력 수정이 완료되었습니다.",
} as const;
