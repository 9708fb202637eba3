import type { App } from "../app-type.ts";
import { newId } from "../lib/ids.ts";

export interface TestWholesaleAccount {
  status?: "pending" | "approved" | "refused";
  termsDays?: 15 | 30 | null;
  storeState?: string;
  /** Approved licences: state and last valid day. */
  licences?: { state: string; expiresOn: string; number?: string }[];
  /** Approved resale certificates: state and last valid day. */
  certificates?: { state: string; expiresOn: string }[];
}

/**
 * A wholesale account for a buyer written straight into the tables, for tests of what an account
 * may do (checkout, billing, reports); the application and review have their own tests through the API.
 */
export async function addWholesaleAccount(app: App, userId: string, options: TestWholesaleAccount = {}) {
  const at = new Date().toISOString();
  const id = newId();
  const state = options.storeState ?? "NV";
  const documents = [
    ...(options.licences ?? [{ state, expiresOn: "2099-12-31" }]).map((licence) => ({
      kind: "licence" as const,
      state: licence.state,
      number: licence.number ?? `LIC-${licence.state}-1`,
      expires_on: licence.expiresOn,
    })),
    ...(options.certificates ?? []).map((certificate) => ({
      kind: "resale_certificate" as const,
      state: certificate.state,
      number: `RC-${certificate.state}-1`,
      expires_on: certificate.expiresOn,
    })),
  ];
  await app.db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto("wholesale_accounts")
      .values({
        id,
        user_id: userId,
        status: options.status ?? "approved",
        business_name: "Corner Smoke Shop LLC",
        ein: "12-3456789",
        store_line1: "1 Main St",
        store_line2: null,
        store_city: "Reno",
        store_state: state,
        store_zip: "89501",
        terms_days: options.termsDays ?? null,
        refusal_reason: null,
        reviewed_by: null,
        reviewed_at: options.status === "pending" ? null : at,
        created_at: at,
        updated_at: at,
      })
      .execute();
    for (const document of documents) {
      await trx
        .insertInto("wholesale_documents")
        .values({
          id: newId(),
          account_id: id,
          ...document,
          file_name: `${document.kind}.pdf`,
          content_type: "application/pdf",
          status: "approved",
          refusal_reason: null,
          reviewed_by: null,
          reviewed_at: at,
          created_at: at,
        })
        .execute();
    }
  });
  return { id };
}
