import type { Schemas } from '@cohort/api';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answers, envelope, errorBody } from '@/test/api.ts';
import { createFakeUploader } from '@/test/fake-upload.ts';
import { demoUser } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render.tsx';

const resume = {
  url: '/media/med_resume0000000010/cv.pdf',
  name: 'Dana Okafor CV.pdf',
  size: 245760,
  uploaded_at: '2026-11-20T10:00:00.000Z',
};

const pdf = (name = 'cv.pdf', size = 2048) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

async function openExperience(me: Schemas['User'], extra: Answers = {}) {
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
      listExperiences: () => ({ body: envelope([]) }),
      updateMe: (req) => {
        patches.push(req.body);
        const body = req.body ?? {};
        current = {
          ...current,
          resume: body.resume ? { ...resume, name: 'cv.pdf', url: `/media/${body.resume}/cv.pdf` } : null,
        };
        return { body: envelope(current) };
      },
      ...extra,
    },
  });
  await screen.findByRole('heading', { name: 'Dana Okafor' });
  await view.user.click(screen.getByRole('tab', { name: 'Experience' }));
  const section = await screen.findByRole('region', { name: 'Résumé' });
  return { ...view, uploader, patches, section };
}

const pick = (file: File) => fireEvent.change(screen.getByLabelText('Résumé file'), { target: { files: [file] } });

describe('résumé on the Experience tab', () => {
  it('uploads a PDF with progress, sets it on the user and shows it as a row that opens it', async () => {
    const { uploader, patches, section } = await openExperience({ ...demoUser, resume: null });
    expect(within(section).getByText('No résumé uploaded yet.')).toBeInTheDocument();
    const upload = within(section).getByRole('button', { name: 'Upload Resume' });
    expect(upload).toBeEnabled();
    pick(pdf());
    expect(uploader.uploads).toHaveLength(1);
    expect(uploader.uploads[0]?.input.use).toBe('resume');
    act(() => uploader.uploads[0]?.progress(0.4));
    expect(within(section).getByRole('progressbar', { name: 'Uploading résumé' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(within(section).getByRole('button', { name: 'Upload Resume' })).toBeDisabled();
    act(() => uploader.uploads[0]?.succeed());
    const link = await within(section).findByRole('link', { name: /cv\.pdf/ });
    expect(patches).toEqual([{ resume: expect.stringMatching(/^med_fake/) }]);
    expect(link.getAttribute('href')).toMatch(/^\/media\/med_fake.*\/cv\.pdf$/);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveTextContent('240 KB · uploaded Nov 20, 2026');
    expect(within(section).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Replace Resume' })).toBeInTheDocument();
  });

  it('refuses a too-large or non-PDF file in the browser, with the reason and another file to choose (no Retry)', async () => {
    const { uploader, section } = await openExperience({ ...demoUser, resume: null });
    pick(pdf('huge.pdf', 10 * 1048576 + 1));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'huge.pdf was not uploaded. Too large: The file is larger than 10 MB.',
    );
    pick(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(/notes\.txt was not uploaded\. Wrong type/);
    expect(within(section).getByRole('button', { name: 'Choose another file' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(uploader.uploads).toHaveLength(0);
  });

  it.each([
    [0, 'Cannot reach the server.', /Network problem: Cannot reach the server/],
    [503, 'Service unavailable.', /The server failed \(503\): Service unavailable/],
  ])('a failed upload (%i) shows its reason; Retry sends the same file again', async (status, message, shown) => {
    const { uploader, patches, section, user } = await openExperience({ ...demoUser, resume: null });
    pick(pdf('mine.pdf'));
    act(() => uploader.uploads[0]?.fail(status, message));
    expect(await within(section).findByRole('alert')).toHaveTextContent(shown);
    expect(patches).toEqual([]);
    await user.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(uploader.uploads).toHaveLength(2);
    expect((uploader.uploads[1]?.input.file as File | undefined)?.name).toBe('mine.pdf');
    act(() => uploader.uploads[1]?.succeed());
    expect(await within(section).findByRole('link', { name: /cv\.pdf/ })).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Cancel stops the upload and sets nothing', async () => {
    const { uploader, patches, section, user } = await openExperience({ ...demoUser, resume: null });
    pick(pdf());
    await user.click(within(section).getByRole('button', { name: 'Cancel' }));
    expect(uploader.uploads[0]?.aborted).toBe(true);
    expect(within(section).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
    expect(patches).toEqual([]);
  });

  it('Remove clears the résumé and offers Upload again', async () => {
    const { patches, section, user } = await openExperience({ ...demoUser, resume });
    expect(within(section).getByRole('link', { name: /Dana Okafor CV\.pdf/ })).toHaveAttribute('href', resume.url);
    await user.click(within(section).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(section).getByText('No résumé uploaded yet.')).toBeInTheDocument());
    expect(patches).toEqual([{ resume: null }]);
    expect(within(section).getByRole('button', { name: 'Upload Resume' })).toBeInTheDocument();
  });

  it('a PATCH that refuses the uploaded file (422) shows the reason and another file to choose', async () => {
    const { uploader, section } = await openExperience(
      { ...demoUser, resume: null },
      { updateMe: () => ({ status: 422, body: errorBody('The upload is not a résumé.') }) },
    );
    pick(pdf());
    act(() => uploader.uploads[0]?.succeed());
    expect(await within(section).findByRole('alert')).toHaveTextContent('The upload is not a résumé.');
    expect(within(section).getByRole('button', { name: 'Choose another file' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it("another user's résumé is a read-only row", async () => {
    const other = { ...demoUser, id: 'usr_other00000000000', first_name: 'Priya', last_name: 'Raman', resume };
    const { user } = renderApp({
      path: `/otherProfile?id=${other.id}`,
      signedIn: true,
      answers: {
        getUser: () => ({ body: envelope(other) }),
        listNotes: () => ({ body: envelope([]) }),
        listUserExperiences: () => ({ body: envelope([]) }),
      },
    });
    await screen.findByRole('heading', { name: 'Priya Raman' });
    await user.click(screen.getByRole('tab', { name: 'Experience' }));
    const section = await screen.findByRole('region', { name: 'Résumé' });
    expect(within(section).getByRole('link', { name: /Dana Okafor CV\.pdf/ })).toHaveAttribute('href', resume.url);
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
    expect(within(section).queryByLabelText('Résumé file')).not.toBeInTheDocument();
  });
});
