import { z } from "zod";
import {
  BANNER_DESCRIPTION_MAX,
  BANNER_LINK_MAX,
  BANNER_POSITION_MAX,
  BANNER_TITLE_MAX,
} from "../constants/banners.ts";
import { idSchema, imageSchema } from "./common.ts";

/** The banner JSON keeps the spec's field name `tittle` (sic): it is the documented API contract. */
export const bannerSchema = z
  .object({
    id: idSchema,
    tittle: z.string().describe("The banner's title (spelt so in the API contract)"),
    description: z.string(),
    isActive: z.boolean(),
    image: imageSchema.nullable(),
    linkUrl: z.string().nullable(),
    position: z.int(),
  })
  .meta({ id: "Banner" });
export type Banner = z.infer<typeof bannerSchema>;

/** A page of the shop ("/products?category=kratom") or a web address (https://…); nothing else (no javascript:). */
export function isBannerLink(value: string): boolean {
  if (/\s/.test(value)) return false;
  return /^\/(?![/\\])/.test(value) || /^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?([/?#].*)?$/i.test(value);
}

const bannerLinkMessage =
  "Please enter a shop page starting with / (like /products) or a web address starting with https://.";
const bannerPositionMessage = `Please enter a whole number from 0 to ${BANNER_POSITION_MAX}, or leave it empty to put the banner last.`;

/**
 * A banner as staff create or edit it (multipart form fields, or JSON). The field names are the
 * banner JSON's own (`tittle`, sic); the image file is added by the server's route. A missing
 * `isActive` means inactive, as an unticked checkbox sends nothing; an empty position puts the
 * banner last.
 */
export const bannerFieldsSchema = z.strictObject({
  tittle: z
    .string({ error: "Please enter a title." })
    .trim()
    .min(1, { error: "Please enter a title." })
    .max(BANNER_TITLE_MAX, { error: `Please keep the title under ${BANNER_TITLE_MAX} characters.` }),
  description: z
    .string()
    .trim()
    .max(BANNER_DESCRIPTION_MAX, { error: `Please keep the description under ${BANNER_DESCRIPTION_MAX} characters.` })
    .optional()
    .transform((value) => value ?? ""),
  linkUrl: z
    .string({ error: bannerLinkMessage })
    .trim()
    .max(BANNER_LINK_MAX, { error: `Please keep the link under ${BANNER_LINK_MAX} characters.` })
    .refine((value) => value === "" || isBannerLink(value), { error: bannerLinkMessage })
    .nullish()
    .transform((value) => value || null),
  isActive: z
    .union([z.boolean(), z.enum(["true", "on", "false"])], { error: "must be true or false" })
    .optional()
    .transform((value) => value === true || value === "true" || value === "on"),
  position: z
    .union([
      z
        .int({ error: bannerPositionMessage })
        .min(0, { error: bannerPositionMessage })
        .max(BANNER_POSITION_MAX, { error: bannerPositionMessage }),
      z
        .string()
        .trim()
        .regex(/^\d{0,4}$/, { error: bannerPositionMessage }),
    ])
    .nullish()
    .transform((value) => (value === "" || value === null || value === undefined ? null : Number(value)))
    .refine((value) => value === null || (value >= 0 && value <= BANNER_POSITION_MAX), {
      error: bannerPositionMessage,
    }),
});
export type BannerFieldsInput = z.input<typeof bannerFieldsSchema>;
export type BannerFields = z.output<typeof bannerFieldsSchema>;

/** `GET /api/banner?all=true`: every banner, active or not (staff only). */
export const bannerListQuerySchema = z.strictObject({
  all: z
    .enum(["true", "false"], { error: "must be true or false" })
    .optional()
    .transform((value) => value === "true"),
});
