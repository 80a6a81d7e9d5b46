/** Bundles `entryPoints` (relative to the package folder `root`) into `outdir` for Node 20+, after removing the files of the last build there; `external` packages stay in node_modules. */
export function bundle(options: {
  root: string;
  entryPoints: string[];
  outdir: string;
  external: string[];
  relocate?: boolean;
}): Promise<void>;
/** Builds the mock as `pnpm start` runs it into `outdir` (default dist) and returns the path of its main.js. */
export function buildMock(outdir?: string): Promise<string>;
/** The npm packages a build leaves in node_modules (native code, files read at run time, what a start never loads). */
export const UNBUNDLED: string[];
