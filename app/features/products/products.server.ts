import { eq, inArray } from "drizzle-orm";
import { ko } from "~/copy/ko";
import { koProducts } from "~/copy/ko-products.server";
import { db } from "~/db/client.server";
import { products, type ProductRow } from "~/db/schema";
import { contentChanged } from "~/lib/content-version.server";
import { AppError } from "~/lib/errors";
import { saveWithImage } from "~/lib/images.server";
import { formatKstMinute } from "~/lib/korea-clock";
import type { MoveDirection } from "~/lib/list-order";
import { insertOnTop, orderAfterMove, reorderList, saveOrder, shownOrder } from "~/lib/list-order.server";
import { assertAdmin, type Admin } from "~/lib/session.server";
import { registerOnce, type RecordSubmission } from "~/lib/submissions.server";
import { deleteWithImages, uploadUrl } from "~/lib/uploads.server";
import { discountRateOf, groupBuyStatusAt, isBuyable, type GroupBuyStatus, type GroupBuyTerms } from "./group-buy";
import type { ProductInput } from "./schema";

/**
 * docs/product.md §3 product list item, plus what the admin needs to see and edit it, and a group
 * buy's terms with its state and discount at the moment of the request (docs/product.md §4).
 */
export type ProductItem = {
  index: number;
  productNm: string;
  title: string;
  description: string;
  image: string | null;
  isGroupBuy: boolean;
  isView: boolean;
  isLeft: boolean;
  leftButtonNm: string | null;
  leftLink: string | null;
  isRight: boolean;
  rightButtonNm: string | null;
  rightLink: string | null;
  price: number | null;
  groupBuyPrice: number | null;
  /** 'yyyy-MM-dd HH:mm', Korea time; null: open from the start, or no end. */
  groupBuyStartAt: string | null;
  groupBuyEndAt: string | null;
  groupBuyNote: string;
  isSoldOut: boolean;
  sellerNm: string;
  sellerInfo: string;
  inquiryLink: string | null;
  /** The label above a group buy's name (the default wording when the owner left it blank); null for a recommendation without one. */
  adDisclosure: string | null;
  groupBuyStatus: GroupBuyStatus | null;
  discountRate: number | null;
  /** The window as instants, for the pages' wording and order (not part of the API's answer). */
  terms: GroupBuyTerms;
};

function instantOf(stored: string | null) {
  return stored === null ? null : Date.parse(stored);
}

/** A product row as the pages and the API show it, its state worked out at `now` (ms since the epoch). */
export function toItem(row: ProductRow, now = Date.now()): ProductItem {
  const image = uploadUrl(row.image);
  const terms = {
    isGroupBuy: row.isGroupBuy,
    isSoldOut: row.isSoldOut,
    startAt: instantOf(row.groupBuyStartAt),
    endAt: instantOf(row.groupBuyEndAt),
  };
  return {
    index: row.id,
    productNm: row.name,
    title: row.name,
    description: row.description,
    // docs/product.md §2: product images carry a cache-busting timestamp.
    image: image ? `${image}?v=${Date.parse(row.updatedAt)}` : null,
    isGroupBuy: row.isGroupBuy,
    isView: row.isView,
    isLeft: row.isLeft,
    leftButtonNm: row.leftButtonNm,
    leftLink: row.leftLink,
    isRight: row.isRight,
    rightButtonNm: row.rightButtonNm,
    rightLink: row.rightLink,
    price: row.price,
    groupBuyPrice: row.groupBuyPrice,
    groupBuyStartAt: terms.startAt === null ? null : formatKstMinute(terms.startAt),
    groupBuyEndAt: terms.endAt === null ? null : formatKstMinute(terms.endAt),
    groupBuyNote: row.groupBuyNote,
    isSoldOut: row.isSoldOut,
    sellerNm: row.sellerNm,
    sellerInfo: row.sellerInfo,
    inquiryLink: row.inquiryLink,
    adDisclosure: row.adDisclosure ?? (row.isGroupBuy ? koProducts.disclosure : null),
    groupBuyStatus: groupBuyStatusAt(terms, now),
    discountRate: row.isGroupBuy ? discountRateOf(row.price, row.groupBuyPrice) : null,
    terms,
  };
}

/** What the API answers of a product: the item without what only the pages use. */
export function forApi({ terms: _terms, ...item }: ProductItem) {
  return item;
}

/** Visitors see published products; the admin sees all of them. In the owner's order (new ones on top). */
export function listProducts(admin: Admin | null, now = Date.now()): ProductItem[] {
  const query = db().select().from(products);
  const rows = (admin ? query : query.where(eq(products.isView, true))).orderBy(...shownOrder(products)).all();
  return rows.map((row) => toItem(row, now));
}

/** A product's own page (/product/{id}): a published one, or any for the admin; undefined otherwise. */
export function findShownProduct(admin: Admin | null, id: number, now = Date.now()): ProductItem | undefined {
  const row = db().select().from(products).where(eq(products.id, id)).get();
  return row && (row.isView || admin) ? toItem(row, now) : undefined;
}

export function getProduct(admin: Admin | null, id: number): ProductItem {
  assertAdmin(admin);
  const row = db().select().from(products).where(eq(products.id, id)).get();
  if (!row) throw new AppError(404, "NOT_FOUND", ko.products.notFound);
  return toItem(row);
}

/**
 * Registers (no index) or edits (index) a product. A new image is stored before the row changes and
 * removed again if the row cannot be written; the old image goes only after the new row is committed.
 */
export function saveProduct(admin: Admin | null, input: ProductInput): Promise<ProductItem> {
  assertAdmin(admin);
  if (input.index) return writeProduct(input);
  return registerOnce("products", input.submissionId, findProductItem, (recordSubmission) => writeProduct(input, recordSubmission));
}

