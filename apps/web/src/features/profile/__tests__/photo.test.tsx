import type { Schemas } from '@cohort/api';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope } from '@/test/api.ts';
import { createFakeUploader } from '@/test/fake-upload.ts';
import { demoUser } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render.tsx';

const png = (name = 'me.png', size = 4096) => new File([new Uint8Array(size)], name, { type: 'image/png' });

async function ownProfile(me: Schemas['User']) {
  const uploader = createFakeUploader();
  let current = me;
  const patches: unknown[] = [];
  const view = renderApp({
    path: '/profile',
    signedIn: true,
    upload: uploader.upload,
    answers: {
      getMe: () => ({ body: envelope(current) }),
      listNotes: () => ({ body: envelope([]) }),
      updateMe: (req) => {
        patches.push(req.body);
        const id = req.body?.profile_image;
        current = { ...current, profile_image: id ? `/media/${id}/avatar.webp` : null };
        return { body: envelope(current) };
      },
    },
  });
  await screen.findByRole('heading', { name: 'Dana Okafor' });
  return { ...view, uploader, patches };
}

const hero = () => screen.getByRole('region', { name: 'Profile' });

describe('own profile photo', () => {
  it('tap the avatar → choose → preview → upload with progress → the new photo shows', async () => {
    const { user, uploader, patches } = await ownProfile({ ...demoUser, profile_image: null });
    expect(within(hero()).queryByRole('img')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change profile photo' }));
    const sheet = screen.getByRole('dialog', { name: 'Profile photo' });
    expect(within(sheet).queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();
    fireEvent.change(within(sheet).getByLabelText('Photo file'), { target: { files: [png()] } });
    expect(await within(sheet).findByRole('img', { name: 'Preview of the new photo' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    expect(uploader.uploads).toHaveLength(0);
    await user.click(within(sheet).getByRole('button', { name: 'Use this photo' }));
    expect(uploader.uploads[0]?.input.use).toBe('avatar');
    act(() => uploader.uploads[0]?.progress(0.75));
    expect(within(sheet).getByRole('progressbar', { name: 'Uploading photo' })).toHaveAttribute('aria-valuenow', '75');
    act(() => uploader.uploads[0]?.succeed());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches).toEqual([{ profile_image: expect.stringMatching(/^med_fake/) }]);
    const img = hero().querySelector('img');
    expect(img?.getAttribute('src')).toMatch(/^\/media\/med_fake.*\/avatar\.webp$/);
  });

  it('a refused photo shows why and sends nothing; a failed upload keeps the preview and Retry sends it again', async () => {
    const { user, uploader } = await ownProfile({ ...demoUser, profile_image: null });
    await user.click(screen.getByRole('button', { name: 'Change profile photo' }));
    const sheet = screen.getByRole('dialog', { name: 'Profile photo' });
    const input = within(sheet).getByLabelText('Photo file');
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })] } });
    await user.click(await within(sheet).findByRole('button', { name: 'Use this photo' }));
    expect(within(sheet).getByRole('alert')).toHaveTextContent('cv.pdf was not uploaded. Wrong type');
    expect(uploader.uploads).toHaveLength(0);
    fireEvent.change(input, { target: { files: [png()] } });
    await user.click(within(sheet).getByRole('button', { name: 'Use this photo' }));
    act(() => uploader.uploads[0]?.fail(500, 'Internal error.'));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('The server failed (500): Internal error.');
    expect(within(sheet).getByRole('img', { name: 'Preview of the new photo' })).toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: 'Retry' }));
    expect(uploader.uploads).toHaveLength(2);
  });

  it('Remove photo sets it to null and the initials come back', async () => {
    const { user, patches } = await ownProfile({
      ...demoUser,
      profile_image: '/media/med_old0000000000000/avatar.webp',
    });
    expect(hero().querySelector('img')).toHaveAttribute('src', '/media/med_old0000000000000/avatar.webp');
    await user.click(screen.getByRole('button', { name: 'Change profile photo' }));
    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    await waitFor(() => expect(hero().querySelector('img')).toBeNull());
    expect(patches).toEqual([{ profile_image: null }]);
    expect(hero()).toHaveTextContent('DO');
  });

  it("another user's avatar is not a button", async () => {
    const other = { ...demoUser, id: 'usr_other00000000000', first_name: 'Priya', last_name: 'Raman' };
    renderApp({
      path: `/otherProfile?id=${other.id}`,
      signedIn: true,
      answers: {
        getUser: () => ({ body: envelope(other) }),
        listNotes: () => ({ body: envelope([]) }),
      },
    });
    await screen.findByRole('heading', { name: 'Priya Raman' });
    expect(screen.queryByRole('button', { name: 'Change profile photo' })).not.toBeInTheDocument();
  });
});
