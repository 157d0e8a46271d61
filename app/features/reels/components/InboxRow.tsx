import { Form } from "@remix-run/react";
import { koReelImport } from "~/copy/ko-reel-import";
import type { InboxReel } from "../import.server";

type Props = {
  reel: InboxReel;
  categories: { index: number; categoryNm: string }[];
  busy: boolean;
};

/** One unfiled reel: its poster and caption, a category to file it into ("등록"), or "숨기기" for good. */
export function InboxRow({ reel, categories, busy }: Props) {
  const selectId = `inbox-category-${reel.index}`;
  return (
    <article className="inbox-row card" aria-labelledby={`inbox-title-${reel.index}`}>
      {reel.image ? <img className="inbox-row__poster" src={reel.image} alt="" width={90} height={160} loading="lazy" /> : null}
      <div className="inbox-row__body">
        <h2 className="inbox-row__title" id={`inbox-title-${reel.index}`}>
          {reel.title}
        </h2>
        <p className="hint">
          {reel.instaRegDate}
          {reel.fromCategory ? <span className="badge">{koReelImport.fromDeletedCategory}</span> : null}
        </p>
        {reel.caption ? <p className="inbox-row__caption">{reel.caption}</p> : null}
        <Form method="post" className="inbox-row__file">
          <input type="hidden" name="intent" value="file" />
          <input type="hidden" name="index" value={reel.index} />
          <label htmlFor={selectId}>{koReelImport.category}</label>
          <select id={selectId} name="reelsCategoryID" required defaultValue="">
            <option value="" disabled>
              {koReelImport.chooseCategory}
            </option>
            {categories.map((category) => (
              <option key={category.index} value={category.index}>
                {category.categoryNm}
              </option>
            ))}
          </select>
          <button type="submit" className="button button--primary" disabled={busy || categories.length === 0}>
            {koReelImport.file}
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="hide" />
          <input type="hidden" name="index" value={reel.index} />
          <button type="submit" className="button" disabled={busy}>
            {koReelImport.hide}
          </button>
        </Form>
      </div>
    </article>
  );
}
