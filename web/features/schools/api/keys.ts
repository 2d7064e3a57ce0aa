/** The schools feature's query keys. */
export const schoolKeys = {
  search: (term: string, level: string | undefined) => ['schools', 'search', term, level] as const,
};