function findProductItem(id: number): ProductItem | undefined {
  const row = db().select().from(products).where(eq(products.id, id)).get();
  return row ? toItem(row) : undefined;
}

async function writeProduct(input: ProductInput, recordSubmission?: RecordSubmission): Promise<ProductItem> {
  const existing = input.index ? db().select().from(products).where(eq(products.id, input.index)).get() : undefined;
  if (input.index && !existing) throw new AppError(404, "NOT_FOUND", ko.products.notFound);

  const dropImage = input.removeImage === true || input.hasImage === false;
  const keptImage = dropImage ? null : (existing?.image ?? null);
  if (input.hasImage === true && !input.imageFile && !keptImage) {
    throw new AppError(400, "VALIDATION", ko.products.required, { imageFile: [ko.products.required] });
  }

  const row = await saveWithImage(
    {
      file: input.imageFile,
      // Its page's 2:1 share image (docs/architecture.md §5), made with the picture's sizes, before the row names it.
      share: true,
      current: () =>
        existing ? (db().select({ image: products.image }).from(products).where(eq(products.id, existing.id)).get()?.image ?? null) : null,
      drop: dropImage,
    },
    (image) => {
      const values = {
        name: input.productsNm,
        description: input.description?.trim() ?? "",
        image,
        isGroupBuy: input.isGroupBuy,
        isView: input.isView,
        isLeft: input.isLeft,
        leftButtonNm: input.isLeft ? (input.leftButtonNm ?? null) : null,
        leftLink: input.isLeft ? (input.leftLink ?? null) : null,
        isRight: input.isRight,
        rightButtonNm: input.isRight ? (input.rightButtonNm ?? null) : null,
        rightLink: input.isRight ? (input.rightLink ?? null) : null,
        price: input.price ?? null,
        groupBuyPrice: input.groupBuyPrice ?? null,
        groupBuyStartAt: input.groupBuyStartAt === undefined ? null : new Date(input.groupBuyStartAt).toISOString(),
        groupBuyEndAt: input.groupBuyEndAt === undefined ? null : new Date(input.groupBuyEndAt).toISOString(),
        groupBuyNote: input.groupBuyNote ?? "",
        isSoldOut: input.isSoldOut,
        sellerNm: input.sellerNm ?? "",
        sellerInfo: input.sellerInfo ?? "",
        inquiryLink: input.inquiryLink ?? null,
        // Blank, or the default wording typed out: the default, which follows the site's wording.
        adDisclosure: input.adDisclosure && input.adDisclosure !== koProducts.disclosure ? input.adDisclosure : null,
        updatedAt: new Date().toISOString(),
      };
      const written = existing
        ? db().update(products).set(values).where(eq(products.id, existing.id)).returning().get()
        : insertOnTop(products, values, recordSubmission);
      // The row can vanish between the read and the write (deleted meanwhile): nothing is saved then.
      if (!written) throw new AppError(404, "NOT_FOUND", ko.products.notFound);
      return written;
    },
  );
  contentChanged();
  return toItem(row);
}

/**
 * Moves a product one step within its section (공동구매 or 제품 추천): it swaps places with the
 * nearest product of the same section; at the section's end nothing moves.
 */
export function moveProduct(admin: Admin | null, id: number, direction: MoveDirection) {
  assertAdmin(admin);
  saveOrder(products, (ordered) => {
    const sections = new Map(
      db()
        .select({ id: products.id, isGroupBuy: products.isGroupBuy })
        .from(products)
        .all()
        .map((row) => [row.id, row.isGroupBuy]),
    );
    if (!sections.has(id)) throw new AppError(404, "NOT_FOUND", ko.products.notFound);
    const peers = ordered.filter((other) => sections.get(other) === sections.get(id));
    return orderAfterMove(ordered, peers, id, direction);
  });
}

/**
 * Puts every product in the given order (all of them, each once). Sections keep their members:
 * each section shows its products in the order they have in the list.
 */
export function reorderProducts(admin: Admin | null, ids: number[]) {
  assertAdmin(admin);
  reorderList(products, ids);
}

/** Deletes the chosen products and then their images. */
export async function deleteProducts(admin: Admin | null, ids: number[]): Promise<number> {
  assertAdmin(admin);
  return deleteWithImages(ids, ko.products.notFound, (unique) => {
    const deleted = db().delete(products).where(inArray(products.id, unique)).returning({ image: products.image }).all();
    return { deleted: deleted.length, images: deleted.map((row) => row.image), result: deleted.length };
  });
}

/** For the delete confirmation: the names of the chosen products that exist. */
export function productNames(admin: Admin | null, ids: number[]): { index: number; productNm: string }[] {
  assertAdmin(admin);
  if (ids.length === 0) throw new AppError(400, "NOTHING_SELECTED", ko.list.nothingToDelete);
  return db().select({ index: products.id, productNm: products.name }).from(products).where(inArray(products.id, ids)).all();
}

export type ButtonSide = "left" | "right";

/**
 * Where a product button sends a visitor: the stored link of a button the product list shows (a
 * published product whose button has both its label and its link), else a 404. A group buy that
 * is not open has no buttons (docs/product.md §4): an old page's button leads to the product's page,
 * which says why (`open: false`).
 */
export function productButtonLink(id: number, side: ButtonSide, now = Date.now()): { link: string; open: boolean } {
  const row = db().select().from(products).where(eq(products.id, id)).get();
  const [label, link] = side === "left" ? [row?.leftButtonNm, row?.leftLink] : [row?.rightButtonNm, row?.rightLink];
  if (!row?.isView || !label || !link) throw new AppError(404, "NOT_FOUND", ko.products.notFound);
  return { link, open: isBuyable(toItem(row, now).groupBuyStatus) };
}
