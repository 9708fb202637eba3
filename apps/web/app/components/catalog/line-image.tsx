import type { Image } from "@shop/shared";
import { ResponsiveImage } from "./responsive-image.tsx";

/**
 * A cart or order line's small picture in its frame (`className`: its size and corners). The name
 * beside it says what it is, so the picture is decorative.
 */
export function LineImage({ image, sizes, className }: { image: Image | null; sizes: string; className: string }) {
  return (
    <div className={`${className} shrink-0 overflow-hidden border border-line bg-brand-50`}>
      <ResponsiveImage image={image ? { ...image, alt: "" } : null} sizes={sizes} className="h-full w-full" />
    </div>
  );
}
