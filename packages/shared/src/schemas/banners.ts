import { z } from "zod";
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
