// A site filled as its owner fills it, with camera-size photos (issue 30): ten products (half of them
// group buys), three reel categories with their covers, three career pictures from 12-megapixel
// JPEGs, a banner, and thirty reels imported from a local Instagram stand-in whose posters are
// 1080×1920. Used by the pictures' budget test and by `npm run lighthouse`.
import fs from "node:fs";
import { madeOnce, photoLikeJpeg } from "./camera-photos";
import { fakeVideos, startFakeGraph } from "./fake-graph";

export const PHOTO_SITE_CATEGORIES = [
  { name: "감각통합 놀이", tag: "#감각통합", reels: 24 },
  { name: "소근육 발달", tag: "#소근육", reels: 3 },
  { name: "배변 훈련", tag: "#배변훈련", reels: 3 },
];

/** One owner's request: the API path and its form (none for a call without a body), answered with its status and body. */
export type OwnerPost = (path: string, form?: FormData) => Promise<{ status: number; body: string }>;

export type Photos = { landscape: string; portrait: string; banner: string };

/** The camera photos (made once per machine) and an Instagram stand-in serving the thirty reels, captioned with their categories' tags. */
export async function startPhotoSiteGraph() {
  const [landscape, portrait, banner, poster] = await Promise.all([
    madeOnce("scene-4032x3024.jpg", () => photoLikeJpeg(4032, 3024)),
    madeOnce("scene-3024x4032.jpg", () => photoLikeJpeg(3024, 4032, "#8aa6b0")),
    madeOnce("scene-1280x200.jpg", () => photoLikeJpeg(1280, 200, "#e0b050")),
    madeOnce("scene-1080x1920.jpg", () => photoLikeJpeg(1080, 1920, "#a0b08a")),
  ]);
  const graph = await startFakeGraph({ poster: fs.readFileSync(poster!) });
  const videos = fakeVideos(
    graph.origin,
    PHOTO_SITE_CATEGORIES.reduce((sum, category) => sum + category.reels, 0),
  );
  let next = 0;
  for (const category of PHOTO_SITE_CATEGORIES) {
    for (const video of videos.slice(next, next + category.reels))
      video.caption = `${category.name} 놀이 영상 ${next + 1}편 ${category.tag}`;
    next += category.reels;
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

/** Fills the site through the API with the photos as a phone sends them; resolves to the number of reels the import filed. */
export async function fillWithPhotos(post: OwnerPost, photos: Photos) {
  const uploads: (() => Promise<unknown>)[] = [];
  for (let i = 0; i < 10; i++) {
    const form = new FormData();
    form.set("productsNm", `감각 놀이 교구 ${i + 1}`);
    form.set("description", "아이 손에 꼭 맞는 크기의 원목 교구입니다. 집에서도 쉽게 감각 놀이를 할 수 있어요.");
    form.set("isGroupBuy", i < 5 ? "true" : "false");
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
  return imported.filed;
}
