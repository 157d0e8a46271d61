import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { db } from "~/db/client.server";
import { careerImages, homeMenu, partnerAds, products, reelCategories, reels, settings } from "~/db/schema";
import { DEMO_TOKEN } from "~/features/instagram/client.server";
import { TOKEN_SETTING_KEY } from "~/features/instagram/token.server";
import { writeIdentity, type SavedIdentity } from "~/features/settings/identity.server";
import { config } from "~/lib/config.server";
import { storeAvatars, storeShareImage } from "~/lib/images.server";
import { removeUploads, writeUpload } from "~/lib/uploads.server";
import { seedDemoGuides } from "./seed-guides.server";

type DemoProduct = {
  name: string;
  description: string;
  image: string;
  isGroupBuy: boolean;
  isView: boolean;
  /** Button labels; the demo buttons lead to real searches for the product (see below). */
  left?: string;
  right?: string;
  /** A group buy's terms, its window in days from the seeding (Korea time, see groupBuyTerms). */
  terms?: DemoTerms;
};

type DemoTerms = {
  price: number;
  groupBuyPrice?: number;
  /** [days from today, "HH:mm"] in Korea time. */
  start?: [number, string];
  end?: [number, string];
  note?: string;
  seller?: boolean;
};

const demoProducts: DemoProduct[] = [
  {
    name: "배변훈련 변기 커버",
    description:
      "어른 변기에 올려 쓰는 아이용 보조 커버예요. 발판과 손잡이가 있어 아이가 스스로 자세를 잡기 쉽고, 변기에 대한 두려움을 줄이는 데 도움이 돼요.",
    image: "products/product-1.jpg",
    isGroupBuy: true,
    isView: true,
    left: "구매하기",
    right: "자세히 보기",
    terms: { price: 39000, groupBuyPrice: 29000, start: [-2, "10:00"], end: [3, "23:59"], note: "2개 이상 구매 시 무료배송", seller: true },
  },
  {
    name: "소근육 발달 블록",
    description:
      "손가락 힘과 양손 협응을 기르는 끼우기 블록이에요. 크기가 다양해서 두 돌 무렵부터 초등 저학년까지 난이도를 바꿔 가며 놀 수 있어요.",
    image: "products/product-2.jpg",
    isGroupBuy: true,
    isView: true,
    left: "구매하기",
    terms: { price: 32000, groupBuyPrice: 25600, start: [2, "10:00"], end: [6, "23:59"], seller: true },
  },
  {
    name: "연필 교정기",
    description:
      "연필에 끼우기만 하면 세 손가락 쥐기 자세를 자연스럽게 잡아 줘요. 글씨 쓰기를 막 시작한 아이나 손에 힘을 너무 많이 주는 아이에게 추천해요.",
    image: "products/product-3.jpg",
    isGroupBuy: true,
    isView: true,
    left: "공동구매 참여",
    right: "자세히 보기",
    terms: { price: 12000, groupBuyPrice: 9900, start: [-10, "10:00"], end: [-3, "23:59"], seller: true },
  },
  {
    name: "감각 놀이 볼",
    description:
      "말랑한 돌기가 있는 촉각 공이에요. 손바닥으로 굴리거나 꾹 눌러 보며 촉각을 깨우고, 예민한 아이도 편안하게 감각을 받아들이도록 도와줘요.",
    image: "products/product-4.jpg",
    isGroupBuy: false,
    isView: true,
    right: "자세히 보기",
    terms: { price: 15900 },
  },
  {
    name: "균형 쿠션",
    description:
      "공기를 채운 쿠션 위에 앉거나 서서 균형 감각과 코어 힘을 길러요. 의자에 깔아 두면 가만히 앉아 있기 힘든 아이의 집중에도 도움이 돼요.",
    image: "products/product-5.jpg",
    isGroupBuy: false,
    isView: true,
    left: "구매하기",
    right: "자세히 보기",
  },
  {
    name: "가위질 연습 키트",
    description:
      "안전 가위와 단계별 자르기 도안이 함께 들어 있어요. 직선에서 곡선, 도형 순서로 연습하며 눈과 손의 협응을 차근차근 키울 수 있어요.",
    image: "products/product-6.jpg",
    isGroupBuy: false,
    isView: false,
    left: "구매하기",
  },
];

