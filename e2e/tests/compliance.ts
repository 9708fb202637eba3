import type { APIRequestContext } from "@playwright/test";
import { dayOf } from "@shop/shared/rules";
import { expect } from "./fixtures.ts";

/**
 * A jurisdiction rule of a spec's own (restrict THCA flower to 18+ in `state`), made through the
 * staff API: each spec takes a state the demo's starter set leaves alone and another project's
 * run does not use, so no other test sees it change. `by` names the spec in the rule's notes.
 */
export async function createRule(request: APIRequestContext, origin: string, state: string, by: string) {
  const response = await request.post("/api/admin/compliance/rules", {
    headers: { Origin: origin },
    data: {
      jurisdiction: { level: "state", country: "US", state },
      regulatoryClass: "HEMP_THCA_FLOWER",
      effect: "restrict",
      minAge: 18,
      requirements: [],
      statement: null,
      condition: null,
      effectiveFrom: "2026-01-01",
      effectiveTo: null,
      sourceUrl: "https://www.usa.gov/",
      sourceDate: null,
      lastCheckedOn: dayOf(new Date()),
      notes: `Made by ${by}`,
      isExample: false,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string; version: number };
}
