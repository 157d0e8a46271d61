/**
 * The words of the reels' automatic import: the inbox of reels no hashtag filed (미분류 릴스), a
 * category's hashtags and the import's messages. Beside ko-admin.ts, not inside it: only those
 * screens load them, and the other admin screens are at their JavaScript budget (docs/architecture.md
 * §7, decision 0008).
 */
export const koReelImport = {
  inboxTitle: "미분류 릴스",
  inboxLead:
    "해시태그 규칙에 맞는 카테고리가 없어 자동으로 등록되지 않은 릴스와, 카테고리를 삭제해 갈 곳이 없어진 릴스입니다. 카테고리를 골라 등록하거나, 숨겨서 다시 가져오지 않게 해 주세요.",
  fromDeletedCategory: "카테고리가 삭제된 릴스",
  inboxEmpty: "미분류 릴스가 없습니다.",
  category: "카테고리",
  chooseCategory: "카테고리를 선택해 주세요.",
  file: "등록",
  hide: "숨기기",
  syncNow: "지금 가져오기",
  syncDone: (imported: number, filed: number, unfiled: number) =>
    imported === 0
      ? "새로 가져올 릴스가 없습니다."
      : `새 릴스 ${imported.toLocaleString("ko-KR")}개를 가져왔습니다. (자동 등록 ${filed.toLocaleString("ko-KR")}개, 미분류 ${unfiled.toLocaleString("ko-KR")}개)`,
  lastSyncFailed: (message: string) => `마지막 자동 가져오기에 실패했습니다: ${message}`,
  lastSyncAt: (date: string) => `마지막 가져오기: ${date}`,
  filed: "릴스를 등록했습니다.",
  hidden: "릴스를 숨겼습니다. 다시 가져오지 않습니다.",
  inboxItemNotFound: "미분류 릴스를 찾을 수 없습니다.",
  untitled: (date: string) => `인스타그램 릴스 ${date}`,
  hashtags: "자동 분류 해시태그",
  hashtagsHint: "캡션에 이 해시태그가 있는 새 릴스는 이 카테고리에 자동으로 등록됩니다. 예: #배변훈련 #기저귀",
  hashtagsPlaceholder: "#배변훈련 #기저귀",
  hashtagsInvalid: "해시태그는 #과 글자, 숫자, 밑줄로 띄어 써 주세요. 예: #배변훈련 #기저귀",
  hashtagsTooLong: "해시태그는 500자 이내로 입력해 주세요.",
} as const;
