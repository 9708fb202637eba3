// Test data the packages' and the apps' tests share (`@shop/shared/test-fixtures`): only tests
// import this module, so no page or server bundle carries it.
import type { UsState } from "./constants/addresses.ts";
import type { ComplianceRule, ComplianceRuleInput, Jurisdiction } from "./schemas/compliance.ts";
import type { ShippingAddress } from "./schemas/orders.ts";

/** Where the tests' buyers have their orders shipped, as an order keeps it (no second line, no phone). */
export const TEST_SHIPPING_ADDRESS: ShippingAddress = {
  fullName: "Robin Hale",
  line1: "12 Elm Street",
  line2: null,
  city: "Austin",
  state: "TX",
  zip: "78701",
  phone: null,
};

/** The whole country, as a rule's jurisdiction. */
export const US: Jurisdiction = { level: "country", country: "US" };
/** A whole state, as a rule's jurisdiction. */
export const inState = (state: UsState): Jurisdiction => ({ level: "state", country: "US", state });

/**
 * A compliance rule as staff enter it: kratom, the whole country, allowed from 2020-01-01 with
 * nothing more (no age, requirement, statement, condition, end or source date), an example checked
 * on 2026-11-01; the overrides replace fields.
 */
export function testRuleInput(overrides: Partial<ComplianceRuleInput> = {}): ComplianceRuleInput {
  return {
    jurisdiction: US,
    regulatoryClass: "KRATOM",
    effect: "allow",
    minAge: null,
    requirements: [],
    statement: null,
    condition: null,
    effectiveFrom: "2020-01-01",
    effectiveTo: null,
    sourceUrl: "https://example.org/rule",
    sourceDate: null,
    lastCheckedOn: "2026-11-01",
    notes: "",
    exceptLicensed: false,
    isExample: true,
    ...overrides,
  };
}

/**
 * A saved rule of testRuleInput's fields: version 1 of `id`, its source at example.org/`id`, made
 * and last changed on 2026-11-01; the overrides replace fields.
 */
export function testRule(id: string, overrides: Partial<ComplianceRule> = {}): ComplianceRule {
  return {
    id,
    version: 1,
    ...testRuleInput({ sourceUrl: `https://example.org/${id}` }),
    exceptLicensed: false,
    createdAt: "2026-11-01T00:00:00.000Z",
    updatedAt: "2026-11-01T00:00:00.000Z",
    ...overrides,
  };
}

/**
 * The site paths a source file writes as literals ("/cart", `/blog/${post.slug}`), as patterns to
 * check against a route table: an interpolation stands for a parameter (":param"), and the query
 * and fragment are cut. A literal with spaces or quotes in it (a condition inside `${…}`) is passed
 * over, as it cannot be read without running it.
 */
export function pathLiterals(source: string): string[] {
  return [...source.matchAll(/(["'`])(\/[A-Za-z][^"'`\s]*)\1/g)].map(([, , text = ""]) =>
    text.replace(/\$\{[^}]*\}/g, ":param").replace(/[?#].*$/, ""),
  );
}

/**
 * Whether a route pattern (`/blog/:slug`, `/api/admin/reports/sales.csv`) takes a path from
 * pathLiterals: segment by segment, a parameter on either side stands for any text.
 */
export function routeTakes(pattern: string, path: string): boolean {
  const want = pattern.replace(/\/$/, "").split("/");
  const have = path.replace(/\/$/, "").split("/");
  return (
    want.length === have.length &&
    want.every((segment, i) => {
      if (segment.startsWith(":")) return true;
      const literal = (have[i] ?? "").split(/:\w+/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
      return new RegExp(`^${literal.join(".+")}$`).test(segment);
    })
  );
}
