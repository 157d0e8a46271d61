import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { ComponentProps, ReactNode } from "react";
import { ko } from "~/copy/ko";
import { koAdmin } from "~/copy/ko-admin";
import { useSelfAction } from "~/lib/use-self-action";
import type { UploadFormState } from "~/lib/use-upload-form";
import { DraftKeeper } from "./DraftKeeper";
import { Field } from "./Field";
import { FirstMessage, FormError } from "./FormErrors";
import { SegmentedChoice } from "./SegmentedChoice";
import { UploadSubmit } from "./UploadSubmit";

type Props = {
  title: string;
  /** An edit (the button says 수정); a register says 등록 and carries its submission id. */
  editing: boolean;
  /** useUpsertForm's `frame`: the form's own error, its props, and the save's state when it carries pictures (multipart, with progress). */
  form: { errorId: string; errors?: string[] };
  formProps: ComponentProps<typeof Form>;
  upload: UploadFormState | null;
  /**
   * Its device draft's name: the form and its record, e.g. `product:12` or `product:new` (DraftKeeper);
   * none for a form that keeps its own (the guide form: its editor's draft, offered back with 이어 쓰기).
   */
  draft?: string;
  /** A register's id for this render: saved twice (a retry after a lost answer), it still makes one record. */
  submissionId?: string;
  /** What the screen shows between its title and the form. */
  intro?: ReactNode;
  className?: string;
  children: ReactNode;
};

/**
 * The frame every register/edit screen shares (docs/architecture.md §3): its title, the form posting
 * to this very address (the encoded `info` survives), the form's own error, its device draft, and the save button.
 */
export function UpsertForm({ title, editing, draft, form, formProps, upload, submissionId, intro, className, children }: Props) {
  const busy = useNavigation().state === "submitting";
  const action = useSelfAction();
  const label = editing ? ko.common.edit : ko.common.register;
  return (
    <section className={className}>
      <h1 className="page-title">{title}</h1>
      {intro}
      <Form method="post" action={action} encType={upload ? "multipart/form-data" : undefined} className="form" {...formProps}>
        <FirstMessage.Provider value={{ claimed: false }}>
          <FormError id={form.errorId} errors={form.errors} />
          {draft ? <DraftKeeper name={draft} /> : null}
          {editing || !submissionId ? null : <input type="hidden" name="submissionId" value={submissionId} />}
          {children}
        </FirstMessage.Provider>
        {upload ? (
          <UploadSubmit label={label} upload={upload} busy={busy} />
        ) : (
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {label}
          </button>
        )}
      </Form>
    </section>
  );
}

/** 공개 / 숨김 (`isView`), which every record's form has. */
export function VisibilityChoice({ field }: { field: { name: string; initialValue?: unknown } }) {
  return (
    <SegmentedChoice
      legend={koAdmin.visibility.legend}
      name={field.name}
      options={[
        ["true", koAdmin.visibility.publish],
        ["false", koAdmin.visibility.hide],
      ]}
      defaultValue={typeof field.initialValue === "string" ? field.initialValue : undefined}
    />
  );
}

/** A record's one-line text (its name, its title): the label, the input with its limit, the error. */
export function TextField({
  label,
  field,
  maxLength,
  placeholder,
}: {
  label: string;
  field: FieldMetadata<string>;
  maxLength: number;
  placeholder: string;
}) {
  return (
    <Field label={label} meta={field}>
      <input {...getInputProps(field, { type: "text" })} maxLength={maxLength} placeholder={placeholder} />
    </Field>
  );
}
