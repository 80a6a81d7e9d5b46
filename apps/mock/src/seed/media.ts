import type { State, StoredUser } from '../store/types.ts';
import { resumePdfBytes } from './resume-pdf.ts';

// Seeded media, added after the rest of the seed and drawn from ids alone (no faker draws), so
// the other seeded data stays as it was: résumés for one user in five, photos with their size,
// one photo in four a GIF, and a link in one message in twenty.

/** FNV-1a: a cheap, stable number from a string (100k users at start-up). */
function fnv(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  // Murmur3's finaliser: every input bit reaches the low bits that `% n` reads.
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const LINKS = [
  'https://www.gsb.stanford.edu/events',
  'https://news.ycombinator.com/item?id=41234567',
  'https://docs.google.com/document/d/1x2y3z/edit',
  'https://www.linkedin.com/jobs/view/3901234567',
  'https://github.com/cohort-demo/pitch-deck',
  'https://en.wikipedia.org/wiki/Alumni_association',
];

const slug = (text: string) =>
  text
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .slice(0, 60) || 'Resume';

/** The résumé PDF served at a seeded résumé's URL, from what the URL names. */
export function seededResume(userId: string, file: string): Uint8Array {
  const name = file.replace(/_Resume\.pdf$/, '').replaceAll('_', ' ');
  return resumePdfBytes(name, ['Curriculum vitae', `Cohort member ${userId}`, 'Experience, education and interests.']);
}

/** A seeded résumé's size depends only on the lengths of the id and the name (letters, digits, `_`): drawn once per pair. */
const sizes = new Map<string, number>();
function resumeSize(userId: string, file: string): number {
  const key = `${userId.length}/${file.length}`;
  let size = sizes.get(key);
  if (size === undefined) {
    size = seededResume(userId, file).length;
    sizes.set(key, size);
  }
  return size;
}

function resumeOf(user: StoredUser): NonNullable<StoredUser['resume']> {
  const file = `${slug(`${user.first_name} ${user.last_name}`)}_Resume.pdf`;
  return {
    url: `/media/resumes/${user.id}/${file}`,
    name: file,
    size: resumeSize(user.id, file),
    uploaded_at: user.created_at,
  };
}

export function addSeededMedia(state: State): void {
  for (const user of state.users) {
    if (fnv(user.id) % 5 === 0) user.resume = resumeOf(user);
  }
  for (const list of Object.values(state.messages)) {
    for (const message of list) {
      message.files = message.files.map((f) => {
        const picture = /^\/media\/images\/(\w+)\.svg$/.exec(f.url)?.[1];
        if (!picture) return { ...f, name: decodeURIComponent(f.url.split('/').pop() ?? 'file') };
        return fnv(picture) % 4 === 0
          ? {
              ...f,
              url: `/media/images/${picture}.gif`,
              name: `${picture}.gif`,
              mime: 'image/gif',
              width: 320,
              height: 240,
            }
          : {
              ...f,
              url: `/media/images/${picture}.jpg`,
              name: `${picture}.jpg`,
              mime: 'image/jpeg',
              width: 800,
              height: 600,
            };
      });
      if (message.files.length === 0 && fnv(message.id) % 20 === 0) {
        message.message = `${message.message} ${LINKS[fnv(message.id) % LINKS.length]}`.trim();
      }
    }
  }
}