const demoCategories = [
  {
    key: "potty",
    name: "배변훈련",
    description: "기저귀 떼기를 시작하는 부모님을 위한 배변훈련 팁과 놀이를 모았어요.",
    image: "categories/category-1.jpg",
  },
  {
    key: "fine-motor",
    name: "소근육 놀이",
    description: "집에서 쉽게 따라 하는 손가락·손목 힘 기르기 놀이예요.",
    image: "categories/category-2.jpg",
  },
  {
    key: "sensory",
    name: "감각통합",
    description: "감각이 예민하거나 둔한 아이를 위한 감각통합 놀이를 소개해요.",
    image: "categories/category-3.jpg",
  },
] as const;

type CategoryKey = (typeof demoCategories)[number]["key"];

/**
 * Demo reels are items of the local sample feed (content/demo/instagram-media.json, the feed the
 * DEMO Instagram token reads), so a refresh by media id finds them like real ones.
 */
const demoReels: { category: CategoryKey; name: string; mediaId: string }[] = [
  { category: "potty", name: "배변훈련 첫 주, 자주 묻는 질문", mediaId: "17900000000000111" },
  { category: "potty", name: "변기를 무서워하는 아이", mediaId: "17900000000000107" },
  { category: "potty", name: "밤 기저귀 떼기 꿀팁", mediaId: "17900000000000102" },
  { category: "fine-motor", name: "가위질 첫걸음", mediaId: "17900000000000112" },
  { category: "fine-motor", name: "집게로 하는 소근육 놀이", mediaId: "17900000000000109" },
  { category: "fine-motor", name: "연필 바르게 잡는 법", mediaId: "17900000000000105" },
  { category: "sensory", name: "물놀이 감각 놀이", mediaId: "17900000000000104" },
  { category: "sensory", name: "클레이로 손가락 힘 기르기", mediaId: "17900000000000101" },
];

type FeedItem = {
  id: string;
  caption?: string;
  media_url?: string;
  thumbnail_url?: string;
  permalink?: string;
  timestamp: string;
};

function demoFeedItems(): Map<string, FeedItem> {
  const pages = JSON.parse(fs.readFileSync(path.resolve(process.cwd(), "content/demo/instagram-media.json"), "utf8")) as {
    data: FeedItem[];
  }[];
  return new Map(pages.flatMap((page) => page.data).map((item) => [item.id, item]));
}

function feedItem(feed: Map<string, FeedItem>, mediaId: string): FeedItem {
  const item = feed.get(mediaId);
  if (!item) throw new Error(`Demo reel ${mediaId} is not in the sample feed`);
  return item;
}

/** The demo seller's details, as a group buy should state them (docs/product.md §3). */
const DEMO_SELLER = {
  sellerNm: "우리아이 생활연구소",
  sellerInfo:
    "상호: 우리아이 생활연구소 (데모)\n사업자등록번호: 000-00-00000 · 통신판매업 신고: 제0000-서울-0000호\n교환·환불: 상품을 받은 날부터 7일 이내, 사용하지 않은 상품에 한해 가능합니다. 단순 변심에 따른 왕복 배송비는 구매자가 부담합니다.",
};

/** A day `days` from today's Korea-time date at `time` ("HH:mm", Korea time), as stored (UTC ISO). */
function demoInstant([days, time]: [number, string], now: number) {
  const today = new Date(now + 9 * 3_600_000).toISOString().slice(0, 10);
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const day = new Date(`${today}T00:00:00Z`);
  return new Date(day.getTime() + days * 86_400_000 + (hour - 9) * 3_600_000 + minute * 60_000).toISOString();
}

