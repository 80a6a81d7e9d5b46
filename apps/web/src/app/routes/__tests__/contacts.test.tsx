import type { Schemas } from '@cohort/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answers, envelope, errorBody, failure, type Resolver } from '@/test/api.ts';
import { demoUser, resourcePage } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render.tsx';

const person = (id: string, first: string, last: string): Schemas['PersonSummary'] => ({
  id: `usr_${id.padEnd(16, '0')}`,
  first_name: first,
  last_name: last,
  profile_image: null,
  university: 'Stanford University',
  graduation_year: 2025,
  last_seen_at: new Date().toISOString(),
});
const priya = person('a', 'Priya', 'Raman');
const people = [priya, person('b', 'Tom', 'Chen')];
const page = (data: Schemas['PersonSummary'][]) =>
  envelope({ data, current_page: 1, per_page: 30, total: data.length, last_page: 1 });

function contacts(search: Resolver<'searchUsers'>, extra: Answers = {}) {
  return renderApp({
    path: '/contacts',
    signedIn: true,
    answers: {
      listResources: (req) => {
        const kind = new URLSearchParams(req.search).get('resource');
        if (kind === 'Graduation') return { body: resourcePage(['2024', '2025', '2026']) };
        return { body: resourcePage(['Harvard University', 'Stanford University']) };
      },
      searchUsers: search,
      ...extra,
    },
  });
}

