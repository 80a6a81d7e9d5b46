import type { components } from '@cohort/api';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { linkParts } from '../../components/ui/MediaPanel.tsx';
import { PersonRow } from '../../components/ui/PersonRow.tsx';
import { RenderGuard } from '../../components/ui/RenderGuard.tsx';
import { byDay, colourClass } from '../../features/calendar/components/CalendarSheet.tsx';
import { MessageBubble } from '../../features/chat/components/MessageBubble.tsx';
import { chatTime, clock, formatDate, lastSeenText, parseDate, shortDate } from '../../lib/dates.ts';
import { fileNameFromUrl } from '../../lib/file-name.ts';
import { groupName, initials, personName } from '../../lib/format.ts';

// Hostile but contract-valid server data: every renderer of server data must show it without
// throwing. (A leap second is a valid RFC 3339 date-time that JavaScript's Date cannot parse.)
type Message = components['schemas']['Message'];
const LEAP_SECOND = '2016-12-31T23:59:60Z';
const LONG_WORD = 'x'.repeat(10_000);
const RTL = 'مرحبا بكم في المجموعة';

const message = (over: Partial<Message>): Message => ({
  id: 'msg_AAAAAAAAAAAAAAAA',
  sender_id: 'usr_AAAAAAAAAAAAAAAA',
  reply_message_id: null,
  message: 'Hello',
  time: '2026-11-20T10:00:00Z',
  files: [],
  ...over,
});

describe('file names from URLs the contract allows', () => {
  it.each([
    ['a malformed escape', '/media/files/a%FF.txt', 'a%FF.txt'],
    ['a lone percent', '/media/files/100%.pdf', '100%.pdf'],
    ['a valid escape', '/media/files/r%C3%A9sum%C3%A9.pdf', 'résumé.pdf'],
    ['a query and fragment', 'https://cdn.example/x/report.pdf?sig=a%ZZ#p2', 'report.pdf'],
    ['a trailing slash', 'https://cdn.example/files/', 'files'],
    ['no path', 'https://cdn.example', 'cdn.example'],
    ['empty', '', 'File'],
  ])('%s: %s → %s', (_name, url, want) => {
    expect(fileNameFromUrl(url)).toBe(want);
  });
});

describe('dates that do not parse', () => {
  it.each([
    ['a leap second', LEAP_SECOND, true],
    ['garbage', 'not a date', false],
    ['empty', '', false],
    ['null', null, false],
  ])('%s', (_name, iso, parses) => {
    expect(parseDate(iso) !== undefined).toBe(parses);
    expect(() => formatDate(iso, { dateStyle: 'medium' })).not.toThrow();
    expect(() => chatTime(iso ?? undefined)).not.toThrow();
    expect(() => clock(iso ?? '')).not.toThrow();
    expect(() => lastSeenText(iso)).not.toThrow();
    expect(() => shortDate(iso ?? '')).not.toThrow();
    expect(() =>
      byDay([{ id: 1, title: 't', all_day: false, start: iso ?? '', end: iso ?? '' } as never]),
    ).not.toThrow();
  });
  it('a leap second is shown as the second before it, never "Invalid Date"', () => {
    expect(formatDate(LEAP_SECOND, { year: 'numeric', timeZone: 'UTC' })).toBe('2016');
    expect(lastSeenText(LEAP_SECOND, new Date('2026-01-01T00:00:00Z'))).not.toContain('Invalid');
  });
});

