import { namedError } from "#app/lib/named-error.ts";
import {
  inspectUploadedPhoto,
  type PhotoContentType,
  PhotoProblemError,
  reencodePhoto,
} from "#app/lib/photo-upload.server.ts";
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

/** Longest side kept: plenty for judging a job, and e-mails stay a sensible size. */
export const PHOTO_MAX_SIDE = 2560;
/** Decoding bombs: beyond this many pixels a photo is refused from its header. */
export const PHOTO_MAX_PIXELS = PHOTO_MAX_MEGAPIXELS * 1_000_000;
/** The whole request: decoding costs CPU in proportion to the pixels, whatever the bytes. */
export const PHOTOS_MAX_PIXELS = PHOTOS_MAX_MEGAPIXELS * 1_000_000;

/** A photo whose bytes and header were checked; nothing decoded yet. */
export type InspectedPhoto = {
  bytes: Uint8Array;
  contentType: PhotoContentType;
  extension: "jpg" | "png" | "webp";
  fileName: string;
  pixels: number;
};

const PROBLEM_MESSAGES = {
  size: QUOTE_MESSAGES.photoSize,
  type: QUOTE_MESSAGES.photoType,
  unreadable: QUOTE_MESSAGES.photoUnreadable,
  pixels: QUOTE_MESSAGES.photoPixels,
} as const;

function rejected(error: unknown): unknown {
  return error instanceof PhotoProblemError ? new PhotoRejectedError(PROBLEM_MESSAGES[error.problem]) : error;
}

/**
 * Reads what a photo is (from its bytes) and its dimensions (from its header, which
 * sharp's `metadata()` reads without decoding the image). Cheap: no pixel is decoded.
 * The checks are app/lib/photo-upload.server.ts's, with the quote form's limits and words.
 */
export async function inspectPhoto(file: File): Promise<InspectedPhoto> {
  try {
    const photo = await inspectUploadedPhoto(file, {
      maxBytes: PHOTO_MAX_BYTES,
      maxPixels: PHOTO_MAX_PIXELS,
    });
    return {
      bytes: photo.bytes,
      contentType: photo.contentType,
      extension: photo.extension,
      fileName: cleanFileName(file.name, photo.extension),
      pixels: photo.pixels,
    };
  } catch (error) {
    throw rejected(error);
  }
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
  try {
    // Re-encoding drops every metadata block (EXIF, GPS, XMP, comments); the EXIF
    // orientation is applied first so the picture stays upright without it.
    const { content, width, height } = await reencodePhoto(photo, {
      maxSide: PHOTO_MAX_SIDE,
      maxPixels: PHOTO_MAX_PIXELS,
    });
    return {
      content,
      contentType: photo.contentType,
      extension: photo.extension,
      width,
      height,
      fileName: photo.fileName,
    };
  } catch (error) {
    throw rejected(error);
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
