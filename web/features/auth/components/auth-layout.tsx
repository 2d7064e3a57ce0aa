import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BadgeCheck, Clock, Gauge, Zap } from 'lucide-react';
import { paths } from '@/lib/paths';

const POINTS = [
  { icon: Zap, text: 'Verified Max Speed in mph, measured by an analyst from your Hudl video' },
  { icon: Gauge, text: 'IGA Score: athleticism on a 50-100 scale, per position' },
  { icon: Clock, text: 'Results in 48-72 hours, one credit per request' },
];

/** Brand panel beside the form on wide screens; on phones the logo sits above the card. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="grid min-h-dvh bg-muted/30 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <aside className="hidden flex-col justify-between bg-primary p-10 text-primary-foreground lg:flex">
        <BrandMark light />
        <div className="space-y-6">
          <h1 className="text-4xl font-bold leading-tight">
            Verified speed.
            <br />
            Verified athleticism.
          </h1>
          <p className="max-w-md text-primary-foreground/80">
            Keep your player profiles in one place and let analysts verify the numbers recruiters ask for.
          </p>
          <ul className="space-y-4">
            {POINTS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-start gap-3">
                <Icon className="mt-0.5 size-5 shrink-0" aria-hidden />
                <span className="text-primary-foreground/90">{text}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-primary-foreground/60">
          For high school and college football players and their families.
        </p>
      </aside>
      <main className="flex flex-col items-center justify-center gap-6 px-4 py-10 sm:px-6">
        <div className="grid justify-items-center gap-2 text-center lg:hidden">
          <BrandMark />
          <p className="max-w-xs text-sm text-muted-foreground">
            Verified Max Speed and IGA Scores for football players.
          </p>
        </div>
        <div className="w-full max-w-md">{children}</div>
      </main>
    </div>
  );
}

function BrandMark({ light = false }: { light?: boolean }) {
  return (
    <Link
      to={paths.home}
      className="flex items-center gap-2 text-xl font-bold"
      aria-label="Verified Athlete home"
    >
      <span
        className={
          light
            ? 'flex size-9 items-center justify-center rounded-lg bg-primary-foreground text-primary'
            : 'flex size-9 items-center justify-center rounded-lg bg-primary text-primary-foreground'
        }
      >
        <BadgeCheck className="size-5" aria-hidden />
      </span>
      <span className={light ? '' : 'text-primary'}>Verified Athlete</span>
    </Link>
  );
}
