import { useState } from 'react';
import { COACH_SORT_LABELS, COACH_SORTS, type CoachSearchFilters, type CoachSort } from '@contract/coach';
import { LEVELS } from '@contract/constants';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useCoachSearch } from '../api/coach-queries';
import { CoachSearchResults } from './coach-search-results';
import { SavedSearchList, SaveSearch } from './saved-searches';

const FIELDS: { key: keyof CoachSearchFilters; label: string; placeholder?: string }[] = [
  { key: 'position', label: 'Position', placeholder: 'WR' },
  { key: 'classFrom', label: 'Class from', placeholder: '2026' },
  { key: 'classTo', label: 'Class to', placeholder: '2028' },
  { key: 'state', label: 'State', placeholder: 'TX' },
  { key: 'school', label: 'School' },
  { key: 'minSpeedMph', label: 'Max Speed at least (mph)' },
  { key: 'minIga', label: 'IGA at least' },
  { key: 'maxFortySeconds', label: '40 at most (s)', placeholder: '4.6' },
  { key: 'measuredWithinMonths', label: 'Measured within (months)' },
];

/** The filters as typed: empty ones are left out of the query. */
function toFilters(form: Record<string, string>, sort: CoachSort): CoachSearchFilters {
  const out: Record<string, string> = { sort };
  for (const [k, v] of Object.entries(form)) if (v.trim()) out[k] = v.trim();
  return out;
}

export function CoachSearch() {
  const [form, setForm] = useState<Record<string, string>>({});
  const [sort, setSort] = useState<CoachSort>('speed');
  const [filters, setFilters] = useState<CoachSearchFilters>({ sort: 'speed' });
  const search = useCoachSearch(filters);
  const items = search.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="space-y-4">
      <form
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
        aria-label="Search filters"
        onSubmit={(e) => {
          e.preventDefault();
          setFilters(toFilters(form, sort));
        }}
      >
        <div>
          <Label htmlFor="f-level">Level</Label>
          <NativeSelect
            id="f-level"
            value={form.level ?? ''}
            onChange={(e) => setForm({ ...form, level: e.target.value })}
          >
            <option value="">Any</option>
            {LEVELS.map((l) => (
              <option key={l}>{l}</option>
            ))}
          </NativeSelect>
        </div>
        {FIELDS.map((f) => (
          <div key={f.key}>
            <Label htmlFor={`f-${f.key}`}>{f.label}</Label>
            <Input
              id={`f-${f.key}`}
              placeholder={f.placeholder}
              value={form[f.key] ?? ''}
              onChange={(e) => setForm({ ...form, [f.key]: e.target.value })}
            />
          </div>
        ))}
        <div>
          <Label htmlFor="f-sort">Sort by</Label>
          <NativeSelect id="f-sort" value={sort} onChange={(e) => setSort(e.target.value as CoachSort)}>
            {COACH_SORTS.map((s) => (
              <option key={s} value={s}>
                {COACH_SORT_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex items-end">
          <Button type="submit">Search</Button>
        </div>
      </form>
      <SaveSearch filters={filters} />
      <SavedSearchList
        onRun={(s) => {
          const { sort: saved, ...rest } = s.filters as Record<string, string>;
          const next = (saved as CoachSort | undefined) ?? 'speed';
          setForm(Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, String(v)])));
          setSort(next);
          setFilters({ ...rest, sort: next });
        }}
      />
      {search.error && (
        <p role="alert" className="text-sm text-destructive">
          {search.error.message}
        </p>
      )}
      <CoachSearchResults items={items} />
      {search.isSuccess && items.length === 0 && (
        <p className="text-sm text-muted-foreground">No players match these filters.</p>
      )}
      {search.hasNextPage && (
        <Button
          variant="outline"
          disabled={search.isFetchingNextPage}
          onClick={() => void search.fetchNextPage()}
        >
          Show more
        </Button>
      )}
    </div>
  );
}
