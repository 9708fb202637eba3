import { z } from "zod";
import { US_STATES, type UsState } from "../constants/addresses.ts";
import { optionalPhoneSchema } from "./accounts.ts";
import { formCheckbox } from "./common.ts";

/** The US states' two-letter codes, as z.enum takes them. */
export const US_STATE_CODES = Object.keys(US_STATES) as [UsState, ...UsState[]];

const line = (label: string, max: number) =>
  z
    .string({ error: `Please enter the ${label}.` })
    .trim()
    .min(1, { error: `Please enter the ${label}.` })
    .max(max, { error: `Please keep the ${label} under ${max} characters.` });

/** An address in the buyer's address book. US addresses only. */
export const addressInputSchema = z.strictObject({
  fullName: line("full name", 120),
  line1: line("street address", 120),
  line2: z
    .string()
    .trim()
    .max(120, { error: "Please keep the second address line under 120 characters." })
    .optional()
    .transform((value) => value || null),
  city: line("city", 80),
  state: z.enum(US_STATE_CODES, { error: "Please choose a state." }),
  zip: z
    .string({ error: "Please enter the ZIP code." })
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, { error: "Please enter a 5-digit ZIP code (or ZIP+4)." }),
  phone: optionalPhoneSchema,
  isDefault: formCheckbox,
});
export type AddressInput = z.input<typeof addressInputSchema>;
export type AddressFields = z.output<typeof addressInputSchema>;

export const addressSchema = z
  .object({
    id: z.string(),
    fullName: z.string(),
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    state: z.enum(US_STATE_CODES),
    zip: z.string(),
    phone: z.string().nullable(),
    isDefault: z.boolean(),
  })
  .meta({ id: "Address" });
export type Address = z.infer<typeof addressSchema>;
