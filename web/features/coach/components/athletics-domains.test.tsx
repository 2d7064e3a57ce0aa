import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { coachDomainsApi } from '@contract/api/coach-domains';
import { playersApi } from '@contract/api/players';
import { NOT_A_DOMAIN, type AthleticsDomain } from '@contract/coach-domains';
import { mock } from '@/test/mock';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { AthleticsDomains } from './athletics-domains';

const ACU = 222178;
const domain = (name: string): AthleticsDomain => ({
  id: name,
  domain: name,
  includeSubdomains: false,
  addedAt: '2026-11-20T12:00:00.000Z',
  addedBy: null,
});

/** A server holding ACU's domains: what the panel posts and deletes, in order. */
function college(initial: string[]) {
  let domains = initial.map(domain);
  const calls: string[] = [];
  server.use(
    mock(playersApi.searchSchools, () =>
      HttpResponse.json([
        { name: 'Abilene Christian University', city: 'Abilene', state: 'TX', ipedsId: ACU },
      ]),
    ),
    mock(
      coachDomainsApi.list,
      () =>
        HttpResponse.json({
          ipedsId: ACU,
          name: 'Abilene Christian University',
          website: 'acu.edu',
          domains,
        }),
      { ipedsId: ACU },
    ),
    mock(
      coachDomainsApi.add,
      async ({ request }) => {
        const { domain: d, includeSubdomains } = (await request.json()) as {
          domain: string;
          includeSubdomains: boolean;
        };
        calls.push(`add ${d}${includeSubdomains ? ' +subdomains' : ''}`);
        if (domains.some((x) => x.domain === d))
          return HttpResponse.json(
            { message: `${d} is already one of the college’s athletics domains`, code: 'CONFLICT' },
            { status: 409 },
          );
        domains = [...domains, { ...domain(d), includeSubdomains }];
        return HttpResponse.json({ ...domain(d), includeSubdomains }, { status: 201 });
      },
      { ipedsId: ACU },
    ),
    mock(
      coachDomainsApi.remove,
      ({ params }) => {
        calls.push(`remove ${String(params.id)}`);
        domains = domains.filter((x) => x.id !== params.id);
        return new HttpResponse(null, { status: 204 });
      },
      { ipedsId: ACU },
    ),
  );
  return calls;
}

async function pickAcu() {
  const rendered = renderWithProviders(<AthleticsDomains />);
  await rendered.ui.type(screen.getByLabelText('College'), 'Abilene');
  await rendered.ui.click(
    await screen.findByRole('option', { name: 'Abilene Christian University, Abilene, TX' }),
  );
  const group = await screen.findByRole('group', { name: 'Domains of Abilene Christian University' });
  return { ...rendered, group };
}

describe("Coach applications' Athletics domains", () => {
  it("lists a picked college's website domain and added domains, and adds one with the messages under the field", async () => {
    const calls = college(['acusports.com']);
    const { ui, group } = await pickAcu();
    expect(group).toHaveTextContent('website domain acu.edu (a hint only: approves nobody)');
    expect(within(group).getByRole('listitem', { name: 'acusports.com' })).toHaveTextContent(
      'acusports.com · added Nov 20, 2026',
    );
    const field = within(group).getByLabelText('Add an athletics domain');
    const addButton = within(group).getByRole('button', { name: 'Add domain' });

    await ui.type(field, 'https://gowildcats.com');
    await ui.click(addButton);
    expect(within(group).getByRole('alert')).toHaveTextContent(NOT_A_DOMAIN);
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await ui.clear(field);
    await ui.type(field, 'Gmail.com');
    await ui.click(addButton);
    expect(within(group).getByRole('alert')).toHaveTextContent(
      'gmail.com is a public mail domain: anyone can have an address there',
    );
    expect(calls).toEqual([]);

    await ui.clear(field);
    await ui.type(field, '  GoWildcats.COM ');
    await ui.click(addButton);
    expect(await within(group).findByRole('status')).toHaveTextContent(
      'gowildcats.com added. Applications already waiting still need your approval',
    );
    expect(calls).toEqual(['add gowildcats.com']);
    expect(await within(group).findByRole('listitem', { name: 'gowildcats.com' })).toBeVisible();
    expect(field).toHaveValue('');

    await ui.click(within(group).getByLabelText(/Addresses at its subdomains too/));
    await ui.type(field, 'gowildcats.net');
    await ui.click(addButton);
    expect(await within(group).findByRole('listitem', { name: 'gowildcats.net' })).toHaveTextContent(
      'gowildcats.net · and its subdomains · added',
    );
    expect(calls).toEqual(['add gowildcats.com', 'add gowildcats.net +subdomains']);

    await ui.type(field, 'acusports.com');
    await ui.click(addButton);
    expect(await within(group).findByRole('alert')).toHaveTextContent(
      'acusports.com is already one of the college’s athletics domains',
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('removes a domain only once confirmed', async () => {
    const calls = college(['acusports.com', 'gowildcats.com']);
    const { ui, group } = await pickAcu();
    await ui.click(within(group).getByRole('button', { name: 'Remove gowildcats.com' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Remove gowildcats.com?' });
    expect(dialog).toHaveTextContent(
      'The coaches this domain approved for Abilene Christian University wait for an admin again from now on and are told by email; coaches an admin approved keep their accounts. New applications at gowildcats.com wait for an admin.',
    );
    await ui.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);
    expect(within(group).getByRole('listitem', { name: 'gowildcats.com' })).toBeVisible();

    await ui.click(within(group).getByRole('button', { name: 'Remove gowildcats.com' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Remove gowildcats.com?' });
    await ui.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls).toEqual(['remove gowildcats.com']);
    expect(await within(group).findByRole('status')).toHaveTextContent(
      'gowildcats.com removed. The coaches it approved wait for an admin again and were told by email; new applications there wait for an admin.',
    );
    await waitFor(() =>
      expect(within(group).queryByRole('listitem', { name: 'gowildcats.com' })).not.toBeInTheDocument(),
    );
    expect(within(group).getByRole('listitem', { name: 'acusports.com' })).toBeVisible();
  });

  it('says when a college has no added domain', async () => {
    college([]);
    const { group } = await pickAcu();
    expect(group).toHaveTextContent('No athletics domains added yet.');
  });
});
