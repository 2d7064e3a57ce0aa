import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { VIDEO_REQUIRED } from '@contract/analysis';
import { analysisApi } from '@contract/api/analysis';
import { aQueueItem } from '@/test/data';
import { mock } from '@/test/mock';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { CompleteForm } from './complete-form';

// The upload itself (XMLHttpRequest, for its progress) is the browser journey's; here, what the form sends.
const sent = vi.hoisted(() => [] as { fields: Record<string, string>; video: File | null }[]);
vi.mock('../../api/queue', async (actual) => ({
  ...(await actual<typeof import('../../api/queue')>()),
  useCompleteRequest: () => ({
    mutateAsync: (v: { fields: Record<string, string>; video: File | null }) => {
      sent.push(v);
      return Promise.resolve({});
    },
    isPending: false,
    progress: null,
  }),
}));

const dash = {
  id: 3,
  key: 'DASH',
  name: '40 Yard Dash',
  description: null,
  unit: 's',
  decimals: 2,
  lowerIsBetter: true,
};

describe("the analyst's completion form, chosen by the request's kind", () => {
  it("scores an IGA request with its position's submetrics and sends them with the processed video", async () => {
    const done = vi.fn();
    server.use(
      mock(analysisApi.positionSubmetrics, () => HttpResponse.json([dash]), { id: 1 }),
      mock(analysisApi.population, () => HttpResponse.json({ minimum: 20, metrics: [] }), { id: 41 }),
    );
    const { ui, container } = renderWithProviders(
      <CompleteForm item={aQueueItem({ requestType: 'iga' })} onDone={done} onReject={() => {}} />,
    );
    const score = await screen.findByLabelText('IGA Score (50-100)');
    expect(screen.getByText('Analyst assessment')).toBeVisible();
    expect(screen.getByTestId('submetric-DASH')).toHaveTextContent(
      '40 Yard Dash (s, 2 decimals, lower is better)',
    );
    expect(screen.queryByLabelText('Max Speed (mph)')).toBeNull();

    await ui.type(score, '85');
    await ui.type(screen.getByLabelText('40 Yard Dash value'), '4.6');
    expect(screen.getByText('Processed video')).toBeVisible();
    await ui.click(screen.getByRole('button', { name: 'Complete Analysis' }));
    expect(container.querySelector('#complete-missing')).toHaveTextContent(VIDEO_REQUIRED);
    expect(sent).toHaveLength(0);

    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await ui.upload(input, new File(['x'], 'processed.mp4', { type: 'video/mp4' }));
    await ui.click(await screen.findByRole('button', { name: 'Complete Analysis' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].fields).toMatchObject({ positionId: '1', igaScore: '85', submetric_DASH: '4.6' });
    expect(sent[0].fields.measurement).toBeUndefined();
    expect(sent[0].video?.name).toBe('processed.mp4');
    expect(done).toHaveBeenCalledOnce();
  });

  it('says a kind with no completion form of its own cannot be completed here, rather than a wrong form', () => {
    renderWithProviders(
      <CompleteForm
        item={aQueueItem({ requestType: 'unknown_kind' })}
        onDone={() => {}}
        onReject={() => {}}
      />,
    );
    expect(screen.getByText('This kind of request cannot be completed here.')).toBeVisible();
  });
});
