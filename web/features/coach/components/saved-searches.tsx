import { useState } from 'react';
import {
  COACH_SORT_LABELS,
  SAVE_SEARCH_BUTTON,
  type CoachSearchFilters,
  type CoachSort,
  type SavedSearch,
} from '@contract/coach';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDeleteSavedSearch, useSavedSearches, useSaveSearch } from '../api/saved-searches';

const LABELS: Record<string, string> = {
  position: 'Position',
  level: 'Level',
  classFrom: 'Class from',
  classTo: 'Class to',
  state: 'State',
  school: 'School',
  minSpeedMph: 'Max Speed at least',
  minIga: 'IGA at least',
  measuredWithinMonths: 'Measured within (months)',
};

/** 'Class from 2027 · State TX · sorted by Max Speed': what a saved search asks, in the form's words. */
export function describeFilters(filters: Record<string, unknown>) {
  const parts = Object.entries(filters)
    .filter(([k, v]) => k !== 'sort' && v !== undefined && v !== '')
    .map(([k, v]) => `${LABELS[k] ?? k} ${String(v)}`);
  const sort = COACH_SORT_LABELS[(filters.sort as CoachSort) ?? 'speed'];
  return [...(parts.length ? parts : ['All players']), `sorted by ${sort}`].join(' · ');
}

/** 'Save this search': names the search shown and saves it; the weekly mail lists its new players. */
export function SaveSearch({ filters }: { filters: CoachSearchFilters }) {
  const [name, setName] = useState('');
  const [open, setOpen] = useState(false);
  const save = useSaveSearch();
  if (!open)
    return (
      <div className="flex items-center gap-3">
        <Button type="button" variant="outline" onClick={() => setOpen(true)}>
          {SAVE_SEARCH_BUTTON}
        </Button>
        {save.isSuccess && (
          <p role="status" className="text-sm text-muted-foreground">
            Saved. Each week we email you the newly verified players that match it.
          </p>
        )}
      </div>
    );
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      aria-label={SAVE_SEARCH_BUTTON}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { name, filters },
          {
            onSuccess: () => {
              setOpen(false);
              setName('');
            },
          },
        );
      }}
    >
      <div>
        <Label htmlFor="saved-search-name">Name this search</Label>
        <Input
          id="saved-search-name"
          value={name}
          maxLength={100}
          placeholder="Fast Texas receivers"
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <Button type="submit" disabled={save.isPending}>
        Save
      </Button>
      <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
        Cancel
      </Button>
      {save.error && (
        <p role="alert" className="basis-full text-sm text-destructive">
          {save.error.message}
        </p>
      )}
    </form>
  );
}

/** The coach's saved searches: run one, or delete it (and its part of the weekly mail). */
export function SavedSearchList({ onRun }: { onRun: (s: SavedSearch) => void }) {
  const list = useSavedSearches();
  const remove = useDeleteSavedSearch();
  if (!list.data?.length) return null;
  return (
    <section aria-labelledby="saved-searches-title" className="space-y-2">
      <h2 id="saved-searches-title" className="text-sm font-semibold">
        Saved searches
      </h2>
      <ul className="divide-y rounded-md border">
        {list.data.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center gap-2 p-2 text-sm">
            <span className="font-medium">{s.name}</span>
            <span className="text-muted-foreground">{describeFilters(s.filters)}</span>
            <span className="ml-auto flex gap-1">
              <Button size="sm" variant="outline" onClick={() => onRun(s)} aria-label={`Run ${s.name}`}>
                Run
              </Button>
              <Button
                size="sm"
                variant="ghost"
                disabled={remove.isPending}
                onClick={() => remove.mutate(s.id)}
                aria-label={`Delete ${s.name}`}
              >
                Delete
              </Button>
            </span>
          </li>
        ))}
      </ul>
      {remove.error && (
        <p role="alert" className="text-sm text-destructive">
          {remove.error.message}
        </p>
      )}
    </section>
  );
}
