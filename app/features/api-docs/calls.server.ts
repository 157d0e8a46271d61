import { loginSchema } from "~/features/auth/schema";
import { careerSchema } from "~/features/career/schema";
import { homeUpdateSchema } from "~/features/home/schema";
import { insightsQuerySchema } from "~/features/insights/schema.server";
import { productSchema } from "~/features/products/schema";
import { reelsQuerySchema } from "~/features/reels/api.server";
import { keywordSchema } from "~/features/reels/keyword.server";
import { categorySchema, instaFilterSchema, reelSchema } from "~/features/reels/schema";
import { searchParamsSchema } from "~/features/search/schema";
import { partnerAdCommandSchema, partnerAdSchema, siteSettingsSchema } from "~/features/settings/schema";
import {
  categoryDeleteSchema,
  cookieCheckSchema,
  productDeleteSchema,
  reelContentsQuerySchema,
  reelDeleteSchema,
} from "~/lib/api-schemas.server";
import { listOrderSchema } from "~/lib/list-order";
import * as z from "~/lib/zod";
import { responses } from "./responses";

/**
 * One call of the API as the description tells it: the schema its route parses the payload with
 * (the same object), the answer on success, and the refusals particular to it (the ones every call
 * of its kind can answer are added by the document, see document.server.ts).
 */
export type ApiCall = {
  method: "get" | "post";
  path: `/api/${string}`;
  summary: string;
  /** Who may call it: the admin only (session cookie), anyone, or anyone with more shown to the admin. */
  access: "admin" | "anyone" | "anyone, more for the admin";
  request?: { json: z.ZodType } | { multipart: z.ZodType } | { query: z.ZodObject };
  response: z.ZodType;
  refusals?: number[];
};

/** Updates of a record name it by `index`, which may no longer exist. */
const NOT_FOUND = 404;
/** The reel calls that ask Instagram: it may refuse the token (502) or not be set up (503). */
const INSTAGRAM = [502, 503];

