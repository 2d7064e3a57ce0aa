import { SHARE_FIELDS, SHARE_FIELD_LABELS, type ShareField, type ShowSettings } from '@contract/sharing';

/** What the public page shows; the name is always shown, private details never are. */
export function ShareChecklist({
  show,
  onChange,
  disabled,
}: {
  show: ShowSettings;
  onChange: (f: ShareField, v: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">What the page shows</legend>
      <p className="text-xs text-muted-foreground">
        The name always shows. Date of birth, address, phone, email and parents' names never do.
      </p>
      <div className="grid gap-1.5 sm:grid-cols-2">
        {SHARE_FIELDS.map((f) => (
          <label key={f} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-[var(--color-primary)]"
              checked={show[f]}
              disabled={disabled}
              onChange={(e) => onChange(f, e.target.checked)}
            />
            {SHARE_FIELD_LABELS[f]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
