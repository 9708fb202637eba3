// The server's import boundaries, read from the syntax tree by dependency-cruiser (decision 087).
// Checked by boundaries.test.ts and by `npm run boundaries`; each rule's comment is what a
// violation prints.
const path = require("node:path");

/** src/modules/<name>/, captured as $1 so a rule can compare the importer's module with the target's. */
const MODULE = "^apps/server/src/modules/([^/]+)/";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment:
        "An import circle: the modules in it cannot be read, tested or loaded apart. Move the shared part (a type, a constant) to a file both import.",
      severity: "error",
      from: { path: "^apps/server/src" },
      to: { circular: true },
    },
    {
      name: "another-modules-repository",
      comment:
        "A module calls another module's service, never its repository: the owner keeps its tables' rules (src/db/table-owners.ts).",
      severity: "error",
      from: { path: MODULE, pathNot: "\\.test\\.ts$" },
      to: { path: "^apps/server/src/modules/[^/]+/[^/]*repository\\.ts$", pathNot: "^apps/server/src/modules/$1/" },
    },
    {
      name: "http-in-a-service",
      comment:
        "Services and repositories do not know about HTTP: only a module's routes (routes.ts, <name>-routes.ts) import from plugins/.",
      severity: "error",
      from: { path: MODULE, pathNot: "(^|/|-)routes\\.ts$|\\.test\\.ts$" },
      to: { path: "^apps/server/src/plugins/" },
    },
    {
      name: "app-from-a-module",
      comment:
        "app.ts composes the modules; a module that imports it makes a circle. Take the App type from app-type.ts.",
      severity: "error",
      from: { path: MODULE },
      to: { path: "^apps/server/src/app\\.ts$" },
    },
  ],
  options: {
    // Type-only imports count: a circle of types still ties the files together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: path.join(__dirname, "tsconfig.json") },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.d\\.ts$" },
  },
};
