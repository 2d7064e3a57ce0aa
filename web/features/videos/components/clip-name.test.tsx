import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { playersApi } from '@contract/api/players';
import { videosApi } from '@contract/api/videos';
import type { Video } from '@contract/videos';
import { aPlayer, aUser, aVideo, emptyVideoList } from '@/test/data';
import { mock } from '@/test/mock';
import { renderApp } from '@/test/render';
import { failure, server } from '@/test/server';

const player = aPlayer();

/** The library of one clip, as the server keeps it: a rename changes what the next read answers. */
function library(clip: Video) {
  let current = clip;
  const renames: unknown[] = [];
  server.use(
    mock(playersApi.get, () => HttpResponse.json(player), { id: player.id }),
    mock(
      videosApi.list,
      () =>
        HttpResponse.json({
          ...emptyVideoList(),
          videos: [current],
        }),
      { playerId: player.id },
    ),
    mock(
      videosApi.rename,
      async ({ request }) => {
        const body = (await request.json()) as { name: string };
        renames.push(body);
        current = { ...current, name: body.name.trim() };
        return HttpResponse.json(current);
      },
      { id: clip.id },
    ),
  );
  return renames;
}

const tile = async () => screen.findByTestId('video-tile');

describe("a clip's name on its library card (decision 259)", () => {
  it("shows the clip's name, and lets the family rename it in place", async () => {
    const renames = library(aVideo({ id: 5, playerId: player.id, name: 'IMG_2041' }));
    const { ui } = renderApp(`/players/${player.id}/videos`);
    const card = await tile();
    expect(within(card).getByTestId('clip-name')).toHaveTextContent('IMG_2041');

    await ui.click(within(card).getByRole('button', { name: 'Rename clip IMG_2041' }));
    const input = within(card).getByRole('textbox', { name: 'Clip name' });
    expect(input).toHaveValue('IMG_2041');
    expect(input).toHaveAttribute('maxLength', '120');
    await ui.clear(input);
    await ui.type(input, '  Senior day 40 ');
    await ui.click(within(card).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(within(card).getByTestId('clip-name')).toHaveTextContent('Senior day 40'));
    expect(renames).toEqual([{ name: 'Senior day 40' }]);
    expect(within(card).queryByRole('textbox', { name: 'Clip name' })).not.toBeInTheDocument();
  });

  it("keeps today's card for a clip without a name, and offers the family to name it", async () => {
    library(aVideo({ id: 6, playerId: player.id, name: null, positionKey: 'WR' }));
    const { ui } = renderApp(`/players/${player.id}/videos`);
    const card = await tile();
    expect(within(card).queryByTestId('clip-name')).not.toBeInTheDocument();
    expect(within(card).getByText('WR')).toBeVisible();
    expect(within(card).getByText('Season: 2026')).toBeVisible();

    await ui.click(within(card).getByRole('button', { name: 'Name this clip' }));
    await ui.type(within(card).getByRole('textbox', { name: 'Clip name' }), 'Jalen 40 at camp{Enter}');
    await waitFor(() => expect(within(card).getByTestId('clip-name')).toHaveTextContent('Jalen 40 at camp'));
  });

  it("refuses a blank name without asking the server, and shows the server's refusal", async () => {
    const renames = library(aVideo({ id: 7, playerId: player.id, name: 'IMG_7' }));
    const { ui } = renderApp(`/players/${player.id}/videos`);
    const card = await tile();
    await ui.click(within(card).getByRole('button', { name: 'Rename clip IMG_7' }));
    const input = within(card).getByRole('textbox', { name: 'Clip name' });
    await ui.clear(input);
    await ui.type(input, '   ');
    await ui.click(within(card).getByRole('button', { name: 'Save' }));
    expect(within(card).getByRole('alert')).toHaveTextContent('Please give the clip a name');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(renames).toEqual([]);

    server.use(mock(videosApi.rename, failure(404, 'Video not found'), { id: 7 }));
    await ui.type(input, 'Another');
    await ui.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Video not found');

    await ui.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(within(card).getByTestId('clip-name')).toHaveTextContent('IMG_7');
  });

  it('shows an analyst the name but no way to change it', async () => {
    library(aVideo({ id: 8, playerId: player.id, name: 'Game film' }));
    renderApp(`/players/${player.id}/videos`, { user: aUser({ id: 99, role: 'analyst' }) });
    const card = await tile();
    expect(within(card).getByTestId('clip-name')).toHaveTextContent('Game film');
    expect(within(card).queryByRole('button', { name: /Rename clip/ })).not.toBeInTheDocument();
  });
});
