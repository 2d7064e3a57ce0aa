/** What the family typed that stays from one opening of the 40 request dialog to the next: the season and the notes. */
export interface FortyDraft {
  season: string;
  notes: string;
}
