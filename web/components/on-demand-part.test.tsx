import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { onDemandPart } from './on-demand-part';

const Form = ({ name }: { name: string }) => <p>form of {name}</p>;

/** A load the test settles when it says so, counting how often the part's code was asked for. */
function controlledLoad() {
  const calls: { resolve: (c: typeof Form) => void; reject: (e: Error) => void }[] = [];
  const load = () =>
    new Promise<typeof Form>((resolve, reject) => {
      calls.push({ resolve, reject });
    });
  return { load, calls };
}

const shown = (ui: React.ReactNode) =>
  render(<Suspense fallback={<p role="status">loading the form</p>}>{ui}</Suspense>);

describe('a part of a screen loaded on demand (decision 234)', () => {
  it('shows the fallback until its code is here, then the part', async () => {
    const { load, calls } = controlledLoad();
    const { Part } = onDemandPart(load);
    shown(<Part name="a request" />);
    expect(screen.getByRole('status')).toHaveTextContent('loading the form');
    calls[0].resolve(Form);
    expect(await screen.findByText('form of a request')).toBeInTheDocument();
  });

  it('renders at once, without the fallback, when preloaded; asks for its code once', async () => {
    const { load, calls } = controlledLoad();
    const { Part, preload } = onDemandPart(load);
    preload();
    preload();
    expect(calls).toHaveLength(1);
    calls[0].resolve(Form);
    await Promise.resolve();
    shown(<Part name="a referral" />);
    expect(screen.getByText('form of a referral')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('a preload that failed is asked for again when the part renders', async () => {
    const { load, calls } = controlledLoad();
    const { Part, preload } = onDemandPart(load);
    preload();
    calls[0].reject(new Error('offline'));
    await Promise.resolve();
    await Promise.resolve();
    shown(<Part name="a 40" />);
    expect(calls).toHaveLength(2);
    calls[1].resolve(Form);
    expect(await screen.findByText('form of a 40')).toBeInTheDocument();
  });
});
