import type { ReactElement } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { HttpResponse } from 'msw';
import type { PublicUser } from '@contract/auth';
import { authApi } from '@contract/api/auth';
import { Providers } from '@/app/providers';
import { AppRouter } from '@/app/router';
import { Toaster } from '@/components/ui/toaster';
import { queryClient } from '@/lib/query-client';
import { aUser } from './data';
import { server } from './server';
import { mock } from './mock';

/**
 * The whole app at `path`, as the browser runs it (providers, router, session check, lazy screens), signed in
 * as `user` (null: signed out). Only the network is fake: MSW answers the API.
 */
export function renderApp(path: string, { user = aUser() }: { user?: PublicUser | null } = {}) {
  server.use(
    mock(authApi.user, () =>
      user ? HttpResponse.json(user) : HttpResponse.json({ message: 'Unauthorized' }, { status: 401 }),
    ),
  );
  window.history.pushState(null, '', path);
  const ui = userEvent.setup();
  return {
    ui,
    ...render(
      <Providers>
        <AppRouter />
      </Providers>,
    ),
  };
}

/** One component with the app's query client, a router at `path` and the toaster. */
export function renderWithProviders(element: ReactElement, { path = '/' }: { path?: string } = {}) {
  const ui = userEvent.setup();
  return {
    ui,
    ...render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          {element}
          <Toaster />
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  };
}

/**
 * The toast reading `text`, once a user can see it. Sonner renders a toast transparent and fades it in from
 * an effect on a later tick, so the text is in the page before it is visible: finding it and then asserting
 * visibility raced (it failed once in CI). Only the toaster's region is searched: a toast, not a page text.
 */
export async function findToast(text: string | RegExp): Promise<HTMLElement> {
  const region = await screen.findByRole('region', { name: /^Notifications/ });
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = within(region).getByText(text);
    expect(found).toBeVisible();
  });
  return found!;
}
