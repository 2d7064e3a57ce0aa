/** The billing feature's query keys. */
export const billingKeys = {
  plans: ['plans'] as const,
  stripeConfig: ['stripe-config'] as const,
  subscriptions: ['subscriptions'] as const,
  history: ['billing-history'] as const,
  historyPages: (kind: 'all' | 'payments', limit: number) => [...billingKeys.history, kind, limit] as const,
  account: ['billing-account'] as const,
  testSession: (sessionId: string) => ['test-checkout', sessionId] as const,
  testPayment: (sessionId: string) => [...billingKeys.testSession(sessionId), 'payment'] as const,
  webhookDebug: ['webhook-debug'] as const,
};
