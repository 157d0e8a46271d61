import { Field, fieldDescriptionIds } from "~/components/Field";
import { koAdmin } from "~/copy/ko-admin";

type FieldMeta = { id: string; errorId: string; errors?: string[] };

/**
 * A setting that overrides an environment default: the label, what the field takes, and what a
 * blank field means (the default in force, or nothing), all read out with the control.
 */
export function SettingField({
  label,
  meta,
  hint,
  fallback,
  input,
}: {
  label: string;
  meta: FieldMeta;
  hint?: string;
  fallback: string | null;
  input: React.InputHTMLAttributes<HTMLInputElement>;
}) {
  const blank = fallback ? koAdmin.siteSettings.defaultValue(fallback) : koAdmin.siteSettings.noDefault;
  return (
    <Field label={label} meta={meta} hint={hint ? `${hint} ${blank}` : blank}>
      <input {...input} aria-describedby={fieldDescriptionIds(meta)} />
    </Field>
  );
}
