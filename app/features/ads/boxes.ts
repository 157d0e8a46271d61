/**
 * docs/product.md §9 sizes, for the component that draws a banner and the server that picks its
 * picture's size: a 320x50 banner; the product-page frame shows 236x197 of a 300x250 widget.
 */
export const BANNER_BOXES = {
  banner: { width: 320, height: 50 },
  frame: { width: 236, height: 197 },
} as const;

/** Where a banner stands: alone (`banner`), or in the 236x197 frame of the list pages with its name (`frame`). */
export type BannerVariant = keyof typeof BANNER_BOXES;
