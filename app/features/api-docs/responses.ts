import { GROUP_BUY_STATUSES } from "~/features/products/group-buy";
import * as z from "~/lib/zod";

// The bodies the API answers, as zod schemas mirroring what the use cases return (their TypeScript
// types: ProductItem, CategoryItem, ReelItem via reelForApi, ...). Objects are strict, so a renamed
// or added key is a mismatch the generated-request test reports; nullable fields are the ones the
// database or Instagram may leave empty.

const uploadUrl = z.string().min(1).nullable();
const won = z.int().min(0).nullable();
/** 'yyyy-MM-dd HH:mm', Korea time. */
const koreaMinute = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
  .nullable();

/** Every answer carries `errMsg` and `errCode`, both empty on success (docs/product.md §7). */
function success<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.strictObject({ errMsg: z.literal(""), errCode: z.literal(""), ...shape });
}

/** A refusal: a Korean message, a stable code, and the messages per field when a form was invalid. */
export const apiErrorBody = z
  .strictObject({
    errMsg: z.string().min(1),
    errCode: z.string().regex(/^[A-Z_]+$/),
    fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
    requestId: z
      .string()
      .regex(/^[A-Za-z0-9._:-]{8,128}$/)
      .optional()
      .meta({ description: "The request's id, also sent as the X-Request-Id header and written in the server's log line for it." }),
  })
  .meta({
    id: "ApiError",
    description: "A refusal (any status but 200): the Korean message to show, a stable code and the request's id to quote.",
  });

const homeMenu = z
  .strictObject({
    homeMenuNm: z.string(),
    reelsMenuNm: z.string(),
    productsMenuNm: z.string(),
    detailMenuNm: z.string(),
    isViewFlags: z.strictObject({ home: z.boolean(), reels: z.boolean(), products: z.boolean(), detail: z.boolean() }),
  })
  .meta({ id: "HomeMenu" });

const product = z
  .strictObject({
    index: z.int().positive(),
    productNm: z.string(),
    title: z.string(),
    description: z.string(),
    image: uploadUrl,
    isGroupBuy: z.boolean(),
    isView: z.boolean(),
    isLeft: z.boolean(),
    leftButtonNm: z.string().nullable(),
    leftLink: z.string().nullable(),
    isRight: z.boolean(),
    rightButtonNm: z.string().nullable(),
    rightLink: z.string().nullable(),
    price: won.meta({ description: "정가, won." }),
    groupBuyPrice: won.meta({ description: "공구가, won, at most `price`." }),
    groupBuyStartAt: koreaMinute.meta({ description: "When the group buy opens, Korea time; null: open from the start." }),
    groupBuyEndAt: koreaMinute.meta({ description: "When it closes (closed from that minute on), Korea time; null: no end." }),
    groupBuyNote: z.string(),
    isSoldOut: z.boolean(),
    sellerNm: z.string(),
    sellerInfo: z.string(),
    inquiryLink: z.string().nullable(),
    adDisclosure: z.string().min(1).nullable().meta({
      description: "The label above a group buy's name (the default wording when none was saved); null for a recommendation without one.",
    }),
    groupBuyStatus: z
      .enum(GROUP_BUY_STATUSES)
      .nullable()
      .meta({ description: "At the moment of the request, in Korea time; null for a recommendation." }),
    discountRate: z
      .int()
      .min(0)
      .max(100)
      .nullable()
      .meta({ description: "Whole percent off `price`, rounded down; null without both prices." }),
  })
  .meta({ id: "Product" });

/** What a reel category and a guide category answer alike (their lists, cards and forms). */
const categoryFields = {
  index: z.int().positive(),
  categoryNm: z.string(),
  title: z.string(),
  description: z.string(),
  image: uploadUrl,
  isView: z.boolean(),
};

const category = z
  .strictObject({
    ...categoryFields,
    hashtags: z.string().meta({
      description:
        'The hashtag rule new reels are filed by, as stored: "#tag #tag" (Unicode-normalised, lower case, each once); empty when none.',
    }),
    reelsCount: z.int().nonnegative(),
  })
  .meta({ id: "ReelsCategory" });

/** 'yyyy-MM-dd HH:mm:ss', Korea time. */
const koreaDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

