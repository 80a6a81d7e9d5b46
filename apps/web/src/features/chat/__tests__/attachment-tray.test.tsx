import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failedPicks as items } from '@/test/fake-upload.ts';
import { AttachmentTray } from '../components/AttachmentTray.tsx';

describe('a failed attachment offers Retry only when sending the same file again could succeed', () => {
  it("in a message's attachments", async () => {
    const onRetry = vi.fn();
    render(<AttachmentTray items={items} onRemove={() => {}} onRetry={onRetry} />);
    const [refused, failed] = within(screen.getByRole('list', { name: 'Attachments' })).getAllByRole('listitem');
    expect(within(refused as HTMLElement).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(within(refused as HTMLElement).getByRole('alert')).toHaveTextContent('Not uploaded. Too large');
    await userEvent.click(within(failed as HTMLElement).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledWith('b');
  });
});
