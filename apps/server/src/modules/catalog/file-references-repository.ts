import type { Kysely } from "kysely";
import type { Database } from "../../db/types.ts";
import { DEFAULT_CATEGORY_IMAGE_KEY } from "./placeholder.ts";

/** The pictures the catalogue names (docs/decisions/064: nothing they name is ever cleaned up). */
export function createCatalogFileReferences(db: Kysely<Database>) {
  return {
    /** Every product's pictures (active or not), every category's, and the categories' placeholder. */
    async imageKeys(): Promise<string[]> {
      const [products, categories] = await Promise.all([
        db.selectFrom("product_images").select("image_key").distinct().execute(),
        db.selectFrom("master_categories").select("image_key").where("image_key", "is not", null).execute(),
      ]);
      return [
        // Stored once, when first needed, and then remembered by the running shop (categories-service.ts).
        DEFAULT_CATEGORY_IMAGE_KEY,
        ...products.map((row) => row.image_key),
        ...categories.map((row) => row.image_key ?? ""),
      ];
    },
  };
}
