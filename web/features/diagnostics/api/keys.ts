/** The diagnostics feature's query keys. */
export const diagnosticsKeys = {
  session: ['session-debug'] as const,
  health: ['health'] as const,
};
