import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { PHOTO_MAX_BYTES, QUOTE_MESSAGES } from "./schema.ts";

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
export class PhotoRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PhotoRejectedError";
  }
}

const FORMATS = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
} as const;

/** Longest side kept: plenty for judging a job, and e-mails stay a sensible size. */
export const PHOTO_MAX_SIDE = 2560;
/** Decoding bombs: a 5 MB file may claim a huge canvas; beyond this many pixels, refused. */
const MAX_INPUT_PIXELS = 50_000_000;

export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  if (file.size > PHOTO_MAX_BYTES) throw new PhotoRejectedError(QUOTE_MESSAGES.photoSize);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength > PHOTO_MAX_BYTES) throw new PhotoRejectedError(QUOTE_MESSAGES.photoSize);

  // What the file really is, from its bytes: its name and declared type prove nothing.
  const detected = await fileTypeFromBuffer(bytes);
  const contentType = detected?.mime as keyof typeof FORMATS | undefined;
  if (!contentType || !(contentType in FORMATS)) throw new PhotoRejectedError(QUOTE_MESSAGES.photoType);
  const extension = FORMATS[contentType];

  try {
    // Re-encoding drops every metadata block (EXIF, GPS, XMP, comments); `rotate()`
    // first applies the EXIF orientation so the picture stays upright without it.
    let image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: "inside", withoutEnlargement: true });
    if (contentType === "image/jpeg") image = image.jpeg({ quality: 82 });
    else if (contentType === "image/png") image = image.png({ compressionLevel: 8 });
    else image = image.webp({ quality: 82 });
    const { data, info } = await image.toBuffer({ resolveWithObject: true });
    return {
      content: data,
      contentType,
      extension,
      width: info.width,
      height: info.height,
      fileName: cleanFileName(file.name, extension),
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
