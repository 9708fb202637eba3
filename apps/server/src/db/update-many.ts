import { sql } from "kysely";
import type { Executor } from "./database.ts";

/** Rows a statement writes at once: far below both engines' limits on bound parameters. */
const WRITE_BATCH = 400;

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

/**
 * Changes many rows of `table`, each only if it is still as it was read (its updated_at): rows that
 * change the same columns go together, a few hundred a statement (`update … from (values …)`,
 * joined on id and updated_at), so that each row is written only where it changed (docs/decisions/059).
 * `integerColumns` names the table's integer columns, which PostgreSQL would otherwise read as
 * text in VALUES. False when any row changed since it was read; the caller rolls back.
 */
export async function updateManyIfUnchanged<Row>(
  executor: Executor,
  table: "products" | "product_variants",
  rows: readonly { id: string; updatedAt: string; changes: Partial<Row> }[],
  integerColumns: ReadonlySet<keyof Row>,
): Promise<boolean> {
  const groups = new Map<string, (typeof rows)[number][]>();
  for (const row of rows) {
    const key = Object.keys(row.changes).sort().join();
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  for (const group of groups.values()) {
    for (const batch of chunks(group, WRITE_BATCH)) {
      const columns = Object.keys(batch[0]?.changes ?? {}) as (keyof Row & string)[];
      const value = (column: keyof Row, cell: unknown) =>
        integerColumns.has(column) ? sql`cast(${cell ?? null} as integer)` : sql`${cell ?? null}`;
      const values = sql.join(
        batch.map(
          (row) =>
            sql`(${sql.join([sql`${row.id}`, sql`${row.updatedAt}`, ...columns.map((c) => value(c, row.changes[c]))])})`,
        ),
      );
      // VALUES columns are column1, column2, … on both engines.
      const assignments = sql.join(columns.map((c, i) => sql`${sql.ref(c)} = ${sql.ref(`v.column${i + 3}`)}`));
      const result = await sql`update ${sql.table(table)} set ${assignments} from (values ${values}) as v
        where ${sql.ref(`${table}.id`)} = v.column1 and ${sql.ref(`${table}.updated_at`)} = v.column2`.execute(
        executor,
      );
      if (Number(result.numAffectedRows ?? 0n) !== batch.length) return false;
    }
  }
  return true;
}
