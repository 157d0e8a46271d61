import { Form } from "@remix-run/react";
import { useRef } from "react";
import { ko } from "~/copy/ko";
import { FieldError } from "~/components/FormErrors";

export type FilterValues = { regDateFilter: string; endDateFilter: string; checkedFilter: boolean; checkedAscFilter: boolean };

/** Opens the browser's date picker on focus or click where it can (SPEC §2 date picker). */
function openPicker(event: React.SyntheticEvent<HTMLInputElement>) {
  try {
    event.currentTarget.showPicker?.();
  } catch {
    // Not allowed without a user gesture (focus from script): the field still takes typing.
  }
}

/**
 * The registration-date range filter (GET, so it works without JavaScript and stays in the URL).
 * Moving the start past the end clears the end.
 */
export function InstaFilterForm({ action, values, errors }: { action: string; values: FilterValues; errors: Record<string, string[] | null | undefined> }) {
  const endRef = useRef<HTMLInputElement>(null);
  return (
    <Form method="get" action={action} className="card insta-filter" preventScrollReset>
      <fieldset className="insta-filter__dates">
        <legend className="field-label">{ko.reels.dateRange}</legend>
        <div className="field">
          <label htmlFor="regDateFilter">{ko.reels.startDate}</label>
          <input
            id="regDateFilter"
            type="date"
            name="regDateFilter"
            defaultValue={values.regDateFilter}
            max="9999-12-31"
            onClick={openPicker}
            onFocus={openPicker}
            onChange={(event) => {
              const end = endRef.current;
              if (end && end.value && event.currentTarget.value && end.value < event.currentTarget.value) end.value = "";
            }}
            aria-invalid={errors.regDateFilter ? true : undefined}
            aria-describedby={errors.regDateFilter ? "regDateFilter-error" : undefined}
          />
          <FieldError id="regDateFilter-error" errors={errors.regDateFilter ?? undefined} />
        </div>
        <div className="field">
          <label htmlFor="endDateFilter">{ko.reels.endDate}</label>
          <input
            ref={endRef}
            id="endDateFilter"
            type="date"
            name="endDateFilter"
            defaultValue={values.endDateFilter}
            max="9999-12-31"
            onClick={openPicker}
            onFocus={openPicker}
            aria-invalid={errors.endDateFilter ? true : undefined}
            aria-describedby={errors.endDateFilter ? "endDateFilter-error" : undefined}
          />
          <FieldError id="endDateFilter-error" errors={errors.endDateFilter ?? undefined} />
        </div>
      </fieldset>
      <div className="field field--check">
        <input id="checkedFilter" type="checkbox" name="checkedFilter" value="on" defaultChecked={values.checkedFilter} />
        <label htmlFor="checkedFilter">{ko.reels.excludeRegistered}</label>
      </div>
      <div className="field field--check">
        <input id="checkedAscFilter" type="checkbox" name="checkedAscFilter" value="on" defaultChecked={values.checkedAscFilter} />
        <label htmlFor="checkedAscFilter">{ko.reels.oldestFirst}</label>
      </div>
      <button type="submit" className="button button--block">
        {ko.reels.search}
      </button>
    </Form>
  );
}
