import { type SelectQueryBuilder, sql } from "kysely";

/** How many rows a query's FROM and WHERE match (`count(*)`, a number on SQLite and PostgreSQL alike). */
export async function countRows<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const row = await query
    .select(sql<number | string>`count(*)`.as("n"))
    // The row is that one column whatever the query's tables (Kysely cannot see it through the generics).
    .$castTo<{ n: number | string }>()
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