function demoTerms(terms: DemoTerms | undefined, now: number) {
  if (!terms) return {};
  return {
    price: terms.price,
    groupBuyPrice: terms.groupBuyPrice ?? null,
    groupBuyStartAt: terms.start ? demoInstant(terms.start, now) : null,
    groupBuyEndAt: terms.end ? demoInstant(terms.end, now) : null,
    groupBuyNote: terms.note ?? "",
    ...(terms.seller ? DEMO_SELLER : {}),
  };
}

/** The sizes scripts/make-demo-images.mjs draws them at: declared, so that seeding needs no image decoder. */
export const demoCareer = [1, 2, 3].map((n) => ({ file: `career/career-${n}.png`, width: 900, height: 1200 }));

/** Real pages for the demo's links (no partner account is needed to open them): a search for the product. */
const coupangSearch = (name: string) => `https://www.coupang.com/np/search?q=${encodeURIComponent(name)}`;
const naverSearch = (name: string) => `https://search.naver.com/search.naver?query=${encodeURIComponent(name)}`;

/** Demo banners link to a Coupang search for the product. */
const demoAds = [
  { name: "유아 배변훈련 변기 커버", imageUrl: "/demo/ads/ad-1.png" },
  { name: "원목 소근육 블록 세트", imageUrl: "/demo/ads/ad-2.png" },
  { name: "실리콘 연필 교정기", imageUrl: "/demo/ads/ad-3.png" },
  { name: "촉각 감각 놀이 볼 세트", imageUrl: "/demo/ads/ad-4.png" },
  { name: "어린이 균형 쿠션", imageUrl: "/demo/ads/ad-5.png" },
].map((ad) => ({ ...ad, link: coupangSearch(ad.name) }));

/**
 * The demo therapist's identity (사이트 설정 > 사이트 정보). The introduction is left blank, so the
 * home page's names only the menus shown; the owner writes her own, and her privacy contact, on 사이트 설정.
 */
export const demoIdentity = {
  siteName: "우리아이 작업치료",
  siteIntro: null,
  siteHandle: "@ot_teacher_kids",
  footerLinks: [
    { label: "인스타그램", url: "https://www.instagram.com/ot_teacher_kids/" },
    { label: "유튜브", url: "https://www.youtube.com/@ot_teacher_kids" },
    { label: "블로그", url: "https://blog.naver.com/ot_teacher_kids" },
  ],
  copyrightHolder: "우리아이 작업치료",
  // None: the privacy pages then send questions to her Instagram (a made-up address would be worse).
  privacyContact: null,
  profilePicture: "profile.jpg",
} as const;

function demoDir() {
  return path.resolve(process.cwd(), "public/demo");
}

function isEmpty(): boolean {
  return db().select({ id: homeMenu.id }).from(homeMenu).limit(1).all().length === 0;
}

/** Copies one demo file into the uploads folder under a generated name (through the upload writer). */
async function copyIntoUploads(relative: string, copied: string[]): Promise<string> {
  const name = `${crypto.randomUUID()}${path.extname(relative).toLowerCase()}`;
  await writeUpload(name, await fs.promises.readFile(path.join(demoDir(), relative)));
  copied.push(name);
  return name;
}

/**
 * Fills an empty database (no home_menu row) with demo content: menu, products, reel categories
 * and reels, career images and partner ads. Images are copied into the uploads folder first; the
 * rows go in one transaction, and the copies are removed again when anything fails.
 * Returns true when it seeded, false when the database already had content.
 */
