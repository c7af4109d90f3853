import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { namedError } from "#app/lib/named-error.ts";
import { PHOTO_MAX_BYTES, PHOTO_MAX_MEGAPIXELS, PHOTOS_MAX_MEGAPIXELS, QUOTE_MESSAGES } from "./schema.ts";

/** A visitor's photo, checked from its bytes and re-encoded without its metadata. */
export type PreparedPhoto = {
  content: Buffer;
  contentType: "image/jpeg" | "image/png" | "image/webp";
  extension: "jpg" | "png" | "webp";
  width: number;
  height: number;
  /** The visitor's file name, cleaned, with the extension of the real type. */
  fileName: string;
};

/** A photo the server refuses; `message` is the French text shown under the field. */
export class PhotoRejectedError extends namedError("PhotoRejectedError") {}

const FORMATS = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
} as const;

/** Longest side kept: plenty for judging a job, and e-mails stay a sensible size. */
export const PHOTO_MAX_SIDE = 2560;
/** Decoding bombs: beyond this many pixels a photo is refused from its header. */
export const PHOTO_MAX_PIXELS = PHOTO_MAX_MEGAPIXELS * 1_000_000;
/** The whole request: decoding costs CPU in proportion to the pixels, whatever the bytes. */
export const PHOTOS_MAX_PIXELS = PHOTOS_MAX_MEGAPIXELS * 1_000_000;

/** A photo whose bytes and header were checked; nothing decoded yet. */
export type InspectedPhoto = {
  bytes: Uint8Array;
  contentType: keyof typeof FORMATS;
  extension: (typeof FORMATS)[keyof typeof FORMATS];
  fileName: string;
  pixels: number;
};

/**
 * Reads what a photo is (from its bytes) and its dimensions (from its header, which
 * sharp's `metadata()` reads without decoding the image). Cheap: no pixel is decoded.
 */
export async function inspectPhoto(file: File): Promise<InspectedPhoto> {
  if (file.size > PHOTO_MAX_BYTES) throw new PhotoRejectedError(QUOTE_MESSAGES.photoSize);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength > PHOTO_MAX_BYTES) throw new PhotoRejectedError(QUOTE_MESSAGES.photoSize);

  // What the file really is, from its bytes: its name and declared type prove nothing.
  const detected = await fileTypeFromBuffer(bytes);
  const contentType = detected?.mime as keyof typeof FORMATS | undefined;
  if (!contentType || !(contentType in FORMATS)) throw new PhotoRejectedError(QUOTE_MESSAGES.photoType);
  const extension = FORMATS[contentType];

  let pixels: number;
  try {
    const { width, height } = await sharp(bytes, { failOn: "error" }).metadata();
    pixels = width * height;
  } catch {
    throw new PhotoRejectedError(QUOTE_MESSAGES.photoUnreadable);
  }
  if (!Number.isFinite(pixels) || pixels <= 0) throw new PhotoRejectedError(QUOTE_MESSAGES.photoUnreadable);
  if (pixels > PHOTO_MAX_PIXELS) throw new PhotoRejectedError(QUOTE_MESSAGES.photoPixels);
  return { bytes, contentType, extension, fileName: cleanFileName(file.name, extension), pixels };
}

/** Every photo of a request, inspected one after the other; then the request's pixel cap. */
export async function inspectPhotos(files: File[]): Promise<InspectedPhoto[]> {
  const inspected: InspectedPhoto[] = [];
  for (const file of files) inspected.push(await inspectPhoto(file));
  const total = inspected.reduce((sum, photo) => sum + photo.pixels, 0);
  if (total > PHOTOS_MAX_PIXELS) throw new PhotoRejectedError(QUOTE_MESSAGES.photosPixels);
  return inspected;
}

/**
 * Decodes and re-encodes an inspected photo. Costly: callers go through the
 * process's decode gate (decode-gate.server.ts).
 */
export async function decodePhoto(photo: InspectedPhoto): Promise<PreparedPhoto> {
  const { contentType } = photo;
  try {
    // Re-encoding drops every metadata block (EXIF, GPS, XMP, comments); `rotate()`
    // first applies the EXIF orientation so the picture stays upright without it.
    // The pixel limit stays as a second guard should a header lie about the size.
    let image = sharp(photo.bytes, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: "inside", withoutEnlargement: true });
    if (contentType === "image/jpeg") image = image.jpeg({ quality: 82 });
    else if (contentType === "image/png") image = image.png({ compressionLevel: 8 });
    else image = image.webp({ quality: 82 });
    const { data, info } = await image.toBuffer({ resolveWithObject: true });
    return {
      content: data,
      contentType,
      extension: photo.extension,
      width: info.width,
      height: info.height,
      fileName: photo.fileName,
    };
  } catch {
    throw new PhotoRejectedError(QUOTE_MESSAGES.photoUnreadable);
  }
}

/** "Façade côté rue (2).JPG" -> "Facade-cote-rue-2.jpg": safe in any mail client or disk. */
export function cleanFileName(name: string, extension: string): string {
  const base = name
    .replace(/\.[^.]*$/, "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return `${base || "photo"}.${extension}`;
}
