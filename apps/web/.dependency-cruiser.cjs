// The web app's import boundaries, read from the syntax tree by dependency-cruiser (decision 087).
// Checked by the server's boundaries.test.ts and by `npm run boundaries`; each rule's comment is
// what a violation prints.
const path = require("node:path");

/** app/features/<name>/, captured as $1 so a rule can compare the importer's feature with the target's. */
const FEATURE = "^apps/web/app/features/([^/]+)/";
/** The storefront's pages and what they load (the dashboard's are under routes/dashboard/). */
const STOREFRONT = "^apps/web/app/(root\\.tsx$|routes/(?!dashboard/))";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment:
        "An import circle: the files in it cannot be read, tested or split into chunks apart. Move the shared part to a file both import.",
      severity: "error",
      from: { path: "^apps/web/app" },
      to: { circular: true },
    },
    {
      name: "feature-imports-a-route",
      comment: "Routes compose features, not the other way round: move what the feature needs out of the route module.",
      severity: "error",
      from: { path: FEATURE },
      to: { path: "^apps/web/app/routes/" },
    },
    {
      name: "feature-imports-another-feature",
      comment:
        "A feature does not use another feature: compose them in a route, or move the shared part to components/ or lib/.",
      severity: "error",
      from: {
        path: FEATURE,
        // The product page's lazily loaded lower part shows the lab results beside the details.
        pathNot: "^apps/web/app/features/catalog/components/product-details\\.tsx$",
      },
      to: { path: "^apps/web/app/features/", pathNot: "^apps/web/app/features/$1/" },
    },
    {
      name: "feature-shape",
      comment:
        "A feature's React parts sit in its components/ folder; its top holds plain modules (helpers, hooks, state, *.server.ts) and api/ its calls.",
      severity: "error",
      from: { path: "^apps/web/app/features/[^/]+/([^/]+|api/[^/]+)\\.tsx$", pathNot: "\\.test\\.tsx$" },
      to: {},
    },
    {
      name: "storefront-reaches-the-api-client",
      comment:
        "The storefront reads through its route loaders and changes through its route actions, in front of the services (decision 089): call the service from a loader or an action, and read a loader's data in the browser with a fetcher.",
      severity: "error",
      from: { path: STOREFRONT },
      to: { path: "^apps/web/app/lib/api\\.ts$", reachable: true },
    },
    {
      name: "storefront-reaches-react-query",
      comment:
        "React Query is the dashboard's way to read and write /api (decision 089); a storefront page has its loader's data, or a fetcher's.",
      severity: "error",
      from: { path: STOREFRONT },
      to: { path: "@tanstack/react-query", reachable: true },
    },
    {
      name: "api-client-outside-api-folders",
      comment:
        "The dashboard calls /api through the React Query hooks in features/<domain>/api/ (or a query hook several features share, in lib/): move the call there.",
      severity: "error",
      from: { pathNot: "^apps/web/app/(features/[^/]+/api/|lib/)" },
      to: { path: "^apps/web/app/lib/api\\.ts$" },
    },
  ],
  options: {
    // Type-only imports count: a circle of types still ties the files together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: path.join(__dirname, "tsconfig.json") },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.d\\.ts$|/\\.react-router/" },
  },
};
