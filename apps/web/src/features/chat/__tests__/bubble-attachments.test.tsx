import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChatItem } from '../chat-items.ts';
import { MessageBubble } from '../components/MessageBubble.tsx';

const item = (files: ChatItem['files']): ChatItem => ({
  key: 'msg_1',
  id: 'msg_1',
  channel_id: 'chn_1',
  sender_id: 'usr_2',
  reply_message_id: null,
  message: '',
  time: '2026-11-20T10:00:00.000Z',
  files,
});

const bubble = (files: ChatItem['files'], onOpenImage = () => {}) =>
  render(
    <MessageBubble
      item={item(files)}
      own={false}
      senderName="Priya Raman"
      quoted={null}
      selecting={false}
      selected={false}
      highlighted={false}
      onToggleSelect={() => {}}
      onMenu={() => {}}
      onRetry={() => {}}
      onOpenImage={onOpenImage}
    />,
  );

describe('attachments in a bubble', () => {
  it('an image is a thumbnail whose box keeps its aspect ratio before it loads, opening the viewer', () => {
    const open = vi.fn();
    bubble(
      [
        {
          url: '/media/med_a/photo.jpg',
          thumbnail_url: '/media/med_a/thumb.webp',
          file_type: 1,
          name: 'photo.jpg',
          width: 1200,
          height: 800,
        },
      ],
      open,
    );
    const img = screen.getByRole('img', { name: 'photo.jpg, sent by Priya Raman' });
    expect(img).toHaveAttribute('src', '/media/med_a/thumb.webp');
    expect(img).toHaveAttribute('width', '1200');
    expect(img).toHaveAttribute('height', '800');
    expect(img.style.aspectRatio).toBe('1200 / 800');
    img.click();
    expect(open).toHaveBeenCalledWith('/media/med_a/photo.jpg');
  });

  it('a file is a row with its name and size that opens it', () => {
    bubble([{ url: '/media/med_b/report.pdf', file_type: 2, name: 'Q3 report.pdf', size: 1572864 }]);
    const link = screen.getByRole('link', { name: /Q3 report\.pdf/ });
    expect(link).toHaveTextContent('Q3 report.pdf1.5 MB');
    expect(link).toHaveAttribute('href', '/media/med_b/report.pdf');
  });

  it('a file without a name falls back to the URL, without a size', () => {
    bubble([{ url: '/media/files/notes.txt', file_type: 2 }]);
    expect(screen.getByRole('link', { name: 'notes.txt' })).toHaveAttribute('href', '/media/files/notes.txt');
  });
});
