import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { videosApi } from '@contract/api/videos';
import { aVideo, emptyVideoList } from '@/test/data';
import { mock } from '@/test/mock';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { SourceVideoField } from './source-video-field';

describe("the request dialog's list of clips (decision 259)", () => {
  it('names a clip by its name, and one without a name by its number as before', async () => {
    const at = '2026-11-29T15:00:00.000Z';
    server.use(
      mock(
        videosApi.list,
        () =>
          HttpResponse.json({
            ...emptyVideoList(),
            videos: [
              aVideo({
                id: 15,
                playerId: 7,
                name: 'Senior day 40',
                positionKey: 'WR',
                durationSeconds: 3,
                createdAt: at,
              }),
              aVideo({
                id: 14,
                playerId: 7,
                name: null,
                positionKey: 'WR',
                durationSeconds: 3,
                createdAt: at,
              }),
            ],
          }),
        { playerId: 7 },
      ),
    );
    renderWithProviders(<SourceVideoField playerId={7} positionId={1} value={null} onChange={() => {}} />);
    const list = screen.getByRole('combobox', { name: 'Source video (optional)' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(3));
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'None: the analyst uses the Hudl video',
      'Senior day 40 · Nov 29, 2026 · WR · 0:03',
      '#14 · Nov 29, 2026 · WR · 0:03',
    ]);
  });
});
