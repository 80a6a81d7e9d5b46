// `cohort-contract [subcommand] …`: each subcommand lives in its own file here; a new one is one line below.
type Command = (args: string[]) => Promise<number>;

// Loaded when chosen: `diff` needs neither the run's checks nor its schema compiler, a second of start-up.
const SUBCOMMANDS: Record<string, Command> = {
  diff: async (args) => (await import('./diff.ts')).diffMain(args),
  replay: async (args) => (await import('./replay.ts')).replayMain(args),
};

export async function main(argv: string[]): Promise<number> {
  // `pnpm contract -- --base-url X` hands the CLI a leading `--`.
  const args = argv[0] === '--' ? argv.slice(1) : argv;
  const sub =
    args[0] === undefined ? undefined : Object.hasOwn(SUBCOMMANDS, args[0]) ? SUBCOMMANDS[args[0]] : undefined;
  return sub ? sub(args.slice(1)) : (await import('./run.ts')).runMain(args);
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('cli/index.ts')) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