export async function seedDemoContent(): Promise<boolean> {
  if (!isEmpty()) return false;

  const feed = demoFeedItems();
  const now = Date.now();

  const copied: string[] = [];
  try {
    const productImages = await Promise.all(demoProducts.map((p) => copyIntoUploads(p.image, copied)));
    const categoryImages = await Promise.all(demoCategories.map((c) => copyIntoUploads(c.image, copied)));
    const posterImages = await Promise.all(
      demoReels.map((r) => {
        const thumbnail = feedItem(feed, r.mediaId).thumbnail_url;
        return thumbnail ? copyIntoUploads(thumbnail.replace(/^\/demo\//, ""), copied) : null;
      }),
    );
    const career = await Promise.all(
      demoCareer.map(async ({ file, width, height }) => ({ image: await copyIntoUploads(file, copied), width, height })),
    );
    // The profile picture with what is made from it on 사이트 설정: its 2:1 share image and the header's avatars.
    const profileImage = await copyIntoUploads(demoIdentity.profilePicture, copied);
    await storeShareImage(profileImage);
    await storeAvatars(profileImage);

    const seeded = db().transaction((tx) => {
      // Re-check inside the write transaction: another process may have seeded meanwhile.
      if (tx.select({ id: homeMenu.id }).from(homeMenu).limit(1).all().length > 0) return false;

      tx.insert(homeMenu)
        .values({
          id: 1,
          homeMenuNm: "홈",
          reelsMenuNm: "릴스 모음",
          productsMenuNm: "제품 소개",
          detailMenuNm: "상세 정보",
          viewHome: true,
          viewReels: true,
          viewProducts: true,
          viewDetail: true,
        })
        .run();

      tx.insert(products)
        .values(
          demoProducts.map((p, i) => ({
            name: p.name,
            description: p.description,
            image: productImages[i] ?? null,
            isGroupBuy: p.isGroupBuy,
            isView: p.isView,
            isLeft: p.left !== undefined,
            leftButtonNm: p.left ?? null,
            leftLink: p.left ? coupangSearch(p.name) : null,
            isRight: p.right !== undefined,
            rightButtonNm: p.right ?? null,
            rightLink: p.right ? naverSearch(p.name) : null,
            ...demoTerms(p.terms, now),
          })),
        )
        .run();

      const categoryIds = new Map<CategoryKey, number>();
      demoCategories.forEach((c, i) => {
        const row = tx
          .insert(reelCategories)
          .values({
            name: c.name,
            description: c.description,
            image: categoryImages[i] ?? null,
            isView: true,
          })
          .returning({ id: reelCategories.id })
          .get();
        categoryIds.set(c.key, row.id);
      });

      tx.insert(reels)
        .values(
          demoReels.map((r, i) => {
            const categoryId = categoryIds.get(r.category);
            if (categoryId === undefined) throw new Error(`Unknown demo category ${r.category}`);
            const item = feedItem(feed, r.mediaId);
            return {
              categoryId,
              name: r.name,
              mediaId: r.mediaId,
              permalink: item.permalink ?? null,
              image: posterImages[i] ?? null,
              link: item.media_url ?? null,
              linkCheckedAt: new Date().toISOString(),
              caption: item.caption ?? "",
              instaRegDate: new Date(item.timestamp.replace(/([+-]\d{2})(\d{2})$/, "$1:$2")).toISOString(),
            };
          }),
        )
        .run();

      tx.insert(careerImages)
        .values(career.map(({ image, width, height }, position) => ({ image, position, width, height })))
        .run();

      tx.insert(partnerAds)
        .values(demoAds.map((ad, position) => ({ ...ad, position })))
        .run();

      const { profilePicture, footerLinks, ...identity } = demoIdentity;
      const saved: SavedIdentity = { ...identity, footerLinks: [...footerLinks], profileImage };
      writeIdentity(tx, saved, new Date().toISOString());

      // Without a real Instagram token the register screen reads the local sample feed.
      if (!config().INSTAGRAM_ACCESS_TOKEN) {
        tx.insert(settings).values({ key: TOKEN_SETTING_KEY, value: DEMO_TOKEN }).onConflictDoNothing().run();
      }

      return true;
    });

    if (!seeded) await removeUploads(copied);
    else await seedDemoGuides(copyIntoUploads);
    return seeded;
  } catch (error) {
    await removeUploads(copied);
    throw error;
  }
}
