// `cohort-contract [subcommand] …`: each subcommand lives in its own file here; a new one is one line below.
import { diffMain } from './diff.ts';
import { replayMain } from './replay.ts';
import { runMain } from './run.ts';

type Command = (args: string[]) => number | Promise<number>;

const SUBCOMMANDS: Record<string, Command> = {
  diff: diffMain,
  replay: replayMain,
};

export async function main(argv: string[]): Promise<number> {
  // `pnpm contract -- --base-url X` hands the CLI a leading `--`.
  const args = argv[0] === '--' ? argv.slice(1) : argv;
  const sub =
    args[0] === undefined ? undefined : Object.hasOwn(SUBCOMMANDS, args[0]) ? SUBCOMMANDS[args[0]] : undefined;
  return sub ? sub(args.slice(1)) : runMain(args);
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('cli/index.ts')) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
