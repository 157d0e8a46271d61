/** A two-or-more-way choice drawn as a segmented control; plain radio buttons underneath. */
export function SegmentedChoice({
  legend,
  name,
  options,
  defaultValue,
}: {
  legend: string;
  name: string;
  options: readonly (readonly [value: string, label: string])[];
  defaultValue: string | undefined;
}) {
  return (
    <fieldset className="field">
      <legend className="field-label">{legend}</legend>
      <div className="segmented">
        {options.map(([value, label]) => (
          <label key={value} className="segmented__option">
            <input type="radio" name={name} value={value} defaultChecked={defaultValue === value} />
            <span>{label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