const reel = z
  .strictObject({
    index: z.int().positive(),
    id: z.int().positive(),
    reelsNm: z.string(),
    title: z.string(),
    image: uploadUrl,
    instaRegDate: koreaDateTime,
    mediaId: z.string(),
    caption: z.string(),
    permalink: z.string().nullable(),
    reelsCategoryID: z.int().positive(),
    isPinned: z.boolean().meta({ description: "Pinned to the top of its category (at most three are)." }),
  })
  .meta({ id: "Reel" });

const reelContent = z
  .strictObject({
    id: z.int().positive(),
    mediaId: z.string(),
    reelsNm: z.string(),
    image: uploadUrl,
    link: z.string().nullable().meta({ description: "The video; null when Instagram withholds it." }),
    caption: z.string(),
    permalink: z.string().nullable(),
    instaRegDate: koreaDateTime,
    reelsCategoryID: z.int().positive(),
  })
  .meta({ id: "ReelContent" });

const guideCategory = z
  .strictObject({
    ...categoryFields,
    count: z.int().nonnegative().meta({ description: "The guides a visitor can read now." }),
  })
  .meta({ id: "DetailCategory" });

/** 'yyyy-MM-dd HH:mm', Korea time (a guide always has both). */
const guideMinute = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

const guideFields = {
  index: z.int().positive(),
  detailNm: z.string(),
  summary: z.string(),
  image: uploadUrl,
  publishAt: guideMinute,
  updatedAt: guideMinute,
  detailCategoryId: z.int().positive(),
  isView: z.boolean(),
  readingMinutes: z.int().positive(),
  state: z
    .enum(["published", "hidden", "scheduled"])
    .meta({ description: "`hidden` (비공개) and `scheduled` (예약됨) only the admin is answered." }),
};

const guide = z.strictObject(guideFields).meta({ id: "Detail" });

const guideContent = z
  .strictObject({
    ...guideFields,
    body: z.string().meta({ description: "The text as written (Markdown)." }),
    html: z.string().meta({ description: "The text as the page shows it, rendered and checked when it was saved." }),
    toc: z.array(z.strictObject({ id: z.string(), text: z.string(), level: z.union([z.literal(2), z.literal(3)]) })),
    categoryNm: z.string(),
  })
  .meta({ id: "DetailContent" });

const instaMedia = z
  .strictObject({
    id: z.string(),
    mediaId: z.string(),
    image: z.string().nullable(),
    instaRegDate: koreaDateTime,
    timestamp: z.string(),
    link: z.string().nullable(),
    caption: z.string(),
    permalink: z.string().nullable(),
    isVideo: z.boolean(),
    filedIn: z.array(z.string()).meta({ description: "The names of the categories it is already filed in (empty: not on the site yet)." }),
  })
  .meta({ id: "InstaMedia" });

const settingValues = z.strictObject({
  chatbotScriptUrl: z.string().nullable(),
  chatbotBotId: z.string().nullable(),
  kakaoJsKey: z.string().nullable(),
  kakaoChannelUrl: z.string().nullable(),
});

const siteIdentity = z
  .strictObject({
    siteName: z.string().nullable().meta({ description: "null: never saved (the site shows a neutral name)." }),
    siteIntro: z.string().nullable().meta({ description: "null: none (the home page names the menus shown)." }),
    siteHandle: z.string().nullable(),
    profileImage: uploadUrl.meta({ description: "The profile picture, set on the 사이트 설정 page." }),
    footerLinks: z.array(z.strictObject({ label: z.string(), url: z.string() })),
    copyrightHolder: z.string().nullable().meta({ description: "null: the site's name." }),
    privacyContact: z.string().nullable(),
  })
  .meta({ id: "SiteIdentity", description: "The site's identity as saved (사이트 정보); null where nothing is saved." });

const siteSettings = z
  .strictObject({ saved: settingValues, defaults: settingValues, identity: siteIdentity })
  .meta({ id: "SiteSettings", description: "What is saved, what applies when a field is left blank, and the site's identity." });

const partnerAd = z
  .strictObject({
    index: z.int().positive(),
    name: z.string(),
    source: z.enum(["upload", "code"]),
    image: z.string().nullable(),
    link: z.string().nullable(),
    frameUrl: z.string().nullable(),
    code: z.string().nullable(),
    isView: z.boolean(),
    position: z.int(),
  })
  .meta({ id: "PartnerAd" });

const countsByKind = z.strictObject({
  product: z.int().nonnegative(),
  ad: z.int().nonnegative(),
  reel: z.int().nonnegative(),
  guide: z.int().nonnegative(),
});
const topItem = z.strictObject({ id: z.int(), name: z.string().nullable(), count: z.int().nonnegative(), href: z.string().nullable() });

