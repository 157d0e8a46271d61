import { Field, fieldDescriptionIds } from "~/components/Field";
import { koSiteSettings } from "~/copy/ko-site-settings";

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
  const blank = fallback ? koSiteSettings.defaultValue(fallback) : koSiteSettings.noDefault;
  return (
    <Field label={label} meta={meta} hint={hint ? `${hint} ${blank}` : blank}>
      <input {...input} aria-describedby={fieldDescriptionIds(meta)} />
    </Field>
  );
}
