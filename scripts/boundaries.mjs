// The import boundaries of the server and the web app (decision 087): each app's
// .dependency-cruiser.cjs, read from the syntax tree by dependency-cruiser. `npm run boundaries`
// prints what breaks them; boundaries.test.ts beside each app holds them in the suite.
import path from "node:path";
import { cruise } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";

const root = path.resolve(import.meta.dirname, "..");

/** Where each app's sources and rules are, relative to the repository. */
const APPS = {
  server: { sources: "apps/server/src", folder: "apps/server" },
  web: { sources: "apps/web/app", folder: "apps/web" },
};

/** The app's broken rules, each in words ("rule: from → to, why"), and how many files were read. */
export async function boundaryViolations(app) {
  const { sources, folder } = APPS[app];
  const options = await extractDepcruiseOptions(path.join(root, folder, ".dependency-cruiser.cjs"));
  const tsConfig = extractTSConfig(path.join(root, folder, "tsconfig.json"));
  // The rules name paths from the repository's root, as the cruise reports them.
  const { output } = await cruise([sources], { ...options, baseDir: root }, undefined, { tsConfig });
  const comments = new Map(options.ruleSet.forbidden.map((rule) => [rule.name, rule.comment]));
  const violations = output.summary.violations.map((violation) => {
    const route = violation.cycle ? violation.cycle.map((step) => step.name).join(" → ") : violation.to;
    return `${violation.rule.name}: ${violation.from} → ${route}\n  ${comments.get(violation.rule.name) ?? ""}`;
  });
  return { violations, files: output.summary.totalCruised };
}

if (process.argv[1] === import.meta.filename) {
  let broken = 0;
  for (const app of Object.keys(APPS)) {
    const { violations, files } = await boundaryViolations(app);
    broken += violations.length;
    console.log(`${app}: ${files} files, ${violations.length === 0 ? "no rule broken" : "rules broken:"}`);
    for (const violation of violations) console.log(`- ${violation}`);
  }
  process.exit(broken === 0 ? 0 : 1);
}
