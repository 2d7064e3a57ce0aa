import type { FieldErrors, FieldValues } from 'react-hook-form';
import { toast } from '@/components/ui/toaster';

/** Fields left empty, by their label, in form order. */
export function missingFields(values: Record<string, unknown>, labels: Record<string, string>) {
  return Object.entries(labels)
    .filter(([name]) => !String(values[name] ?? '').trim())
    .map(([, label]) => label);
}

export function firstError(errors: FieldErrors<FieldValues>) {
  for (const e of Object.values(errors)) if (e?.message) return String(e.message);
  return undefined;
}

/** The submit-time re-check of the specification: one 'Form validation failed' toast. */
export function toastFormInvalid(description: string | undefined) {
  toast({ title: 'Form validation failed', description, variant: 'destructive' });
}
