import { Link, NavLink } from 'react-router';
import { BadgeCheck, LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';

const navClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium transition-colors hover:bg-accent sm:px-3',
    isActive ? 'bg-accent text-primary' : 'text-muted-foreground hover:text-foreground',
  );

/** A coach's header: Search, Watch list, Profile; no players, credits or requests (decision 211). */
export function CoachHeader({ onLogout }: { onLogout: () => void }) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
        <Link
          to={paths.coachSearch}
          className="flex items-center gap-2 font-bold text-primary"
          aria-label="Verified Athlete home"
        >
          <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <BadgeCheck className="size-5" aria-hidden />
          </span>
          <span className="hidden text-lg sm:inline">Verified Athlete</span>
        </Link>
        <nav className="flex items-center gap-1 sm:ml-2" aria-label="Main">
          <NavLink to={paths.coachSearch} className={navClass}>
            Search
          </NavLink>
          <NavLink to={paths.coachWatchlist} className={navClass}>
            Watch list
          </NavLink>
          <NavLink to={paths.profile} className={navClass}>
            Profile
          </NavLink>
        </nav>
        <Button variant="ghost" size="sm" className="ml-auto" onClick={onLogout} aria-label="Log out">
          <LogOut className="size-4" aria-hidden /> <span className="hidden sm:inline">Log out</span>
        </Button>
      </div>
    </header>
  );
}
