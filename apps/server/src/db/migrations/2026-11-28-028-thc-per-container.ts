import { type Kysely, sql } from "kysely";

// Frozen. The federal hemp definition in force from 2026-11-12 caps the THC of every kind (delta-9,
// delta-8, THCA and the like) in one container of a finished product at 0.4 mg. A COA may report
// that amount; it is kept, like the alkaloids, in whole micrograms; null means not reported
// (docs/decisions/076).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("coas")
    .addColumn("thc_per_container_ug", "integer", (c) => c.check(sql`thc_per_container_ug >= 0`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("coas").dropColumn("thc_per_container_ug").execute();
}
