import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditKind, type AuditPage, type auditQuerySchema } from "@shop/shared";
import { Invalid } from "@shop/shared/errors";
import type { z } from "zod";
import type { Executor } from "../../db/database.ts";
import { newId } from "../../lib/ids.ts";
import type { AuditRepository } from "./repository.ts";

/** Who made a change: a user (recordedActor), or null for the shop itself (demo data, jobs). */
export type AuditActor = { id: string; name: string } | null;

type Values = Record<string, unknown>;

/** One change, as a module reports it to the log. */
export interface AuditChange {
  actor: AuditActor;
  kind: AuditKind;
  subjectId: string;
  /** What was changed, named as it is at the time (a product's name, an order's number). */
  subjectLabel: string;
  /** What was done, in words: "created", "updated", "deleted", "refunded"… */
  action: string;
  /** The fields before and after; null for created (before) or deleted (after). */
  before: Values | null;
  after: Values | null;
}

/** Names that never go into the log, whatever a module passes, so that no copy of the database holds a secret. */
const SECRET = /password|token|secret|hash/i;

function withoutSecrets(values: Values | null): Values | null {
  if (!values) return null;
  return Object.fromEntries(Object.entries(values).filter(([key]) => !SECRET.test(key)));
}

/**
 * Only the fields that differ, both sides; compared as JSON so that arrays and objects (payment
 * methods, tax by state) compare by value. Null when nothing differs.
 */
export function changedFields(before: Values, after: Values): { before: Values; after: Values } | null {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const changed = keys.filter((key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null));
  if (changed.length === 0) return null;
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(changed.map((key) => [key, after[key] ?? null])),
  };
}

const SYSTEM_NAME = "The shop (no person)";

function encodeCursor(at: string, id: string): string {
  return Buffer.from(JSON.stringify([at, id])).toString("base64url");
}

function decodeCursor(cursor: string): { at: string; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString()) as unknown[];
    if (typeof at === "string" && typeof id === "string") return { at, id };
  } catch {
    // falls through to the error below
  }
  throw new Invalid("This page of the audit log is no longer valid: please start from the first page.", {
    fields: { after: "is not a cursor this list gave" },
  });
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
}

export function createAuditService(repository: AuditRepository, { now = () => new Date() } = {}) {
  /** A change's row, or null for an update that changed nothing. */
  function entryOf(change: AuditChange) {
    let before = withoutSecrets(change.before);
    let after = withoutSecrets(change.after);
    if (before && after) {
      const diff = changedFields(before, after);
      if (!diff) return null;
      ({ before, after } = diff);
    }
    return {
      id: newId(),
      at: now().toISOString(),
      actor_id: change.actor?.id ?? null,
      actor_name: change.actor?.name ?? SYSTEM_NAME,
      kind: change.kind,
      subject_id: change.subjectId,
      subject_label: change.subjectLabel,
      action: change.action,
      before_json: before ? JSON.stringify(before) : null,
      after_json: after ? JSON.stringify(after) : null,
    };
  }

  return {
    /**
     * Adds an entry for a change, in the caller's transaction (`executor`), so that the entry and
     * the change are saved together or not at all. An update that changed nothing adds none.
     * Returns whether an entry was added.
     */
    async record(executor: Executor, change: AuditChange): Promise<boolean> {
      const row = entryOf(change);
      if (row) await repository.insert(executor, row);
      return row !== null;
    },

    /**
     * Adds the entries of many changes at once (an import's), a few hundred a statement, in the
     * caller's transaction, as `record` would one by one. Returns how many were added.
     */
    async recordMany(executor: Executor, changes: readonly AuditChange[]): Promise<number> {
      const rows = changes.map(entryOf).filter((row) => row !== null);
      for (let start = 0; start < rows.length; start += 500) {
        await repository.insertMany(executor, rows.slice(start, start + 500));
      }
      return rows.length;
    },

    /** A page of the log, newest first, filtered by person, kind and days (UTC, both included). */
    async list(query: z.output<typeof auditQuerySchema>): Promise<AuditPage> {
      if (query.from && query.to && query.from > query.to) {
        throw new Invalid("The first day must not be after the last day.", {
          fields: { from: "must be on or before the last day" },
        });
      }
      const rows = await repository.list(
        {
          actorId: query.actor || undefined,
          kind: query.kind,
          from: query.from ? `${query.from}T00:00:00.000Z` : undefined,
          before: query.to ? nextDay(query.to) : undefined,
          after: query.after ? decodeCursor(query.after) : undefined,
        },
        AUDIT_PAGE_SIZE + 1,
      );
      const page = rows.slice(0, AUDIT_PAGE_SIZE);
      const last = page.at(-1);
      const actors = await repository.actors();
      return {
        items: page.map(
          (row): AuditEntry => ({
            id: row.id,
            at: row.at,
            actorId: row.actor_id,
            actorName: row.actor_name,
            kind: row.kind as AuditKind,
            subjectId: row.subject_id,
            subjectLabel: row.subject_label,
            action: row.action,
            before: row.before_json === null ? null : (JSON.parse(row.before_json) as Values),
            after: row.after_json === null ? null : (JSON.parse(row.after_json) as Values),
          }),
        ),
        nextCursor: rows.length > AUDIT_PAGE_SIZE && last ? encodeCursor(last.at, last.id) : null,
        actors: actors
          .map((row) => ({ id: row.actor_id ?? "", name: row.actor_name ?? "" }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
/** What other modules are given: the log's one way in. */
export type AuditRecorder = Pick<AuditService, "record" | "recordMany">;
