import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/** Field messages from a 400 land on the matching inputs. */
export function applyServerErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>) {
  if (!(err instanceof ApiError) || !err.errors) return;
  for (const [field, message] of Object.entries(err.errors)) setError(field as Path<T>, { message });
}
