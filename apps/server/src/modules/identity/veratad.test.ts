import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHIPPING_ADDRESS } from "../../test/products.ts";
import {
  SIMULATOR_PASS,
  SIMULATOR_USER,
  startVeratadSimulator,
  type VeratadSimulator,
} from "../../test/veratad-simulator.ts";
import { createVeratadProvider, VeratadUnavailable } from "./veratad.ts";

// The adapter alone, over HTTP against the simulator: what each of Veratad's answers means, and
// that its account never shows in what the shop says.

let sim: VeratadSimulator;
beforeAll(async () => {
  sim = await startVeratadSimulator({ slowMs: 800 });
});
afterAll(() => sim.close());

const veratad = (options: { pass?: string; timeoutMs?: number; testKey?: string } = {}) =>
  createVeratadProvider({
    user: SIMULATOR_USER,
    pass: options.pass ?? SIMULATOR_PASS,
    ageMatchUrl: sim.ageMatchUrl,
    dcamsUrl: sim.dcamsUrl,
    timeoutMs: options.timeoutMs ?? 2_000,
    testKey: options.testKey,
  });

const buyer = (lastName: string, dateOfBirth = "1990-05-01") => ({
  firstName: "Ada",
  lastName,
  email: "ada@shop.test",
  dateOfBirth,
  address: { ...SHIPPING_ADDRESS, line2: "Apt 4", phone: null },
  minAge: 21,
});

describe("the Veratad adapter", () => {
  it("sends AgeMatch the documented target and reads a pass with its confirmation", async () => {
    const result = await veratad({ testKey: "general_identity" }).verify(buyer("Lovelace"));
    expect(result).toMatchObject({
      verified: true,
      reference: expect.stringMatching(/^sim-/),
      detail: "ALL CHECKS PASSED",
    });
    expect(sim.received.at(-1)).toMatchObject({
      service: "AgeMatch5.0",
      target: {
        fn: "Ada",
        ln: "Lovelace",
        addr: `${SHIPPING_ADDRESS.line1} Apt 4`,
        dob: "19900501",
        age: "21+",
        test_key: "general_identity",
      },
    });
  });

  it("reads no record as a document to ask for, and a minor or a dead person's identity as a refusal", async () => {
    expect(await veratad().verify(buyer("Nomatch"))).toMatchObject({ verified: false, documentNeeded: true });
    expect(await veratad().verify(buyer("Young", "2015-01-01"))).toMatchObject({
      verified: false,
      documentNeeded: true,
      detail: "AGE NOT VERIFIED",
    });
    const minor = await veratad().verify(buyer("Minor"));
    expect(minor).toMatchObject({ verified: false, detail: "POSSIBLE MINOR" });
    expect(minor).not.toHaveProperty("documentNeeded");
    expect(await veratad().verify(buyer("Deceased"))).toMatchObject({ verified: false, detail: "TARGET IS DECEASED" });
  });

  it("throws, saying nothing of its account, when Veratad is down, refuses the account or is too slow", async () => {
    for (const [adapter, lastName] of [
      [veratad(), "Down"],
      [veratad({ pass: "not-the-password" }), "Lovelace"],
      [veratad({ timeoutMs: 200 }), "Slow"],
    ] as const) {
      const error = await adapter.verify(buyer(lastName)).catch((caught: unknown) => caught);
      expect(error, lastName).toBeInstanceOf(VeratadUnavailable);
      expect(String(error)).not.toContain(SIMULATOR_PASS);
      expect(String(error)).not.toContain("not-the-password");
    }
  });

  it("sends the ID's sides to DCAMS and reads its pass or failure", async () => {
    const photos = { front: Buffer.from("front"), back: Buffer.from("back") };
    const passed = await veratad().verifyDocument?.({ ...buyer("Lovelace"), ...photos });
    expect(passed).toMatchObject({ verified: true });
    expect(sim.received.at(-1)).toMatchObject({ service: "DCAMSPLUS5.0.Enhanced", documentSides: ["front", "back"] });
    const failed = await veratad().verifyDocument?.({ ...buyer("Unreadable"), front: photos.front, back: null });
    expect(failed).toMatchObject({ verified: false, detail: "DOCUMENT NOT VERIFIED" });
    expect(sim.received.at(-1)?.documentSides).toEqual(["front"]);
  });
});
