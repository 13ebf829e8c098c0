/**
 * The import rules `npm run lint` holds the code to (docs/architecture.md, "Layers"). Type imports
 * count like any other: a cycle made only of `import type` still ties the modules together for a
 * reader, and ESLint's cycle rules skip them.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      severity: "error",
      comment: "Modules import each other in a loop (type imports included): move the shared part to a module both can import.",
      from: {},
      to: { circular: true },
    },
    {
      name: "app-never-imports-workers",
      severity: "error",
      comment: "app/ is the domain and the pages; workers/ builds the services and hands them in, never the reverse.",
      from: { path: "^app/" },
      to: { path: "^workers/" },
    },
    {
      name: "mail-is-a-transport",
      severity: "error",
      comment: "app/mail/ renders, queues and sends letters; what a letter says belongs to bookings or requests.",
      from: { path: "^app/mail/" },
      to: { path: "^app/(bookings|requests|forms|routes|components|travel)/" },
    },
    {
      name: "domain-never-imports-pages",
      severity: "error",
      comment: "Domain code is plain TypeScript: routes and components call it, not the other way round.",
      from: { path: "^app/(bookings|requests|mail|travel|forms|types)/" },
      to: { path: "^app/(routes|components)/" },
    },
    {
      name: "types-are-leaves",
      severity: "error",
      comment: "app/types/ holds the shapes many modules share; they import types only, never code that runs.",
      from: { path: "^app/types/" },
      to: { dependencyTypesNot: ["type-only", "npm", "npm-dev", "core"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|public/build|node_modules|\\.wrangler)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".mjs", ".js", ".json"] },
  },
};
