import {
  addDays,
  type CoaBatch,
  DOCUMENT_MESSAGES,
  type DocumentFields,
  type DocumentList,
  type DocumentListFilter,
  documentExpiry,
  expiryWarningUntil,
  type LicenseExpiry,
  type ShopDocument,
  searchWords,
} from "@shop/shared";
import { COAS_MAX_PAGE_SIZE } from "@shop/shared/constants";
import { Conflict, Invalid, NotFound } from "@shop/shared/errors";
import { dayOf } from "@shop/shared/rules";
import { newId } from "../../lib/ids.ts";
import type { CatalogService, ProductLabel } from "../catalog/service.ts";
import type { CoaService } from "../coas/service.ts";
import { checkDocumentFile } from "./file-check.ts";
import type { DocumentFileStore } from "./file-store.ts";
import type { DocumentFilter, DocumentRepository, DocumentRow } from "./repository.ts";

/** "Product name · Lot ABC-1", or what there is of it; null when a document is about neither. */
function labelOf(productName: string | undefined, lotNumber: string | null): string | null {
  return [productName, lotNumber ? `Lot ${lotNumber}` : undefined].filter(Boolean).join(" · ") || null;
}

/** A COA's id in All Documents: its batch's lot number, marked so it is never taken for a stored one. */
const COA_PREFIX = "coa:";

export function documentFilePath(id: string): string {
  return `/api/admin/documents/${encodeURIComponent(id)}/file`;
}

/** Who uploads a document, named as they are now (kept so when they are renamed or removed). */
export interface Uploader {
  id: string;
  name: string;
}

export interface DocumentServiceOptions {
  files: DocumentFileStore;
  /** Names the documents' products and knows which exist (the products table is the catalogue's). */
  catalog: Pick<CatalogService, "productLabels">;
  /** The batches' certificates of analysis, listed with the documents (the COA tables are the coas module's). */
  coas: Pick<CoaService, "listBatches" | "getBatch">;
  /** The clock that decides what expires soon; tests replace it. */
  now?: () => Date;
}

/** The document columns its details form sets (on upload and on change). */
function columnsOf(fields: DocumentFields) {
  return {
    type: fields.type,
    title: fields.title,
    product_id: fields.productId,
    lot_number: fields.lotNumber,
    issued_on: fields.issuedOn,
    expires_on: fields.expiresOn,
    notes: fields.notes,
  };
}

const notFound = (id: string) => new NotFound(`There is no document ${id}. It may have been deleted.`);
const coaElsewhere = () =>
  new Conflict("A COA is changed or withdrawn under Lab Results, with its batch, not among the documents.");

