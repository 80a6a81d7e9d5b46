import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ImageViewer } from '../ImageViewer.tsx';

const images = [
  { url: '/media/a.jpg', alt: 'First' },
  { url: '/media/b.jpg', alt: 'Second' },
  { url: '/media/c.jpg', alt: 'Third' },
];

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && <ImageViewer images={images} start={1} onClose={() => setOpen(false)} />}
    </>
  );
}

describe('the image viewer', () => {
  it('opens at the tapped image, arrows move between images, Tab stays inside, Escape closes and refocuses', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    expect(screen.getByRole('dialog', { name: 'Image viewer' })).toBeInTheDocument();
    expect(screen.getByRole('img')).toHaveAccessibleName('Second');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('img')).toHaveAttribute('src', '/media/c.jpg');
    expect(screen.getByRole('button', { name: 'Next image' })).toBeDisabled();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('img')).toHaveAccessibleName('Third');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('img')).toHaveAccessibleName('First');
    for (let i = 0; i < 4; i++) await user.tab();
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
