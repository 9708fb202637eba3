import { Conflict, NotFound } from "@shop/shared/errors";
import { describe, expect, it } from "vitest";
import { pageData } from "./page-data.ts";

async function thrownBy(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (thrown) {
    return thrown;
  }
  throw new Error("nothing was thrown");
}

describe("pageData", () => {
  it("answers what the read answers", async () => {
    expect(await pageData(async () => ({ id: "p1" }))).toEqual({ id: "p1" });
  });

  it("turns a domain error into the route's error answer: its message and status", async () => {
    const missing = await thrownBy(pageData(() => Promise.reject(new NotFound("Product with ID p9 not found."))));
    expect(missing).toMatchObject({ data: "Product with ID p9 not found.", init: { status: 404 } });
    const clash = await thrownBy(pageData(() => Promise.reject(new Conflict("Taken."))));
    expect(clash).toMatchObject({ data: "Taken.", init: { status: 409 } });
  });

  it("knows a domain error made by another copy of the module (the server's)", async () => {
    const foreign = Object.assign(new Error("No such post."), { name: "NotFound", kind: "not_found" });
    expect(await thrownBy(pageData(() => Promise.reject(foreign)))).toMatchObject({
      data: "No such post.",
      init: { status: 404 },
    });
  });

  it("passes a fault on as it is", async () => {
    const fault = new Error("database is locked");
    expect(await thrownBy(pageData(() => Promise.reject(fault)))).toBe(fault);
    expect(await thrownBy(pageData(() => Promise.reject(fault), { ifNotFound: null }))).toBe(fault);
  });

  it("answers `ifNotFound` for an unknown thing only", async () => {
    expect(await pageData(() => Promise.reject(new NotFound("gone")), { ifNotFound: null })).toBeNull();
    expect(await pageData(async () => "found", { ifNotFound: null })).toBe("found");
    expect(await thrownBy(pageData(() => Promise.reject(new Conflict("Taken.")), { ifNotFound: null }))).toMatchObject({
      init: { status: 409 },
    });
  });
});
