import { z } from "zod";

/** The Contact Us form: one schema types the form, checks it in the browser and validates the API. */
export const contactMessageSchema = z.strictObject({
  name: z
    .string({ error: "Please enter your name." })
    .trim()
    .min(1, { error: "Please enter your name." })
    .max(100, { error: "Please keep your name under 100 characters." }),
  email: z
    .string({ error: "Please enter your e-mail address." })
    .trim()
    .max(254, { error: "Please enter a valid e-mail address." })
    .pipe(z.email({ error: "Please enter a valid e-mail address." })),
  orderNumber: z
    .string()
    .trim()
    .max(40, { error: "An order number is at most 40 characters." })
    .optional()
    .transform((value) => value || undefined),
  message: z
    .string({ error: "Please write your message." })
    .trim()
    .min(10, { error: "Please write at least 10 characters." })
    .max(5000, { error: "Please keep your message under 5,000 characters." }),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

export const contactReceiptSchema = z.object({ id: z.string(), message: z.string() }).meta({ id: "ContactReceipt" });
