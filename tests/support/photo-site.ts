// A site filled as its owner fills it, with camera-size photos (issue 30): ten products (half of them
// group buys), three reel categories with their covers, three career pictures from 12-megapixel
// JPEGs, a banner, and thirty reels, 24 of them in the first category, whose posters are 1080×1920,
// imported from a local Instagram stand-in. Used by the pictures' budget test and by `npm run lighthouse`.
// Every kind of picture goes through the API once, as a phone sends it, and is stored and sized by
// the site; the rest of the ten products and of the first category's reels are copies of those rows and
// their stored files: what storing the same photo again would write, without sizing it again.
import fs from "node:fs";
import { madeOnce, photoLikeJpeg } from "./camera-photos";
import { fakeVideos, startFakeGraph } from "./fake-graph";
import { copyRow, copyUpload, unusedMediaId, withDatabase } from "./records";

export const PHOTO_SITE_CATEGORIES = [
  { name: "감각통합 놀이", tag: "#감각통합", reels: 24 },
  { name: "소근육 발달", tag: "#소근육", reels: 3 },
  { name: "배변 훈련", tag: "#배변훈련", reels: 3 },
];
/** Reels of each category imported from the Instagram stand-in; the first category's others are copies of its. */
const IMPORTED_REELS = 3;
export const PHOTO_SITE_IMPORTED_REELS = IMPORTED_REELS * PHOTO_SITE_CATEGORIES.length;
/** Products uploaded through the API (a landscape photo, then a portrait one); the others are copies of them. */
const PRODUCTS = 10;
const UPLOADED_PRODUCTS = 2;
/** The first half of the products are group buys. */
const isGroupBuy = (index: number) => index < PRODUCTS / 2;

/** One owner's request: the API path and its form (none for a call without a body), answered with its status and body. */
export type OwnerPost = (path: string, form?: FormData) => Promise<{ status: number; body: string }>;

export type Photos = { landscape: string; portrait: string; banner: string };

/** The folders the site was started on: its database's and its uploads'. */
export type SiteFolders = { dataDir: string; uploadsDir: string };

/** The camera photos (made once per machine) and an Instagram stand-in serving the reels to import, captioned with their categories' tags. */
export async function startPhotoSiteGraph() {
  const [landscape, portrait, banner, poster] = await Promise.all([
    madeOnce("scene-4032x3024.jpg", () => photoLikeJpeg(4032, 3024)),
    madeOnce("scene-3024x4032.jpg", () => photoLikeJpeg(3024, 4032, "#8aa6b0")),
    madeOnce("scene-1280x200.jpg", () => photoLikeJpeg(1280, 200, "#e0b050")),
    madeOnce("scene-1080x1920.jpg", () => photoLikeJpeg(1080, 1920, "#a0b08a")),
  ]);
  const graph = await startFakeGraph({ poster: fs.readFileSync(poster!) });
  const videos = fakeVideos(graph.origin, PHOTO_SITE_IMPORTED_REELS);
  for (const [i, video] of videos.entries()) {
    const category = PHOTO_SITE_CATEGORIES[Math.floor(i / IMPORTED_REELS)]!;
    video.caption = `${category.name} 놀이 영상 ${(i % IMPORTED_REELS) + 1}편 ${category.tag}`;
  }
  graph.setMedia(videos);
  const photos: Photos = { landscape: landscape!, portrait: portrait!, banner: banner! };
  return { graph, photos };
}

function photoBlob(file: string) {
  return new Blob([fs.readFileSync(file)], { type: "image/jpeg" });
}

async function expectOk(answer: Promise<{ status: number; body: string }>, what: string) {
  const { status, body } = await answer;
  if (status !== 200) throw new Error(`${what}: ${status} ${body}`);
  return body;
}

/** Runs the tasks two at a time (the server has two cores to store pictures with). */
async function twoAtATime(tasks: (() => Promise<unknown>)[]) {
  const queue = [...tasks];
  const worker = async () => {
    for (let task = queue.shift(); task; task = queue.shift()) await task();
  };
  await Promise.all([worker(), worker()]);
}

const productName = (index: number) => `감각 놀이 교구 ${index + 1}`;

/**
 * Fills the site: through the API with the photos as a phone sends them, then with copies up to ten
 * products and 24 reels in the first category; resolves to the number of reels the import filed.
 */
