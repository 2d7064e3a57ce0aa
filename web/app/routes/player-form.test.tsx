import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { PHOTO_NOT_IMAGE, PHOTO_TOO_LARGE, PRIVATE_PLAYER_FIELDS, SAME_POSITION } from '@contract/players';
import { playersApi } from '@contract/api/players';
import { aPlayer, aUser } from '@/test/data';
import { findToast, renderApp } from '@/test/render';
import { pending, server } from '@/test/server';
import { mock } from '@/test/mock';

/** A form control by its visible label (the required mark '*' is not part of the name). */
const control = (label: string) =>
  screen.getByLabelText((content) => content.replace(/\*$/, '').trim() === label);

/** The message shown under a field: the text of its role=alert next to the control. */
const messageOf = (label: string) => {
  const field = control(label).closest('div.grid') as HTMLElement;
  return within(field).queryByRole('alert')?.textContent ?? null;
};

async function openAddForm() {
  const r = renderApp('/players/new');
  await screen.findByRole('heading', { name: 'Add player' });
  // Positions arrive over the network before the form can be filled.
  await within(control('Primary Position')).findByRole('option', { name: 'Quarterback (QB)' });
  return r;
}

/** Types a value as one paste: what the user sees is the same, and a loaded machine gets through it quickly. */
async function fill(ui: ReturnType<typeof renderApp>['ui'], label: string, value: string) {
  await ui.clear(control(label));
  await ui.click(control(label));
  await ui.paste(value);
}

const submitAdd = (ui: ReturnType<typeof renderApp>['ui']) =>
  ui.click(screen.getByRole('button', { name: 'Add player' }));

