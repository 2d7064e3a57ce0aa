/** The admin feature's query keys. */
export const adminKeys = {
  users: ['admin-users'] as const,
  userList: (f: { role?: string; q?: string; verified?: boolean }) =>
    [...adminKeys.users, f.role ?? 'all', f.q ?? '', f.verified ?? 'any'] as const,
  reporting: ['admin-reporting'] as const,
  billingReport: ['admin-billing-report'] as const,
  recheck: (id: number) => ['admin-recheck', id] as const,
};
