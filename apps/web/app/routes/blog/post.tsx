import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { Breadcrumb } from "../../components/breadcrumb.tsx";
import { ResponsiveImage } from "../../components/catalog/responsive-image.tsx";
import { PostCard } from "../../features/blog/post-card.tsx";
import { blogSection } from "../../features/blog/sections.ts";
import { formatDate } from "../../lib/format.ts";
import { pageMeta } from "../../lib/meta.ts";
import { pageData } from "../../lib/page-data.ts";
import type { Route } from "./+types/post";

export async function loader({ params, context }: Route.LoaderArgs) {
  const post = await pageData(() => context.services.blog.getPost(params.slug));
  const section = await context.services.blog.listPosts({ page: 1, limit: 3, section: post.section });
  return {
    post,
    more: section.items.filter((other) => other.id !== post.id).slice(0, 2),
    publicUrl: context.publicUrl,
  };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return pageMeta("Post not found", "This post does not exist.");
  const image = data.post.image;
  return pageMeta(data.post.title, data.post.excerpt, {
    type: "article",
    image: image ? `${data.publicUrl}${image.src}` : undefined,
  });
}

// Prose styles for the post's HTML (Tailwind's typography plugin is not installed; a strict CSP
// forbids style attributes, and the server's renderer writes none).
const prose = [
  "text-base leading-7 text-ink/90 sm:text-lg sm:leading-8",
  "[&>*:first-child]:mt-0",
  "[&_p]:mt-5",
  "[&_h2]:mt-12 [&_h2]:font-semibold [&_h2]:text-2xl [&_h2]:text-ink [&_h2]:tracking-tight [&_h2]:leading-tight",
  "[&_h3]:mt-8 [&_h3]:font-semibold [&_h3]:text-ink [&_h3]:text-xl [&_h3]:leading-snug",
  "[&_h2+*]:mt-4 [&_h3+*]:mt-3",
  "[&_ul]:mt-5 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6",
  "[&_ol]:mt-5 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6",
  "[&_li]:pl-1 [&_li]:marker:text-brand-600 [&_ol>li]:marker:font-semibold",
  "[&_strong]:font-semibold [&_strong]:text-ink",
  "[&_em]:italic",
  "[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:decoration-brand-500/40 [&_a]:underline-offset-2",
  "[&_a:hover]:text-brand-900 [&_a:hover]:decoration-brand-700",
].join(" ");

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, more } = loaderData;
  const section = blogSection(post.section);
  const initials = post.authorName
    .split(/\s+/)
    .filter((word) => /^[A-Za-z]/.test(word))
    .slice(0, 2)
    .map((word) => word[0])
    .join("");

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <article className="mx-auto max-w-3xl">
        <Breadcrumb
          items={[
            { label: "Home", to: "/" },
            { label: "Blog", to: "/blog" },
            { label: section.label, to: `/blog/${section.slug}` },
            { label: post.title },
          ]}
        />
        <header className="mt-6">
          <Link
            to={`/blog/${section.slug}`}
            className="inline-block rounded-full bg-brand-50 px-3 py-1 font-medium text-brand-700 text-sm hover:bg-brand-100"
          >
            {section.label}
          </Link>
          <h1 className="mt-4 text-balance font-bold text-3xl tracking-tight sm:text-5xl sm:leading-tight">
            {post.title}
          </h1>
          <p className="mt-4 text-lg text-muted leading-relaxed sm:text-xl">{post.excerpt}</p>
          <div className="mt-6 flex items-center gap-3 text-sm">
            <span
              aria-hidden="true"
              className="inline-flex size-10 items-center justify-center rounded-full bg-brand-700 font-semibold text-white"
            >
              {initials}
            </span>
            <p>
              <span className="block font-medium">{post.authorName}</span>
              <time dateTime={post.publishedAt} className="text-muted">
                {formatDate(post.publishedAt)}
              </time>
            </p>
          </div>
        </header>

        {post.image && (
          <div className="mt-8 aspect-video overflow-hidden rounded-3xl border border-line bg-brand-50">
            <ResponsiveImage
              image={{ ...post.image, alt: "" }}
              sizes="(min-width: 768px) 48rem, 100vw"
              className="h-full w-full"
              priority
            />
          </div>
        )}

        <div
          className={`mt-10 ${prose}`}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: bodyHtml is rendered on the server from escaped Markdown with an allow-list of tags (modules/blog/markdown.ts)
          dangerouslySetInnerHTML={{ __html: post.bodyHtml }}
        />

        <footer className="mt-12 border-line border-t pt-6">
          <Link
            to={`/blog/${section.slug}`}
            className="inline-flex items-center gap-2 font-medium text-brand-700 text-sm hover:text-brand-900"
          >
            <ArrowLeft aria-hidden="true" className="size-4" /> Back to {section.label}
          </Link>
        </footer>
      </article>

      {more.length > 0 && (
        <section aria-labelledby="more-posts" className="mx-auto mt-16 max-w-3xl">
          <h2 id="more-posts" className="font-bold text-2xl tracking-tight">
            More in {section.label}
          </h2>
          <ul className="mt-6 grid gap-5 sm:grid-cols-2">
            {more.map((other) => (
              <li key={other.id} className="flex">
                <PostCard post={other} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../../components/route-error-boundary.tsx";