describe('the add player form', () => {
  it('names every missing required field at once, under the field, and sends nothing', async () => {
    let posted = 0;
    server.use(
      mock(playersApi.create, () => {
        posted += 1;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    const { ui } = await openAddForm();
    // The defaults (5 ft 0 in, 150 lbs, this year's class, +1) are valid; clear them to see their messages.
    for (const label of ['Height (ft)', 'Weight (lbs)', 'Graduation Year']) await ui.clear(control(label));
    await ui.clear(control('Country Code'));
    await submitAdd(ui);

    const expected: Record<string, string> = {
      'First Name': 'First name is required',
      'Last Name': 'Last name is required',
      Level: 'Level is required',
      School: 'School is required',
      'Graduation Year': 'Graduation year is required',
      Gender: 'Gender is required',
      'Primary Position': 'Primary position is required',
      'Secondary Position': 'Secondary position is required',
      'Date of Birth': 'Date of birth is required',
      'Height (ft)': 'Height is required',
      'Weight (lbs)': 'Weight is required',
      'Address Line 1': 'Address is required',
      City: 'City is required',
      State: 'State is required',
      'ZIP Code': 'ZIP code is required',
      County: 'County is required',
      Email: 'Valid email address is required',
      'Country Code': 'Country code is required',
      Phone: 'Phone number must be 10 digits',
      'Hudl Profile URL': 'Hudl Profile URL is required',
      'X/Twitter Handle': 'X/Twitter handle is required',
      'Instagram Handle': 'Instagram handle is required',
    };
    await screen.findByText('First name is required');
    const shown = Object.fromEntries(Object.keys(expected).map((label) => [label, messageOf(label)]));
    expect(shown).toEqual(expected);
    // Optional fields say nothing.
    for (const label of ['Address Line 2', 'Facebook URL', 'GPA', 'SAT Score', 'ACT Score', 'Height (in)'])
      expect(messageOf(label)).toBeNull();
    expect(control('First Name')).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toBe(0);
  });

  /** After a first submit every change is checked again: each value, typed in turn, shows its own message. */
  async function expectMessages(cases: [label: string, value: string, message: string][]) {
    const { ui } = await openAddForm();
    await submitAdd(ui);
    await screen.findByText('First name is required');
    for (const [label, value, message] of cases) {
      await fill(ui, label, value);
      await waitFor(() => expect(messageOf(label), `${label} = ${value}`).toBe(message));
    }
  }

  it('explains each number out of range, with the exact message', () =>
    expectMessages([
      ['Height (ft)', '9', 'Height must be at most 8 feet'],
      ['Height (ft)', '0', 'Height is required'],
      ['Height (in)', '12', 'Inches must be between 0 and 11'],
      ['Weight (lbs)', '40', 'Weight is required'],
      ['Weight (lbs)', '501', 'Weight must be at most 500 lbs'],
      ['Graduation Year', '1999', 'Graduation year is required'],
      ['Graduation Year', '2101', 'Graduation year must be 2100 or earlier'],
      ['GPA', '5.5', 'GPA must be between 0 and 5'],
      ['GPA', '3.456', 'GPA can have at most 2 decimal places'],
      ['SAT Score', '399', 'SAT score must be between 400 and 1600'],
      ['SAT Score', '1005', 'SAT score must be a multiple of 10'],
      ['ACT Score', '37', 'ACT score must be between 1 and 36'],
      ['ACT Score', '0', 'ACT score must be between 1 and 36'],
    ]));

  it('explains each badly formed contact or link, with the exact message', () =>
    expectMessages([
      ['ZIP Code', '1234', 'ZIP code must be 5 digits'],
      ['Email', 'jordan@', 'Valid email address is required'],
      ['Phone', '51255', 'Phone number must be 10 digits'],
      ['Hudl Profile URL', 'hudl profile', 'Please enter a valid URL'],
      ['Facebook URL', 'facebook', 'Please enter a valid URL'],
      ['X/Twitter Handle', 'j-miles', 'Use letters, numbers, underscores and periods only'],
      ['Instagram Handle', 'jordan#7', 'Use letters, numbers, underscores and periods only'],
    ]));

  it('refuses a birth date less than ten years ago, and the same position twice', async () => {
    const { ui } = await openAddForm();
    const latestYear = new Date().getFullYear() - 10;
    await ui.type(control('Date of Birth'), `${latestYear + 1}-01-01`);
    await ui.selectOptions(control('Primary Position'), 'Quarterback (QB)');
    await ui.selectOptions(control('Secondary Position'), 'Quarterback (QB)');
    await submitAdd(ui);
    expect(await screen.findByText(`Date of birth must be on or before Dec 31, ${latestYear}`)).toBeVisible();
    expect(messageOf('Secondary Position')).toBe(SAME_POSITION);
    expect(SAME_POSITION).toBe('Secondary position must differ from the primary position');
    await ui.selectOptions(control('Secondary Position'), 'Wide Receiver (WR)');
    await waitFor(() => expect(messageOf('Secondary Position')).toBeNull());
  });

  it('keeps the phone to ten digits shown as (123) 456-7890, and handles without their @', async () => {
    const { ui } = await openAddForm();
    await fill(ui, 'Phone', '(512) 555-0100 99');
    expect(control('Phone')).toHaveValue('(512) 555-0100');
    await fill(ui, 'X/Twitter Handle', '@jmiles');
    expect(control('X/Twitter Handle')).toHaveValue('jmiles');
    expect(control('Country Code')).toHaveValue('+1');
  });

  it('says under the drop zone why a photo is refused', async () => {
    await openAddForm();
    // A user can pick 'All files' in the file dialog: the page, not the dialog's filter, must refuse it.
    const ui = userEvent.setup({ applyAccept: false });
    const input = screen.getByLabelText('Upload photo');
    await ui.upload(input, new File(['%PDF-1.7'], 'transcript.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(PHOTO_NOT_IMAGE)).toBeVisible();
    expect(PHOTO_NOT_IMAGE).toBe('Please upload an image file (JPG, PNG, etc.)');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await ui.upload(input, big);
    expect(await screen.findByText(PHOTO_TOO_LARGE)).toBeVisible();
    expect(PHOTO_TOO_LARGE).toBe('Image must be less than 5MB');
  });
});

describe('a filled add player form', () => {
  it('sends what the API reads (total inches, weight, the X handle without @) and opens the new card', async () => {
    let body: Record<string, unknown> | null = null;
    server.use(
      mock(playersApi.searchSchools, () =>
        HttpResponse.json([{ name: 'Westlake High School', city: 'Austin', state: 'TX' }]),
      ),
      mock(playersApi.create, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(aPlayer({ id: 31 }), { status: 201 });
      }),
    );
    const { ui } = await openAddForm();
    await fill(ui, 'First Name', 'Jordan');
    await fill(ui, 'Last Name', 'Miles');
    await ui.selectOptions(control('Level'), 'High School');
    await ui.click(control('School'));
    await ui.type(await screen.findByRole('textbox', { name: 'Search schools' }), 'Westlake');
    await ui.click(await screen.findByRole('option', { name: /Westlake High School/ }));
    expect(control('School')).toHaveTextContent('Westlake High School');
    await ui.selectOptions(control('Gender'), 'Male');
    await ui.selectOptions(control('Primary Position'), 'Quarterback (QB)');
    await ui.selectOptions(control('Secondary Position'), 'Wide Receiver (WR)');
    await ui.type(control('Date of Birth'), '2009-05-01');
    await fill(ui, 'Height (ft)', '6');
    await fill(ui, 'Height (in)', '1');
    await fill(ui, 'Weight (lbs)', '185');
    await fill(ui, 'Address Line 1', '1 Main St');
    await fill(ui, 'City', 'Austin');
    await ui.selectOptions(control('State'), 'TX - Texas');
    await fill(ui, 'ZIP Code', '78701');
    await fill(ui, 'County', 'Travis');
    await fill(ui, 'Email', 'jordan@test.dev');
    await fill(ui, 'Phone', '5125550100');
    await fill(ui, 'Hudl Profile URL', 'https://www.hudl.com/profile/1');
    await fill(ui, 'X/Twitter Handle', '@jmiles');
    await fill(ui, 'Instagram Handle', 'jmiles');
    // The card that opens next asks for its own data; this test ends at the navigation.
    server.use(http.get('/api/*', pending));
    await submitAdd(ui);

    await findToast('Player created successfully');
    await waitFor(() => expect(window.location.pathname).toBe('/players/31'));
    expect(body).toMatchObject({
      firstName: 'Jordan',
      lastName: 'Miles',
      level: 'High School',
      school: 'Westlake High School',
      schoolCity: 'Austin',
      schoolState: 'TX',
      heightInches: 73,
      weight: 185,
      twitterHandle: 'jmiles',
      instagramHandle: 'jmiles',
      phone: '5125550100',
      phoneCountryCode: '+1',
      primaryPositionId: 1,
      secondaryPositionId: 2,
      dateOfBirth: '2009-05-01',
    });
  });
});

describe('the edit player form', () => {
  async function openEditForm(player = aPlayer({ secondaryPositionId: null, hudlUrl: null })) {
    server.use(mock(playersApi.get, () => HttpResponse.json(player), { id: player.id }));
    const r = renderApp(`/players/${player.id}/edit`);
    await screen.findByRole('button', { name: 'Save changes' });
    await within(control('Primary Position')).findByRole('option', { name: 'Quarterback (QB)' });
    return r;
  }

  it('saves without a secondary position or a Hudl URL, which are optional there', async () => {
    let body: Record<string, unknown> | null = null;
    server.use(
      mock(
        playersApi.update,
        async ({ request }) => {
          body = (await request.json()) as Record<string, unknown>;
          return HttpResponse.json(aPlayer({ secondaryPositionId: null, hudlUrl: null }));
        },
        { id: 7 },
      ),
    );
    const { ui } = await openEditForm();
    expect(screen.getByText('Optional', { selector: '#secondaryPositionId-description' })).toBeVisible();
    await ui.click(screen.getByRole('button', { name: 'Save changes' }));
    await findToast('Player updated successfully');
    expect(body).toMatchObject({
      heightInches: 73,
      weight: 185,
      twitterHandle: 'jmiles',
      secondaryPositionId: null,
      hudlUrl: null,
    });
    expect(messageOf('Secondary Position')).toBeNull();
  });

  it("an admin edits a family's player without its birth date and contact details, and sends none (decision 197)", async () => {
    // What the server answers an admin: the card without the family's private fields.
    const seen: Record<string, unknown> = { ...aPlayer({ userId: 1 }) };
    for (const f of PRIVATE_PLAYER_FIELDS) delete seen[f];
    let body: Record<string, unknown> | null = null;
    server.use(
      mock(playersApi.get, () => HttpResponse.json(seen), { id: 7 }),
      mock(
        playersApi.update,
        async ({ request }) => {
          body = (await request.json()) as Record<string, unknown>;
          return HttpResponse.json(seen);
        },
        { id: 7 },
      ),
    );
    const { ui } = renderApp('/players/7/edit', { user: aUser({ id: 99, role: 'admin' }) });
    await screen.findByRole('button', { name: 'Save changes' });
    await within(control('Primary Position')).findByRole('option', { name: 'Quarterback (QB)' });
    for (const label of ['Date of Birth', 'Address Line 1', 'ZIP Code', 'Email', 'Phone']) {
      expect(screen.queryByLabelText((c) => c.replace(/\*$/, '').trim() === label)).toBeNull();
    }
    expect(control('City')).toHaveValue('Austin');
    await fill(ui, 'First Name', 'Jordy');
    await ui.click(screen.getByRole('button', { name: 'Save changes' }));
    await findToast('Player updated successfully');
    expect(body).toMatchObject({ firstName: 'Jordy', city: 'Austin', county: 'Travis' });
    for (const f of PRIVATE_PLAYER_FIELDS) expect(body).not.toHaveProperty(f);
  });

  it('still checks the Hudl URL when one is given', async () => {
    const { ui } = await openEditForm();
    await fill(ui, 'Hudl Profile URL', 'hudl.com profile');
    await ui.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(messageOf('Hudl Profile URL')).toBe('Please enter a valid URL'));
  });

  it("puts the server's field messages under the form's fields (total inches under Height, weight under Weight)", async () => {
    server.use(
      mock(
        playersApi.update,
        () =>
          HttpResponse.json(
            {
              message: 'Invalid player',
              errors: {
                heightInches: 'Height is required',
                weight: 'Weight is required',
                twitterHandle: 'X/Twitter handle is required',
              },
            },
            { status: 400 },
          ),
        { id: 7 },
      ),
    );
    const { ui } = await openEditForm();
    await ui.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(messageOf('Height (ft)')).toBe('Height is required'));
    expect(messageOf('Weight (lbs)')).toBe('Weight is required');
    expect(messageOf('X/Twitter Handle')).toBe('X/Twitter handle is required');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  });
});
