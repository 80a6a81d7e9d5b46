import { readdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '..');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  );
}

const all = files(SRC).map((f) => f.slice(SRC.length + 1));

describe('file names', () => {
  it('a PascalCase stylesheet sits beside its component (Thing.css.ts beside Thing.tsx); shared ones are kebab-case', () => {
    const stray = all
      .filter((f) => f.endsWith('.css.ts') && /^[A-Z]/.test(basename(f)))
      .filter((f) => !all.includes(join(dirname(f), basename(f).replace(/\.css\.ts$/, '.tsx'))));
    expect(stray).toEqual([]);
  });

  it('a component (.tsx outside app/routes and tests) is PascalCase; every other module kebab-case', () => {
    const source = all.filter((f) => /\.(ts|tsx)$/.test(f) && !f.includes('__tests__') && !f.endsWith('.css.ts'));
    const wrong = source.filter((f) => {
      const name = basename(f).replace(/\.tsx?$/, '');
      const component = f.endsWith('.tsx') && !f.startsWith('app/routes/') && /^[A-Z]/.test(name);
      return !(component ? /^[A-Z][A-Za-z0-9]*$/.test(name) : /^[a-z0-9]+(-[a-z0-9]+)*$/.test(name));
    });
    expect(wrong).toEqual([]);
  });
});
