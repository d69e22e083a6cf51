/**
 * The import rules of DESIGN §2, checked by a machine (issue 7). Imports flow one way:
 * `server` and `app/routes` → `app/services` → `app/domain`, and `app/services` → `database`.
 * `tests/lint/import-rules.test.ts` proves that each rule fails on a forbidden import.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'app/domain holds pure rules: no database, no services, no server, no *.server.ts (DESIGN §2).',
      severity: 'error',
      from: { path: '^app/domain/' },
      to: {
        path: [
          '^database/',
          '^app/services/',
          '^server/',
          '\\.server\\.tsx?$',
          '^app/routes/',
          '^app/components/',
          '^app/client/',
        ],
      },
    },
    {
      name: 'domain-no-io',
      comment: 'app/domain does no I/O: no fs, network, child processes, database drivers or mailers (DESIGN §2).',
      severity: 'error',
      from: { path: '^app/domain/' },
      to: {
        dependencyTypes: ['core', 'npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'],
        path: [
          '^(node:)?(fs|fs/promises|net|http|https|http2|dgram|dns|child_process|cluster|worker_threads|tls)$',
          '^(pg|@electric-sql/pglite|drizzle-orm|nodemailer|express|pino)(/|$)',
        ],
      },
    },
    {
      name: 'browser-code-stays-out-of-the-server',
      comment: 'app/client and app/components run in the browser: no *.server.ts, services or database (DESIGN §2).',
      severity: 'error',
      from: { path: '^app/(client|components)/' },
      to: { path: ['^database/', '^app/services/', '^server/', '\\.server\\.tsx?$'] },
    },
    {
      name: 'services-know-no-server',
      comment: 'app/services is called by server/ and app/routes, never the other way round (DESIGN §2).',
      severity: 'error',
      from: { path: '^app/services/' },
      to: { path: ['^server/', '^app/routes/'] },
    },
    {
      name: 'database-knows-no-use-case',
      comment: 'database/ holds schema, migrations and seed; it imports nothing from app/ (DESIGN §2).',
      severity: 'error',
      from: { path: '^database/' },
      to: { path: '^app/' },
    },
    {
      name: 'the-shop-never-reaches-into-the-back-office',
      comment:
        'The back office lives in one place per layer (issue 32): app/routes/admin, app/components/admin, ' +
        'app/services/backoffice. Shop code never imports it; server/ wires both.',
      severity: 'error',
      from: { path: '^app/', pathNot: '^app/(routes/admin|components/admin|services/backoffice)/' },
      to: { path: '^app/(routes/admin|components/admin|services/backoffice)/' },
    },
    {
      name: 'no-circular',
      comment: 'A cycle makes the layers meaningless.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(build|\\.react-router|\\.data|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
