import { useState } from 'react';
import { searchKinds } from '@contract/analysis-kinds';
import { COACH_SORT_LABELS, COACH_SORTS, type CoachSearchFilters, type CoachSort } from '@contract/coach';
import { LEVELS, US_STATES } from '@contract/constants';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useCoachPositions, useCoachSearch } from '../api/coach-queries';
import { CoachSearchResults } from './coach-search-results';
import { SavedSearchList, SaveSearch } from './saved-searches';

/**
 * The typed filters start empty; a placeholder is a hint of the form ('e.g.'), never a value that looks
 * applied (issue 50). Position, level and state are lists to choose from.
 */
const FIELDS: { key: keyof CoachSearchFilters; label: string; placeholder: string; numeric?: boolean }[] = [
  { key: 'classFrom', label: 'Class from', placeholder: 'Any year', numeric: true },
  { key: 'classTo', label: 'Class to', placeholder: 'Any year', numeric: true },
  { key: 'school', label: 'School', placeholder: 'Any school' },
  { key: 'minSpeedMph', label: 'Max Speed at least (mph)', placeholder: 'Any speed', numeric: true },
  { key: 'minIga', label: 'IGA at least', placeholder: 'Any score', numeric: true },
  // Each kind's filter, named by its registry entry (decisions 243, 271).
  ...searchKinds().map((k) => ({
    key: k.search.filter as keyof CoachSearchFilters,
    label: `${k.search.filterLabel} (${k.unit})`,
    placeholder: k.search.filterPlaceholder ?? 'Any value',
    numeric: true,
  })),
  { key: 'measuredWithinMonths', label: 'Measured within (months)', placeholder: 'Any time', numeric: true },
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
  const positions = useCoachPositions().data ?? [];
  const choose = (key: keyof CoachSearchFilters, label: string, options: [string, string][]) => (
    <div>
      <Label htmlFor={`f-${key}`}>{label}</Label>
      <NativeSelect
        id={`f-${key}`}
        value={form[key] ?? ''}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
      >
        <option value="">Any</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
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
        {choose(
          'level',
          'Level',
          LEVELS.map((l) => [l, l]),
        )}
        {choose(
          'position',
          'Position',
          positions.map((p) => [p.key, p.name]),
        )}
        {choose('state', 'State', Object.entries(US_STATES))}
        {FIELDS.map((f) => (
          <div key={f.key}>
            <Label htmlFor={`f-${f.key}`}>{f.label}</Label>
            <Input
              id={`f-${f.key}`}
              placeholder={f.placeholder}
              inputMode={f.numeric ? 'decimal' : undefined}
              value={form[f.key] ?? ''}
              onChange={(e) => setForm({ ...form, [f.key]: e.target.value })}
            />
          </div>
        ))}
        <div>
          <Label htmlFor="f-sort">Sort by</Label>
          <NativeSelect id="f-sort" value={sort} onChange={(e) => setSort(e.target.value)}>
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
