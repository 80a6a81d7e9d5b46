// A module resolve hook: in the workspace `@cohort/openapi` is a linked package; in a packed
// tarball (installed by npx) it is not installed, and the copy in vendor/ stands in for it.
const vendored = new URL('../vendor/openapi/src/index.ts', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    if (specifier === '@cohort/openapi') return nextResolve(vendored, context);
    throw error;
  }
}
