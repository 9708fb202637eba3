import { addDays } from "@shop/shared/rules";
import { type Expression, type RawBuilder, type SqlBool, sql } from "kysely";

/**
 * `lower(expression)` contains `text`, in any case, the same on both engines: the text's own `%`,
 * `_` and `\` match themselves (SQLite's LIKE has no escape character unless told, PostgreSQL's is
 * `\`, so the clause names it).
 */
export function containsText(expression: Expression<unknown>, text: string): RawBuilder<SqlBool> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${expression}) like ${pattern} escape '\\'`;
}

/** The first instant after a YYYY-MM-DD day (UTC), for "up to and including that day" on timestamps. */
export const endOfDay = (day: string): string => `${addDays(day, 1)}T00:00:00.000Z`;
