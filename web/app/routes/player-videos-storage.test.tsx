import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { videoListSchema } from '@contract/videos';
import { playersApi } from '@contract/api/players';
import { videosApi } from '@contract/api/videos';
import { aPlayer, aVideo, emptyVideoList } from '@/test/data';
import { renderApp } from '@/test/render';
import { failure, server } from '@/test/server';
import { mock } from '@/test/mock';

const player = aPlayer();
const showPlayer = () => server.use(mock(playersApi.get, () => HttpResponse.json(player), { id: player.id }));
const FULL = 'Your video storage is full: 2.0 GB of 2.0 GB used. Upgrade your plan for more storage.';

describe('video storage in the library (decisions 131, 132)', () => {
  it("an upload refused because the family's storage is full shows the server's message like any other upload error", async () => {
    showPlayer();
    server.use(
      mock(videosApi.list, () => HttpResponse.json(emptyVideoList()), { playerId: player.id }),
      mock(videosApi.upload, failure(413, FULL, 'STORAGE_QUOTA_EXCEEDED')),
    );
    const { ui } = renderApp(`/players/${player.id}/videos`);
    expect(await screen.findByText('No videos yet')).toBeVisible();
    const file = new File([new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70])], 'game.mp4', {
      type: 'video/mp4',
    });
    await ui.upload(screen.getByTestId('video-file-input'), file);
    expect(await screen.findByText(FULL)).toBeVisible();
    expect(screen.queryByText('Video uploaded successfully')).not.toBeInTheDocument();
  });

  it('an unreadable video says so, with the date it will be removed', async () => {
    showPlayer();
    const list = videoListSchema.parse({
      videos: [
        aVideo({
          id: 7,
          playerId: player.id,
          status: 'failed',
          season: 2031,
          createdAt: '2031-03-01T10:00:00.000Z',
          removeOn: '2031-03-31T10:00:00.000Z',
        }),
      ],
      stats: { highestSpeed: null, highestIgaScore: null, totalVideos: 1, readyVideos: 0 },
    });
    server.use(mock(videosApi.list, () => HttpResponse.json(list), { playerId: player.id }));
    renderApp(`/players/${player.id}/videos`);
    const [tile] = await screen.findAllByTestId('video-tile');
    expect(within(tile).getByTestId('video-state')).toHaveTextContent('Unreadable · removed on Mar 31, 2031');
    expect(within(tile).getByRole('button', { name: 'Could not be read' })).toBeDisabled();
    expect(within(tile).queryByText('Processing...')).not.toBeInTheDocument();
  });
});
