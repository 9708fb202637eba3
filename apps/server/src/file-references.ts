import type { Kysely } from "kysely";
import type { Database } from "./db/types.ts";
import { createBannerFileReferences } from "./modules/banners/file-references-repository.ts";
import { createBlogFileReferences } from "./modules/blog/file-references-repository.ts";
import { createCatalogFileReferences } from "./modules/catalog/file-references-repository.ts";
import { createCoaFileReferences } from "./modules/coas/file-references-repository.ts";
import { createDocumentFileReferences } from "./modules/documents/file-references-repository.ts";
import type { FileReferences } from "./modules/files/service.ts";
import { createIdentityFileReferences } from "./modules/identity/file-references-repository.ts";
import { createSettingsFileReferences } from "./modules/settings/file-references-repository.ts";
import { createWholesaleFileReferences } from "./modules/wholesale/file-references-repository.ts";

/**
 * Every row that names a stored file, asked of the module that owns it (docs/decisions/064):
 * pictures by products, categories (and their placeholder), banners, posts' covers and bodies and
 * the shop's logo; PDFs by COAs; files by stored documents and the photos of buyers' IDs and wholesale licences and certificates. A new column that names a file is
 * added here, or the cleanup would take its files.
 */
export function createFileReferences(db: Kysely<Database>): () => Promise<FileReferences> {
  const catalog = createCatalogFileReferences(db);
  const banners = createBannerFileReferences(db);
  const blog = createBlogFileReferences(db);
  const settings = createSettingsFileReferences(db);
  const coas = createCoaFileReferences(db);
  const documents = createDocumentFileReferences(db);
  const identity = createIdentityFileReferences(db);
  const wholesale = createWholesaleFileReferences(db);
  return async () => {
    const [products, bannerKeys, posts, logo, pdfs, ids, idPhotos, licences] = await Promise.all([
      catalog.imageKeys(),
      banners.imageKeys(),
      blog.imageKeys(),
      settings.imageKeys(),
      coas.pdfKeys(),
      documents.documentIds(),
      identity.documentIds(),
      wholesale.documentIds(),
    ]);
    return {
      images: new Set([...products, ...bannerKeys, ...posts, ...logo]),
      pdfs: new Set(pdfs),
      documents: new Set([...ids, ...idPhotos, ...licences]),
    };
  };
}
