/** The sign-in page's link to the coach application (issue 29): its own module, so the page need not load the coach contract. */
export const COACH_APPLY_LINK = 'I am a college coach';