export const API_CALLS: ApiCall[] = [
  {
    method: "post",
    path: "/api/cookie/check",
    summary: "Does the request carry a live admin session (in the cookie `name`, the session cookie by default)?",
    access: "anyone",
    request: { json: cookieCheckSchema },
    response: responses.cookieCheck,
  },
  {
    method: "post",
    path: "/api/login",
    summary: "Logs the admin in and sets the session cookie.",
    access: "anyone",
    request: { json: loginSchema },
    response: responses.login,
    refusals: [401, 429, 503],
  },
  { method: "post", path: "/api/logout", summary: "Ends the session.", access: "anyone", response: responses.logout },
  {
    method: "get",
    path: "/api/home/list",
    summary: "The home menu: names and which menus show.",
    access: "anyone",
    response: responses.homes,
  },
  {
    method: "post",
    path: "/api/home/update",
    summary: "Changes the chosen menu names and visibilities.",
    access: "admin",
    request: { json: homeUpdateSchema },
    response: responses.homes,
  },
  {
    method: "get",
    path: "/api/product-list",
    summary: "Products, newest first (hidden ones for the admin only).",
    access: "anyone, more for the admin",
    response: responses.productLists,
  },
  {
    method: "post",
    path: "/api/product-list/insert",
    summary: "Adds a product (any `index` is ignored).",
    access: "admin",
    request: { multipart: productSchema },
    response: responses.productLists,
  },
  {
    method: "post",
    path: "/api/product-list/update",
    summary: "Edits the product `index` names.",
    access: "admin",
    request: { multipart: productSchema },
    response: responses.productLists,
    refusals: [NOT_FOUND],
  },
  {
    method: "post",
    path: "/api/product-list/delete",
    summary: "Deletes the chosen products with their images.",
    access: "admin",
    request: { json: productDeleteSchema },
    response: responses.deletedCount,
    refusals: [NOT_FOUND],
  },
  {
    method: "get",
    path: "/api/reels-category",
    summary: "Reels categories with their reel counts (hidden ones for the admin only).",
    access: "anyone, more for the admin",
    response: responses.reelsCategorys,
  },
  {
    method: "get",
    path: "/api/reels-category/search",
    summary: "Categories whose name or reels contain `keyword`; an unusable keyword means no search.",
    access: "anyone, more for the admin",
    request: { query: z.object({ keyword: keywordSchema }) },
    response: responses.reelsCategorys,
  },
  {
    method: "get",
    path: "/api/search",
    summary: "Visible reels (title and caption), products (name) and categories (name) containing every word of `q`, newest first.",
    access: "anyone",
    request: { query: searchParamsSchema },
    response: responses.search,
  },
  {
    method: "post",
    path: "/api/reels-category/insert",
    summary: "Adds a category (any `index` is ignored).",
    access: "admin",
    request: { multipart: categorySchema },
    response: responses.reelsCategorys,
  },
  {
    method: "post",
    path: "/api/reels-category/update",
    summary: "Edits the category `index` names.",
    access: "admin",
    request: { multipart: categorySchema },
    response: responses.reelsCategorys,
    refusals: [NOT_FOUND],
  },
  {
    method: "post",
    path: "/api/reels-category/delete",
    summary: "Deletes the chosen categories with their reels.",
    access: "admin",
    request: { json: categoryDeleteSchema },
    response: responses.deletedCategories,
    refusals: [NOT_FOUND],
  },
  {
    method: "get",
    path: "/api/reels/list",
    summary: "The reels of a category, newest first; one page of `limit` with `next` when `limit` is sent.",
    access: "anyone, more for the admin",
    request: { query: reelsQuerySchema },
    response: responses.reelsPage,
    refusals: [NOT_FOUND],
  },
  {
    method: "get",
    path: "/api/reels/list-search",
    summary: "The same list narrowed to reels whose name or caption contains `keyword`.",
    access: "anyone, more for the admin",
    request: { query: reelsQuerySchema },
    response: responses.reelsPage,
    refusals: [NOT_FOUND],
  },
  {
    method: "get",
    path: "/api/reels/insta-media/list",
    summary: "The account's Instagram posts to register reels from.",
    access: "admin",
    request: { query: instaFilterSchema },
    response: responses.instaMediaList,
    refusals: INSTAGRAM,
  },
  {
    method: "post",
    path: "/api/reels/insert",
    summary: "Registers an Instagram reel in a category (any `index` is ignored).",
    access: "admin",
    request: { json: reelSchema },
    response: responses.reelsLists,
    refusals: [NOT_FOUND, 409, ...INSTAGRAM],
  },
  {
    method: "post",
    path: "/api/reels/update",
    summary: "Renames or moves the reel `index` names.",
    access: "admin",
    request: { json: reelSchema },
    response: responses.reelsLists,
    refusals: [NOT_FOUND, 409],
  },
  {
    method: "post",
    path: "/api/reels/delete",
    summary: "Deletes the chosen reels.",
    access: "admin",
    request: { json: reelDeleteSchema },
    response: responses.deletedCount,
    refusals: [NOT_FOUND],
  },
  {
    method: "get",
    path: "/api/reels/contents",
    summary: "One reel for the viewer, with a fresh video link (`failed=1` asks for one now).",
    access: "anyone, more for the admin",
    request: { query: reelContentsQuerySchema },
    response: responses.reelContent,
    refusals: [NOT_FOUND],
  },
  {
    method: "get",
    path: "/api/career-background",
    summary: "The career pictures, in order.",
    access: "anyone",
    response: responses.careerImages,
  },
  {
    method: "post",
    path: "/api/career-background/upsert",
    summary: "Replaces the career pictures (PNG, `imageFile` repeated).",
    access: "admin",
    request: { multipart: careerSchema },
    response: responses.careerImages,
  },
  {
    method: "get",
    path: "/api/site-settings",
    summary: "The saved settings, their defaults and the partner banners.",
    access: "admin",
    response: responses.siteSettings,
  },
  {
    method: "post",
    path: "/api/site-settings/update",
    summary: "Saves the chatbot embed and the Kakao key; a missing or blank field clears the override.",
    access: "admin",
    request: { json: siteSettingsSchema },
    response: responses.savedSiteSettings,
  },
  {
    method: "post",
    path: "/api/site-settings/ad-insert",
    summary: "Adds a partner banner: an uploaded picture with a link, or the partner's banner code.",
    access: "admin",
    request: { multipart: partnerAdSchema },
    response: responses.partnerAds,
  },
  {
    method: "post",
    path: "/api/site-settings/ad-update",
    summary: "Edits the banner `index` names.",
    access: "admin",
    request: { multipart: partnerAdSchema },
    response: responses.partnerAds,
    refusals: [NOT_FOUND],
  },
  {
    method: "post",
    path: "/api/site-settings/ad-command",
    summary: "Moves, shows, hides or deletes a banner; answers what happened and the banners now.",
    access: "admin",
    request: { json: partnerAdCommandSchema },
    response: responses.partnerAdCommand,
    refusals: [NOT_FOUND],
  },
  {
    method: "get",
    path: "/api/insights",
    summary:
      "The last `days` days (7, 30 or 90; 30 by default): page visits (total and per page route) and their sources, uses per day, totals and the most used records.",
    access: "admin",
    request: { query: insightsQuerySchema },
    response: responses.insights,
  },
  {
    method: "post",
    path: "/api/product-list/order",
    summary: "Puts the products in a new order: `ids` names every product once; each section keeps its members.",
    access: "admin",
    request: { json: listOrderSchema },
    response: responses.productLists,
  },
  {
    method: "post",
    path: "/api/reels-category/order",
    summary: "Puts the reel categories in a new order: `ids` names every category once.",
    access: "admin",
    request: { json: listOrderSchema },
    response: responses.reelsCategorys,
  },
  {
    method: "post",
    path: "/api/site-settings/ads/order",
    summary: "Puts the partner banners in a new order: `ids` names every banner once.",
    access: "admin",
    request: { json: listOrderSchema },
    response: responses.partnerAds,
  },
  {
    method: "post",
    path: "/api/reels/sync",
    summary: "Imports the account's new reels now: filed by their category's hashtags, the rest to the inbox.",
    access: "admin",
    response: responses.reelSync,
    refusals: INSTAGRAM,
  },
];
