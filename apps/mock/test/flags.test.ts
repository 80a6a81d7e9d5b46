import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { README, withFlagTable } from '../scripts/flags-readme.ts';
import { FLAGS, type Flag, parseOptions, USAGE } from '../src/options.ts';

// FLAGS in src/options.ts is the flags' one source: the parser, `--help` and the README table.
describe('the flag table', () => {
  it('README.md holds the table FLAGS makes (pnpm --filter @cohort/mock docs:flags rewrites it)', () => {
    const readme = readFileSync(README, 'utf8');
    // Line by line, so a failure shows the rows that differ.
    expect(readme.split('\n'), 'the table is stale: run pnpm --filter @cohort/mock docs:flags').toEqual(
      withFlagTable(readme).split('\n'),
    );
  });

  it('--help prints the usage FLAGS makes, one entry per flag', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/main.ts', '--help'], {
      cwd: new URL('..', import.meta.url),
    });
    expect(stdout).toBe(`${USAGE}\n`);
    for (const flag of FLAGS) expect(stdout).toContain(`--${flag.name}`);
  });

  it('the flags a description says are on in `pnpm dev` are the ones its script passes', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    const passed = [...String(pkg.scripts.dev).matchAll(/ --([a-z-]+)/g)].map((m) => m[1]);
    const switches = FLAGS.filter((f: Flag) => f.type === 'switch').map((f) => f.name);
    const said = FLAGS.filter((f: Flag) => f.description.includes('on in `pnpm dev`')).map((f) => f.name);
    expect(said.sort()).toEqual(passed.filter((name) => switches.includes(name as never)).sort());
  });

  it("the parser reads every flag's variable and checks it against the flag's bounds", () => {
    for (const flag of FLAGS as readonly Flag[]) {
      const variable = flag.env;
      if (variable === undefined) continue;
      if (flag.type === 'integer') {
        expect(() => parseOptions([], { [variable]: 'x' }), variable).toThrow(`--${flag.name} must be a whole number`);
        expect(() => parseOptions([], { [variable]: String((flag.max ?? 0) + 1) }), variable).toThrow(
          `--${flag.name} must be between ${flag.min} and ${flag.max}`,
        );
        expect(() => parseOptions([`--${flag.name}`, String(flag.min)], { [variable]: 'x' }), variable).not.toThrow();
      } else if (flag.type === 'switch') {
        expect(() => parseOptions([], { [variable]: 'maybe' }), variable).toThrow(`${variable} must be 1/true/on`);
      } else if (flag.type === 'number') {
        expect(() => parseOptions([], { [variable]: String((flag.max ?? 0) + 1) }), variable).toThrow(
          `--${flag.name} must be a number`,
        );
      }
    }
  });

  it('with nothing given, each number and switch is its default from FLAGS', () => {
    const options = parseOptions([], {});
    if (options === 'help') throw new Error('no --help given');
    const byName = new Map<string, Flag>(FLAGS.map((f) => [f.name, f]));
    const defaultOf = (name: string) => byName.get(name)?.default;
    expect(options).toMatchObject({
      port: defaultOf('port'),
      seed: defaultOf('seed'),
      users: defaultOf('users'),
      host: defaultOf('host'),
      scenario: defaultOf('scenario'),
      errorRate: defaultOf('error-rate'),
      corsOrigins: defaultOf('cors-origin'),
      tokenTtlSeconds: defaultOf('token-ttl'),
      journalSize: defaultOf('journal-size'),
      maxSessions: defaultOf('max-sessions'),
      chatter: defaultOf('chatter'),
      allowRemoteMockTools: defaultOf('allow-remote-mock-tools'),
      registerLimit: defaultOf('register-limit'),
      signInLimit: defaultOf('sign-in-limit'),
      sessionRate: defaultOf('session-rate'),
      sessionMemoryMb: defaultOf('session-memory-mb'),
      sessionsPerAddress: undefined,
      trustProxy: undefined,
      allowedHosts: [],
    });
  });
});
