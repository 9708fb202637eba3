import type { BlogState } from "@shop/shared";
import type { ExpressionBuilder, Insertable, Kysely, Updateable } from "kysely";
import { containsText } from "../../db/conditions.ts";
import type { BlogPostsTable, Database } from "../../db/types.ts";
import { countRows } from "../../lib/count-rows.ts";

export interface PublishedFilter {
  /** ISO-8601 UTC: posts published at or before it are public; later ones are scheduled. */
  now: string;
  section?: BlogPostsTable["section"] | undefined;
}

type PostsExpression = ExpressionBuilder<{ b: Database["blog_posts"] }, "b">;

/** Published posts only: not a draft, and a publish date that has come (a later one is scheduled). */
function publishedFilter(filter: PublishedFilter) {
  return (eb: PostsExpression) => {
    const conditions = [
      eb("b.status", "=", "published"),
      eb("b.published_at", "is not", null),
      eb("b.published_at", "<=", filter.now),
    ];
    if (filter.section !== undefined) conditions.push(eb("b.section", "=", filter.section));
    return eb.and(conditions);
  };
}

export interface AdminFilter {
  now: string;
  section?: BlogPostsTable["section"] | undefined;
  state?: BlogState | undefined;
  /** Each word must be in the title, the slug or the excerpt. */
  words: string[];
}

function adminFilter(filter: AdminFilter) {
  return (eb: PostsExpression) => {
    const conditions = [];
    if (filter.section !== undefined) conditions.push(eb("b.section", "=", filter.section));
    if (filter.state === "draft") conditions.push(eb("b.status", "=", "draft"));
    if (filter.state === "published") conditions.push(publishedFilter({ now: filter.now })(eb));
    if (filter.state === "scheduled") {
      conditions.push(
        eb.and([
          eb("b.status", "=", "published"),
          eb.or([eb("b.published_at", "is", null), eb("b.published_at", ">", filter.now)]),
        ]),
      );
    }
    for (const word of filter.words) {
      conditions.push(
        eb.or([
          containsText(eb.ref("b.title"), word),
          containsText(eb.ref("b.slug"), word),
          containsText(eb.ref("b.excerpt"), word),
        ]),
      );
    }
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
  const adminColumns = [...summaryColumns, "b.status", "b.created_at", "b.updated_at"] as const;

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

    countAll(filter: AdminFilter): Promise<number> {
      return countRows(db.selectFrom("blog_posts as b").where(adminFilter(filter)));
    },

    /** Every post, drafts and scheduled ones too, last changed first. */
    async listAll(filter: AdminFilter, page: { offset: number; limit: number }) {
      return postsWithCover()
        .where(adminFilter(filter))
        .select(adminColumns)
        .orderBy("b.updated_at", "desc")
        .orderBy("b.id", "desc")
        .offset(page.offset)
        .limit(page.limit)
        .execute();
    },

    async find(id: string) {
      return postsWithCover().where("b.id", "=", id).select(adminColumns).select("b.body").executeTakeFirst();
    },

    /** The id of the post that has `slug`, if any. */
    async slugOwner(slug: string): Promise<string | undefined> {
      const row = await db.selectFrom("blog_posts").select("id").where("slug", "=", slug).executeTakeFirst();
      return row?.id;
    },

    /** The posts whose slugs start with `base` (slugs hold no LIKE wildcards), for the first free one. */
    slugsLike(base: string): Promise<{ id: string; slug: string }[]> {
      return db.selectFrom("blog_posts").select(["id", "slug"]).where("slug", "like", `${base}%`).execute();
    },

    async insert(row: Insertable<BlogPostsTable>): Promise<void> {
      await db.insertInto("blog_posts").values(row).execute();
    },

    async update(id: string, values: Updateable<BlogPostsTable>): Promise<boolean> {
      const result = await db.updateTable("blog_posts").set(values).where("id", "=", id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom("blog_posts").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type BlogRepository = ReturnType<typeof createBlogRepository>;
export type BlogAdminRow = NonNullable<Awaited<ReturnType<BlogRepository["find"]>>>;
