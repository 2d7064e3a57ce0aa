import { useEffect, useId, useState } from 'react';
import { Check, ChevronsUpDown, Search } from 'lucide-react';
import { SCHOOL_SEARCH_MIN } from '@contract/constants';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { Badge } from '@/components/ui/badge';
import { useSchoolSearch } from '../api/search-schools';
import { UnlistedSchoolForm } from './unlisted-school-form';

function useDebounced<T>(value: T, ms = 250) {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

interface SchoolDetails {
  city: string | null;
  state: string | null;
  unlisted: boolean;
}

interface SchoolPickerProps {
  id?: string;
  level?: string | null;
  value?: string | null;
  /** The chosen school's town, shown under its name; `unlisted` marks a typed, unverified school. */
  details?: SchoolDetails;
  onChange: (name: string, details: SchoolDetails) => void;
  onBlur?: () => void;
  invalid?: boolean;
  'aria-describedby'?: string;
}

/** Searches schools of the chosen level from two characters; nothing can be picked before a level. */
export function SchoolPicker({
  id,
  level,
  value,
  details,
  onChange,
  onBlur,
  invalid,
  ...aria
}: SchoolPickerProps) {
  const [open, setOpen] = useState(false);
  const [typing, setTyping] = useState(false);
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(0);
  const debounced = useDebounced(term.trim());
  const search = useSchoolSearch(debounced, level ?? undefined);
  const listId = useId();
  const results = debounced.length >= SCHOOL_SEARCH_MIN ? (search.data ?? []) : [];

  const choose = (name: string, d: SchoolDetails) => {
    onChange(name, d);
    setOpen(false);
    setTyping(false);
    setTerm('');
  };
  const pick = (i: number) => {
    const s = results[i];
    if (s) choose(s.name, { city: s.city, state: s.state, unlisted: false });
  };
  const town = details?.city && details.state ? `${details.city}, ${details.state}` : null;

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown') setActive((i) => Math.min(i + 1, results.length - 1));
    else if (e.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
    else if (e.key === 'Enter' && results[active]) pick(active);
    else return;
    e.preventDefault();
  };

  return (
    <Popover
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) {
          setTyping(false);
          onBlur?.();
        }
      }}
    >
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
            'flex min-h-9 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 text-left text-base shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm',
            !value && 'text-muted-foreground',
          )}
        >
          <span className="min-w-0 py-1">
            <span className="block truncate">
              {!level ? 'Select level first' : value || 'Search for a school...'}
            </span>
            {value && (town || details?.unlisted) && (
              <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
                {town}
                {details?.unlisted && (
                  <Badge variant="warning" data-testid="school-unverified">
                    Unverified
                  </Badge>
                )}
              </span>
            )}
          </span>
          <ChevronsUpDown className="size-4 shrink-0 opacity-50" aria-hidden />
        </button>
      </PopoverTrigger>
      <PopoverContent
        align="start"
        aria-label="Find your school"
        className="w-[var(--radix-popover-trigger-width)] min-w-72 p-2"
      >
        {typing ? (
          <UnlistedSchoolForm
            initialName={term.trim()}
            onBack={() => setTyping(false)}
            onUse={(u) => choose(u.name, { city: u.city, state: u.state, unlisted: true })}
          />
        ) : (
          <>
            <div className="relative">
              <Search
                className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 opacity-50"
                aria-hidden
              />
              <Input
                autoFocus
                value={term}
                onChange={(e) => {
                  setTerm(e.target.value);
                  setActive(0);
                }}
                onKeyDown={onKeyDown}
                placeholder={`Type at least ${SCHOOL_SEARCH_MIN} characters`}
                aria-label="Search schools"
                aria-controls={listId}
                className="pl-8"
              />
            </div>
            <div id={listId} role="listbox" aria-label="Schools" className="mt-2 max-h-64 overflow-y-auto">
              {debounced.length < SCHOOL_SEARCH_MIN ? (
                <p className="px-2 py-3 text-sm text-muted-foreground">
                  Start typing to search {level === 'College' ? 'colleges' : 'high schools'}.
                </p>
              ) : search.isError ? (
                <p role="alert" className="px-2 py-3 text-sm text-destructive">
                  {search.error.message}
                </p>
              ) : search.isPending ? (
                <div className="flex justify-center py-3">
                  <Spinner />
                </div>
              ) : results.length === 0 ? (
                <p className="px-2 py-3 text-sm text-muted-foreground">No schools found</p>
              ) : (
                results.map((s, i) => (
                  <button
                    key={`${s.name}|${s.city}|${s.state}`}
                    type="button"
                    role="option"
                    aria-selected={value === s.name}
                    onClick={() => pick(i)}
                    onMouseEnter={() => setActive(i)}
                    className={cn(
                      'flex w-full items-start gap-2 rounded-sm px-2 py-1.5 text-left text-sm',
                      i === active && 'bg-accent',
                    )}
                  >
                    <Check
                      className={cn('mt-0.5 size-4 shrink-0', value === s.name ? 'opacity-100' : 'opacity-0')}
                      aria-hidden
                    />
                    <span className="min-w-0">
                      <span className="block truncate font-medium">{s.name}</span>
                      <span className="block text-xs text-muted-foreground">
                        {s.city}, {s.state}
                      </span>
                    </span>
                  </button>
                ))
              )}
            </div>
            <button
              type="button"
              onClick={() => setTyping(true)}
              className="mt-1 w-full rounded-sm border-t px-2 py-2 text-left text-sm font-medium text-primary hover:bg-accent"
            >
              My school is not listed
            </button>
          </>
        )}
      </PopoverContent>
    </Popover>
  );
}
