/** The audits feature's query keys. */
export const auditKeys = {
  flagged: ['audits', 'flagged'] as const,
  report: ['audits', 'report'] as const,
  settings: ['audits', 'settings'] as const,
  queue: ['audits', 'queue'] as const,
  status: (requestId: number | null | undefined) => ['audits', 'status', requestId ?? null] as const,
};
