import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';

/** Field messages from a 400 land on the matching inputs. */
export function applyServerErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>) {
  if (!(err instanceof ApiError) || !err.errors) return;
  for (const [field, message] of Object.entries(err.errors)) setError(field as Path<T>, { message });
}

export function authErrorToast(err: unknown) {
  const message = err instanceof Error && err.message ? err.message : 'An unknown error occurred';
  toast({ title: 'Authentication Error', description: message, variant: 'destructive' });
}
