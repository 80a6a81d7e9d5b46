// The mock's layers, lowest first: a module may import its own layer and those below it, never one
// above. Type-only imports count (a type names the module it comes from). `pnpm lint` runs this.
const LAYERS = [
  ['lib'], // the error type, ids, the clock, crypto, the emitter, the engine's HTTP types
  ['contract'], // the contract document, its path matcher, operations and validators
  ['store'], // the state's areas and their transactions
  ['seed'], // the seeded state
  ['persistence'], // --data: SQLite, the state schema and its check
  ['media'], // uploads: sniffing, re-encoding, files on disk
  ['scenarios'], // presets and files that shape the seed and the behaviour
  ['realtime'], // live streams
  ['tools'], // journal, overrides, drift alarm, outbox, --chatter, the testing client
  ['engine'], // dispatch, auth, rate limits, sessions: one request path for every adapter
  ['routes'], // one file per area, registered from routes/index.ts
  ['adapters', 'platform'], // Express, fetch, MSW, browser, Node; what each platform injects
];

const folder = (names) => `^src/(${names.join('|')})/`;
const ENTRIES = '^src/[^/]+$';
const above = (index) => LAYERS.slice(index + 1).flat();

module.exports = {
  forbidden: [
    {
      name: 'engine-not-to-routes',
      comment: 'The engine never imports a route: the composition roots pass registerRoutes (routes/index.ts) to it.',
      severity: 'error',
      from: { path: '^src/engine/' },
      to: { path: '^src/routes/' },
    },
    ...LAYERS.map((names, index) => ({
      name: `layer-${names.join('-')}`,
      comment: `${names.join(', ')} imports only its own layer and those below it, never a higher one or an entry file.`,
      severity: 'error',
      from: { path: folder(names) },
      // The files at the top of src/ (the package's entries and the Express app) are above every folder.
      to: { path: above(index).length ? [folder(above(index)), ENTRIES] : ENTRIES },
    })),
    {
      name: 'no-circular',
      comment: 'No import circle: a module that needs one above it takes what it uses as an interface it declares.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(test|scripts|dist)/' },
  },
};
