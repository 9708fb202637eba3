import type { Banner } from "@shop/shared";
import { ArrowRight, ChevronLeft, ChevronRight } from "lucide-react";
import { useState } from "react";
import { href, Link } from "react-router";
import { ResponsiveImage } from "../../../components/catalog/responsive-image.tsx";

/**
 * The home page's banners as an accessible carousel: one slide shown at a time, previous/next
 * buttons and a picker, no automatic rotation (nothing moves unless the visitor asks).
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const [current, setCurrent] = useState(0);
  const count = banners.length;
  const go = (index: number) => setCurrent((index + count) % count);
  const arrow =
    "inline-flex size-11 items-center justify-center rounded-full bg-white/15 text-white backdrop-blur hover:bg-white/30";

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Offers"
      className="relative isolate grid overflow-hidden bg-brand-900"
    >
      {/* Only the shown slide's picture is drawn. It starts below the header, so the header's
          links never sit on it, and a shade keeps the header's white words readable on any slide. */}
      <ResponsiveImage
        key={banners[current]?.id}
        image={banners[current]?.image ?? null}
        sizes="100vw"
        priority={current === 0}
        className="absolute inset-x-0 top-16 bottom-0 -z-10 h-[calc(100%-4rem)] w-full opacity-60"
      />
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-40 bg-gradient-to-b from-black/45 to-transparent"
      />
      {banners.map((banner, index) => (
        // Every slide fills the same grid cell, so the carousel is as tall as its tallest slide
        // and the page below never moves when another slide is shown.
        // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern marks each slide as a group with aria-roledescription
        <div
          key={banner.id}
          role="group"
          aria-roledescription="slide"
          aria-label={`${index + 1} of ${count}`}
          inert={index !== current}
          className={`[grid-area:1/1] ${index === current ? "" : "invisible"}`}
        >
          <div className="mx-auto max-w-7xl px-4 pt-36 pb-24 sm:px-6 sm:pt-44 sm:pb-28">
            <div className="max-w-xl">
              <h2 className="font-bold text-4xl text-white tracking-tight sm:text-5xl">{banner.tittle}</h2>
              <p className="mt-4 text-lg text-white/90">{banner.description}</p>
              <Link
                to={banner.linkUrl ?? href("/products")}
                className="mt-8 inline-flex items-center gap-2 rounded-full bg-white px-6 py-3 font-semibold text-ink hover:bg-brand-50"
              >
                Shop now <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </div>
          </div>
        </div>
      ))}
      {count > 1 && (
        <div className="absolute inset-x-0 bottom-5 mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
          <div className="flex gap-2">
            {banners.map((banner, index) => (
              <button
                key={banner.id}
                type="button"
                onClick={() => go(index)}
                aria-label={`Show offer ${index + 1}: ${banner.tittle}`}
                aria-current={index === current ? "true" : undefined}
                className="flex size-6 items-center justify-center"
              >
                <span
                  className={`block h-2 rounded-full transition-all ${index === current ? "w-6 bg-white" : "w-2 bg-white/50"}`}
                />
              </button>
            ))}
          </div>
          <div className="flex gap-2">
            <button type="button" onClick={() => go(current - 1)} aria-label="Previous offer" className={arrow}>
              <ChevronLeft aria-hidden="true" className="size-5" />
            </button>
            <button type="button" onClick={() => go(current + 1)} aria-label="Next offer" className={arrow}>
              <ChevronRight aria-hidden="true" className="size-5" />
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
