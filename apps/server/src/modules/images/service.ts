import { createHash } from "node:crypto";
import { access, mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Image } from "@shop/shared";
import sharp from "sharp";
import type { Db } from "../../db/database.ts";

/** Widths of the WebP renditions kept for every image; none is wider than the original. */
export const RENDITION_WIDTHS = [320, 640, 1024, 1600] as const;
/** The rendition used as plain `src`. */
const DEFAULT_WIDTH = 640;

export interface StoredImage {
  key: string;
  width: number;
  height: number;
  widths: number[];
}

export interface ImageRow {
  key: string;
  width: number;
  height: number;
  widths: string;
}

async function fileExists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

export function createImageService(db: Db, uploadsDir: string) {
  /**
   * Re-encodes an image to WebP renditions (metadata stripped) named by the content hash,
   * and records it. Storing the same picture twice is a no-op.
   */
  async function store(input: Buffer): Promise<StoredImage> {
    const key = createHash("sha256").update(input).digest("hex").slice(0, 32);
    const { width = 0, height = 0 } = await sharp(input).metadata();
    const widths: number[] = RENDITION_WIDTHS.filter((w) => w < width);
    widths.push(Math.min(width, RENDITION_WIDTHS.at(-1) ?? width));
    const uniqueWidths = [...new Set(widths)].sort((a, b) => a - b);

    await mkdir(uploadsDir, { recursive: true });
    for (const w of uniqueWidths) {
      const file = path.join(uploadsDir, `${key}-${w}.webp`);
      if (await fileExists(file)) continue;
      const webp = await sharp(input)
        .rotate()
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, webp);
      await rename(partial, file);
    }

    const stored = { key, width, height, widths: uniqueWidths };
    await db.kysely
      .insertInto("images")
      .values({ key, width, height, widths: uniqueWidths.join(","), created_at: new Date().toISOString() })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
    return stored;
  }

  return { store };
}

export type ImageService = ReturnType<typeof createImageService>;

/** Turns a stored image into what <img> needs. */
export function toImage(row: ImageRow, alt: string): Image {
  const widths = row.widths.split(",").map(Number);
  const url = (w: number) => `/uploads/${row.key}-${w}.webp`;
  const middle = widths.find((w) => w >= DEFAULT_WIDTH) ?? widths.at(-1) ?? DEFAULT_WIDTH;
  return {
    src: url(middle),
    srcSet: widths.map((w) => `${url(w)} ${w}w`).join(", "),
    width: row.width,
    height: row.height,
    alt,
  };
}

/** The image columns a query gets from `left join images as i` (aliased image_*). */
export interface JoinedImage {
  image_key: string | null;
  image_width: number | null;
  image_height: number | null;
  image_widths: string | null;
}

export function joinedImage(row: JoinedImage, alt: string): Image | null {
  if (row.image_key === null || row.image_width === null || row.image_height === null || row.image_widths === null) {
    return null;
  }
  return toImage(
    { key: row.image_key, width: row.image_width, height: row.image_height, widths: row.image_widths },
    alt,
  );
}
