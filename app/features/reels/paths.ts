/** The category list in edit mode, where its "위로"/"아래로" post and come back to. */
export const CATEGORY_EDIT_PATH = "/reels-category?mode=edit";
