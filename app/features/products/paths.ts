/** Where the product list's edit mode posts its moves (the page and its server door both name it). */
export const PRODUCT_EDIT_PATH = "/product-list?mode=edit";
