import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./test/test-app.ts";
import { PAGE_READS, pageServices } from "./web-context.ts";

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(() => shop.close());

describe("the pages' view of the services", () => {
  it("holds the read methods only, and they work", async () => {
    const services = pageServices(shop.app.services);
    for (const [name, methods] of Object.entries(PAGE_READS)) {
      expect(Object.keys(services[name as keyof typeof PAGE_READS]).sort(), name).toEqual([...methods].sort());
    }
    expect(Object.keys(services).sort()).toEqual(Object.keys(PAGE_READS).sort());
    expect((await services.settings.getPublic()).gateMinAge).toBe(18);
    expect(await services.coas.findBatch("NOPE-1")).toBeNull();
  });

  it("does not let a loader write (the compiler refuses, and nothing is there)", () => {
    const services = pageServices(shop.app.services);
    // @ts-expect-error pages change data through /api, not through the load context
    expect(services.settings.update).toBeUndefined();
    // @ts-expect-error pages change data through /api, not through the load context
    expect(services.coas.createCoa).toBeUndefined();
    // @ts-expect-error the load context has no contact service at all
    expect(services.contact).toBeUndefined();
    expect(Object.isFrozen(services) && Object.isFrozen(services.catalog)).toBe(true);
  });
});
