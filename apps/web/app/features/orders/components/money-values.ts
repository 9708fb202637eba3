import type { recordPaymentSchema } from "@shop/shared";
import { parseDollarsToCents } from "@shop/shared/rules";
import { z } from "zod";

/** The form's fields carry the API's names, so that a refusal lands beside the field it names. */
export interface MoneyValues {
  /** Dollars as typed ("12.50"); the API takes cents. */
  amountCents: string;
  method: string;
  reference: string;
  receivedOn: string;
}

export const fieldNames = ["amountCents", "method", "reference", "receivedOn"] as const;
export const labels = { amountCents: "Amount", method: "Method", reference: "Reference", receivedOn: "Date" };

/** The API's schema (a payment's or a refund's), the amount read from dollars first. */
export const moneyFormSchema = (schema: typeof recordPaymentSchema) =>
  schema.extend({
    amountCents: z
      .string()
      .transform((text, context) => {
        const cents = parseDollarsToCents(text);
        if (cents === null) {
          context.addIssue({ code: "custom", message: "must be an amount in dollars, like 12.50" });
          return z.NEVER;
        }
        return cents;
      })
      .pipe(schema.shape.amountCents),
    reference: z
      .string()
      .transform((text) => text.trim() || undefined)
      .pipe(schema.shape.reference),
  });
