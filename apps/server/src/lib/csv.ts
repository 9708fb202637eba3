import { Readable } from "node:stream";
import { dayOf } from "@shop/shared/rules";
import { z } from "zod";

/**
 * Rows a CSV export reads at a time: 100k rows are never all in memory, and each batch's query
 * (a sort of the filtered orders) runs 20 times for them.
 */
export const CSV_BATCH = 5_000;

/** The headers of a CSV download named after what it holds and today's date: `billing-invoices-2026-11-24.csv`. */
export function csvDownloadHeaders(name: string, now: Date = new Date()): Record<string, string> {
  const today = dayOf(now);
  return {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${name}-${today}.csv"`,
  };
}

/** A route's 200 answer that is a CSV file, streamed as it is read (documented as text). */
export const csvFileAnswer = {
  description: "The CSV file",
  content: {
    "text/csv": {
      schema: z
        .custom<Readable>((value) => value instanceof Readable, { error: "must be a stream" })
        .meta({ type: "string", format: "binary" }),
    },
  },
};
