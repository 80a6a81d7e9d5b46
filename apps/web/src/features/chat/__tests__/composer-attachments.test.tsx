import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { describe, expect, it } from 'vitest';
import { envelope } from '@/test/api.ts';
import { createFakeUploader } from '@/test/fake-upload.ts';
import { demoUser } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render.tsx';

const ID = 'chan_group00000000000';
const detail = {
  id: ID,
  name: 'Climate Founders',
  description: '',
  tags: [],
  is_closed: false,
  users: [demoUser.id],
  member_count: 1,
  online_count: 1,
  members: [],
  subgroups: [],
};
const wrapper = ({ children }: { children: ReactNode }) => (
  <VirtuosoMockContext.Provider value={{ viewportHeight: 800, itemHeight: 60 }}>
    {children}
  </VirtuosoMockContext.Provider>
);

function open() {
  const uploader = createFakeUploader();
  const sent: unknown[] = [];
  const view = renderApp({
    path: `/chatInbox?id=${ID}`,
    signedIn: true,
    wrapper,
    upload: uploader.upload,
    answers: {
      listMyChannels: () => ({ body: envelope([]) }),
      getChannel: () => ({ body: envelope(detail) }),
      getChannelMessages: () => ({
        body: { ...envelope([]), meta: { has_more: false, next_before: null } },
      }),
      markChannelRead: () => ({ body: envelope({ ...detail, unread_count: 0 }) }),
      sendMessage: (req) => {
        sent.push(req.body);
        const body = req.body as { message: string; client_id: string };
        return {
          status: 201,
          body: envelope({
            id: 'msg_0000000000000001',
            channel_id: ID,
            sender_id: demoUser.id,
            reply_message_id: null,
            message: body.message,
            client_id: body.client_id,
            time: new Date().toISOString(),
            files: [],
          }),
        };
      },
    },
  });
  return { ...view, uploader, sent };
}

const photo = new File([new Uint8Array(800)], 'beach.png', { type: 'image/png' });
const doc = new File([new Uint8Array(1200)], 'plan.pdf', { type: 'application/pdf' });
const attach = (files: File[]) => fireEvent.change(screen.getByLabelText('Files to attach'), { target: { files } });

describe('composer attachments', () => {
  it('uploads several files with progress, waits for them, and sends their ids with the text', async () => {
    const { user, uploader, sent } = open();
    await screen.findByRole('button', { name: 'Attach files' });
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Trip photos');
    attach([photo, doc]);
    expect(uploader.uploads.map((u) => u.input.use)).toEqual(['attachment', 'attachment']);
    const tray = screen.getByRole('list', { name: 'Attachments' });
    act(() => uploader.uploads[0]?.progress(0.5));
    expect(within(tray).getByRole('progressbar', { name: 'Uploading beach.png' })).toHaveAttribute('value', '50');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    act(() => uploader.uploads[0]?.succeed());
    act(() => uploader.uploads[1]?.succeed());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
    expect(within(tray).getByText('1 KB')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      message: 'Trip photos',
      files: [{ id: expect.stringMatching(/^med_fake/) }, { id: expect.stringMatching(/^med_fake/) }],
    });
    expect(screen.queryByRole('list', { name: 'Attachments' })).not.toBeInTheDocument();
  });

  it('a failed upload shows its reason and Retry and keeps the typed text; Cancel removes one in flight', async () => {
    const { user, uploader, sent } = open();
    await screen.findByRole('button', { name: 'Attach files' });
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Keep me');
    attach([doc, photo]);
    act(() => uploader.uploads[0]?.fail(0, 'Cannot reach the server.'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not uploaded. Network problem: Cannot reach the server.');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Keep me');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Cancel beach.png' }));
    expect(uploader.uploads[1]?.aborted).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(uploader.uploads).toHaveLength(3);
    act(() => uploader.uploads[2]?.succeed());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Keep me');
    expect(sent).toEqual([]);
  });

  it('a file too large is refused in the browser with its reason, and offers no Retry', async () => {
    open();
    await screen.findByRole('button', { name: 'Attach files' });
    attach([new File([new Uint8Array(20 * 1048576 + 1)], 'huge.zip', { type: 'application/zip' })]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too large: The file is larger than 20 MB.');
    // The same file would be refused again: it can only be removed.
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove huge.zip' })).toBeInTheDocument();
  });

  it('opening another chat on the same screen drops the files picked for the first (and cancels their uploads)', async () => {
    const { router, uploader } = open();
    await screen.findByRole('button', { name: 'Attach files' });
    attach([photo]);
    expect(screen.getByRole('list', { name: 'Attachments' })).toBeInTheDocument();
    await act(() => router.navigate('/chatInbox?id=chan_other00000000000'));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Attachments' })).not.toBeInTheDocument());
    expect(uploader.uploads[0]?.aborted).toBe(true);
  });
});
