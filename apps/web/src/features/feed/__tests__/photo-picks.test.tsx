import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failedPicks as items } from '@/test/fake-upload.ts';
import { PhotoPicks } from '../components/PhotoPicks.tsx';

describe('a failed pick offers Retry only when sending the same file again could succeed', () => {
  it("in a post's photos", async () => {
    const onRetry = vi.fn();
    render(<PhotoPicks items={items} onRemove={() => {}} onRetry={onRetry} />);
    const [refused, failed] = within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('listitem');
    expect(within(refused as HTMLElement).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(within(refused as HTMLElement).getByRole('button', { name: 'Remove photo 1' })).toBeInTheDocument();
    await userEvent.click(within(failed as HTMLElement).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledWith('b');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Photo 1 not uploaded. Too large: over 10 MB.',
      'Photo 2 not uploaded. Network problem: offline.',
    ]);
  });
});
