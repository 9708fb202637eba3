import type { BlogPostSummary } from "@shop/shared";
import { formatDate } from "@shop/shared/rules";
import { href, Link } from "react-router";
import { ResponsiveImage } from "../../../components/catalog/responsive-image.tsx";
import { blogSection } from "../sections.ts";

/**
 * lead: the wide card that opens a first page, picture beside the text on large screens;
 * large: one of two cards sharing the first row; card: the rest.
 */
export type PostCardVariant = "lead" | "large" | "card";

interface Props {
  post: BlogPostSummary;
  variant?: PostCardVariant;
  priority?: boolean;
  /** h2 on the blog's lists; h3 where the cards sit under a heading of their own. */
  headingLevel?: 2 | 3;
}

const imageSizes: Record<PostCardVariant, string> = {
  lead: "(min-width: 1280px) 46rem, (min-width: 1024px) 60vw, 100vw",
  large: "(min-width: 1280px) 38rem, (min-width: 640px) 50vw, 100vw",
  card: "(min-width: 1024px) 25rem, (min-width: 640px) 50vw, 100vw",
};

/** A post's card; the whole card is the link to the post. */
export function PostCard({ post, variant = "card", priority = false, headingLevel = 2 }: Props) {
  const Heading = headingLevel === 3 ? "h3" : "h2";
  const lead = variant === "lead";
  return (
    <article
      className={`group relative flex w-full overflow-hidden rounded-2xl border border-line bg-white transition hover:-translate-y-0.5 hover:shadow-lg ${
        lead ? "flex-col lg:flex-row" : "flex-col"
      }`}
    >
      <div className={`aspect-video shrink-0 overflow-hidden bg-brand-50 ${lead ? "lg:w-3/5" : ""}`}>
        <ResponsiveImage
          image={post.image ? { ...post.image, alt: "" } : null}
          sizes={imageSizes[variant]}
          className="h-full w-full transition duration-300 group-hover:scale-105"
          priority={priority}
        />
      </div>
      <div
        className={`flex flex-1 flex-col p-5 ${lead ? "sm:p-6 lg:justify-center lg:p-10" : variant === "large" ? "sm:p-6" : ""}`}
      >
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 font-medium text-brand-700">
            {blogSection(post.section).label}
          </span>
          <time dateTime={post.publishedAt} className="text-muted">
            {formatDate(post.publishedAt)}
          </time>
        </p>
        <Heading
          className={`mt-3 font-semibold tracking-tight ${
            lead
              ? "text-2xl leading-tight sm:text-3xl"
              : variant === "large"
                ? "text-xl leading-snug sm:text-2xl"
                : "text-lg leading-snug"
          }`}
        >
          <Link
            to={href("/blog/:slug", { slug: post.slug })}
            className="after:absolute after:inset-0"
            prefetch="intent"
          >
            {post.title}
          </Link>
        </Heading>
        <p
          className={`mt-2 text-muted ${lead ? "sm:text-lg" : variant === "large" ? "line-clamp-3 sm:text-lg" : "line-clamp-3"}`}
        >
          {post.excerpt}
        </p>
        <p className={`font-medium text-sm ${lead ? "pt-6" : "mt-auto pt-4"}`}>{post.authorName}</p>
      </div>
    </article>
  );
}
