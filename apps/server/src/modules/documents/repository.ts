import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import type { Database, DocumentsTable, StoredDocumentType } from "../../db/types.ts";
import { countRows } from "../../lib/count-rows.ts";

export interface DocumentFilter {
  type?: StoredDocumentType | undefined;
  /** Documents that expire on or before this day (YYYY-MM-DD), expired ones included. */
  expiringBy?: string | undefined;
  /**
   * Each word (lower-case letters and digits) must be part of the title, the notes or the lot
   * number, or belong to the product's name: `productIds` are the products whose names contain it.
   */
  words?: { word: string; productIds: string[] }[] | undefined;
}

function filterBy(filter: DocumentFilter) {
  return (eb: ExpressionBuilder<Database, "documents">) => {
    const conditions = [];
    if (filter.type !== undefined) conditions.push(eb("type", "=", filter.type));
    if (filter.expiringBy !== undefined) {
      conditions.push(eb.and([eb("expires_on", "is not", null), eb("expires_on", "<=", filter.expiringBy)]));
    }
    // A shop keeps hundreds of documents, not millions: lower() LIKE is fast enough and the same
    // on both engines (words hold letters and digits only, so no LIKE wildcard can slip in).
    for (const { word, productIds } of filter.words ?? []) {
      const pattern = `%${word}%`;
      const inText = [
        eb(eb.fn("lower", ["title"]), "like", pattern),
        eb(eb.fn("lower", [eb.fn.coalesce("notes", sql.lit(""))]), "like", pattern),
        eb(eb.fn("lower", [eb.fn.coalesce("lot_number", sql.lit(""))]), "like", pattern),
      ];
      if (productIds.length > 0) inText.push(eb("product_id", "in", productIds));
      conditions.push(eb.or(inText));
    }
    return eb.and(conditions);
  };
}

export function createDocumentRepository(db: Kysely<Database>) {
  return {
    count(filter: DocumentFilter): Promise<number> {
      return countRows(db.selectFrom("documents").where(filterBy(filter)));
    },

    /** Newest issue date first; documents of the same day newest upload first. */
    list(filter: DocumentFilter, page: { offset: number; limit: number }) {
      return db
        .selectFrom("documents")
        .where(filterBy(filter))
        .selectAll()
        .orderBy("issued_on", "desc")
        .orderBy("id", "desc")
        .offset(page.offset)
        .limit(page.limit)
        .execute();
    },

    /** The products documents are about: what a search by product name looks among. */
    async productIds(): Promise<string[]> {
      const rows = await db
        .selectFrom("documents")
        .select("product_id")
        .distinct()
        .where("product_id", "is not", null)
        .execute();
      return rows.flatMap((row) => (row.product_id === null ? [] : [row.product_id]));
    },

    find(id: string) {
      return db.selectFrom("documents").selectAll().where("id", "=", id).executeTakeFirst();
    },

    async insert(row: DocumentsTable): Promise<void> {
      await db.insertInto("documents").values(row).execute();
    },

    /** Changes a document's details; false when there is no such document. */
    async update(
      id: string,
      changes: Pick<
        DocumentsTable,
        "type" | "title" | "product_id" | "lot_number" | "issued_on" | "expires_on" | "notes" | "updated_at"
      >,
    ): Promise<boolean> {
      const result = await db.updateTable("documents").set(changes).where("id", "=", id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom("documents").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** How many documents of a type expire between two days (inclusive), or before a day. */
    async countExpiring(type: StoredDocumentType, from: string | null, to: string): Promise<number> {
      let query = db
        .selectFrom("documents")
        .where("type", "=", type)
        .where("expires_on", "is not", null)
        .where("expires_on", "<=", to);
      if (from !== null) query = query.where("expires_on", ">=", from);
      return countRows(query);
    },
  };
}

export type DocumentRepository = ReturnType<typeof createDocumentRepository>;
export type DocumentRow = DocumentsTable;
