/** What the family typed that stays from one opening of a filmed kind's request dialog to the next: the season and the notes. */
export interface FilmedDraft {
  season: string;
  notes: string;
}
