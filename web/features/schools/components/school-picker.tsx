import { useEffect, useId, useState } from 'react';
import { Check, ChevronsUpDown, Search } from 'lucide-react';
import { SCHOOL_SEARCH_MIN } from '@contract/constants';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useSchoolSearch } from '../api/search-schools';

function useDebounced<T>(value: T, ms = 250) {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

export interface SchoolPickerProps {
  id?: string;
  level?: string | null;
  value?: string | null;
  onChange: (name: string) => void;
  onBlur?: () => void;
  invalid?: boolean;
  'aria-describedby'?: string;
}

/** Searches schools of the chosen level from two characters; nothing can be picked before a level. */
export function SchoolPicker({ id, level, value, onChange, onBlur, invalid, ...aria }: SchoolPickerProps) {
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(0);
  const debounced = useDebounced(term.trim());
  const search = useSchoolSearch(debounced, level ?? undefined);
  const listId = useId();
  const results = debounced.length >= SCHOOL_SEARCH_MIN ? (search.data ?? []) : [];

  const choose = (name: string) => {
    onChange(name);
    setOpen(false);
    setTerm('');
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown') setActive((i) => Math.min(i + 1, results.length - 1));
    else if (e.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
    else if (e.key === 'Enter' && results[active]) choose(results[active]!.name);
    else return;
    e.preventDefault();
  };

  return (
    <Popover open={open} onOpenChange={(o) => { setOpen(o); if (!o) onBlur?.(); }}>
      <PopoverTrigger asChild disabled={!level}>
        <button
          id={id}
          type="button"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-invalid={invalid || undefined}
          aria-describedby={aria['aria-describedby']}
          className={cn(
            'flex h-9 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 text-left text-base shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm',
            !value && 'text-muted-foreground',
          )}
        >
          <span className="truncate">{!level ? 'Select level first' : value || 'Search for a school...'}</span>
          <ChevronsUpDown className="size-4 shrink-0 opacity-50" aria-hidden />
        </button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-[var(--radix-popover-trigger-width)] min-w-72 p-2">
        <div className="relative">
          <Search className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 opacity-50" aria-hidden />
          <Input
            autoFocus
            value={term}
            onChange={(e) => { setTerm(e.target.value); setActive(0); }}
            onKeyDown={onKeyDown}
            placeholder={`Type at least ${SCHOOL_SEARCH_MIN} characters`}
            aria-label="Search schools"
            aria-controls={listId}
            className="pl-8"
          />
        </div>
        <div id={listId} role="listbox" aria-label="Schools" className="mt-2 max-h-64 overflow-y-auto">
          {debounced.length < SCHOOL_SEARCH_MIN ? (
            <p className="px-2 py-3 text-sm text-muted-foreground">Start typing to search {level === 'College' ? 'colleges' : 'high schools'}.</p>
          ) : search.isError ? (
            <p role="alert" className="px-2 py-3 text-sm text-destructive">{(search.error as Error).message}</p>
          ) : search.isPending ? (
            <div className="flex justify-center py-3"><Spinner /></div>
          ) : results.length === 0 ? (
            <p className="px-2 py-3 text-sm text-muted-foreground">No schools found</p>
          ) : (
            results.map((s, i) => (
              <button
                key={`${s.name}|${s.city}|${s.state}`}
                type="button"
                role="option"
                aria-selected={value === s.name}
                onClick={() => choose(s.name)}
                onMouseEnter={() => setActive(i)}
                className={cn('flex w-full items-start gap-2 rounded-sm px-2 py-1.5 text-left text-sm', i === active && 'bg-accent')}
              >
                <Check className={cn('mt-0.5 size-4 shrink-0', value === s.name ? 'opacity-100' : 'opacity-0')} aria-hidden />
                <span className="min-w-0">
                  <span className="block truncate font-medium">{s.name}</span>
                  <span className="block text-xs text-muted-foreground">{s.city}, {s.state}</span>
                </span>
              </button>
            ))
          )}
        </div>
      </PopoverContent>
    </Popover>
  );
}
