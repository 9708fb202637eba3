import { type Kysely, sql } from "kysely";

// Frozen. Two master categories may not share a name, whatever its case (docs/decisions/082): the
// index makes the database refuse the second even when two staff save at the same moment. A shop
// that already has such a pair keeps the oldest as it is and gives each later one a number,
// "Candy (2)", so that nothing is lost and the menus tell them apart.
type Db = Kysely<{ master_categories: { id: string; name: string; created_at: string } }>;

export async function up(db: Db): Promise<void> {
  const rows = await db
    .selectFrom("master_categories")
    .select(["id", "name"])
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const taken = new Set(rows.map((row) => row.name.toLowerCase()));
  const seen = new Set<string>();
  for (const row of rows) {
    const key = row.name.toLowerCase();
    if (!seen.has(key)) {
      seen.add(key);
      continue;
    }
    let n = 2;
    while (taken.has(`${key} (${n})`)) n += 1;
    const name = `${row.name} (${n})`;
    taken.add(name.toLowerCase());
    seen.add(name.toLowerCase());
    await db.updateTable("master_categories").set({ name }).where("id", "=", row.id).execute();
  }
  await db.schema
    .createIndex("master_categories_name_unique")
    .on("master_categories")
    .unique()
    .expression(sql`lower(name)`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("master_categories_name_unique").execute();
}