export function createDocumentService(repository: DocumentRepository, options: DocumentServiceOptions) {
  const now = () => options.now?.() ?? new Date();

  function fromCoa(batch: CoaBatch): ShopDocument {
    return {
      id: `${COA_PREFIX}${batch.lotNumber}`,
      type: "coa",
      title: `Certificate of analysis, ${batch.lab.name}`,
      product: { id: batch.product.id, name: batch.product.name, sku: batch.product.sku },
      lotNumber: batch.lotNumber,
      label: labelOf(batch.product.name, batch.lotNumber),
      issuedOn: batch.reportDate,
      expiresOn: null,
      expiresSoon: false,
      expired: false,
      notes: null,
      file: { url: batch.pdf.url, contentType: "application/pdf", bytes: batch.pdf.bytes },
      uploadedBy: null,
      uploadedAt: null,
      editable: false,
    };
  }

  function fromRow(row: DocumentRow, products: Map<string, ProductLabel>, at: Date): ShopDocument {
    const product = row.product_id === null ? undefined : products.get(row.product_id);
    return {
      id: row.id,
      type: row.type,
      title: row.title,
      product: product ? { id: product.id, name: product.name, sku: product.sku } : null,
      lotNumber: row.lot_number,
      label: labelOf(product?.name, row.lot_number),
      issuedOn: row.issued_on,
      expiresOn: row.expires_on,
      ...documentExpiry(row.expires_on, at),
      notes: row.notes,
      file: { url: documentFilePath(row.id), contentType: row.content_type, bytes: row.file_bytes },
      uploadedBy: row.uploaded_by_name,
      uploadedAt: row.created_at,
      editable: true,
    };
  }

  async function toDocuments(rows: DocumentRow[]): Promise<ShopDocument[]> {
    const ids = rows.flatMap((row) => (row.product_id === null ? [] : [row.product_id]));
    const products = ids.length > 0 ? await options.catalog.productLabels(ids) : new Map<string, ProductLabel>();
    const at = now();
    return rows.map((row) => fromRow(row, products, at));
  }

  /** The stored documents' filter for a query; null when the query can match nothing. */
  async function storedFilter(query: DocumentListFilter): Promise<DocumentFilter | null> {
    const words = query.q === undefined ? [] : searchWords(query.q);
    // A query of punctuation only ("--") matches nothing rather than everything.
    if (query.q !== undefined && query.q.trim() !== "" && words.length === 0) return null;
    let names: { id: string; name: string }[] = [];
    if (words.length > 0) {
      const labels = await options.catalog.productLabels(await repository.productIds());
      names = [...labels.values()].map((product) => ({ id: product.id, name: product.name.toLowerCase() }));
    }
    return {
      type: query.type === "coa" ? undefined : query.type,
      expiringBy: query.expiring ? expiryWarningUntil(now()) : undefined,
      words: words.map((word) => ({
        word,
        productIds: names.filter((product) => product.name.includes(word)).map((product) => product.id),
      })),
    };
  }

  /** The first `count` COAs matching `q`, newest report first, and how many match in all. */
  async function firstCoas(q: string | undefined, count: number): Promise<{ items: ShopDocument[]; total: number }> {
    const items: ShopDocument[] = [];
    let total = 0;
    for (let page = 1; items.length < count; page++) {
      const list = await options.coas.listBatches({ q, page, limit: COAS_MAX_PAGE_SIZE });
      total = list.totalBatches;
      items.push(...list.items.map(fromCoa));
      if (page >= list.totalPages) break;
    }
    return { items: items.slice(0, count), total };
  }

  return {
    /**
     * All Documents, newest issue date first, a page at a time: the stored documents and the
     * batches' COAs (read through the coas service), of one type, matching words, or only those
     * that expire within 30 days or have expired (COAs do not expire).
     */
    async list(query: DocumentListFilter): Promise<DocumentList> {
      const offset = (query.page - 1) * query.limit;
      const pageOf = (items: ShopDocument[], total: number): DocumentList => ({
        items,
        total,
        totalPages: Math.ceil(total / query.limit),
        currentPage: query.page,
      });
      if (query.type === "coa") {
        if (query.expiring) return pageOf([], 0);
        const list = await options.coas.listBatches({ q: query.q, page: query.page, limit: query.limit });
        return pageOf(list.items.map(fromCoa), list.totalBatches);
      }
      const filter = await storedFilter(query);
      if (filter === null) return pageOf([], 0);
      if (query.type !== undefined || query.expiring) {
        const [total, rows] = await Promise.all([
          repository.count(filter),
          repository.list(filter, { offset, limit: query.limit }),
        ]);
        return pageOf(await toDocuments(rows), total);
      }
      // Both kinds, merged by date: the first pages of each up to this page's end are enough.
      const end = offset + query.limit;
      const [storedTotal, rows, coas] = await Promise.all([
        repository.count(filter),
        repository.list(filter, { offset: 0, limit: end }),
        firstCoas(query.q, end),
      ]);
      const stored = await toDocuments(rows);
      const merged = [...stored, ...coas.items].sort((a, b) =>
        a.issuedOn === b.issuedOn ? 0 : a.issuedOn < b.issuedOn ? 1 : -1,
      );
      return pageOf(merged.slice(offset, end), storedTotal + coas.total);
    },

    /** One document by its id (a COA's is coa:<lot>); NotFound otherwise. */
    async get(id: string): Promise<ShopDocument> {
      if (id.startsWith(COA_PREFIX)) return fromCoa(await options.coas.getBatch(id.slice(COA_PREFIX.length)));
      const row = await repository.find(id);
      if (!row) throw notFound(id);
      return (await toDocuments([row]))[0] as ShopDocument;
    },

    /**
     * Keeps a document: its details checked (dates, the product known), then its file by its
     * bytes. Nothing is written unless everything is right; the file is written before its row,
     * and removed again when the row cannot be.
     */
    async create(fields: DocumentFields, file: Buffer, uploader: Uploader): Promise<ShopDocument> {
      await checkFields(fields);
      const checked = await checkDocumentFile(file);
      const id = newId();
      const stamp = now().toISOString();
      await options.files.write(id, checked.bytes);
      try {
        await repository.insert({
          id,
          ...columnsOf(fields),
          content_type: checked.contentType,
          file_bytes: checked.bytes.length,
          uploaded_by_id: uploader.id,
          uploaded_by_name: uploader.name,
          created_at: stamp,
          updated_at: stamp,
        });
      } catch (error) {
        await options.files.remove(id);
        throw error;
      }
      return this.get(id);
    },

    /** Changes a stored document's details (its file stays); a COA is changed under Lab Results. */
    async update(id: string, fields: DocumentFields): Promise<ShopDocument> {
      if (id.startsWith(COA_PREFIX)) throw coaElsewhere();
      if (!(await repository.find(id))) throw notFound(id);
      await checkFields(fields);
      const updated = await repository.update(id, {
        ...columnsOf(fields),
        updated_at: now().toISOString(),
      });
      if (!updated) throw notFound(id);
      return this.get(id);
    },

    /** Deletes a stored document and its file; a COA is withdrawn under Lab Results. */
    async delete(id: string): Promise<void> {
      if (id.startsWith(COA_PREFIX)) throw coaElsewhere();
      if (!(await repository.delete(id))) throw notFound(id);
      await options.files.remove(id);
    },

    /** A stored document's file with what its answer needs; NotFound for an unknown id. */
    async file(id: string): Promise<{ title: string; contentType: string; bytes: Buffer }> {
      const row = id.startsWith(COA_PREFIX) ? undefined : await repository.find(id);
      if (!row) throw notFound(id);
      const bytes = await options.files.read(row.id);
      // The row names a file that is gone: a broken install, not the caller's mistake.
      if (!bytes) throw new Error(`The file of document ${row.id} is missing from the private documents folder`);
      return { title: row.title, contentType: row.content_type, bytes };
    },

    /** The licenses that expire within 30 days, and those that have expired, for the dashboard home. */
    async licenseExpiry(): Promise<LicenseExpiry> {
      const today = dayOf(now());
      const [expiringSoon, expired] = await Promise.all([
        repository.countExpiring("license", today, expiryWarningUntil(now())),
        repository.countExpiring("license", null, addDays(today, -1)),
      ]);
      return { expiringSoon, expired };
    },
  };

  async function checkFields(fields: DocumentFields): Promise<void> {
    const today = dayOf(now());
    if (fields.issuedOn > today) {
      throw new Invalid(DOCUMENT_MESSAGES.issuedInFuture, { fields: { issuedOn: DOCUMENT_MESSAGES.issuedInFuture } });
    }
    if (fields.productId !== null && !(await options.catalog.productLabels([fields.productId])).has(fields.productId)) {
      throw new Invalid(DOCUMENT_MESSAGES.productNotFound, {
        fields: { productId: DOCUMENT_MESSAGES.productNotFound },
      });
    }
  }
}

export type DocumentService = ReturnType<typeof createDocumentService>;