export async function fillWithPhotos(post: OwnerPost, photos: Photos, site: SiteFolders) {
  const uploads: (() => Promise<unknown>)[] = [];
  for (let i = 0; i < UPLOADED_PRODUCTS; i++) {
    const form = new FormData();
    form.set("productsNm", productName(i));
    form.set("description", "아이 손에 꼭 맞는 크기의 원목 교구입니다. 집에서도 쉽게 감각 놀이를 할 수 있어요.");
    form.set("isGroupBuy", String(isGroupBuy(i)));
    form.set("isView", "true");
    form.set("isLeft", "true");
    form.set("leftButtonNm", "구매하기");
    form.set("leftLink", "https://link.coupang.com/a/budget");
    form.set("imageFile", photoBlob(i % 2 === 0 ? photos.landscape : photos.portrait), `IMG_${4100 + i}.jpg`);
    uploads.push(() => expectOk(post("/api/product-list/insert", form), `product ${i + 1}`));
  }
  for (const [i, category] of PHOTO_SITE_CATEGORIES.entries()) {
    const form = new FormData();
    form.set("categoryNm", category.name);
    form.set("description", `${category.name} 영상 모음`);
    form.set("isView", "true");
    form.set("hashtags", category.tag);
    form.set("imageFile", photoBlob(i % 2 === 0 ? photos.portrait : photos.landscape), `IMG_${4200 + i}.jpg`);
    uploads.push(() => expectOk(post("/api/reels-category/insert", form), category.name));
  }
  const career = new FormData();
  career.set("hasImage", "true");
  for (const i of [0, 1, 2]) career.append("imageFile", photoBlob(photos.portrait), `IMG_${4300 + i}.jpg`);
  uploads.push(() => expectOk(post("/api/career-background/upsert", career), "career"));
  const banner = new FormData();
  banner.set("name", "쿠팡 교구 기획전");
  banner.set("source", "upload");
  banner.set("link", "https://link.coupang.com/a/banner");
  banner.set("isView", "true");
  banner.set("imageFile", photoBlob(photos.banner), "banner.jpg");
  uploads.push(() => expectOk(post("/api/site-settings/ad-insert", banner), "banner"));
  await twoAtATime(uploads);
  const imported = JSON.parse(await expectOk(post("/api/reels/sync"), "reel import")) as { filed: number };
  copyUploadedRows(site);
  return imported.filed;
}

/**
 * The other products, each a copy of an uploaded one (landscape and portrait in turn), and the first
 * category's other reels, older than its imported ones, each a copy of one of them; written before any
 * page is asked for, so no stored page misses them.
 */
function copyUploadedRows(site: SiteFolders) {
  withDatabase(site, (db) => {
    const products = db.prepare("SELECT id, image FROM products ORDER BY id").all() as { id: number; image: string }[];
    for (let i = UPLOADED_PRODUCTS; i < PRODUCTS; i++) {
      const uploaded = products[i % UPLOADED_PRODUCTS]!;
      // On top of the list, as the site puts a new product.
      const position = (db.prepare("SELECT MIN(position) FROM products").pluck().get() as number) - 1;
      const image = copyUpload(site.uploadsDir, uploaded.image);
      copyRow(db, "products", uploaded.id, { name: productName(i), is_group_buy: isGroupBuy(i) ? 1 : 0, position, image });
    }
    const first = PHOTO_SITE_CATEGORIES[0]!;
    const reels = db
      .prepare(
        "SELECT reels.id, reels.image, insta_reg_date FROM reels JOIN reel_categories ON reel_categories.id = category_id WHERE reel_categories.name = ? ORDER BY insta_reg_date",
      )
      .all(first.name) as { id: number; image: string; insta_reg_date: string }[];
    const oldest = Date.parse(reels[0]!.insta_reg_date);
    for (let n = reels.length + 1; n <= first.reels; n++) {
      const { id, image } = reels[n % reels.length]!;
      copyRow(db, "reels", id, {
        name: `${first.name} 놀이 영상 ${n}편`,
        media_id: unusedMediaId(),
        insta_reg_date: new Date(oldest - n * 60_000).toISOString(),
        image: copyUpload(site.uploadsDir, image),
      });
    }
  });
}
