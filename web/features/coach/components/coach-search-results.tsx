import { Link } from 'react-router';
import { formatKindResult, searchKinds } from '@contract/analysis-kinds';
import { kindSearchResult, type CoachSearchItem } from '@contract/coach';
import { contactOpensText } from '@contract/coach-calendar';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ordinal } from '@contract/percentiles';

function Speed({ i }: { i: CoachSearchItem }) {
  if (!i.maxSpeed) return <>—</>;
  return (
    <a href={i.maxSpeed.receiptUrl} target="_blank" rel="noreferrer" className="whitespace-nowrap underline">
      {i.maxSpeed.mph.toFixed(1)} mph
      {i.maxSpeed.plusMinusMph !== null ? ` ± ${i.maxSpeed.plusMinusMph.toFixed(1)}` : ''}
    </a>
  );
}

function Iga({ i }: { i: CoachSearchItem }) {
  if (!i.iga) return <>—</>;
  return (
    <a href={i.iga.receiptUrl} target="_blank" rel="noreferrer" className="underline">
      {i.iga.score}
    </a>
  );
}

/**
 * A kind read from coach_search_results (decisions 243, 271): its best value with its ±, in the kind's
 * unit, linked to its receipt as the other numbers are (the answer's `kindResults`, or a column that
 * carries its own `receiptUrl`).
 */
function KindValue({ i, kind }: { i: CoachSearchItem; kind: ReturnType<typeof searchKinds>[number] }) {
  const best = kindSearchResult(i, kind.search.field);
  if (!best) return <>—</>;
  const text = formatKindResult(kind, best[kind.search.valueField], best[kind.search.plusMinusField]);
  const own = (best as Record<string, unknown>).receiptUrl;
  const receiptUrl = i.kindResults?.[kind.key]?.receiptUrl ?? (typeof own === 'string' ? own : undefined);
  if (!receiptUrl) return <span className="whitespace-nowrap">{text}</span>;
  return (
    <a href={receiptUrl} target="_blank" rel="noreferrer" className="whitespace-nowrap underline">
      {text}
    </a>
  );
}

const percentile = (i: CoachSearchItem) =>
  i.percentile ? `${ordinal(i.percentile.value)} of ${i.percentile.n} ${i.percentile.group}` : null;

function PlayerLink({ i }: { i: CoachSearchItem }) {
  return (
    <Link to={`/coach/players/${i.playerId}`} className="flex items-center gap-2 font-medium text-primary">
      {i.photoUrl && <img src={i.photoUrl} alt="" className="size-8 rounded-full object-cover" />}
      {i.name}
    </Link>
  );
}

/** For a D1 or D2 coach, when the NCAA calendar lets contact start (decision 238). */
function ContactOpens({ i }: { i: CoachSearchItem }) {
  if (!i.contactOpensOn) return null;
  return <p className="text-xs text-muted-foreground">{contactOpensText(i.contactOpensOn)}</p>;
}

/**
 * The results: a table from tablet width, a card per player on a phone (eight columns do not fit 390 px).
 * Every number links to its receipt, the name to the profile.
 */
export function CoachSearchResults({ items }: { items: CoachSearchItem[] }) {
  const school = (i: CoachSearchItem) => [i.school, i.state].filter(Boolean).join(', ');
  return (
    <>
      <ul className="space-y-2 sm:hidden" aria-label="Players">
        {items.map((i) => (
          <li key={i.playerId} className="space-y-1 rounded-lg border bg-card p-3 text-sm">
            <PlayerLink i={i} />
            <ContactOpens i={i} />
            <p className="text-muted-foreground">
              {[i.classYear && `Class of ${i.classYear}`, i.position, school(i)].filter(Boolean).join(' · ')}
            </p>
            <p>
              Max Speed <Speed i={i} /> · IGA <Iga i={i} />
              {searchKinds().map((k) => (
                <span key={k.key}>
                  {' '}
                  · {k.search.sortLabel} <KindValue i={i} kind={k} />
                </span>
              ))}
            </p>
            {percentile(i) && <p className="text-muted-foreground">{percentile(i)}</p>}
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Player</TableHead>
              <TableHead>Class</TableHead>
              <TableHead>Position</TableHead>
              <TableHead>School</TableHead>
              <TableHead>Max Speed</TableHead>
              <TableHead>IGA</TableHead>
              {searchKinds().map((k) => (
                <TableHead key={k.key}>{k.search.sortLabel}</TableHead>
              ))}
              <TableHead>Percentile</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((i) => (
              <TableRow key={i.playerId}>
                <TableCell>
                  <PlayerLink i={i} />
                  <ContactOpens i={i} />
                </TableCell>
                <TableCell>{i.classYear}</TableCell>
                <TableCell>{i.position}</TableCell>
                <TableCell>{school(i)}</TableCell>
                <TableCell>
                  <Speed i={i} />
                </TableCell>
                <TableCell>
                  <Iga i={i} />
                </TableCell>
                {searchKinds().map((k) => (
                  <TableCell key={k.key}>
                    <KindValue i={i} kind={k} />
                  </TableCell>
                ))}
                <TableCell>{percentile(i) ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </>
  );
}
