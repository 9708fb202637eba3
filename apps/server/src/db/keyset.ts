import type { ReferenceExpression, SelectQueryBuilder } from "kysely";

/**
 * One page (or batch) of a query in (key, id) order. An export goes on by keyset: `after` keeps the
 * rows beyond the cursor, a key beyond its key or the same key and an id beyond its id ("beyond" is
 * smaller when the order is descending).
 */
export function keysetPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  order: { key: ReferenceExpression<DB, TB>; id: ReferenceExpression<DB, TB>; direction: "asc" | "desc" },
  page: { offset?: number; limit: number; after?: { key: string | number; id: string } | undefined },
) {
  const { key, id, direction } = order;
  const after = page.after;
  const beyond = direction === "desc" ? "<" : ">";
  const rest = after
    ? query.where((eb) =>
        eb.or([eb(key, beyond, after.key), eb.and([eb(key, "=", after.key), eb(id, beyond, after.id)])]),
      )
    : query;
  return rest
    .orderBy(key, direction)
    .orderBy(id, direction)
    .offset(page.offset ?? 0)
    .limit(page.limit);
}
