import type { ExpressionBuilder, Kysely } from "kysely";
import type { BlogPostsTable, Database } from "../../db/types.ts";
import { countRows } from "../../lib/count-rows.ts";

export interface PublishedFilter {
  /** ISO-8601 UTC: posts published at or before it are public; later ones are scheduled. */
  now: string;
  section?: BlogPostsTable["section"] | undefined;
}

/** Published posts only: a draft has no published_at, a scheduled post's lies in the future. */
function publishedFilter(filter: PublishedFilter) {
  return (eb: ExpressionBuilder<{ b: Database["blog_posts"] }, "b">) => {
    const conditions = [eb("b.published_at", "is not", null), eb("b.published_at", "<=", filter.now)];
    if (filter.section !== undefined) conditions.push(eb("b.section", "=", filter.section));
    return eb.and(conditions);
  };
}

export function createBlogRepository(db: Kysely<Database>) {
  const summaryColumns = [
    "b.id",
    "b.slug",
    "b.section",
    "b.title",
    "b.excerpt",
    "b.author_name",
    "b.published_at",
    "i.key as image_key",
    "i.width as image_width",
    "i.height as image_height",
    "i.widths as image_widths",
  ] as const;

  function postsWithCover() {
    return db.selectFrom("blog_posts as b").leftJoin("images as i", "i.key", "b.cover_image_key");
  }

  return {
    countPublished(filter: PublishedFilter): Promise<number> {
      return countRows(db.selectFrom("blog_posts as b").where(publishedFilter(filter)));
    },

    /** Newest first; posts published at the same moment keep a stable order by id. */
    async listPublished(filter: PublishedFilter, page: { offset: number; limit: number }) {
      return postsWithCover()
        .where(publishedFilter(filter))
        .select(summaryColumns)
        .orderBy("b.published_at", "desc")
        .orderBy("b.id", "desc")
        .offset(page.offset)
        .limit(page.limit)
        .execute();
    },

    async findPublished(slug: string, now: string) {
      return postsWithCover()
        .where(publishedFilter({ now }))
        .where("b.slug", "=", slug)
        .select(summaryColumns)
        .select("b.body")
        .executeTakeFirst();
    },
  };
}

export type BlogRepository = ReturnType<typeof createBlogRepository>;
