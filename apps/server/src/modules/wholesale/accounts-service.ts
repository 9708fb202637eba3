import {
  type StaffWholesaleAccount,
  type StaffWholesaleDocument,
  type User,
  WHOLESALE_MESSAGES,
  type WholesaleAccount,
  type WholesaleAccountList,
  type WholesaleAccountRow as WholesaleAccountListRow,
  type WholesaleApprove,
  type WholesaleDocument,
  wholesaleApplicationSchema,
  wholesaleDocumentFieldsSchema,
  type wholesaleListQuerySchema,
} from "@shop/shared";
import { US_STATES, wholesaleDocumentKindLabels } from "@shop/shared/constants";
import { Conflict, Invalid, isDomainError, NotFound } from "@shop/shared/errors";
import { dayOf, documentExpiry } from "@shop/shared/rules";
import type { Insertable } from "kysely";
import type { z } from "zod";
import type { Executor } from "../../db/database.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import type { WholesaleDocumentsTable } from "../../db/types.ts";
import { newId } from "../../lib/ids.ts";
import { recordedActor } from "../../lib/recorded-actor.ts";
import type { AuditService } from "../audit/service.ts";
import { checkDocumentFile } from "../documents/file-check.ts";
import type { DocumentFileStore } from "../documents/file-store.ts";
import { letter } from "../mail/letter.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import type { MailMessage } from "../mail/service.ts";
import type { WholesaleAccountRow, WholesaleDocumentRow, WholesaleRepository } from "./repository.ts";

/** A buyer's application as its form sends it: the details (checked here) and the files, in certificate order. */
export interface WholesaleApplicationForm {
  details: unknown;
  licenceFile: Buffer | null;
  certificateFiles: readonly (Buffer | null)[];
}

/** A later licence or certificate as its form sends it. */
export interface WholesaleDocumentForm {
  details: unknown;
  file: Buffer | null;
}

export interface Contact {
  firstName: string;
  name: string;
  email: string;
}

export interface WholesaleAccountsOptions {
  files: DocumentFileStore;
  audit: AuditService;
  outbox: Pick<MailOutbox, "enqueue" | "deliverSoon">;
  /** The shop's name as staff set it, for the letters. */
  shopName: () => Promise<string>;
  /** The shop's address, for the letters' link to the buyer's wholesale page. */
  publicUrl: string;
  /** The buyers' names and e-mail addresses (the users table is the accounts module's). */
  contacts: (userIds: string[]) => Promise<Map<string, Contact>>;
  /** The buyers whose e-mail contains some text (the staff list's search). */
  idsWithEmailLike: (text: string) => Promise<string[]>;
  /** Each account's orders and what it owes on them (the orders are the fulfilment module's). */
  balances: (accountIds: string[]) => Promise<Map<string, { orders: number; dueCents: number }>>;
  now?: () => Date;
}

type Reviewer = Pick<User, "id" | "firstName" | "lastName" | "email">;
type Fields = Record<string, string>;

const WHOLESALE_PAGE = "/account/wholesale";

export function wholesaleFilePath(accountId: string, documentId: string): string {
  return `/api/admin/wholesale-accounts/${encodeURIComponent(accountId)}/documents/${encodeURIComponent(documentId)}/file`;
}

/** Problems by field, as one refusal: the first in the message, every one beside its field. */
function refusal(fields: Fields): Invalid {
  const messages = Object.values(fields);
  const more = messages.length - 1;
  const message =
    more > 0 ? `${messages[0]} (${more} more marked beside ${more === 1 ? "its field" : "their fields"})` : messages[0];
  return new Invalid(message ?? "Please check the form.", { fields });
}

function issuesOf(error: z.ZodError): Fields {
  const fields: Fields = {};
  for (const issue of error.issues) fields[issue.path.join(".") || "form"] ??= issue.message;
  return fields;
}

/** A file checked by its bytes, or its problem written beside `field`. */
async function checkedFile(bytes: Buffer | null, field: string, problems: Fields) {
  if (!bytes || bytes.length === 0) {
    problems[field] ??= WHOLESALE_MESSAGES.file;
    return null;
  }
  try {
    return await checkDocumentFile(bytes);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    problems[field] ??= error.message;
    return null;
  }
}

