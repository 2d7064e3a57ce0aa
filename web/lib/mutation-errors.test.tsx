import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import type { MutationErrorMeta } from '@/lib/mutation-errors';
import { findToast, renderWithProviders } from '@/test/render';

function Save({ error, meta, onError }: { error: Error; meta?: MutationErrorMeta; onError?: () => void }) {
  const m = useMutation({ mutationFn: () => Promise.reject(error), meta });
  return (
    <>
      <button type="button" onClick={() => m.mutate(undefined, { onError })}>
        Save
      </button>
      {m.isError && <p>failed</p>}
    </>
  );
}

const saveAndFail = async (ui: { click: (el: Element) => Promise<void> }) => {
  await ui.click(screen.getByRole('button', { name: 'Save' }));
  await screen.findByText('failed');
};

describe('a failed mutation is toasted in one place', () => {
  it("toasts 'Error' with the server's message, once, with nothing written by the screen", async () => {
    const { ui } = renderWithProviders(
      <Save error={new ApiError(409, 'That email is already taken', 'CONFLICT')} />,
    );
    await saveAndFail(ui);
    await findToast('That email is already taken');
    expect(screen.getAllByText('That email is already taken')).toHaveLength(1);
    expect(screen.getByText('Error')).toBeVisible();
  });

  it("uses the mutation's title and, for an error without a message, its fallback", async () => {
    const { ui } = renderWithProviders(
      <Save
        error={new ApiError(0, '')}
        meta={{ errorTitle: 'Upload problem', errorFallback: 'Upload failed' }}
      />,
    );
    await saveAndFail(ui);
    await findToast('Upload failed');
    expect(screen.getByText('Upload problem')).toBeVisible();
  });

  it("shows the mutation's own message instead of the server's when it names one", async () => {
    const { ui } = renderWithProviders(
      <Save
        error={new ApiError(500, 'Internal Server Error')}
        meta={{ errorMessage: 'Failed to update player' }}
      />,
    );
    await saveAndFail(ui);
    await findToast('Failed to update player');
    expect(screen.queryByText('Internal Server Error')).not.toBeInTheDocument();
  });

  it('stays silent for a form that shows the error itself, and for a code the caller handles', async () => {
    let handled = 0;
    const { ui } = renderWithProviders(
      <>
        <Save error={new ApiError(400, 'Password is wrong')} meta={{ toast: false }} />
        <Save
          error={new ApiError(402, 'You need at least 1 IGA credit', 'INSUFFICIENT_CREDITS')}
          meta={{ quietCodes: ['INSUFFICIENT_CREDITS'] }}
          onError={() => handled++}
        />
        <Save
          error={new ApiError(500, 'Something broke', 'INTERNAL')}
          meta={{ quietCodes: ['INSUFFICIENT_CREDITS'] }}
        />
      </>,
    );
    for (const button of screen.getAllByRole('button', { name: 'Save' })) await ui.click(button);
    // The third (a code nobody handles) is toasted: once it shows, the first two have had their chance.
    await findToast('Something broke');
    expect(screen.getAllByText('failed')).toHaveLength(3);
    expect(handled).toBe(1);
    expect(screen.queryByText('Password is wrong')).not.toBeInTheDocument();
    expect(screen.queryByText('You need at least 1 IGA credit')).not.toBeInTheDocument();
  });
});
