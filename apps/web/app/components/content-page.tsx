import { formatDate } from "@shop/shared/rules";
import type { ReactNode } from "react";
import { href } from "react-router";
import { Breadcrumb } from "./breadcrumb.tsx";

export interface ContentSection {
  /** The in-page anchor (`/terms-and-conditions#eligibility`); keep it stable, people link to it. */
  id: string;
  title: string;
  content: ReactNode;
}

interface ContentPageProps {
  title: string;
  /** ISO date (YYYY-MM-DD) of the last change to the text; policies show it, the About page does not. */
  lastUpdated?: string;
  intro?: ReactNode;
  sections: ContentSection[];
  /** Lists the sections at the top with links to their anchors. */
  tableOfContents?: boolean;
}

// Prose styles for the text the pages write as plain HTML (Tailwind's typography plugin is not installed).
const prose = [
  "text-base leading-7 text-ink/90",
  "[&_p]:mt-4",
  "[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6",
  "[&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6",
  "[&_li]:pl-1 [&_li]:marker:text-brand-600",
  "[&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-ink",
  "[&_strong]:font-semibold [&_strong]:text-ink",
  "[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:decoration-brand-500/40 [&_a]:underline-offset-2",
  "[&_a:hover]:text-brand-900 [&_a:hover]:decoration-brand-700",
].join(" ");

/** The one layout of the shop's long text pages: About Us, Terms, and the policies. */
export function ContentPage({ title, lastUpdated, intro, sections, tableOfContents = false }: ContentPageProps) {
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <Breadcrumb items={[{ label: "Home", to: href("/") }, { label: title }]} />
      <header className="mt-3 border-line border-b pb-8">
        <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">{title}</h1>
        {lastUpdated && (
          <p className="mt-3 text-muted text-sm">
            Last updated <time dateTime={lastUpdated}>{formatDate(lastUpdated)}</time>
          </p>
        )}
        {intro && <div className="mt-5 text-base text-muted leading-7 sm:text-lg sm:leading-8">{intro}</div>}
      </header>

      {tableOfContents && (
        <nav aria-labelledby="toc-title" className="mt-8 rounded-2xl border border-line bg-white p-5 sm:p-6">
          <p id="toc-title" className="font-semibold text-sm">
            On this page
          </p>
          <ol className="mt-3 list-decimal gap-x-10 pl-6 text-sm marker:text-muted sm:columns-2">
            {sections.map((section) => (
              <li key={section.id} className="break-inside-avoid py-1 pl-1">
                <a href={`#${section.id}`} className="text-brand-700 hover:text-brand-900 hover:underline">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      )}

      <div className={`mt-10 space-y-10 ${prose}`}>
        {sections.map((section) => (
          // The fixed header covers the top of the window; the scroll margin keeps a jumped-to heading visible.
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
            <h2 id={`${section.id}-title`} className="font-semibold text-ink text-xl tracking-tight sm:text-2xl">
              {section.title}
            </h2>
            {section.content}
          </section>
        ))}
      </div>
    </main>
  );
}
