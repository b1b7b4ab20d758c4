/**
 * Package boundaries (DESIGN.md §1): apps → platform → db → runtime. Every rule is an error;
 * `npm run lint` fails on any violation. tools/lint-fixtures proves the runtime rule bites.
 */
module.exports = {
  forbidden: [
    {
      name: 'runtime-is-pure',
      comment: 'packages/runtime imports no database driver, ORM, web framework or other AgentLoom package.',
      severity: 'error',
      from: { path: '^(packages/runtime|tools/lint-fixtures/runtime)/' },
      to: {
        path: [
          '(^|/)node_modules/(@prisma|prisma|pg|pg-pool|@electric-sql|pglite-prisma-adapter|next|react-dom)/',
          '^packages/(db|platform)/',
          '^apps/',
        ],
      },
    },
    {
      name: 'db-below-platform',
      severity: 'error',
      from: { path: '^packages/db/' },
      to: { path: ['^packages/platform/', '^apps/'] },
    },
    {
      name: 'platform-below-apps',
      severity: 'error',
      from: { path: '^packages/platform/' },
      to: { path: '^apps/' },
    },
    {
      name: 'no-reaching-into-src',
      comment: "Import another package through its exports map, never its src/ by relative path.",
      severity: 'error',
      from: { path: '^(packages|apps)/([^/]+)/' },
      to: { path: '^(packages|apps)/([^/]+)/src/', pathNot: '^$1/$2/', dependencyTypes: ['local'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '((\\.next|/generated|/dist)/|next-env\\.d\\.ts$)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
