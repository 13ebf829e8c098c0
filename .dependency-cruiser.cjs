/**
 * The import rules `npm run lint` holds the code to (docs/architecture.md, "Layers"). Type imports
 * count like any other: a cycle made only of `import type` still ties the modules together for a
 * reader, and ESLint's cycle rules skip them.
 */
/**
 * The rooms of app/bookings/ (app/bookings/README.md), each with the rooms it may import. The
 * record and the holds are at the bottom; nothing imports a room that is not listed for it, so
 * imports between rooms point one way. The ledger's inside (ledger/) and the files at the top of
 * app/bookings/ (creating a booking, the owner's actions) may use every room, and no room uses them.
 */
const bookingRooms = {
  numbers: [],
  plans: [],
  record: ["numbers", "plans"],
  holds: [],
  invoice: ["record", "numbers", "plans"],
  "by-date": ["record", "numbers", "invoice"],
  mails: ["record", "numbers", "invoice", "plans"],
  payments: ["record", "numbers", "invoice", "mails", "plans"],
  changes: ["record", "numbers", "holds", "invoice", "mails", "plans"],
  proofs: ["record", "numbers"],
  "booking-page": ["record", "numbers", "holds", "invoice", "mails", "payments", "changes", "proofs", "plans"],
};

const roomRules = Object.entries(bookingRooms).map(([room, below]) => ({
  name: `bookings-${room}-imports-downwards`,
  severity: "error",
  comment: `app/bookings/${room}/ may import ${below.length ? below.map((r) => `${r}/`).join(", ") : "no other room"} (app/bookings/README.md): move the shared part down, or the caller up.`,
  from: { path: `^app/bookings/${room}/` },
  to: { path: "^app/bookings/", pathNot: `^app/bookings/(${[room, ...below].join("|")})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...roomRules,
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
      name: "only-routes-call-actions",
      severity: "error",
      comment: "app/actions/ adapts a request to the domain and stands above it: only a route module (or another adapter) calls it. A shape that the domain or a component needs belongs in app/input/.",
      from: { path: "^(app|workers)/", pathNot: "^app/(routes|actions)/" },
      to: { path: "^app/actions/" },
    },
    {
      name: "input-is-below-the-domain",
      severity: "error",
      comment: "app/input/ holds the shapes of what visitors and the owner send, and the domain imports it: it imports only the leaves (business facts, prices, key names, utils), never a domain room.",
      from: { path: "^app/input/" },
      to: { path: "^(app|workers)/", pathNot: "^app/(input/|utils/|business\\.ts$|pricing\\.ts$|storage-keys\\.ts$)" },
    },
    {
      name: "mail-is-a-transport",
      severity: "error",
      comment: "app/mail/ renders, queues and sends letters; what a letter says belongs to bookings or requests.",
      from: { path: "^app/mail/" },
      to: { path: "^app/(bookings|requests|input|actions|routes|components|travel)/" },
    },
    {
      name: "domain-never-imports-pages",
      severity: "error",
      comment: "Domain code is plain TypeScript: routes and components call it, not the other way round.",
      from: { path: "^app/(bookings|requests|promos|mail|travel|input|types|numbers|quotes|agenda|reminders|prices|links)/" },
      to: { path: "^app/(routes|components)/" },
    },
    {
      name: "types-know-no-domain-room",
      severity: "error",
      comment: "app/types/ is imported by every domain room, so it imports none: a room adds the client it owns to Services itself (declaration merging, app/types/services.ts).",
      from: { path: "^app/types/" },
      to: { path: "^app/(bookings|quotes|promos|agenda|numbers|reminders|requests|input|actions|routes|components)/" },
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
