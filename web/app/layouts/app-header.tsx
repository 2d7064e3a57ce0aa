import { IGA_CREDIT, SPEED_CREDIT } from '@contract/analysis-kinds';
import { creditBuys, creditWithUse } from '@contract/credit-names';
import { Link, NavLink, useNavigate } from 'react-router';
import { BadgeCheck, ChevronDown, Gauge, LogOut, Menu, Shield, User as UserIcon, Zap } from 'lucide-react';
import { canProcessRequests, isAdmin as isAdminRole, isCoach } from '@contract/access';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { InitialsAvatar } from '@/components/ui/initials-avatar';
import { toast } from '@/components/ui/toaster';
import { useLogout } from '@/features/auth/api/auth-mutations';
import { useUser } from '@/features/auth/api/use-user';
import { cn } from '@/lib/cn';
import { fullName } from '@/lib/format';
import { paths } from '@/lib/paths';
import { CoachHeader } from './coach-header';

const navClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent',
    isActive ? 'bg-accent text-primary' : 'text-muted-foreground hover:text-foreground',
  );

function Logo() {
  return (
    <Link
      to={paths.home}
      className="flex items-center gap-2 font-bold text-primary"
      aria-label="Verified Athlete home"
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <BadgeCheck className="size-5" aria-hidden />
      </span>
      <span className="hidden text-lg sm:inline">Verified Athlete</span>
    </Link>
  );
}

export function AppHeader() {
  const { user } = useUser();
  const logout = useLogout();
  const navigate = useNavigate();
  if (!user) return null;
  const name = fullName(user);
  const isStaff = canProcessRequests(user.role);
  const isAdmin = isAdminRole(user.role);

  const onLogout = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Success', description: 'Logged out successfully' });
        void navigate(paths.auth);
      },
      onError: (err) => console.error('Logout failed', err),
    });

  if (isCoach(user.role)) return <CoachHeader onLogout={onLogout} />;
  return (
    <header className="sticky top-0 z-40 border-b bg-background">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
        <Logo />
        <nav className="ml-4 hidden items-center gap-1 md:flex" aria-label="Main">
          <NavLink to={paths.home} end className={navClass}>
            Dashboard
          </NavLink>
          <NavLink to={paths.leaderboard} className={navClass}>
            Leaderboard
          </NavLink>
          {isStaff && (
            <NavLink to={paths.analystQueue} className={navClass}>
              Analysis Queue
            </NavLink>
          )}
          {isStaff && (
            <NavLink to={paths.analystAudits} className={navClass}>
              Audits
            </NavLink>
          )}
          {isAdmin && (
            <DropdownMenu>
              <DropdownMenuTrigger className="flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-accent">
                <Shield className="size-4" aria-hidden /> Admin <ChevronDown className="size-3" aria-hidden />
              </DropdownMenuTrigger>
              <DropdownMenuContent align="start">
                <DropdownMenuItem onSelect={() => navigate(paths.adminUsers)}>
                  User Management
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => navigate(paths.adminReporting)}>Reporting</DropdownMenuItem>
                <DropdownMenuItem onSelect={() => navigate(paths.adminAudits)}>
                  Measurement audits
                </DropdownMenuItem>
                <AdminToolItems />
              </DropdownMenuContent>
            </DropdownMenu>
          )}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <Link
            to={paths.subscriptions}
            className="flex items-center gap-3 rounded-full border px-3 py-1.5 text-sm hover:bg-accent"
          >
            {/* Named by its visible text (WCAG 2.5.3): 'Credits: IGA 2 Speed 3'. Each balance is named for what
                it buys (issue 52): the speed credit pays for a Max Speed and for the kinds timed from a clip,
                so it is 'Speed', with what it buys beside it on a wide screen and in its title. */}
            <span className="sr-only">Credits:</span>
            <span
              className="flex items-center gap-1"
              title={creditWithUse(IGA_CREDIT)}
              data-testid="iga-credits"
            >
              <Gauge className="size-4 text-primary" aria-hidden />
              <span className="text-xs text-muted-foreground sm:text-sm">IGA</span>
              <strong>{user.igaCredits ?? 0}</strong>
            </span>
            <span
              className="flex items-center gap-1"
              title={creditWithUse(SPEED_CREDIT)}
              data-testid="speed-credits"
            >
              <Zap className="size-4 text-amber-500" aria-hidden />
              <span className="text-xs text-muted-foreground sm:text-sm">Speed</span>
              <strong>{user.credits ?? 0}</strong>
              <span className="hidden text-xs text-muted-foreground lg:inline">
                ({creditBuys(SPEED_CREDIT)})
              </span>
            </span>
          </Link>
          <DropdownMenu>
            <DropdownMenuTrigger className="flex items-center gap-2 rounded-full p-1 hover:bg-accent">
              <InitialsAvatar name={name} size="sm" aria-hidden />
              <span className="sr-only">User menu</span>
              <span className="hidden max-w-40 truncate text-sm font-medium lg:inline">{name}</span>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end" className="w-56">
              <DropdownMenuLabel className="truncate">{name}</DropdownMenuLabel>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => navigate(paths.profile)}>
                <UserIcon className="size-4" aria-hidden /> Profile
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={onLogout}>
                <LogOut className="size-4" aria-hidden /> Logout
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
          <MobileMenu isStaff={isStaff} isAdmin={isAdmin} />
        </div>
      </div>
    </header>
  );
}

/** The admin's tools and diagnostics pages (issue 52 item 8): reachable from the menu, not only by address. */
function AdminToolItems() {
  const navigate = useNavigate();
  return (
    <>
      <DropdownMenuSeparator />
      <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">Tools</DropdownMenuLabel>
      <DropdownMenuItem onSelect={() => navigate(paths.adminRecheck)}>Measurements re-check</DropdownMenuItem>
      <DropdownMenuItem onSelect={() => navigate(paths.webhookDebug)}>Webhook diagnostics</DropdownMenuItem>
      <DropdownMenuItem onSelect={() => navigate(paths.authDebug)}>Session diagnostics</DropdownMenuItem>
      <DropdownMenuItem onSelect={() => navigate(paths.testVideoDownload)}>
        Test video download
      </DropdownMenuItem>
    </>
  );
}

function MobileMenu({ isStaff, isAdmin }: { isStaff: boolean; isAdmin: boolean }) {
  const navigate = useNavigate();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open navigation">
          <Menu className="size-5" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => navigate(paths.home)}>Dashboard</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate(paths.leaderboard)}>Leaderboard</DropdownMenuItem>
        {isStaff && (
          <DropdownMenuItem onSelect={() => navigate(paths.analystQueue)}>Analysis Queue</DropdownMenuItem>
        )}
        {isStaff && (
          <DropdownMenuItem onSelect={() => navigate(paths.analystAudits)}>Audits</DropdownMenuItem>
        )}
        {isAdmin && (
          <DropdownMenuItem onSelect={() => navigate(paths.adminUsers)}>User Management</DropdownMenuItem>
        )}
        {isAdmin && <AdminToolItems />}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