const termsWords = (termsDays: number | null) =>
  termsDays === null
    ? "You pay for each order as you place it, as retail buyers do."
    : `You may pay on terms: each invoice is due ${termsDays} days after the order is placed (net ${termsDays}).`;

const documentWords = (row: Pick<WholesaleDocumentRow, "kind" | "state" | "number">) =>
  `${wholesaleDocumentKindLabels[row.kind].toLowerCase()} ${row.number} (${US_STATES[row.state as keyof typeof US_STATES] ?? row.state})`;

/**
 * Applying for a wholesale account and staff's review of it (docs/decisions/102): the buyer's
 * application with its licence and resale certificates (files checked by their bytes and kept
 * private), sent again after a refusal; later licences and certificates; the staff list and the
 * approval or refusal of an account or of one document, each in one transaction with its audit
 * entry and its letter to the buyer.
 */
export function createWholesaleAccountsService(repository: WholesaleRepository, options: WholesaleAccountsOptions) {
  const { db } = repository;
  const now = () => options.now?.() ?? new Date();
  const pageUrl = `${options.publicUrl}${WHOLESALE_PAGE}`;

  function toDocument(row: WholesaleDocumentRow, at: Date): WholesaleDocument {
    return {
      id: row.id,
      kind: row.kind,
      state: row.state,
      number: row.number,
      expiresOn: row.expires_on,
      status: row.status,
      refusalReason: row.refusal_reason,
      ...documentExpiry(row.expires_on, at),
      contentType: row.content_type,
      createdAt: row.created_at,
    };
  }

  function toAccount(row: WholesaleAccountRow, documents: WholesaleDocumentRow[], at: Date): WholesaleAccount {
    return {
      id: row.id,
      status: row.status,
      businessName: row.business_name,
      ein: row.ein,
      store: {
        line1: row.store_line1,
        line2: row.store_line2,
        city: row.store_city,
        state: row.store_state,
        zip: row.store_zip,
      },
      termsDays: row.terms_days,
      refusalReason: row.refusal_reason,
      reviewedAt: row.reviewed_at,
      createdAt: row.created_at,
      documents: documents.map((document) => toDocument(document, at)),
    };
  }

  /**
   * What staff see of an account's papers: per kind and state, the approved document that lasts
   * longest (a renewal replaces the one before); the earliest expiry of each kind among them; and
   * a flag when one has expired or expires within 30 days. An account not yet approved shows its
   * documents that wait.
   */
  function expiries(row: WholesaleAccountRow, documents: WholesaleDocumentRow[], at: Date) {
    const counted = row.status === "approved" ? "approved" : "pending";
    const current = new Map<string, WholesaleDocumentRow>();
    for (const document of documents) {
      if (document.status !== counted) continue;
      const key = `${document.kind}:${document.state}`;
      const kept = current.get(key);
      if (!kept || kept.expires_on < document.expires_on) current.set(key, document);
    }
    const earliest = (kind: WholesaleDocumentRow["kind"]) =>
      [...current.values()]
        .filter((document) => document.kind === kind)
        .map((document) => document.expires_on)
        .sort()[0] ?? null;
    let expiryFlag: "expired" | "expiring" | null = null;
    if (row.status === "approved") {
      for (const document of current.values()) {
        const { expired, expiresSoon } = documentExpiry(document.expires_on, at);
        if (expired) expiryFlag = "expired";
        else if (expiresSoon && expiryFlag === null) expiryFlag = "expiring";
      }
    }
    return {
      licenceExpiresOn: earliest("licence"),
      certificateExpiresOn: earliest("resale_certificate"),
      expiryFlag,
    };
  }

  async function staffFacts(rows: WholesaleAccountRow[], documents: WholesaleDocumentRow[], at: Date) {
    const [contacts, balances] = await Promise.all([
      options.contacts(rows.map((row) => row.user_id)),
      options.balances(rows.map((row) => row.id)),
    ]);
    return (row: WholesaleAccountRow) => {
      const contact = contacts.get(row.user_id);
      const balance = balances.get(row.id);
      return {
        buyer: { id: row.user_id, name: contact?.name ?? "(account deleted)", email: contact?.email ?? "" },
        orders: balance?.orders ?? 0,
        balanceDueCents: balance?.dueCents ?? 0,
        ...expiries(
          row,
          documents.filter((document) => document.account_id === row.id),
          at,
        ),
      };
    };
  }

  async function accountById(id: string): Promise<WholesaleAccountRow> {
    const row = await repository.account(id);
    if (!row) throw new NotFound(`There is no wholesale account ${id}.`);
    return row;
  }

  async function staffAccount(id: string): Promise<StaffWholesaleAccount> {
    const row = await accountById(id);
    const documents = await repository.documentsOf(row.id);
    const at = now();
    const facts = (await staffFacts([row], documents, at))(row);
    const account = toAccount(row, documents, at);
    return {
      ...account,
      ...facts,
      documents: account.documents.map(
        (document): StaffWholesaleDocument => ({ ...document, fileUrl: wholesaleFilePath(row.id, document.id) }),
      ),
    };
  }

  /** Writes the files, then `write` in a transaction; the files go again when anything fails. */
  async function keepFiles(files: { id: string; bytes: Buffer }[], write: (trx: Executor) => Promise<void>) {
    const written: string[] = [];
    try {
      for (const file of files) {
        await options.files.write(file.id, file.bytes);
        written.push(file.id);
      }
      await db.transaction().execute(write);
    } catch (error) {
      await Promise.allSettled(written.map((id) => options.files.remove(id)));
      throw error;
    }
  }

  /**
   * The review's letter, written before its transaction (which holds SQLite's one connection) and
   * kept in it, so it is sent exactly when the review is kept.
   */
  async function letterTo(userId: string, write: (contact: Contact, shopName: string) => MailMessage) {
    const contact = (await options.contacts([userId])).get(userId);
    return contact ? write(contact, await options.shopName()) : null;
  }

  async function keepLetter(trx: Executor, message: MailMessage | null) {
    if (message) await options.outbox.enqueue(message, trx);
  }

  function checkNotPast(day: string | undefined, field: string, problems: Fields, today: string) {
    if (day && !problems[field] && day < today) problems[field] = WHOLESALE_MESSAGES.expired;
  }

  const documentRow = (
    accountId: string,
    fields: { kind: WholesaleDocumentRow["kind"]; state: string; number: string; expiresOn: string },
    file: { id: string; contentType: string },
    at: string,
  ): Insertable<WholesaleDocumentsTable> => ({
    id: file.id,
    account_id: accountId,
    kind: fields.kind,
    state: fields.state,
    number: fields.number,
    expires_on: fields.expiresOn,
    file_name: `${fields.kind}-${fields.state}`,
    content_type: file.contentType,
    status: "pending",
    refusal_reason: null,
    reviewed_by: null,
    reviewed_at: null,
    created_at: at,
  });

  return {
    /** The buyer's wholesale account, or null when they never applied. */
    async mine(userId: string): Promise<WholesaleAccount | null> {
      const row = await repository.accountOf(userId);
      if (!row) return null;
      return toAccount(row, await repository.documentsOf(row.id), now());
    },

    /**
     * Applies, or applies again after a refusal (the same row goes back to pending with the new
     * details; the refused documents go). Every problem is said beside its field, and nothing is
     * written unless everything is right. 409 while an application waits or once it is approved.
     */
    async apply(user: User, form: WholesaleApplicationForm): Promise<WholesaleAccount> {
      const existing = await repository.accountOf(user.id);
      if (existing?.status === "pending") throw new Conflict(WHOLESALE_MESSAGES.pending, { code: "wholesale_pending" });
      if (existing?.status === "approved")
        throw new Conflict(WHOLESALE_MESSAGES.approved, { code: "wholesale_approved" });
      const parsed = wholesaleApplicationSchema.safeParse(form.details);
      const problems: Fields = parsed.success ? {} : issuesOf(parsed.error);
      const today = dayOf(now());
      const details = (form.details ?? {}) as { licenceExpiresOn?: unknown; certificates?: unknown };
      const typedCertificates = Array.isArray(details.certificates) ? details.certificates : [];
      if (parsed.success) {
        checkNotPast(parsed.data.licenceExpiresOn, "licenceExpiresOn", problems, today);
        parsed.data.certificates.forEach((certificate, index) => {
          checkNotPast(certificate.expiresOn, `certificates.${index}.expiresOn`, problems, today);
        });
      }
      const licence = await checkedFile(form.licenceFile, "licenceFile", problems);
      const certificates = [];
      for (const [index] of typedCertificates.entries()) {
        certificates.push(
          await checkedFile(form.certificateFiles[index] ?? null, `certificates.${index}.file`, problems),
        );
      }
      if (!parsed.success || Object.keys(problems).length > 0 || !licence) throw refusal(problems);
      const data = parsed.data;
      const at = now().toISOString();
      const accountId = existing?.id ?? newId();
      const files = [licence, ...certificates].map((file) => ({
        id: newId(),
        bytes: (file as NonNullable<typeof file>).bytes,
        contentType: (file as NonNullable<typeof file>).contentType,
      }));
      const [licenceFile, ...certificateFiles] = files as [(typeof files)[number], ...typeof files];
      const documents = [
        documentRow(
          accountId,
          { kind: "licence", state: data.licenceState, number: data.licenceNumber, expiresOn: data.licenceExpiresOn },
          licenceFile,
          at,
        ),
        ...data.certificates.map((certificate, index) =>
          documentRow(
            accountId,
            { kind: "resale_certificate", ...certificate },
            certificateFiles[index] as (typeof files)[number],
            at,
          ),
        ),
      ];
      const columns = {
        status: "pending" as const,
        business_name: data.businessName,
        ein: data.ein,
        store_line1: data.storeLine1,
        store_line2: data.storeLine2,
        store_city: data.storeCity,
        store_state: data.storeState,
        store_zip: data.storeZip,
        terms_days: null,
        refusal_reason: null,
        reviewed_by: null,
        reviewed_at: null,
        updated_at: at,
      };
      let replaced: string[] = [];
      try {
        await keepFiles(files, async (trx) => {
          if (existing) {
            if (!(await repository.updateAccountIn(trx, existing.id, "refused", columns))) {
              throw new Conflict(WHOLESALE_MESSAGES.pending, { code: "wholesale_pending" });
            }
            replaced = await repository.deleteRefusedDocuments(trx, existing.id);
            await repository.insertDocuments(trx, documents);
          } else {
            await repository.insertAccount(
              trx,
              { id: accountId, user_id: user.id, created_at: at, ...columns },
              documents,
            );
          }
        });
      } catch (error) {
        // Two applications at once: the second finds the first's row.
        if (isUniqueViolation(error)) throw new Conflict(WHOLESALE_MESSAGES.pending, { code: "wholesale_pending" });
        throw error;
      }
      await Promise.allSettled(replaced.map((id) => options.files.remove(id)));
      return (await this.mine(user.id)) as WholesaleAccount;
    },

    /** A renewal, or another state's licence or certificate, waiting for staff; the account must be approved. */
    async addDocument(user: User, form: WholesaleDocumentForm): Promise<WholesaleAccount> {
      const account = await repository.accountOf(user.id);
      if (!account) throw new NotFound("You have no wholesale account yet: please apply first.");
      if (account.status === "pending") throw new Conflict(WHOLESALE_MESSAGES.pending, { code: "wholesale_pending" });
      if (account.status === "refused") {
        throw new Conflict("Your application was refused: please apply again with your documents.", {
          code: "wholesale_refused",
        });
      }
      const parsed = wholesaleDocumentFieldsSchema.safeParse(form.details);
      const problems: Fields = parsed.success ? {} : issuesOf(parsed.error);
      if (parsed.success) checkNotPast(parsed.data.expiresOn, "expiresOn", problems, dayOf(now()));
      const file = await checkedFile(form.file, "file", problems);
      if (!parsed.success || !file || Object.keys(problems).length > 0) throw refusal(problems);
      const id = newId();
      const at = now().toISOString();
      await keepFiles([{ id, bytes: file.bytes }], (trx) =>
        repository.insertDocuments(trx, [
          documentRow(account.id, parsed.data, { id, contentType: file.contentType }, at),
        ]),
      );
      return (await this.mine(user.id)) as WholesaleAccount;
    },

    /** The staff list: a status, words of the business's name or the buyer's e-mail; waiting ones first. */
    async list(query: z.output<typeof wholesaleListQuerySchema>): Promise<WholesaleAccountList> {
      const text = query.q?.trim();
      const filter = {
        status: query.status,
        q: text ? { text, userIds: await options.idsWithEmailLike(text) } : undefined,
      };
      const [total, rows] = await Promise.all([
        repository.count(filter),
        repository.list(filter, { offset: (query.page - 1) * query.limit, limit: query.limit }),
      ]);
      const documents = await repository.documentsOfAccounts(rows.map((row) => row.id));
      const at = now();
      const facts = await staffFacts(rows, documents, at);
      return {
        items: rows.map(
          (row): WholesaleAccountListRow => ({
            id: row.id,
            status: row.status,
            businessName: row.business_name,
            termsDays: row.terms_days,
            createdAt: row.created_at,
            ...facts(row),
          }),
        ),
        total,
        totalPages: Math.ceil(total / query.limit),
        currentPage: query.page,
      };
    },

    get: staffAccount,

    /** A document's file for staff, with what its answer needs. */
    async file(accountId: string, documentId: string) {
      const row = await repository.document(accountId, documentId);
      if (!row) throw new NotFound("There is no such document on this wholesale account.");
      const bytes = await options.files.read(row.id);
      if (!bytes)
        throw new Error(`The file of wholesale document ${row.id} is missing from the private documents folder`);
      return { name: `${row.kind}-${row.state}-${row.number}`, contentType: row.content_type, bytes };
    },

    /** Approves a waiting account with its terms, and the documents that wait with it. */
    async approve(id: string, { termsDays }: WholesaleApprove, reviewer: Reviewer): Promise<StaffWholesaleAccount> {
      const row = await accountById(id);
      const at = now().toISOString();
      const message = await letterTo(row.user_id, (contact, shopName) =>
        letter({
          to: contact.email,
          shopName,
          subject: `Your wholesale account with ${shopName} is approved`,
          greeting: `Hello ${contact.firstName},`,
          paragraphs: [
            `We have approved the wholesale account of ${row.business_name}: you now see our wholesale prices and buy by the box.`,
            termsWords(termsDays),
          ],
          action: { label: "Your wholesale account", url: pageUrl },
          after: ["Please send each licence or certificate again before it expires, from the same page."],
        }),
      );
      await db.transaction().execute(async (trx) => {
        const review = { reviewed_by: reviewer.id, reviewed_at: at };
        const changed = await repository.updateAccountIn(trx, id, "pending", {
          status: "approved",
          terms_days: termsDays,
          refusal_reason: null,
          updated_at: at,
          ...review,
        });
        if (!changed) throw notWaiting(row.business_name, (await repository.account(id, trx))?.status ?? row.status);
        const documents = await repository.reviewPendingDocuments(trx, id, {
          status: "approved",
          refusal_reason: null,
          ...review,
        });
        await options.audit.record(trx, {
          actor: recordedActor(reviewer),
          kind: "wholesale_account",
          subjectId: id,
          subjectLabel: row.business_name,
          action: "approved",
          before: { status: row.status, termsDays: row.terms_days },
          after: { status: "approved", termsDays, documentsApproved: documents },
        });
        await keepLetter(trx, message);
      });
      options.outbox.deliverSoon();
      return staffAccount(id);
    },

    /** Refuses a waiting account with a reason the applicant reads; its waiting documents are refused with it. */
    async refuse(id: string, reason: string, reviewer: Reviewer): Promise<StaffWholesaleAccount> {
      const row = await accountById(id);
      const at = now().toISOString();
      const message = await letterTo(row.user_id, (contact, shopName) =>
        letter({
          to: contact.email,
          shopName,
          subject: `Your wholesale application to ${shopName}`,
          greeting: `Hello ${contact.firstName},`,
          paragraphs: [
            `We could not approve the wholesale account of ${row.business_name}, for this reason:`,
            reason,
            "You can apply again with the right details and documents at any time.",
          ],
          action: { label: "Apply again", url: pageUrl },
          after: ["You can still buy from us as a retail buyer."],
        }),
      );
      await db.transaction().execute(async (trx) => {
        const review = { reviewed_by: reviewer.id, reviewed_at: at };
        const changed = await repository.updateAccountIn(trx, id, "pending", {
          status: "refused",
          terms_days: null,
          refusal_reason: reason,
          updated_at: at,
          ...review,
        });
        if (!changed) throw notWaiting(row.business_name, (await repository.account(id, trx))?.status ?? row.status);
        await repository.reviewPendingDocuments(trx, id, { status: "refused", refusal_reason: reason, ...review });
        await options.audit.record(trx, {
          actor: recordedActor(reviewer),
          kind: "wholesale_account",
          subjectId: id,
          subjectLabel: row.business_name,
          action: "refused",
          before: { status: row.status },
          after: { status: "refused", reason },
        });
        await keepLetter(trx, message);
      });
      options.outbox.deliverSoon();
      return staffAccount(id);
    },

    /** Approves or refuses one waiting document of an approved account (a renewal, another state's). */
    async reviewDocument(
      id: string,
      documentId: string,
      decision: { approve: true } | { approve: false; reason: string },
      reviewer: Reviewer,
    ): Promise<StaffWholesaleAccount> {
      const row = await accountById(id);
      const document = await repository.document(id, documentId);
      if (!document) throw new NotFound("There is no such document on this wholesale account.");
      if (row.status !== "approved") {
        throw new Conflict(
          `${row.business_name}'s account is ${row.status === "pending" ? "waiting for review: approve or refuse the account, which reviews its documents with it" : "refused"}.`,
          { code: "wholesale_status" },
        );
      }
      const what = documentWords(document);
      const at = now().toISOString();
      const reason = decision.approve ? null : decision.reason;
      const message = await letterTo(row.user_id, (contact, shopName) =>
        letter({
          to: contact.email,
          shopName,
          subject: decision.approve ? `Your ${what} is approved` : `Your ${what} was not accepted`,
          greeting: `Hello ${contact.firstName},`,
          paragraphs: decision.approve
            ? [`We have approved the ${what} of ${row.business_name}. It is valid through ${document.expires_on}.`]
            : [`We could not accept the ${what} of ${row.business_name}, for this reason:`, reason ?? ""],
          action: { label: "Your wholesale account", url: pageUrl },
          after: decision.approve ? [] : ["Please send a corrected copy from the same page."],
        }),
      );
      await db.transaction().execute(async (trx) => {
        const changed = await repository.reviewDocument(trx, documentId, {
          status: decision.approve ? "approved" : "refused",
          refusal_reason: reason,
          reviewed_by: reviewer.id,
          reviewed_at: at,
        });
        if (!changed) {
          throw new Conflict(
            `The ${what} was already ${document.status === "pending" ? "reviewed" : document.status}.`,
            {
              code: "wholesale_status",
            },
          );
        }
        await options.audit.record(trx, {
          actor: recordedActor(reviewer),
          kind: "wholesale_account",
          subjectId: id,
          subjectLabel: row.business_name,
          action: decision.approve ? `approved the ${what}` : `refused the ${what}`,
          before: { document: documentId, status: "pending" },
          after: { document: documentId, status: decision.approve ? "approved" : "refused", reason },
        });
        await keepLetter(trx, message);
      });
      options.outbox.deliverSoon();
      return staffAccount(id);
    },
  };
}

function notWaiting(business: string, status: WholesaleAccountRow["status"]): Conflict {
  return new Conflict(
    `${business}'s account is ${status === "approved" ? "already approved" : "refused"}: only an application that waits for review can be approved or refused.`,
    { code: "wholesale_status" },
  );
}

export type WholesaleAccountsService = ReturnType<typeof createWholesaleAccountsService>;
