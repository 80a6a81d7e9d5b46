/** Bundles `entryPoints` (relative to the package folder `root`) into `outdir` for Node 20+; `external` packages stay in node_modules. */
export function bundle(options: {
  root: string;
  entryPoints: string[];
  outdir: string;
  external: string[];
}): Promise<void>;
/** Builds the mock as `pnpm start` runs it into `outdir` (default dist) and returns the path of its main.js. */
export function buildMock(outdir?: string): Promise<string>;
