import type { Friend } from '@cohort/api';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MemberPicker } from '../MemberPicker.tsx';

const friend = (id: string, first: string, last: string) =>
  ({ id, first_name: first, last_name: last, university: null, graduation_year: null }) as unknown as Friend;

describe('MemberPicker', () => {
  it('a tick past the most a group holds is left out, and says so beside the counter', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <MemberPicker
          max={1}
          friends={{
            status: 'ready',
            data: [friend('usr_a', 'Ada', 'One'), friend('usr_b', 'Bo', 'Two')],
            error: null,
            owner: null,
          }}
          onRetryFriends={() => {}}
          initial={[]}
          onBack={() => {}}
          onNext={() => {}}
          useSearch={() => ({ people: [], status: 'idle' })}
        />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Ada One' }));
    await user.click(screen.getByRole('checkbox', { name: 'Bo Two' }));
    expect(screen.getByRole('checkbox', { name: 'Bo Two' })).not.toBeChecked();
    const said = screen.getAllByRole('status').map((el) => el.textContent);
    expect(said).toContain('Bo Two was left out: a group holds at most 1 person.');
    // Un-ticking makes room, and the note goes.
    await user.click(screen.getByRole('checkbox', { name: 'Ada One' }));
    expect(screen.queryByText(/left out/)).toBeNull();
  });
});
