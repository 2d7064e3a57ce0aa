import type { Connection } from '@contract/coach';

/** What the coach reads of a request: a decline is told politely and without a reason (issue 29). */
export const CONNECTION_TEXT: Record<Connection['status'], (email: string | null) => string> = {
  pending: () => 'waiting for the family to answer',
  accepted: (email) => `accepted, write to ${email}`,
  declined: () => 'the family is not able to connect at this time',
};
