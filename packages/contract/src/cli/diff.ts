import { parseArgs } from 'node:util';
import { AllowFileError, readAllowFile } from '../diff/allow.ts';
import { renderDiffJson, renderDiffMarkdown, renderDiffText } from '../diff/report.ts';
import { DiffInputError, runDiff } from '../diff/run.ts';
import { diffExitCode } from '../diff/types.ts';

export const DIFF_USAGE = `usage: cohort-contract diff <base> <head> [options]

Classifies every change from the base contract to the head contract as breaking or not for an
existing client, each with its JSON pointer.

  --allow FILE      accepted breaking changes: one JSON pointer or rule name a line, then a reason
  --used-by DIR     mark breaking changes to operations the app in DIR calls (e.g. apps/web)
  --json            print the result as JSON
  --markdown        print a Markdown summary (for $GITHUB_STEP_SUMMARY)
  --verbose         list each non-breaking change in the text report (default: counts by rule)
  -h, --help

exit code: 0 no breaking change (or each one allowed), 1 a breaking change, 2 usage or input error`;

/** `cohort-contract diff …`: parses arguments, runs the diff, prints one report, returns the exit code. */
export function diffMain(args: string[]): number {
  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args,
      strict: true,
      allowPositionals: true,
      options: {
        allow: { type: 'string' },
        'used-by': { type: 'string' },
        json: { type: 'boolean', default: false },
        markdown: { type: 'boolean', default: false },
        verbose: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${DIFF_USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${DIFF_USAGE}\n`);
    return 0;
  }
  const [base, head, ...extra] = positionals;
  const usage = (message: string) => {
    process.stderr.write(`cohort-contract diff: ${message}\n\n${DIFF_USAGE}\n`);
    return 2;
  };
  if (base === undefined || head === undefined) return usage('needs two contract files: <base> <head>');
  if (extra.length > 0) return usage(`unexpected argument: ${extra[0]}`);
  if (values.json && values.markdown) return usage('--json and --markdown go alone');
  try {
    const result = runDiff({
      base,
      head,
      ...(typeof values.allow === 'string' ? { allowances: readAllowFile(values.allow) } : {}),
      ...(typeof values['used-by'] === 'string' ? { usedBy: values['used-by'] } : {}),
    });
    process.stdout.write(
      values.json
        ? renderDiffJson(result)
        : values.markdown
          ? renderDiffMarkdown(result)
          : renderDiffText(result, { verbose: values.verbose === true }),
    );
    return diffExitCode(result);
  } catch (error) {
    if (error instanceof DiffInputError || error instanceof AllowFileError) {
      process.stderr.write(`cohort-contract diff: ${error.message}\n`);
      return 2;
    }
    process.stderr.write(`cohort-contract diff: internal error: ${(error as Error).stack ?? String(error)}\n`);
    return 2;
  }
}
