import { Outlet } from 'react-router';
import { AppHeader } from './app-header';

export function AppLayout() {
  return (
    <div className="min-h-screen bg-muted/30">
      {/* The first Tab on every screen: keyboard users skip the header's links. */}
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[100] focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:shadow-md focus:ring-2 focus:ring-ring"
      >
        Skip to main content
      </a>
      <AppHeader />
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl px-4 py-6 outline-none sm:px-6"
      >
        <Outlet />
      </main>
    </div>
  );
}
