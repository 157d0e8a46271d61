/**
 * The Korean words of the owner's guide screens (상세/심화 정보: the category and guide forms, the
 * editor) and of the server's answers to them. Beside ko-admin.ts, not inside it: every admin screen
 * loads that file, and only these load this one (decision 0008, the admin pages' 150 KiB).
 */
export const koGuidesAdmin = {
  title: "제목",
  titleRequired: "제목을 입력해 주세요.",
  titleTooLong: "제목은 80자 이내로 입력해 주세요.",
  category: "카테고리",
  categoryRequired: "카테고리를 골라 주세요.",
  summary: "요약",
  summaryTooLong: "요약은 200자 이내로 입력해 주세요.",
  cover: "대표 사진",
  body: "본문",
  bodyPlaceholder: "여기에 글을 써 주세요.",
  bodyTooLong: "본문은 100,000자 이내로 입력해 주세요.",
  publishAt: "공개 시각",
  publishAtInvalid: "공개 시각을 2025-03-01 09:00 형식으로, 2000~2099년 사이로 입력해 주세요.",
  preview: "미리보기",
  photo: "사진",
} as const;
