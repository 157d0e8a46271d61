import { koAdmin } from "~/copy/ko-admin";
import { hasVisibleText, oneLineText, stripBidiControls } from "~/lib/input-rules";
import * as z from "~/lib/zod";

export const MENU_KEYS = ["home", "reels", "products", "detail"] as const;
export type MenuKey = (typeof MENU_KEYS)[number];
/** The rows of the /home-update form: the four menus of docs/product.md §2 (상세/심화 정보 is the guides, issue 32). */
export const SCREEN_MENU_KEYS = ["home", "reels", "products", "detail"] as const satisfies readonly MenuKey[];
export type ScreenMenuKey = (typeof SCREEN_MENU_KEYS)[number];
export const MENU_NAME_MAX = 20;

const menuName = oneLineText()
  .trim()
  .min(1)
  .max(MENU_NAME_MAX, koAdmin.homeUpdate.nameTooLong)
  .refine(hasVisibleText)
  .transform(stripBidiControls);
/** A name typed in the form: the row counts only when the name shows something (see below). */
const formMenuName = oneLineText().trim().max(MENU_NAME_MAX, koAdmin.homeUpdate.nameTooLong).transform(stripBidiControls).optional();

/** docs/product.md §7 /api/home/update payload: only the chosen parts are sent. */
export const homeUpdateSchema = z
  .object({
    homeMenuNm: menuName.optional(),
    reelsMenuNm: menuName.optional(),
    productsMenuNm: menuName.optional(),
    detailMenuNm: menuName.optional(),
    isViewFlags: z
      .object({
        home: z.boolean().optional(),
        reels: z.boolean().optional(),
        products: z.boolean().optional(),
        detail: z.boolean().optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

export type HomeUpdate = z.output<typeof homeUpdateSchema>;

const visibility = z.enum(["show", "hide"]).transform((value) => value === "show");

/**
 * The /home-update form: a row's name counts only when its checkbox is ticked and the name is
 * not empty (docs/product.md §5); the show/hide choices are always sent.
 */
export const homeUpdateFormSchema = z
  .object({
    intent: z.enum(["review", "confirm"]).default("review"),
    homeChecked: z.boolean().optional(),
    reelsChecked: z.boolean().optional(),
    productsChecked: z.boolean().optional(),
    detailChecked: z.boolean().optional(),
    homeMenuNm: formMenuName,
    reelsMenuNm: formMenuName,
    productsMenuNm: formMenuName,
    detailMenuNm: formMenuName,
    homeView: visibility,
    reelsView: visibility,
    productsView: visibility,
    /** Optional: a form from before the row came back (a page open during the upgrade) leaves the flag as it is. */
    detailView: visibility.optional(),
  })
  .transform((form) => {
    const update: HomeUpdate = {
      isViewFlags: {
        home: form.homeView,
        reels: form.reelsView,
        products: form.productsView,
        ...(form.detailView === undefined ? {} : { detail: form.detailView }),
      },
    };
    for (const key of SCREEN_MENU_KEYS) {
      const name = form[`${key}MenuNm`];
      if (form[`${key}Checked`] && name && hasVisibleText(name)) update[`${key}MenuNm`] = name;
    }
    return { intent: form.intent, update };
  });