describe('contacts directory', () => {
  it('filter panels add removable tags; Search sends every chosen value as a repeated parameter', async () => {
    const { user, calls } = contacts(() => ({ body: page(people) }));
    await user.click(await screen.findByRole('button', { name: 'Class of...' }));
    let panel = screen.getByRole('dialog', { name: 'Class of...' });
    expect(within(panel).getByPlaceholderText('Select Year')).toBeInTheDocument();
    await user.click(await within(panel).findByRole('checkbox', { name: '2025' }));
    await user.click(within(panel).getByRole('checkbox', { name: '2026' }));
    await user.click(within(panel).getByRole('button', { name: 'Add' }));
    const years = screen.getByRole('list', { name: 'Class of... chosen' });
    expect(
      within(years)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.replace('×', '')),
    ).toEqual(['2025', '2026']);

    await user.click(screen.getByRole('button', { name: 'University' }));
    panel = screen.getByRole('dialog', { name: 'University' });
    await user.type(within(panel).getByRole('textbox'), 'stan');
    expect(within(panel).queryByRole('checkbox', { name: 'Harvard University' })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('checkbox', { name: 'Stanford University' }));
    await user.click(within(panel).getByRole('button', { name: 'Add' }));
    await user.click(screen.getByRole('button', { name: 'Remove 2026' }));

    await user.type(screen.getByRole('searchbox', { name: 'Search people' }), 'climate');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const results = await screen.findByRole('dialog', { name: 'Search results' });
    await within(results).findByText('Priya Raman');
    const sent = new URLSearchParams(calls.find((c) => c.path === '/api/v1/users/search')?.search);
    expect(sent.getAll('class_of')).toEqual(['2025']);
    expect(sent.getAll('university')).toEqual(['Stanford University']);
    expect(sent.get('q')).toBe('climate');
    expect(within(results).getByText('2 people found · 0 selected')).toBeInTheDocument();
    expect(within(results).getByRole('button', { name: 'Invite to Group' })).toBeDisabled();
    await user.click(within(results).getByRole('checkbox', { name: 'Select Tom Chen' }));
    expect(within(results).getByText('2 people found · 1 selected')).toBeInTheDocument();
    expect(within(results).getByRole('button', { name: 'Invite to Group' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Find People Nearby', hidden: true })).toBeEnabled();
  });

  it('a failed search says why and retries', async () => {
    let fail = true;
    const { user } = contacts(() => (fail ? failure(503, 'Service unavailable.') : { body: page(people) }));
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    const results = await screen.findByRole('dialog', { name: 'Search results' });
    expect(await within(results).findByText(/The search failed: Service unavailable/)).toBeInTheDocument();
    fail = false;
    await user.click(within(results).getByRole('button', { name: 'Retry' }));
    expect(await within(results).findByText('Priya Raman')).toBeInTheDocument();
  });

  it('Save Search List saves the selected people and goes to /savedlists; a failure keeps the sheet open', async () => {
    let saved: unknown;
    let reject = true;
    const { user, router } = contacts(() => ({ body: page(people) }), {
      createSavedList: (req) => {
        if (reject) return { status: 422, body: errorBody('The given data was invalid.', { name: ['is taken'] }) };
        saved = req.body;
        return {
          status: 201,
          body: envelope({
            id: 9,
            name: 'x',
            count: 1,
            created_at: demoUser.created_at,
            deleted_at: null,
            members: [],
          }),
        };
      },
      listSavedLists: () => ({ body: envelope([]) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    const results = await screen.findByRole('dialog', { name: 'Search results' });
    await user.click(await within(results).findByRole('checkbox', { name: 'Select Priya Raman' }));
    await user.click(within(results).getByRole('button', { name: 'Save Search List' }));
    const sheet = screen.getByRole('dialog', { name: 'Save Search List' });
    expect(within(sheet).getByText('Saves the person you selected.')).toBeInTheDocument();
    await user.clear(within(sheet).getByLabelText('List name'));
    await user.type(within(sheet).getByLabelText('List name'), 'Priya');
    await user.click(within(sheet).getByRole('button', { name: 'Save' }));
    expect(await within(sheet).findByText('is taken')).toBeInTheDocument();
    reject = false;
    await user.click(within(sheet).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/savedlists'));
    expect(saved).toEqual({ name: 'Priya', user_ids: [people[0]?.id] });
  });

  it('Message Selected Contacts: a failed chat lookup shows the error and creates no chat; a retry opens the existing one', async () => {
    const existing = {
      id: 'chan_priya00000000000',
      name: 'Priya Raman',
      description: '',
      tags: [],
      is_closed: true,
      users: [demoUser.id, priya.id],
      member_count: 2,
      is_direct: true,
    };
    // The same two people in a plain group: listed first, but not the one-to-one chat.
    const plainGroup = { ...existing, id: 'chan_pair000000000000', name: 'Study pair', is_direct: false };
    let lookupFails = true;
    const { user, router, calls } = contacts(() => ({ body: page(people) }), {
      listMyChannels: () =>
        lookupFails ? failure(503, 'Service unavailable.') : { body: envelope([plainGroup, existing]) },
      storeChannel: () => ({ status: 201, body: envelope({ ...existing, id: 'chan_dup0000000000000' }) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    const results = await screen.findByRole('dialog', { name: 'Search results' });
    await user.click(await within(results).findByRole('checkbox', { name: 'Select Priya Raman' }));
    await user.click(within(results).getByRole('button', { name: 'Message Selected Contacts' }));
    expect(await screen.findByText('Could not open the chat: Service unavailable.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/v1/users/channels/store')).toEqual([]);
    expect(router.state.location.pathname).toBe('/contacts');
    expect(within(results).getByRole('checkbox', { name: 'Select Priya Raman' })).toBeChecked();

    lookupFails = false;
    await user.click(within(results).getByRole('button', { name: 'Message Selected Contacts' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chatInbox'));
    expect(router.state.location.search).toBe(`?id=${existing.id}`);
    expect(calls.filter((c) => c.path === '/api/v1/users/channels/store')).toEqual([]);
  });

  it('Message Selected Contacts with one person starts a one-to-one chat (is_direct) even when a plain group of the two exists', async () => {
    const plainGroup = {
      id: 'chan_pair000000000000',
      name: 'Study pair',
      description: '',
      tags: [],
      is_closed: false,
      users: [demoUser.id, priya.id],
      member_count: 2,
      is_direct: false,
    };
    const { user, router, calls } = contacts(() => ({ body: page(people) }), {
      listMyChannels: () => ({ body: envelope([plainGroup]) }),
      storeChannel: () => ({
        status: 201,
        body: envelope({ ...plainGroup, id: 'chan_direct0000000000', name: 'Priya Raman', is_direct: true }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    const results = await screen.findByRole('dialog', { name: 'Search results' });
    await user.click(await within(results).findByRole('checkbox', { name: 'Select Priya Raman' }));
    await user.click(within(results).getByRole('button', { name: 'Message Selected Contacts' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=chan_direct0000000000'));
    const stored = calls.filter((c) => c.path === '/api/v1/users/channels/store');
    expect(stored).toHaveLength(1);
    expect(stored[0]?.body).toMatchObject({ name: 'Priya Raman', users: [people[0]?.id], is_direct: true });
  });

  it("Search Again drops the selection, so the header's Create list saves only what the filters find", async () => {
    let saved: unknown;
    const { user } = contacts(() => ({ body: page(people) }), {
      createSavedList: (req) => {
        saved = req.body;
        return {
          status: 201,
          body: envelope({
            id: 9,
            name: 'x',
            count: 2,
            created_at: demoUser.created_at,
            deleted_at: null,
            members: [],
          }),
        };
      },
      listSavedLists: () => ({ body: envelope([]) }),
    });
    await user.type(await screen.findByRole('searchbox', { name: 'Search people' }), 'climate');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const results = await screen.findByRole('dialog', { name: 'Search results' });
    await user.click(await within(results).findByRole('checkbox', { name: 'Select Tom Chen' }));
    expect(within(results).getByText('2 people found · 1 selected')).toBeInTheDocument();
    await user.click(within(results).getByRole('button', { name: 'Search Again' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Search results' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Create list' }));
    const sheet = screen.getByRole('dialog', { name: 'Create list' });
    expect(within(sheet).getByText('Saves everyone the chosen filters find.')).toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual({ name: '"climate"', search: { q: 'climate' } }));
  });

  it('Back from the results returns to the filters with the filters and keyword kept', async () => {
    const { user, router } = contacts(() => ({ body: page(people) }));
    await user.type(await screen.findByRole('searchbox', { name: 'Search people' }), 'climate');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('dialog', { name: 'Search results' })).toBeInTheDocument();
    await router.navigate(-1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Search results' })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/contacts');
    expect(screen.getByRole('searchbox', { name: 'Search people' })).toHaveValue('climate');
    // Forward reopens the same results.
    await router.navigate(1);
    expect(await screen.findByRole('dialog', { name: 'Search results' })).toBeInTheDocument();
  });
});
