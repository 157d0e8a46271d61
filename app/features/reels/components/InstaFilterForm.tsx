import { Form } from "@remix-run/react";
import { useRef } from "react";
import { FieldError } from "~/components/FormErrors";
import { ko } from "~/copy/ko";
import { koAdmin } from "~/copy/ko-admin";

export type FilterValues = { regDateFilter: string; endDateFilter: string; checkedFilter: boolean; checkedAscFilter: boolean };

/** Opens the browser's date picker on focus or click where it can (docs/product.md §2 date picker). */
function openPicker(event: React.SyntheticEvent<HTMLInputElement>) {
  try {
    event.currentTarget.showPicker?.();
  } catch {
    // Not allowed without a user gesture (focus from script): the field still takes typing.
  }
}

/** A yyyy-MM-dd date input: the native picker, opened on focus or click where the browser allows. */
function DateField({
  name,
  label,
  defaultValue,
  errors,
  inputRef,
  onChange,
}: {
  name: string;
  label: string;
  defaultValue: string;
  errors: string[] | null | undefined;
  inputRef?: React.Ref<HTMLInputElement>;
  onChange?: React.ChangeEventHandler<HTMLInputElement>;
}) {
  const errorId = `${name}-error`;
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <input
        ref={inputRef}
        id={name}
        type="date"
        name={name}
        defaultValue={defaultValue}
        max="9999-12-31"
        onClick={openPicker}
        onFocus={openPicker}
        onChange={onChange}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
      />
      <FieldError id={errorId} errors={errors ?? undefined} />
    </div>
  );
}

/**
 * The registration-date range filter (GET, so it works without JavaScript and stays in the URL).
 * Moving the start past the end clears the end. `filedCount` (the filed videos in the range, what
 * "이미 등록된 릴스 제외" leaves out) is shown beside it once the feed is read.
 */
export function InstaFilterForm({
  action,
  values,
  errors,
  filedCount = null,
}: {
  action: string;
  values: FilterValues;
  errors: Record<string, string[] | null | undefined>;
  filedCount?: number | null;
}) {
  const endRef = useRef<HTMLInputElement>(null);
  return (
    <Form method="get" action={action} className="card insta-filter" preventScrollReset>
      <fieldset className="insta-filter__dates">
        <legend className="field-label">{koAdmin.reelsForm.dateRange}</legend>
        <DateField
          name="regDateFilter"
          label={koAdmin.reelsForm.startDate}
          defaultValue={values.regDateFilter}
          errors={errors.regDateFilter}
          onChange={(event) => {
            const end = endRef.current;
            if (end && end.value && event.currentTarget.value && end.value < event.currentTarget.value) end.value = "";
          }}
        />
        <DateField
          name="endDateFilter"
          label={koAdmin.reelsForm.endDate}
          defaultValue={values.endDateFilter}
          errors={errors.endDateFilter}
          inputRef={endRef}
        />
      </fieldset>
      <div className="field field--check">
        <input id="checkedFilter" type="checkbox" name="checkedFilter" value="on" defaultChecked={values.checkedFilter} />
        <label htmlFor="checkedFilter">
          {filedCount === null ? koAdmin.reelsForm.excludeRegistered : koAdmin.reelsForm.excludeRegisteredCount(filedCount)}
        </label>
      </div>
      <div className="field field--check">
        <input id="checkedAscFilter" type="checkbox" name="checkedAscFilter" value="on" defaultChecked={values.checkedAscFilter} />
        <label htmlFor="checkedAscFilter">{koAdmin.reelsForm.oldestFirst}</label>
      </div>
      <button type="submit" className="button button--block">
        {ko.reels.search}
      </button>
    </Form>
  );
}
