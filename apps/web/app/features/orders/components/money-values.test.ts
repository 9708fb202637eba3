import { recordPaymentSchema, refundSchema } from "@shop/shared";
import { describe, expect, it } from "vitest";
import { labelledResolver, today } from "./form-resolver.ts";
import { labels, type MoneyValues, moneyFormSchema } from "./money-values.ts";

const resolve = (values: MoneyValues, schema = recordPaymentSchema) =>
  labelledResolver(moneyFormSchema(schema), labels)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

const valid: MoneyValues = { amountCents: "146.96", method: " Zelle ", reference: "", receivedOn: "2026-11-24" };

describe("the payment and refund form", () => {
  it("sends the API's body: cents from dollars, no empty reference", async () => {
    expect((await resolve(valid)).values).toEqual({ amountCents: 14696, method: "Zelle", receivedOn: "2026-11-24" });
    expect((await resolve({ ...valid, amountCents: "$1,200", reference: " ZL-1 " }, refundSchema)).values).toEqual({
      amountCents: 120000,
      method: "Zelle",
      reference: "ZL-1",
      receivedOn: "2026-11-24",
    });
  });

  it("says what is wrong with the form's labels, as the API's refusals are shown", async () => {
    const { errors } = await resolve({ amountCents: "12.345", method: "", reference: "x".repeat(101), receivedOn: "" });
    expect(errors.amountCents?.message).toBe("Amount must be an amount in dollars, like 12.50.");
    expect(errors.method?.message).toBe("Please say how it was paid.");
    expect(errors.reference?.message).toBe("Reference must be at most 100 characters.");
    expect(errors.receivedOn?.message).toBe("Date must be a date (YYYY-MM-DD).");
    expect((await resolve({ ...valid, amountCents: "0" })).errors.amountCents?.message).toBe(
      "Amount must be more than 0.",
    );
  });
});

describe("today", () => {
  it("is the viewer's calendar day", () => {
    expect(today(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05");
  });
});
