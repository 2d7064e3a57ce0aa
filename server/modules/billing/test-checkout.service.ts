import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { TestModeProvider } from '../../lib/payments';

/**
 * A test refund or dispute takes a family's credits, and the checkout id shows in its billing history
 * and address bar: only its own account or an admin may (decision 196). Anyone else is told the
 * session does not exist, as for an id that was never issued.
 */
export async function assertMayReverse(provider: TestModeProvider, user: UserRow, sessionId: string) {
  if (user.role === 'admin') return;
  if ((await provider.sessionOwner(sessionId)) !== user.id)
    throw new AppError('NOT_FOUND', 'Checkout session not found');
}
