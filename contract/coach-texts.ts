/** The sign-in page's link to the coach application (issue 29): its own module, so the page need not load the coach contract. */
export const COACH_APPLY_LINK = 'I am a college coach';

/** The public page's way in for a coach (issue 52 item 6); no open form. */
export const COACH_CONNECT_LINK = 'College coach? Ask to connect';
/** Where it leads: the coach screen that sends an approved coach on to the player's coach profile. */
export const COACH_CONNECT_PATH = (playerId: number) => `/coach/connect/${playerId}`;
