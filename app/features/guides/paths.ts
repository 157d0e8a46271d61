/** The guide category list in edit mode, where its "위로"/"아래로" post and come back to. */
export const GUIDE_CATEGORY_EDIT_PATH = "/detail-category?mode=edit";