describe('names', () => {
  it.each([
    ['empty', '', '?'],
    ['spaces', '   ', '?'],
    ['emoji only', '🎓 🎉', '?'],
    ['right-to-left', RTL, 'مب'],
    ['a letter outside the BMP', '𝓐lexandra 𝓑', '𝓐𝓑'],
    ['missing', undefined, '?'],
  ])('initials of %s', (_name, name, want) => {
    expect(initials(name)).toBe(want);
  });

  it.each([
    ['both names', { first_name: 'Dana', last_name: 'Okafor' }, 'Dana Okafor'],
    ['empty names', { first_name: '', last_name: '' }, 'Unnamed member'],
    ['blank names', { first_name: '  ', last_name: ' ' }, 'Unnamed member'],
    ['one name', { first_name: '', last_name: 'Okafor' }, 'Okafor'],
    ['no person', null, 'Unnamed member'],
  ])('the name of a person with %s', (_name, person, want) => {
    expect(personName(person)).toBe(want);
  });

  it.each([
    ['a name', 'Founders', 'Founders'],
    ['an empty name', '', 'Unnamed group'],
    ['a blank name', '   ', 'Unnamed group'],
  ])('the name of a group with %s', (_name, name, want) => {
    expect(groupName(name)).toBe(want);
  });

  it('a person with empty names still has a label to read and select', () => {
    // The name links to the person's profile, so the row renders inside a router.
    render(
      <MemoryRouter>
        <ul>
          <PersonRow
            person={{ id: 'usr_AAAAAAAAAAAAAAAA', first_name: '', last_name: '' } as never}
            selected={false}
            onToggle={() => {}}
          />
        </ul>
      </MemoryRouter>,
    );
    expect(screen.getByRole('checkbox', { name: 'Select Unnamed member' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Unnamed member/ })).toBeTruthy();
  });
});

describe('the message bubble', () => {
  const bubble = (m: Message) =>
    render(
      <MessageBubble
        item={{ ...m, key: m.id }}
        own={false}
        senderName=""
        quoted={undefined}
        selecting={false}
        selected={false}
        highlighted={false}
        onToggleSelect={() => {}}
        onMenu={() => {}}
        onRetry={() => {}}
        onOpenImage={() => {}}
      />,
    );

  it.each([
    [
      'an attachment URL with a malformed escape',
      message({ files: [{ url: '/media/files/a%FF.txt', file_type: 2 }] }),
      'a%FF.txt',
    ],
    ['a 10,000-character word', message({ message: LONG_WORD }), LONG_WORD],
    ['right-to-left text', message({ message: RTL }), RTL],
    ['an empty message with an image', message({ message: '', files: [{ url: '/media/x%ZZ.png', file_type: 1 }] }), ''],
    ['a time that does not parse', message({ time: LEAP_SECOND }), 'Hello'],
  ])('renders %s', (_name, m, text) => {
    const { container } = bubble(m);
    expect(container.textContent).toContain(text);
  });

  it('keeps right-to-left text readable in a left-to-right page (dir=auto)', () => {
    const { container } = bubble(message({ message: RTL }));
    const isolated = Array.from(container.querySelectorAll('[dir="auto"]')).map((el) => el.textContent);
    expect(isolated).toContain(RTL);
  });
});

describe('calendar colours', () => {
  it.each([
    ['a known colour', 'green', false],
    ['an unknown colour', 'chartreuse', true],
    ['a prototype key', 'constructor', true],
    ['__proto__', '__proto__', true],
  ])('%s is a class name (unknown ones are blue)', (_name, color, blue) => {
    const cls = colourClass(color);
    expect(typeof cls).toBe('string');
    expect(cls === colourClass('blue')).toBe(blue);
  });
});

describe('the group profile tabs', () => {
  it.each([
    ['a malformed escape', 'https://example.org/a%FF/b', { host: 'example.org', path: '/a%FF/b' }],
    ['an escaped path', 'https://example.org/caf%C3%A9?x=1', { host: 'example.org', path: '/café?x=1' }],
    ['no path', 'https://example.org', { host: 'example.org', path: '' }],
    ['not a URL', 'not a url', { host: 'not a url', path: '' }],
  ])('shows a link with %s as host and path', (_name, url, want) => {
    expect(linkParts(url)).toEqual(want);
  });
});

function Broken(): never {
  throw new Error('cannot render');
}

describe('one item that cannot be shown', () => {
  it('shows its fallback while its siblings render', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <div>
        <RenderGuard fallback={<p>This message can't be shown.</p>}>
          <Broken />
        </RenderGuard>
        <RenderGuard fallback={<p>unused</p>}>
          <p>The next message</p>
        </RenderGuard>
      </div>,
    );
    expect(screen.getByText("This message can't be shown.")).toBeTruthy();
    expect(screen.getByText('The next message')).toBeTruthy();
  });
});
