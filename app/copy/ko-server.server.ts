// The Korean only the server says: the edge's plain answers, the API's and form readers' refusals,
// the list order checks, the answers of Instagram by login (flash messages the server writes). Kept
// out of ko.ts, which every page sends to the browser, and out of ko-admin.ts, which every owner's
// page sends (decision 0008).
export const koServer = {
  /** The guide form's words only the server says: its answers, and the form's help lines (from the page's data). */
  guideForm: {
    registerTitle: "글 쓰기",
    editTitle: "글 수정",
    previewTitle: "미리보기 (저장되지 않았어요)",
    previewEmpty: "본문을 쓰면 여기에 보여요.",
    summaryPlaceholder: "글을 한두 문장으로 소개해 주세요.",
    coverPrompt: "대표 사진을 설정해 주세요.",
    summaryHint: "목록과 공유 미리보기에 보이는 한두 문장이에요.",
    bodyHelp:
      "## 소제목 · **굵게** · - 목록 · - [ ] 체크리스트 · [글자](주소) 링크 · 릴스(/r/번호)나 제품(/product/번호) 주소만 한 줄에 쓰면 카드로 보여요.",
    publishAtHint: "비워 두면 바로 공개돼요. 나중 시각을 고르면 그때 공개돼요 (한국 시간).",
    bodyPicturesHelp: "사진은 아래에서 고르고 본문에 ![설명](사진1)처럼 쓰면 그 자리에 들어가요. 쓰지 않은 사진은 글 끝에 붙어요.",
    bodyPicture: (n: number) => `본문 사진 ${n} (사진${n})`,
    pictureRequired: "사진을 골라 주세요.",
    notFound: "글을 찾을 수 없습니다.",
    registered: "글 등록이 완료되었습니다.",
    updated: "글 수정이 완료되었습니다.",
    categoryDeleteLine: (name: string, guides: number) =>
      guides > 0 ? `${name} (글 ${guides.toLocaleString("ko-KR")}개도 함께 삭제됩니다)` : name,
  },
  /** The guide category form's titles (its fields and messages are the reel category form's), from its page's data. */
  guideCategoryForm: { registerTitle: "글 카테고리 등록", editTitle: "글 카테고리 수정" },
  /** Words a guide's text is rendered with, once, when it is saved (features/guides/markdown.server.ts). */
  guides: {
    reelCard: "릴스",
    productCard: "제품",
    table: "표",
    /** The section's description: previews of its pages (meta, from their loaders) and the feed. */
    sectionDescription: "아동 작업치료사가 자세히 정리한 발달·배변훈련 안내 글을 카테고리별로 읽어 보세요.",
  },
  /**
   * 사이트 설정 > 사이트 정보 (DESIGN §10): its card on 사이트 설정 and its screen's labels and hints,
   * handed to the pages as data ("{n}": the row's number); its refusals are in ko-identity.ts.
   */
  siteIdentity: {
    title: "사이트 정보",
    edit: "사이트 정보 수정",
    saved: "사이트 정보가 저장되었습니다.",
    back: "사이트 설정으로",
    noLinks: "아래쪽 링크 없음",
    noContact: "개인정보 문의 연락처 없음",
    identityHint: "모든 페이지와 공유 미리보기에 보이는 이 사이트의 이름, 소개, 사진과 연락처입니다.",
    siteName: "사이트 이름",
    siteNameHint: "머리글, 브라우저 탭의 제목, 카카오톡 등의 공유 미리보기에 보입니다. 30자 이내.",
    siteIntro: "짧은 소개",
    siteIntroHint: "홈 화면의 소개 글이자 공유 미리보기의 기본 설명입니다. 200자 이내. 비워 두면 보이는 메뉴에 맞춘 기본 소개 글을 씁니다.",
    siteHandle: "핸들(계정 이름)",
    siteHandleHint: "예: @ot_teacher_kids. 경력 페이지와 챗봇 개인정보 처리방침에 보입니다. 비워 두면 보이지 않습니다.",
    profileImage: "프로필 사진",
    profileImageHint: "머리글의 사이트 이름 옆과, 따로 사진이 없는 페이지의 공유 미리보기에 보입니다.",
    footerLinks: "아래쪽 링크",
    footerLinksHint:
      "모든 페이지 맨 아래에 보이는 링크입니다(인스타그램, 유튜브, 블로그, 카카오톡 채널, 스토어 등 8개까지). https 주소만 쓸 수 있고, www.처럼 https:// 없이 쓴 주소는 https로 읽습니다.",
    footerLinksBlankRows: "빈 줄은 저장하지 않습니다. 링크를 지우려면 그 줄의 이름과 주소를 모두 지워 주세요.",
    footerLinkLabel: "링크 {n} 이름",
    footerLinkUrl: "링크 {n} 주소",
    footerLinkLabelPlaceholder: "예: 인스타그램",
    addFooterLink: "링크 추가",
    removeFooterLink: "링크 {n} 삭제",
    noFooterLinks: "아래쪽 링크가 없습니다.",
    copyrightHolder: "저작권자",
    copyrightHolderHint: "맨 아래 저작권 표시(© 연도 저작권자)에 보입니다. 비워 두면 사이트 이름을 씁니다.",
    privacyContact: "개인정보 문의 연락처",
    privacyContactHint: "이메일 주소나 전화번호입니다. 앱 개인정보처리방침과 챗봇 개인정보 처리방침에 문의처로 보입니다.",
  },
  /**
   * The words around the site's identity (사이트 설정 > 사이트 정보), which the root loader and the
   * privacy pages hand to pages as data: a site she has not named yet, the introduction of a home page
   * whose owner wrote none (naming only the menus shown, DESIGN §10 "Hidden menus"), the footer's line.
   */
  site: {
    unnamed: "아동 작업치료",
    introduction: ({ reels, products }: { reels: boolean; products: boolean }) =>
      reels && products
        ? "아동 작업치료사가 전하는 발달·배변훈련 정보, 릴스 모음, 추천 제품과 공동구매를 한곳에서 만나보세요."
        : reels
          ? "아동 작업치료사가 전하는 발달·배변훈련 정보와 릴스 모음을 한곳에서 만나보세요."
          : products
            ? "아동 작업치료사가 전하는 발달·배변훈련 정보와 추천 제품, 공동구매를 한곳에서 만나보세요."
            : "아동 작업치료사가 전하는 발달·배변훈련 정보를 한곳에서 만나보세요.",
    copyright: (year: number, holder: string) => `© ${year} ${holder}. All rights reserved.`,
    /** The two apps' privacy pages: who answers questions, by what her contact is. */
    appContact: { email: "개발자 이메일", phone: "개발자 전화번호", instagram: "문의: 인스타그램 다이렉트 메시지" },
  },
  /**
   * The owner's notice on a page of a menu she hid (/home-update; visitors get the 404 page there),
   * handed to the page by its loader (features/home, sectionPage): visitors' JavaScript carries none of it.
   */
  hiddenSection: {
    badge: "숨김",
    text: "이 메뉴는 숨겨져 있어 방문자에게는 ‘페이지를 찾을 수 없습니다’로 보입니다.",
    link: "메뉴 수정에서 보이기",
  },
  /** The reel viewer's way back to its category's list, handed to the page by its loader. */
  toCategory: (name: string) => `${name} 카테고리로`,
  /** A partner banner to a shop's own site (not Coupang), drawn on the server (features/ads/ads.server.ts). */
  ads: {
    shopCta: "바로 가기",
    shopDisclosure: "광고 · 이 배너는 광고주의 사이트로 연결됩니다.",
  },
  errors: {
    jsonOnly: "요청 형식이 올바르지 않습니다. JSON(application/json)으로 보내 주세요.",
    badJson: "요청 본문을 읽을 수 없습니다. 올바른 JSON인지 확인해 주세요.",
    formOnly: "폼 형식(application/x-www-form-urlencoded 또는 multipart/form-data)으로 보내 주세요.",
    indexRequired: "수정할 대상(index)을 지정해 주세요.",
    forbiddenTitle: "요청이 거부되었습니다",
    forbidden: "허용되지 않은 요청입니다. 사이트에서 다시 시도해 주세요.",
    tooLargeTitle: "요청이 너무 큽니다",
    tooLarge: "보낸 내용이 너무 큽니다. 크기를 줄여 다시 시도해 주세요.",
    tooLongTitle: "요청 주소가 너무 깁니다",
    tooLong: "주소나 요청 내용의 머리글이 너무 깁니다. 검색어를 줄이거나 사이트에서 다시 열어 주세요.",
    busyTitle: "잠시 후 다시 시도해 주세요",
    busy: "지금 요청이 많습니다. 잠시 후 다시 시도해 주세요.",
    backToForm: "작성하던 화면으로",
    loginAgainTitle: "다시 로그인해 주세요",
    loginAgain:
      "로그인이 만료되어 저장하지 못했습니다. 다시 로그인한 뒤 작성하던 화면에서 다시 저장해 주세요. 작성하던 내용은 그 화면에 남아 있습니다.",
    logIn: "로그인",
    loginAgainKeepsForm:
      "로그인은 새 탭에서 열립니다. 그곳에서 로그인한 뒤 이 탭으로 돌아와 ‘뒤로 가기’를 누르면 작성하던 내용이 그대로 있는 화면이 나옵니다. 사진은 다시 골라 다시 저장해 주세요.",
  },
  /** The form readers' and the image pipeline's refusals of an upload (lib/multipart.server.ts, images.server.ts). */
  upload: {
    tooManyPixels: "이미지 해상도가 너무 큽니다. 1억 화소 이하의 이미지를 올려 주세요.",
    badType: (kinds: string[]) => `${kinds.join(", ")} 형식의 이미지만 올릴 수 있습니다.`,
    undecodable: "이미지 파일을 읽을 수 없습니다. 다른 이미지를 올려 주세요.",
    unreadable: "업로드한 내용을 읽을 수 없습니다. 다시 시도해 주세요.",
    tooManyParts: (max: number) => `한 번에 보낼 수 있는 항목은 ${max}개까지입니다. 화면의 양식으로 다시 저장해 주세요.`,
    textTooLarge: (mb: number) => `입력한 글이 모두 합쳐 ${mb}MB를 넘습니다. 글을 줄인 뒤 다시 저장해 주세요.`,
    multipartOnly: "파일 업로드는 multipart/form-data 형식으로 보내 주세요.",
    lengthRequired: "요청 길이(Content-Length)가 필요합니다.",
  },
  /** The one-time messages after her saves (a flash the page actions write). */
  flash: {
    careerDone: "경력 수정이 완료되었습니다.",
    instagramTokenSaved: "인스타그램 토큰이 저장되었습니다.",
    productRegistered: "제품 등록이 완료되었습니다.",
    productUpdated: "제품 수정이 완료되었습니다.",
    categoryRegistered: "카테고리 등록이 완료되었습니다.",
    categoryUpdated: "카테고리 수정이 완료되었습니다.",
    reelSaved: "릴스 저장이 완료되었습니다.",
    adRegistered: "배너가 등록되었습니다.",
    adUpdated: "배너가 수정되었습니다.",
    siteSettingsSaved: "사이트 설정이 저장되었습니다.",
    menuUpdated: "메뉴 수정이 완료되었습니다.",
    goHomeQuestion: "홈 화면으로 이동하시겠습니까?",
  },
  // The owner's use cases' refusals: what only the server says to her.
  instagramErrors: {
    notConfigured: "인스타그램 토큰이 설정되지 않았습니다. 전체 페이지의 '인스타그램 연결'에서 토큰을 등록해 주세요.",
    tokenExpired: "인스타그램 토큰이 만료되었거나 취소되었습니다. '인스타그램 연결'에서 새 토큰을 등록해 주세요.",
    unavailable: "인스타그램에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.",
    mediaNotFound: "인스타그램에서 해당 게시물을 찾을 수 없습니다.",
    tokenInvalid: "토큰을 확인할 수 없습니다. 토큰을 다시 확인해 주세요.",
  },
  reelsForm: {
    alreadyRegistered: "이미 이 카테고리에 등록된 릴스입니다.",
    categoryDeleteLine: (name: string, reels: number) =>
      reels > 0 ? `${name} (릴스 ${reels.toLocaleString("ko-KR")}개는 미분류 릴스로 옮겨집니다)` : name,
    categoryNotFound: "카테고리를 찾을 수 없습니다.",
    notAVideo: "동영상(릴스) 게시물만 등록할 수 있습니다.",
    reelNotFound: "릴스를 찾을 수 없습니다.",
  },
  reelsOrder: {
    pinLimit: (max: number) => `고정은 카테고리마다 ${max}개까지 할 수 있습니다. 다른 릴스의 고정을 먼저 풀어 주세요.`,
    pinned: "릴스를 맨 위에 고정했습니다.",
    unpinned: "릴스 고정을 풀었습니다.",
  },
  career: {
    stale: "그사이 경력 사진이 바뀌었습니다. 화면을 새로 불러온 뒤 다시 정해 주세요.",
  },
  homeUpdate: {
    nothingChanged: "변경된 내용이 없습니다. 정보를 확인해 주세요.",
  },
  /** Partner banners' refusals and the list's answers (features/settings/partner-ads.server.ts, partner-code.server.ts). */
  partnerAds: {
    adDeleted: "배너가 삭제되었습니다.",
    adMoved: "배너 순서가 바뀌었습니다.",
    adShown: "배너를 공개했습니다.",
    adHidden: "배너를 숨겼습니다.",
    adNotFound: "배너를 찾을 수 없습니다.",
    imageRequired: "배너 이미지를 올려 주세요.",
    codeNotPartner:
      "쿠팡 파트너스의 이미지 배너 코드(<a><img></a>)나 iframe 코드만 쓸 수 있습니다. 스크립트나 다른 태그가 든 코드는 저장하지 않습니다.",
    codeBadLink: "배너 코드의 링크는 https 주소여야 합니다.",
    codeBadImage: "배너 코드의 이미지는 쿠팡 이미지 서버(coupangcdn.com)의 https 주소여야 합니다.",
    codeBadFrame: "배너 코드의 iframe 주소는 쿠팡 파트너스(coupa.ng, ads-partners.coupang.com)의 https 주소여야 합니다.",
  },
  heldPicture: {
    kept: "선택한 사진이 그대로 있습니다. 다른 사진을 고르면 그 사진으로 바뀝니다.",
    keptOfMany: "고른 사진이 그대로 있습니다. 저장하면 함께 추가되고, 빼려면 체크를 해제하세요.",
    /** The held pictures of a form that takes several, as the form names them (the words travel with the answer). */
    picture: (n: number) => `고른 사진 ${n}`,
    keep: (n: number) => `고른 사진 ${n} 함께 저장`,
    gone: "선택했던 사진을 더 찾을 수 없습니다(오래되었거나 다른 로그인에서 고른 사진입니다). 사진을 다시 골라 주세요.",
  },
  reels: {
    pageLimit: (max: number) => `limit은 1부터 ${max}까지의 정수로 보내 주세요.`,
    badCursor: "after에는 앞 페이지 응답의 next 값을 그대로 보내 주세요.",
    keywordTooLong: (max: number) => `검색어(keyword)는 ${max}자 이내로 보내 주세요.`,
  },
  qr: {
    badAddress: (max: number) => `QR 코드는 이 사이트의 주소(/로 시작하는 ${max}자 이내의 경로)로만 만들 수 있습니다.`,
  },
  insights: {
    badPeriod: "기간(days)은 7, 30, 90 중 하나로 보내 주세요.",
  },
  /** Instagram by login (/instagram-connect, its callback, 연결 해제): what /instagram-token is told. */
  instagramLogin: {
    connected: (username: string | null) =>
      username ? `인스타그램 ${username} 계정이 연결되었습니다.` : "인스타그램 계정이 연결되었습니다.",
    cancelled: "인스타그램 연결을 취소했습니다. 연결된 계정은 바뀌지 않았습니다.",
    badState: "연결 요청이 만료되었거나 올바르지 않습니다. '인스타그램 연결'을 다시 눌러 주세요.",
    refused: "인스타그램이 연결을 승인하지 않았습니다. '인스타그램 연결'을 눌러 처음부터 다시 시도해 주세요.",
    missingPermission: "릴스를 가져오려면 인스타그램 로그인 화면에서 프로필과 콘텐츠 접근 권한을 허용해 주세요.",
    notConfigured: "인스타그램 로그인 연결이 설정되지 않았습니다. 아래에 토큰을 직접 입력해 주세요.",
    disconnected: "인스타그램 연결을 해제했습니다. 새 릴스를 가져오려면 다시 연결해 주세요.",
  },
  list: {
    orderDuplicated: "같은 항목이 순서에 두 번 들어 있습니다. 각 항목을 한 번씩만 보내 주세요.",
    orderMismatch: "순서에 없는 항목이 있거나 빠진 항목이 있습니다. 목록을 새로 불러온 뒤 다시 정해 주세요.",
  },
};
