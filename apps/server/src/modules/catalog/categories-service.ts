import { CATEGORY_FALLBACK_SLUG, categorySlug, type MasterCategory, slugify } from "@shop/shared";
import { Conflict, NotFound } from "@shop/shared/errors";
import { isForeignKeyViolation, isUniqueViolation } from "../../db/errors.ts";
import { newId } from "../../lib/ids.ts";
import type { ImageService } from "../images/service.ts";
import { DEFAULT_CATEGORY_SVG } from "./placeholder.ts";
import type { CatalogRepository } from "./repository.ts";
import { type CatalogService, toMasterCategory } from "./service.ts";

export interface CategoryInput {
  name: string;
  description: string;
  /** A new picture (checked and re-encoded by the image service); none keeps the current one. */
  image?: Buffer | undefined;
  /** Drop the chosen picture: the category shows the placeholder again. */
  removeImage?: boolean;
}

/** Two staff saving the same name at once: the loser of the unique index takes the next number. */
const SLUG_ATTEMPTS = 5;

const notFound = (id: string) => new NotFound(`There is no category with id ${id}.`);
const products = (n: number) => `${n} ${n === 1 ? "product" : "products"}`;

/** Staff's changes to the master categories. Every change clears the storefront's cached lists. */
export function createCategoryService(
  repository: CatalogRepository,
  { images, catalog }: { images: ImageService; catalog: CatalogService },
) {
  let placeholder: Promise<string> | undefined;
  /** The shop's own placeholder, stored (rendered to WebP) the first time it is needed. */
  function placeholderKey(): Promise<string> {
    placeholder ??= images.store(DEFAULT_CATEGORY_SVG).then(
      (stored) => stored.key,
      (error: unknown) => {
        placeholder = undefined;
        throw error;
      },
    );
    return placeholder;
  }

  /** The slug for a name (the shared rule the form shows), against the slugs other categories hold. */
  async function slugFor(name: string, current?: { id: string; slug: string }): Promise<string> {
    const base = slugify(name) || CATEGORY_FALLBACK_SLUG;
    return categorySlug(name, await repository.slugsLike(base, current?.id), current?.slug);
  }

  /**
   * Two categories may not share a name, whatever its case: the menus could not tell them apart.
   * Checked before each attempt to write, so that a name another staff member saved meanwhile
   * (the database's index refused the write) is refused in words too.
   */
  async function refuseTakenName(name: string, exceptId?: string): Promise<void> {
    const other = await repository.categoryNamed(name, exceptId);
    if (!other) return;
    const reason = `There is already a category named ${other.name}. Please choose another name.`;
    throw new Conflict(reason, { fields: { name: reason }, code: "category_name_taken" });
  }

  /** Runs a write that takes a free slug, again with the next free one if another took it meanwhile. */
  async function withFreeSlug(write: () => Promise<void>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await write();
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= SLUG_ATTEMPTS) throw error;
      }
    }
  }

  async function get(id: string): Promise<MasterCategory> {
    const row = await repository.findCategory(id);
    if (!row) throw notFound(id);
    return toMasterCategory(row);
  }

  return {
    get,

    /** A new category, last in the menus; its slug comes from the name (-2, -3 … on a clash). */
    async create(input: CategoryInput): Promise<MasterCategory> {
      const imageKey = input.image ? (await images.ingest(input.image)).key : await placeholderKey();
      const id = newId();
      await withFreeSlug(async () => {
        await refuseTakenName(input.name);
        const now = new Date().toISOString();
        await repository.insertCategory({
          id,
          name: input.name,
          slug: await slugFor(input.name),
          description: input.description,
          image_key: imageKey,
          created_at: now,
          updated_at: now,
        });
      });
      catalog.forgetLists();
      return get(id);
    },

    /**
     * Changes name, description and picture. The slug follows the name (as the form shows it); a
     * category whose name gives the same slug keeps its slug, numbered or not.
     */
    async update(id: string, input: CategoryInput): Promise<MasterCategory> {
      const current = await repository.findCategory(id);
      if (!current) throw notFound(id);
      let imageKey: string | undefined;
      if (input.image) imageKey = (await images.ingest(input.image)).key;
      else if (input.removeImage) imageKey = await placeholderKey();
      await withFreeSlug(async () => {
        await refuseTakenName(input.name, id);
        const found = await repository.updateCategory(id, {
          name: input.name,
          description: input.description,
          slug: await slugFor(input.name, current),
          ...(imageKey !== undefined ? { image_key: imageKey } : {}),
          updated_at: new Date().toISOString(),
        });
        if (!found) throw notFound(id);
      });
      catalog.forgetLists();
      return get(id);
    },

    /** Deletes a category with no products at all (active or not); 409 says how many it still has. */
    async remove(id: string): Promise<void> {
      const current = await repository.findCategory(id);
      if (!current) throw notFound(id);
      const refuse = (count: number) =>
        new Conflict(
          `${current.name} still has ${products(count)}. Move ${count === 1 ? "it" : "them"} to another category or delete ${count === 1 ? "it" : "them"} first.`,
          { code: "category_has_products" },
        );
      const count = await repository.countCategoryProducts(id);
      if (count > 0) throw refuse(count);
      try {
        if (!(await repository.deleteCategory(id))) throw notFound(id);
      } catch (error) {
        // A product was added between the count and the delete: the foreign key refuses it.
        if (isForeignKeyViolation(error)) throw refuse(await repository.countCategoryProducts(id));
        throw error;
      }
      catalog.forgetLists();
    },
  };
}

export type CategoryService = ReturnType<typeof createCategoryService>;
