/**
 * The Korean words of the guide editor's tools (the toolbar, the 쓰기/미리보기 tabs, photos, the draft
 * on the device), which load after the guide form (features/guides/components/GuideEditorTools.tsx),
 * so the form's first load carries none of them (decision 0008, the owner's pages' 150 KiB).
 */
export const koGuideEditor = {
  write: "쓰기",
  previewFailed: "미리보기를 만들지 못했습니다. 잠시 후 다시 시도해 주세요.",
  toolbar: "서식 도구",
  editorTabs: "쓰기와 미리보기",
  heading: "소제목",
  bold: "굵게",
  list: "목록",
  checklist: "체크리스트",
  link: "링크",
  photoUploading: "사진을 올리는 중이에요…",
  photoFailed: "사진을 올리지 못했습니다. 다시 시도해 주세요.",
  linkPrompt: "연결할 주소를 입력해 주세요.",
  linkText: "링크 글자",
  boldText: "굵은 글자",
  headingText: "소제목",
  listItem: "항목",
  draftFound: (when: string) => `${when}에 쓰던 글이 이 기기에 남아 있어요.`,
  draftRestore: "이어 쓰기",
  draftDiscard: "지우기",
  draftSaved: "쓰는 글은 이 기기에 자동으로 보관돼요.",
} as const;
