import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import { openDatabase } from "../db/database.ts";

// One of several processes writing to one SQLite file at once (database.test.ts). It opens the
// database, says "ready", waits for "go" on stdin, then runs read-then-write transactions and
// prints what it wrote and every error it met as one JSON line.
const [dataDir = "", worker = "0", count = "0"] = process.argv.slice(2);
const db = openDatabase({ databaseUrl: undefined, dataDir });
console.log("ready");
await new Promise((resolve) => process.stdin.once("data", resolve));

const errors: string[] = [];
let written = 0;
for (let i = 0; i < Number(count); i++) {
  try {
    await db.kysely.transaction().execute(async (trx) => {
      const { rows } = await sql<{ next: number }>`
        select count(*) as next from concurrent_writes where worker = ${Number(worker)}`.execute(trx);
      // A moment of work between the read and the write, as a service has.
      await sleep(1);
      await sql`insert into concurrent_writes (worker, seq) values (${Number(worker)}, ${rows[0]?.next})`.execute(trx);
    });
    written++;
  } catch (error) {
    errors.push(error instanceof Error ? `${(error as { code?: string }).code}: ${error.message}` : String(error));
  }
}
await db.close();
console.log(JSON.stringify({ written, errors }));
process.stdin.destroy();
