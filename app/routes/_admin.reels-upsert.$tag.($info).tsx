import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { FieldError } from "~/components/FormErrors";
import { TextField, UpsertForm } from "~/components/UpsertForm";
import { koAdmin } from "~/copy/ko-admin";
import { koServer } from "~/copy/ko-server.server";
import { categoriesInOwnerOrder, getCategory } from "~/features/reels/categories.server";
import { InstaFilterForm } from "~/features/reels/components/InstaFilterForm";
import { InstaItem } from "~/features/reels/components/InstaItem";
import { getReel } from "~/features/reels/reel-lists.server";
import { registerReel, updateReel } from "~/features/reels/reel-writes.server";
import { registerCategory, registerPicker } from "~/features/reels/register-page.server";
import { REEL_NAME_MAX, reelSchema } from "~/features/reels/schema";
import { failedForm, readUpsertForm, recordToEdit, saved, upsertPage } from "~/lib/admin-form.server";
import { routeFacts } from "~/lib/route-facts";
import { categoryPath } from "~/lib/route-info";
import { pageMeta } from "~/lib/seo";
import { useUpsertForm } from "~/lib/use-upsert-form";
import reelsUpsertStyles from "~/styles/reels-upsert.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: reelsUpsertStyles }];

export const handle = routeFacts({ access: "admin", jsBudgetKiB: 150 });

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, { title: args.data?.reel ? koAdmin.reelsForm.reelEditTitle : koAdmin.reelsForm.reelRegisterTitle, noindex: true });

export async function loader(args: LoaderFunctionArgs) {
  const { admin, target } = await upsertPage(args);
  const reel = recordToEdit(target, (id) => getReel(admin, id));
  if (reel) {
    // The categories she can move it to (DESIGN §10: another reelsCategoryID moves the reel).
    const categories = categoriesInOwnerOrder().map((row) => ({ index: row.id, categoryNm: row.name }));
    return { reel, category: getCategory(admin, reel.categoryId), categories, register: null };
  }
  return {
    reel: null,
    category: registerCategory(admin, args.params.info),
    categories: [],
    register: await registerPicker(admin, args.request),
  };
}

export async function action(args: ActionFunctionArgs) {
  const form = await readUpsertForm(args, reelSchema, { files: 0 });
  if (!form.ok) return form.reply;
  const { admin, target, submission } = form;
  let category;
  try {
    const reel = target === null ? await registerReel(admin, submission.value) : updateReel(admin, submission.value);
    category = getCategory(admin, reel.categoryId);
  } catch (error) {
    return failedForm(submission, error);
  }
  return saved(categoryPath(category), koServer.flash.reelSaved);
}

export default function ReelUpsert() {
  const { reel, category, categories, register } = useLoaderData<typeof loader>();
  const location = useLocation();
  const { fields, frame } = useUpsertForm(reelSchema, { defaultValue: { reelsNm: reel?.reelsNm ?? "" } });
  const chosenMediaId = typeof fields.mediaId.initialValue === "string" ? fields.mediaId.initialValue : undefined;

  const intro = (
    <>
      <p className="lead">
        <Link to={categoryPath(category)}>{category.categoryNm}</Link>
      </p>
      {register ? (
        <>
          {register.instagram.demo ? <p className="notice">{koAdmin.instagram.demoFeed}</p> : null}
          <InstaFilterForm
            action={location.pathname}
            values={register.values}
            errors={register.filterErrors}
            filedCount={register.filedCount}
          />
        </>
      ) : null}
    </>
  );

  return (
    <UpsertForm
      title={reel ? koAdmin.reelsForm.reelEditTitle : koAdmin.reelsForm.reelRegisterTitle}
      editing={reel !== null}
      draft={reel ? `reel:${reel.id}` : `reel:new:${category.index}`}
      {...frame}
      intro={intro}
    >
      {reel ? (
        <InstaItem
          selectable={false}
          item={{
            id: reel.mediaId,
            mediaId: reel.mediaId,
            image: reel.image,
            instaRegDate: reel.instaRegDate,
            timestamp: "",
            link: null,
            caption: reel.caption,
            permalink: reel.permalink,
            isVideo: true,
          }}
        />
      ) : (
        <fieldset className="insta-items">
          <legend className="field-label">{koAdmin.reelsForm.instaItems}</legend>
          {/* A refused filter (a reversed range, say) asked Instagram nothing: its one message is by its field, not "none found". */}
          {register?.mediaError ? (
            <p className="form-error" role="alert">
              {register.mediaError}
            </p>
          ) : register?.filterRefused ? null : register?.media.length === 0 ? (
            <p className="empty">{koAdmin.reelsForm.noInstaItems}</p>
          ) : (
            <ul className="insta-item-list">
              {register?.media.map((item) => (
                <li key={item.mediaId}>
                  <InstaItem item={item} filedIn={item.filedIn} selectable defaultChecked={item.mediaId === chosenMediaId} />
                </li>
              ))}
            </ul>
          )}
          <FieldError id={fields.mediaId.errorId} errors={fields.mediaId.errors} />
        </fieldset>
      )}
      {reel ? (
        <div className="field">
          <label htmlFor="reel-category">{koAdmin.reelsForm.category}</label>
          <p className="hint" id="reel-category-hint">
            {koAdmin.reelsForm.categoryHint}
          </p>
          <select id="reel-category" name="reelsCategoryID" defaultValue={category.index} aria-describedby="reel-category-hint">
            {categories.map((option) => (
              <option key={option.index} value={option.index}>
                {option.categoryNm}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <input type="hidden" name="reelsCategoryID" value={category.index} />
      )}
      <TextField
        label={koAdmin.reelsForm.reelName}
        field={fields.reelsNm}
        maxLength={REEL_NAME_MAX}
        placeholder={koAdmin.reelsForm.reelNamePlaceholder}
      />
    </UpsertForm>
  );
}
