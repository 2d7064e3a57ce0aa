import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { videoListSchema } from '@contract/videos';
import { playersApi } from '@contract/api/players';
import { videosApi } from '@contract/api/videos';
import { analysisApi } from '@contract/api/analysis';
import { requestHistoryItemSchema } from '@contract/request-history';
import { aPlayer, aUser, aVideo, emptyVideoList } from '@/test/data';
import { renderApp } from '@/test/render';
import { failure, pending, server } from '@/test/server';
import { mock } from '@/test/mock';

const player = aPlayer();
const showPlayer = () => server.use(mock(playersApi.get, () => HttpResponse.json(player), { id: player.id }));

describe("a player's video library", () => {
  it('shows placeholder tiles while the videos load', async () => {
    showPlayer();
    server.use(mock(videosApi.list, pending, { playerId: player.id }));
    renderApp(`/players/${player.id}/videos`);
    const loading = await screen.findByLabelText('Loading videos');
    expect(within(loading).getAllByTestId('video-skeleton').length).toBeGreaterThan(0);
    expect(screen.queryByText('No videos yet')).not.toBeInTheDocument();
  });

  it('offers the family an upload for a position of the player when there is no video yet', async () => {
    showPlayer();
    server.use(mock(videosApi.list, () => HttpResponse.json(emptyVideoList()), { playerId: player.id }));
    renderApp(`/players/${player.id}/videos`);
    expect(await screen.findByText('No videos yet')).toBeVisible();
    expect(
      screen.getByText('Upload game film for this player, or request an analysis to get a verified video.'),
    ).toBeVisible();
    const position = screen.getByRole('combobox', { name: 'Position' });
    expect(
      within(position)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Quarterback', 'Wide Receiver']);
    expect(screen.queryByLabelText('Loading videos')).not.toBeInTheDocument();
  });

  it('shows an analyst the empty library without an upload (only the family adds videos)', async () => {
    showPlayer();
    server.use(mock(videosApi.list, () => HttpResponse.json(emptyVideoList()), { playerId: player.id }));
    renderApp(`/players/${player.id}/videos`, { user: aUser({ id: 99, role: 'analyst' }) });
    expect(await screen.findByText('No videos yet')).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Position' })).not.toBeInTheDocument();
  });

  it("shows the server's message when the library cannot be loaded", async () => {
    showPlayer();
    server.use(
      mock(videosApi.list, failure(503, 'Video storage is unavailable, please try again'), {
        playerId: player.id,
      }),
    );
    renderApp(`/players/${player.id}/videos`);
    expect(await screen.findByText('Video storage is unavailable, please try again')).toBeVisible();
    expect(screen.queryByText('No videos yet')).not.toBeInTheDocument();
  });

  it('lists each video with its position, season and state', async () => {
    showPlayer();
    const video = aVideo({
      id: 5,
      playerId: player.id,
      durationSeconds: 12,
      createdAt: '2026-01-15T12:00:00.000Z',
    });
    const list = videoListSchema.parse({
      videos: [
        { ...video, status: 'ready', positionKey: 'QB', igaScore: 82.5 },
        { ...video, id: 6, status: 'failed', positionKey: 'WR' },
      ],
      stats: { highestSpeed: null, highestIgaScore: 82.5, totalVideos: 2, readyVideos: 1 },
    });
    server.use(mock(videosApi.list, () => HttpResponse.json(list), { playerId: player.id }));
    renderApp(`/players/${player.id}/videos`);
    const tiles = await screen.findAllByTestId('video-tile');
    expect(tiles).toHaveLength(2);
    expect(tiles[0]).toHaveTextContent('QB');
    expect(tiles[0]).toHaveTextContent('Season: 2026');
    expect(within(tiles[0]).getByTestId('video-state')).toHaveTextContent('IGA Score: 82.5');
    expect(within(tiles[1]).getByTestId('video-state')).toHaveTextContent('Could not be processed');
    expect(screen.queryByText('No videos yet')).not.toBeInTheDocument();
  });

  it("says 'Awaiting analysis' only on a clip a pending request is measured on (issue 52 item 7)", async () => {
    showPlayer();
    const video = aVideo({ playerId: player.id, status: 'ready', maxSpeed: null, igaScore: null });
    const list = videoListSchema.parse({
      videos: [
        { ...video, id: 5 },
        { ...video, id: 6 },
      ],
      stats: { highestSpeed: null, highestIgaScore: null, totalVideos: 2, readyVideos: 2 },
    });
    server.use(
      mock(videosApi.list, () => HttpResponse.json(list), { playerId: player.id }),
      mock(analysisApi.pending, () =>
        HttpResponse.json({
          total: 1,
          pendingCount: 1,
          iga: 0,
          igaPendingCount: 0,
          speed: 0,
          speedPendingCount: 0,
          byKind: { max_speed: 0, iga: 0, forty: 1 },
        }),
      ),
      mock(analysisApi.history, () =>
        HttpResponse.json([
          requestHistoryItemSchema.parse({
            id: 70,
            requestType: 'forty',
            status: 'pending',
            season: 2026,
            positionName: 'Wide Receiver',
            createdAt: '2026-01-15T12:00:00.000Z',
            completedAt: null,
            maxSpeed: null,
            maxSpeedPlusMinus: null,
            igaScore: null,
            rejectionReason: null,
            analystComment: null,
            creditRefunded: false,
            resultText: null,
            resultPath: null,
            sourceVideoId: 6,
          }),
        ]),
      ),
    );
    renderApp(`/players/${player.id}/videos`);
    const tiles = await screen.findAllByTestId('video-tile');
    expect(await within(tiles[1]).findByText('Awaiting analysis')).toBeVisible();
    expect(within(tiles[0]).getByTestId('video-state')).toHaveTextContent('No analysis requested');
  });

  it('asks for the first row of thumbnails as the library renders, and the rest once scrolled near (decision 232)', async () => {
    showPlayer();
    const videos = Array.from({ length: 6 }, (_, i) =>
      aVideo({ id: i + 1, playerId: player.id, thumbnail: `/files/thumbnails/v${i + 1}.jpg` }),
    );
    const list = videoListSchema.parse({
      videos,
      stats: { highestSpeed: null, highestIgaScore: null, totalVideos: 6, readyVideos: 6 },
    });
    server.use(mock(videosApi.list, () => HttpResponse.json(list), { playerId: player.id }));
    const { container } = renderApp(`/players/${player.id}/videos`);
    expect(await screen.findAllByTestId('video-tile')).toHaveLength(6);
    const images = [...container.querySelectorAll('[data-testid="video-tile"] img')];
    expect(images.map((img) => [img.getAttribute('src'), img.getAttribute('loading')])).toEqual([
      ['/files/thumbnails/v1.jpg', 'eager'],
      ['/files/thumbnails/v2.jpg', 'eager'],
      ['/files/thumbnails/v3.jpg', 'eager'],
      ['/files/thumbnails/v4.jpg', 'eager'],
      ['/files/thumbnails/v5.jpg', 'lazy'],
      ['/files/thumbnails/v6.jpg', 'lazy'],
    ]);
  });
});
