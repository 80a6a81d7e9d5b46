import type { Schemas } from '@cohort/api';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Answers, envelope, errorBody } from '@/test/api.ts';
import { renderApp } from '@/test/render.tsx';
import { roundToGrid } from '../geolocation.ts';

const OFF: Schemas['LocationSharing'] = { sharing: false, latitude: null, longitude: null, expires_at: null };
const ON: Schemas['LocationSharing'] = {
  sharing: true,
  latitude: 37.43,
  longitude: -122.17,
  expires_at: '2026-11-26T02:00:00Z',
};
const person = (id: string, first: string) => ({
  id,
  first_name: first,
  last_name: 'Near',
  profile_image: null,
  university: 'Stanford University',
  graduation_year: 2025,
  last_seen_at: null,
});
const PAGE: Schemas['NearbyPage'] = {
  sharing: true,
  data: [
    { person: person('usr_near0000000000001', 'Ada'), distance: 'within_1_km' },
    { person: person('usr_near0000000000002', 'Ben'), distance: 'within_20_km' },
  ],
  current_page: 1,
  per_page: 100,
  total: 2,
  last_page: 1,
};

/** A fake `navigator.geolocation` answering with a position or an error code. */
function fakeGeolocation(answer: { latitude: number; longitude: number } | { code: number }) {
  const getCurrentPosition = vi.fn((success: PositionCallback, failure?: PositionErrorCallback | null) => {
    if ('code' in answer) failure?.({ code: answer.code, message: '' } as GeolocationPositionError);
    else success({ coords: answer } as GeolocationPosition);
  });
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
}

function nearbyApp(sharing: Schemas['LocationSharing'], answers: Answers = {}) {
  let current = sharing;
  return renderApp({
    path: '/nearby',
    signedIn: true,
    answers: {
      getLocationSharing: () => ({ body: envelope(current) }),
      shareLocation: () => {
        current = ON;
        return { body: envelope(ON) };
      },
      stopSharingLocation: () => {
        current = OFF;
        return { body: envelope(OFF) };
      },
      listNearby: () => ({ body: envelope(PAGE) }),
      ...answers,
    },
  });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('roundToGrid', () => {
  it.each([
    [37.4275, 37.43],
    [-122.1697, -122.17],
    [0.004, 0],
    [-0.006, -0.01],
  ])('%d → %d', (given, want) => {
    expect(roundToGrid(given)).toBe(want);
  });
});

describe('/nearby', () => {
  it('Contacts opens it', async () => {
    const { user, router } = renderApp({ path: '/contacts', signedIn: true, answers: {} });
    await user.click(await screen.findByRole('button', { name: 'Find People Nearby' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/nearby'));
  });

  it('explains the opt-in, sends only the rounded position, then lists people by distance band', async () => {
    fakeGeolocation({ latitude: 37.427512, longitude: -122.169734 });
    const { user, calls } = nearbyApp(OFF);
    expect(await screen.findByText(/rounded to about 1 km on this device/)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/v1/users/nearby')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Share my approximate location' }));
    expect(await screen.findByRole('heading', { name: 'You share your approximate location' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ latitude: 37.43, longitude: -122.17 });
    expect(screen.getByText(/then sharing stops by itself/)).toBeInTheDocument();
    const near = await screen.findByRole('list', { name: 'Within 1 km' });
    expect(within(near).getByText('Ada Near')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: '5–20 km away' })).getByText('Ben Near')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Message Selected Contacts' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select Ada Near' }));
    expect(screen.getByRole('button', { name: 'Invite to Group' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Stop sharing' }));
    expect(await screen.findByRole('button', { name: 'Share my approximate location' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Within 1 km' })).toBeNull();
  });

  it('Save List saves the chosen people nearby', async () => {
    const { user, calls, router } = nearbyApp(ON, {
      createSavedList: () => ({
        status: 201,
        body: envelope({
          id: 1,
          name: 'Met nearby',
          created_at: '2026-11-25T02:00:00Z',
          count: 1,
          deleted_at: null,
          members: [],
        }),
      }),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Ada Near' }));
    await user.click(screen.getByRole('button', { name: 'Save List' }));
    const save = await screen.findByRole('dialog', { name: 'Save List' });
    await user.clear(within(save).getByLabelText('List name'));
    await user.type(within(save).getByLabelText('List name'), 'Met nearby');
    await user.click(within(save).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/api/v1/users/me/saved-lists')?.body).toEqual({
        name: 'Met nearby',
        user_ids: ['usr_near0000000000001'],
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/savedlists'));
  });

  it.each([
    ['denied', { code: 1 }, /Location access is blocked for this site/],
    ['unavailable', { code: 2 }, /could not find its position/],
    ['timed out', { code: 3 }, /took too long/],
  ])('geolocation %s is explained and nothing is sent', async (_name, answer, text) => {
    fakeGeolocation(answer);
    const { user, calls } = nearbyApp(OFF);
    await user.click(await screen.findByRole('button', { name: 'Share my approximate location' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('too many updates (429) is explained', async () => {
    fakeGeolocation({ latitude: 37.4, longitude: -122.1 });
    const { user } = nearbyApp(ON, {
      shareLocation: () => ({ status: 429, body: errorBody('Too many requests.') }),
    });
    await user.click(await screen.findByRole('button', { name: 'Update my location' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/updated too often \(at most 10 times an hour/);
  });
});
