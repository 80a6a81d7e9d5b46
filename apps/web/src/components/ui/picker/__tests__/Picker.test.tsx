import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Picker, type PickerProps } from '../Picker.tsx';
import type { PickerList } from '../picker-rules.ts';

const list = (type: PickerList['type'], label: string, names: string[]): PickerList => ({
  type,
  label,
  items: names.map((name, i) => ({ id: i + 1, name })),
});

const clubLists = [
  list('club', 'Clubs', ['Chess Club', 'Entrepreneurship Club', 'Rowing Society']),
  list('position', 'Positions', ['Member', 'President']),
];
const experienceLists = [
  list('university', 'University', ['Stanford University', 'MIT']),
  list('major', 'Major/Concentration', ['Finance', 'Marketing']),
  list('graduation', 'Graduation Year', ['2025', '2026']),
  list('degree', 'Degree', ['MBA', 'EMBA']),
];

function setup(props: Partial<PickerProps> = {}) {
  const onDone = vi.fn<PickerProps['onDone']>(async () => null);
  const user = userEvent.setup();
  render(<Picker buttonLabel="Add or Edit My Clubs" lists={clubLists} onDone={onDone} {...props} />);
  return { user, onDone };
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, query: string, option: string) {
  const box = screen.getByRole('combobox', { name: label });
  await user.clear(box);
  await user.type(box, query);
  await user.click(screen.getByRole('option', { name: option }));
}

describe('Picker', () => {
  it('opens from its button and shows one searchable dropdown per list, with placeholder "Search "', async () => {
    const { user } = setup();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add or Edit My Clubs' }));
    const dialog = screen.getByRole('dialog', { name: 'Add or Edit My Clubs' });
    const boxes = within(dialog).getAllByRole('combobox');
    expect(boxes).toHaveLength(2);
    for (const box of boxes) expect(box).toHaveAttribute('placeholder', 'Search ');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeInTheDocument();
  });

  it('filters ignoring case and whitespace, and says "Nothing found." when nothing matches', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Add or Edit My Clubs' }));
    const box = screen.getByRole('combobox', { name: 'Clubs' });
    await user.type(box, 'CHESS  CL');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Chess Club']);
    await user.clear(box);
    await user.type(box, 'zzz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('Nothing found.')).toBeInTheDocument();
  });

  it('Done with a club and a position hands the club to the caller and closes', async () => {
    const { user, onDone } = setup();
    await user.click(screen.getByRole('button', { name: 'Add or Edit My Clubs' }));
    await choose(user, 'Clubs', 'chess', 'Chess Club');
    await choose(user, 'Positions', 'pres', 'President');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalledWith({ kind: 'club', name: 'Chess Club', position: 'President' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Done with a club but no position saves nothing and closes', async () => {
    const { user, onDone } = setup();
    await user.click(screen.getByRole('button', { name: 'Add or Edit My Clubs' }));
    await choose(user, 'Clubs', 'row', 'Rowing Society');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Done with an interest; with a direction', async () => {
    for (const [type, label, name] of [
      ['interest', 'Interests', 'Climate Tech'],
      ['direction', 'Directions', 'Venture Capital'],
    ] as const) {
      const onDone = vi.fn(async () => null);
      const user = userEvent.setup();
      const view = render(
        <Picker buttonLabel={`Pick ${label}`} lists={[list(type, label, [name, 'Other'])]} onDone={onDone} />,
      );
      await user.click(screen.getByRole('button', { name: `Pick ${label}` }));
      await choose(user, label, name.slice(0, 4).toUpperCase(), name);
      await user.click(screen.getByRole('button', { name: 'Done' }));
      expect(onDone).toHaveBeenCalledWith({ kind: type, name });
      view.unmount();
    }
  });

  it('Done with all four experience fields passes the experience; with three, nothing', async () => {
    const { user, onDone } = setup({ buttonLabel: 'Edit', lists: experienceLists });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await choose(user, 'University', 'stan', 'Stanford University');
    await choose(user, 'Major/Concentration', 'fin', 'Finance');
    await choose(user, 'Graduation Year', '2026', '2026');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onDone).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await choose(user, 'University', 'stan', 'Stanford University');
    await choose(user, 'Major/Concentration', 'fin', 'Finance');
    await choose(user, 'Graduation Year', '2026', '2026');
    await choose(user, 'Degree', 'mba', 'MBA');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalledWith({
      kind: 'experience',
      university: 'Stanford University',
      major: 'Finance',
      graduation: '2026',
      degree: 'MBA',
    });
  });

  it('a failed save keeps the picker open with the choice and shows why', async () => {
    const onDone = vi.fn(async () => 'The club was not saved: The service is unavailable.');
    const { user } = setup({ onDone });
    await user.click(screen.getByRole('button', { name: 'Add or Edit My Clubs' }));
    await choose(user, 'Clubs', 'chess', 'Chess Club');
    await choose(user, 'Positions', 'mem', 'Member');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is unavailable.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Clubs' })).toHaveValue('Chess Club');
  });

  it('Cancel and Escape close without saving', async () => {
    const { user, onDone } = setup();
    await user.click(screen.getByRole('button', { name: 'Add or Edit My Clubs' }));
    await choose(user, 'Clubs', 'chess', 'Chess Club');
    await choose(user, 'Positions', 'mem', 'Member');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add or Edit My Clubs' }));
    // Reopened empty: a cancelled choice is not kept.
    expect(screen.getByRole('combobox', { name: 'Clubs' })).toHaveValue('');
    await user.keyboard('{Escape}{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('Escape works inside out: closes the open list, then clears the search text, then closes the picker', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Add or Edit My Clubs' }));
    await user.type(screen.getByRole('combobox', { name: 'Clubs' }), 'c');
    expect(screen.getAllByRole('option').length).toBeGreaterThan(0);
    await user.keyboard('{Escape}');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('combobox', { name: 'Clubs' })).toHaveValue('');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