const count = z.int().nonnegative();

const insights = z
  .strictObject({
    period: z.union([z.literal(7), z.literal(30), z.literal(90)]).meta({ description: "The days covered, ending today (Korea time)." }),
    days: z.array(countsByKind.extend({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) })),
    totals: countsByKind,
    top: z.strictObject({ product: z.array(topItem), ad: z.array(topItem), reel: z.array(topItem), guide: z.array(topItem) }),
    visits: z.strictObject({
      total: count,
      pages: z
        .array(z.strictObject({ page: z.string().min(1), count }))
        .meta({ description: "Per page route pattern (e.g. `/reels-content/:info`), most visited first." }),
    }),
    sources: z
      .strictObject({ instagram: count, kakaotalk: count, search: count, direct: count, other: count })
      .meta({ description: "Page visits by where the visit came from (in-app browser or referrer)." }),
    groupBuys: z
      .array(
        z.strictObject({
          index: z.int().positive(),
          productNm: z.string(),
          state: z.string().min(1),
          window: z.string().min(1),
          clicks: count,
          bySource: z.strictObject({ instagram: count, kakaotalk: count, search: count, direct: count, other: count }),
          summary: z.string().min(1),
        }),
      )
      .meta({
        description:
          "Every group buy, in the product list's order: its state and window in Korean words, and the clicks on its buttons over its window (to today), by where the visitors came from.",
      }),
  })
  .meta({ id: "Insights" });

export const responses = {
  cookieCheck: success({ has: z.boolean() }),
  login: success({ isLogin: z.literal(true), id: z.string() }),
  logout: success({ isLogin: z.literal(false) }),
  homes: success({ homes: z.array(homeMenu).length(1) }),
  productLists: success({ productLists: z.array(product) }),
  reelsCategorys: success({ reelsCategorys: z.array(category) }),
  reelsLists: success({ reelsLists: z.array(reel) }),
  reelsPage: success({
    count: z.int().nonnegative(),
    reelsLists: z.array(reel),
    next: z.string().nullable().optional().meta({ description: "With `limit`: the `after` of the following page, null on the last." }),
  }),
  search: success({ reels: z.array(reel), products: z.array(product), categories: z.array(category), guides: z.array(guide) }),
  reelSync: success({ imported: z.int().nonnegative(), filed: z.int().nonnegative(), unfiled: z.int().nonnegative() }),
  reelContent: success({ reels: reelContent }),
  instaMediaList: success({
    instaMediaList: z.array(instaMedia),
    filedCount: z
      .int()
      .nonnegative()
      .meta({ description: "How many of the account's videos are already filed: what `checkedFilter` leaves out." }),
  }),
  deletedCount: success({ deleted: z.int().positive() }),
  detailCategorys: success({ detailCategorys: z.array(guideCategory) }),
  detailPage: success({
    count: z.int().nonnegative(),
    detailLists: z.array(guide),
    next: z.string().nullable().optional().meta({ description: "With `limit`: the `after` of the following page; null on the last." }),
  }),
  detailContent: success({ detail: guideContent }),
  savedDetail: success({ index: z.int().positive(), detail: guideContent }),
  deletedDetailCategories: success({ deleted: z.strictObject({ categories: z.int().positive(), guides: z.int().nonnegative() }) }),
  detailPicture: success({ url: z.string().regex(/^\/uploads\/[^/]+$/) }),
  deletedCategories: success({ deleted: z.strictObject({ categories: z.int().positive(), reels: z.int().nonnegative() }) }),
  careerImages: success({
    careerBackground: z.strictObject({
      images: z.array(z.string().min(1)).meta({ description: "The pictures' addresses, in order." }),
      items: z
        .array(z.strictObject({ index: z.int().positive(), image: z.string().min(1), caption: z.string() }))
        .meta({ description: "The same pictures with their `index` (what `order` and `remove` name) and caption (empty: none)." }),
    }),
  }),
  insights: success({ insights }),
  siteSettings: success({ siteSettings, partnerAds: z.array(partnerAd) }),
  savedSiteSettings: success({ siteSettings }),
  partnerAds: success({ partnerAds: z.array(partnerAd) }),
  partnerAdCommand: success({ message: z.string().min(1), partnerAds: z.array(partnerAd) }),
};
