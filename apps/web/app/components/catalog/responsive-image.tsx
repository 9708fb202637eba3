import type { Image } from "@shop/shared";
import { Package } from "lucide-react";

interface Props {
  image: Image | null;
  /** The rendered width for the browser to pick a rendition, e.g. "(min-width: 1024px) 25vw, 50vw". */
  sizes: string;
  className?: string;
  priority?: boolean;
}

/** A processed picture with its WebP renditions; a calm placeholder when a product has none. */
export function ResponsiveImage({ image, sizes, className = "", priority = false }: Props) {
  if (!image) {
    return (
      <div
        data-placeholder=""
        className={`flex items-center justify-center bg-gradient-to-br from-brand-50 to-brand-100 ${className}`}
        aria-hidden="true"
      >
        <Package className="size-1/3 max-h-24 max-w-24 text-brand-700/40" strokeWidth={1.25} />
      </div>
    );
  }
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding="async"
      className={`object-cover ${className}`}
    />
  );
}
