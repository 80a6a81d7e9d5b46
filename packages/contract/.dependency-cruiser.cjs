// The checker's import rules. Type-only imports count (a type names the module it comes from).
// `pnpm lint` runs this.
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import circle: a shared type moves down to the module both sides already import.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(test|bin|dist|vendor)/' },
  },
};
