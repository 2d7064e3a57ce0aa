import { z } from 'zod';

export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'EMAIL_NOT_VERIFIED',
  'INVALID_CREDENTIALS',
  'INVALID_TOKEN',
  'INSUFFICIENT_CREDITS',
  'NEGATIVE_BALANCE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'BAD_ORIGIN',
  'PAYMENT_ERROR',
  'STORAGE_QUOTA_EXCEEDED',
  'REQUEST_TIMEOUT',
  'CONTACT_NOT_OPEN',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_NOT_VERIFIED: 403,
  INVALID_CREDENTIALS: 401,
  INVALID_TOKEN: 400,
  INSUFFICIENT_CREDITS: 402,
  NEGATIVE_BALANCE: 402,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  BAD_ORIGIN: 403,
  PAYMENT_ERROR: 402,
  STORAGE_QUOTA_EXCEEDED: 413,
  REQUEST_TIMEOUT: 408,
  CONTACT_NOT_OPEN: 409,
  INTERNAL: 500,
};

/** The one JSON error shape every endpoint answers with. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
});
