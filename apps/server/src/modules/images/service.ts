import { createHash } from "node:crypto";
import type { Image } from "@shop/shared";
import { IMAGE_UPLOAD } from "@shop/shared/constants";
import { DomainError, Invalid, isDomainError, TooLarge } from "@shop/shared/errors";
import sharp, { type Metadata } from "sharp";
import type { FileStorage } from "../../lib/storage/file-storage.ts";
import type { ImageRepository } from "./repository.ts";

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

/** What an upload may be (the one constant in @shop/shared the forms check too). */
export const UPLOAD_LIMITS = IMAGE_UPLOAD;

export type ImageFormat = "jpeg" | "png" | "webp";

/**
 * The picture's type from its first bytes, never from its name or Content-Type. Only JPEG, PNG
 * and WebP pass; SVG, HTML and everything else are refused before the image library sees them.
 */
export function sniffImage(input: Buffer): ImageFormat | null {
  if (input.length >= 3 && input[0] === 0xff && input[1] === 0xd8 && input[2] === 0xff) return "jpeg";
  if (input.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (input.subarray(0, 4).toString("latin1") === "RIFF" && input.subarray(8, 12).toString("latin1") === "WEBP") {
    return "webp";
  }
  return null;
}

/** The name a picture is stored under: a hash of its bytes, so the same picture is stored once. */
export function imageKey(input: Buffer): string {
  return createHash("sha256").update(input).digest("hex").slice(0, 32);
}

/** The folder (key prefix) of the pictures' renditions in the shop's file storage, served at /uploads/. */
export const PICTURE_FOLDER = "uploads/";

/** A rendition's file key: the picture's key and its width. */
export const renditionKey = (key: string, width: number) => `${PICTURE_FOLDER}${key}-${width}.webp`;

/**
 * What an uploaded picture is, from its bytes, checked for its size in bytes and pixels and
 * decoded whole once; every refusal says what is wrong in words. Other modules that keep pictures
 * (documents) check theirs with it too.
 */
export async function checkImage(input: Buffer): Promise<ImageFormat> {
  if (input.length === 0) throw new Invalid("The image file is empty.");
  if (input.length > UPLOAD_LIMITS.maxBytes) {
    throw new TooLarge(`The image is too large: at most ${UPLOAD_LIMITS.maxBytes / 1024 / 1024} MB.`);
  }
  const format = sniffImage(input);
  if (!format) throw new Invalid("This file is not a JPEG, PNG or WebP image.");
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new Invalid("This image is damaged and cannot be read.");
  }
  const { width = 0, height = 0 } = metadata;
  if (metadata.format !== format) throw new Invalid("This file is not a JPEG, PNG or WebP image.");
  if (width * height > UPLOAD_LIMITS.maxPixels || width > UPLOAD_LIMITS.maxSide || height > UPLOAD_LIMITS.maxSide) {
    throw new Invalid(
      `The image is too large: ${width}×${height} pixels. At most ${UPLOAD_LIMITS.maxPixels / 1_000_000} megapixels and ${UPLOAD_LIMITS.maxSide} pixels a side.`,
    );
  }
  try {
    // Decoding the whole picture once finds files whose header is fine but whose data is not.
    await sharp(input, { limitInputPixels: UPLOAD_LIMITS.maxPixels }).stats();
  } catch {
    throw new Invalid("This image is damaged and cannot be read.");
  }
  return format;
}

export function createImageService(repository: ImageRepository, storage: FileStorage) {
  /**
   * Re-encodes an image to WebP renditions (metadata stripped) named by the content hash,
   * and records it. Storing the same picture twice is a no-op.
   */
  async function store(input: Buffer): Promise<StoredImage> {
    const key = imageKey(input);
    const { width = 0, height = 0 } = await sharp(input).metadata();
    const widths: number[] = RENDITION_WIDTHS.filter((w) => w < width);
    widths.push(Math.min(width, RENDITION_WIDTHS.at(-1) ?? width));
    const uniqueWidths = [...new Set(widths)].sort((a, b) => a - b);

    for (const w of uniqueWidths) {
      const file = renditionKey(key, w);
      if (await storage.exists(file)) continue;
      const webp = await sharp(input)
        .rotate()
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      await storage.put(file, webp, "image/webp");
    }

    const stored = { key, width, height, widths: uniqueWidths };
    await repository.record({
      key,
      width,
      height,
      widths: uniqueWidths.join(","),
      created_at: new Date().toISOString(),
    });
    return stored;
  }

  /**
   * An uploaded picture: checked by its bytes and its size in bytes and pixels (checkImage), then
   * re-encoded (metadata stripped) by `store`. Every refusal says what is wrong in words.
   */
  async function ingest(input: Buffer): Promise<StoredImage> {
    await checkImage(input);
    return store(input);
  }

  /** `ingest` for a form's file field: a refusal names the field, so the form shows it beside the field. */
  async function ingestField(input: Buffer, field: string): Promise<StoredImage> {
    try {
      return await ingest(input);
    } catch (error) {
      if (isDomainError(error))
        throw new DomainError(error.kind, error.message, { fields: { [field]: error.message } });
      throw error;
    }
  }

  /** The stored images among `keys`, by key: what a post's pictures are checked against and sized by. */
  async function find(keys: readonly string[]): Promise<Map<string, ImageRow>> {
    return new Map((await repository.find(keys)).map((row) => [row.key, row]));
  }

  /** Forgets pictures whose renditions the unused-file cleanup removed (modules/files). */
  function forget(keys: readonly string[]): Promise<void> {
    return repository.forget(keys);
  }

  return { store, ingest, ingestField, find, forget };
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
