import { describe, expect, it } from 'vitest';
import { analysisApi } from '@contract/api/analysis';
import { measurementsApi } from '@contract/api/measurements';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { aQueueItem, aUser } from '@/test/data';
import { renderApp } from '@/test/render';
import { failure, page, pending, server } from '@/test/server';
import { mock } from '@/test/mock';

const analyst = aUser({ id: 50, role: 'analyst', firstName: 'Ana', lastName: 'Lyst' });

describe('the analysis queue', () => {
  it('shows placeholder rows while the queue loads', async () => {
    server.use(mock(analysisApi.queue, pending));
    renderApp('/analyst/queue', { user: analyst });
    expect(await screen.findByRole('status', { name: 'Loading the queue' })).toBeInTheDocument();
    expect(screen.queryByText('No pending requests')).not.toBeInTheDocument();
  });

  it('says there is nothing waiting when the queue is empty', async () => {
    server.use(mock(analysisApi.queue, page([])));
    renderApp('/analyst/queue', { user: analyst });
    expect(await screen.findByText('No pending requests')).toBeVisible();
    expect(screen.getByText('New requests appear here as families send them.')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading the queue' })).not.toBeInTheDocument();
  });

  it("shows the server's message when the queue cannot be loaded", async () => {
    server.use(mock(analysisApi.queue, failure(500, 'Internal Server Error')));
    renderApp('/analyst/queue', { user: analyst });
    expect(await screen.findByText('Internal Server Error')).toBeVisible();
    expect(screen.queryByText('No pending requests')).not.toBeInTheDocument();
  });

  it('shows each request due 72 hours after it was asked for, an overdue one marked', async () => {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    server.use(
      mock(
        analysisApi.queue,
        page([
          aQueueItem({ id: 61, createdAt: hoursAgo(80.5) }),
          aQueueItem({ id: 62, createdAt: hoursAgo(50.5) }),
          aQueueItem({ id: 63, createdAt: hoursAgo(2.5) }),
        ]),
      ),
    );
    renderApp('/analyst/queue', { user: analyst });
    expect(await screen.findByRole('columnheader', { name: 'Due' })).toBeVisible();
    const due = (id: number) => within(screen.getByTestId(`queue-row-${id}`)).getByTestId('queue-due');
    await waitFor(() => expect(due(61)).toHaveTextContent('Overdue by 8 h'));
    expect(within(due(61)).getByText('Overdue by 8 h')).toHaveClass('bg-destructive');
    expect(due(62)).toHaveTextContent('Due in 21 h');
    expect(within(due(62)).getByText('Due in 21 h')).toHaveClass('bg-warning');
    expect(due(63)).toHaveTextContent('Due in 2 days');
  });

  it('lists the requests oldest first and loads the next page on Load more', async () => {
    const seen: (string | null)[] = [];
    server.use(
      mock(analysisApi.queue, ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        seen.push(cursor);
        return cursor === 'c2'
          ? page([
              aQueueItem({ id: 43, requestType: 'iga', playerFirstName: 'Sam', playerLastName: 'Reed' }),
            ])()
          : page([aQueueItem({ id: 41 }), aQueueItem({ id: 42 })], 'c2')();
      }),
    );
    const { ui } = renderApp('/analyst/queue', { user: analyst });
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[0].textContent),
    ).toEqual(['#41', '#42']);
    expect(within(table).getAllByRole('button', { name: 'Process' })).toHaveLength(2);
    await ui.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('#43')).toBeVisible();
    expect(within(screen.getByTestId('queue-row-43')).getByText('IGA Score')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(seen).toEqual([null, 'c2']);
  });

  it('is not open to a family account', async () => {
    server.use(mock(analysisApi.queue, page([aQueueItem()])));
    renderApp('/analyst/queue', { user: aUser() });
    expect(await screen.findByText('404 Page Not Found')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Analysis Queue' })).not.toBeInTheDocument();
  });

  it('tells the analyst that a clip still being prepared opens when it is ready', async () => {
    let asked = 0;
    server.use(
      mock(analysisApi.queue, page([aQueueItem({ id: 44, sourceVideoId: 7 })])),
      mock(analysisApi.population, () => HttpResponse.json({ minimum: 20, metrics: [] }), { id: 44 }),
      mock(
        measurementsApi.media,
        () => {
          asked += 1;
          return failure(409, 'The video is still being processed. Try again in a moment.', 'CONFLICT')();
        },
        { id: 7 },
      ),
    );
    const { ui } = renderApp('/analyst/queue', { user: analyst });
    await ui.click(
      await within(await screen.findByTestId('queue-row-44')).findByRole('button', { name: 'Process' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Process Analysis Request' });
    // The message shows from the first render (the clip is being asked for): the test waits until the 409 has
    // been answered and the clip asked for again (every 2 s), so what it checks is the answer's effect.
    await waitFor(() => expect(asked).toBeGreaterThanOrEqual(2));
    expect(within(dialog).getByText(/The source clip is still being prepared/)).toBeVisible();
    expect(within(dialog).queryByRole('group', { name: 'Frame viewer' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });
});
