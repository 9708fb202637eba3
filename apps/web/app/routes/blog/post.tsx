import { formatDate } from "@shop/shared/rules";
import { ArrowLeft } from "lucide-react";
import { href, Link } from "react-router";
import { Breadcrumb } from "../../components/breadcrumb.tsx";
import { ResponsiveImage } from "../../components/catalog/responsive-image.tsx";
import { proseClass } from "../../components/prose.ts";
import { PostCard } from "../../features/blog/components/post-card.tsx";
import { blogSection } from "../../features/blog/sections.ts";
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
            { label: "Home", to: href("/") },
            { label: "Blog", to: href("/blog") },
            { label: section.label, to: href(`/blog/${section.slug}`) },
            { label: post.title },
          ]}
        />
        <header className="mt-6">
          <Link
            to={href(`/blog/${section.slug}`)}
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
          className={`mt-10 ${proseClass}`}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: bodyHtml is rendered on the server from CommonMark with raw HTML off, links and pictures checked (modules/blog/markdown.ts, decision 058)
          dangerouslySetInnerHTML={{ __html: post.bodyHtml }}
        />

        <footer className="mt-12 border-line border-t pt-6">
          <Link
            to={href(`/blog/${section.slug}`)}
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
