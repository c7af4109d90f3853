import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { type CaptureTime, readCaptureTime } from "./exif-capture-time.ts";

/*
 * An uploaded photo checked by its bytes, then re-encoded without its metadata: the parts
 * every upload of photos shares, each caller giving its limits and turning the problem
 * (`PhotoProblem`) into its own French message. `inspectUploadedPhoto` is cheap (the
 * header only); `reencodePhoto` decodes the pixels.
 */

const FORMATS = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
} as const;

export type PhotoContentType = keyof typeof FORMATS;

/** Why a photo is refused: too many bytes, not an image we take, unreadable, too many pixels. */
export type PhotoProblem = "size" | "type" | "unreadable" | "pixels";

export class PhotoProblemError extends Error {
  readonly problem: PhotoProblem;
  constructor(problem: PhotoProblem) {
    super(`photo refusée : ${problem}`);
    this.name = "PhotoProblemError";
    this.problem = problem;
  }
}

export type PhotoLimits = { maxBytes: number; maxPixels: number };

/** A photo whose bytes and header were checked; nothing decoded yet. */
export type InspectedUpload = {
  bytes: Uint8Array;
  contentType: PhotoContentType;
  extension: (typeof FORMATS)[PhotoContentType];
  pixels: number;
  /** The capture time the EXIF block gave (read before re-encoding drops it). */
  capture: CaptureTime | null;
};

/** What a photo is (from its bytes), its size in pixels and its capture time, from its header only. */
export async function inspectUploadedPhoto(file: File, limits: PhotoLimits): Promise<InspectedUpload> {
  if (file.size > limits.maxBytes) throw new PhotoProblemError("size");
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength > limits.maxBytes) throw new PhotoProblemError("size");
  const detected = await fileTypeFromBuffer(bytes);
  const contentType = detected?.mime as PhotoContentType | undefined;
  if (!contentType || !(contentType in FORMATS)) throw new PhotoProblemError("type");
  let pixels: number;
  let capture: CaptureTime | null;
  try {
    const metadata = await sharp(bytes, { failOn: "error" }).metadata();
    pixels = metadata.width * metadata.height;
    capture = readCaptureTime(metadata.exif);
  } catch {
    throw new PhotoProblemError("unreadable");
  }
  if (!Number.isFinite(pixels) || pixels <= 0) throw new PhotoProblemError("unreadable");
  if (pixels > limits.maxPixels) throw new PhotoProblemError("pixels");
  return { bytes, contentType, extension: FORMATS[contentType], pixels, capture };
}

export type ReencodedPhoto = { content: Buffer; width: number; height: number };

/**
 * Decodes and re-encodes a photo, upright (EXIF orientation applied), at most `maxSide`
 * pixels on its longest side. Re-encoding drops every metadata block (EXIF with its GPS
 * location, XMP, comments).
 */
export async function reencodePhoto(
  photo: Pick<InspectedUpload, "bytes" | "contentType">,
  options: { maxSide: number; maxPixels: number },
): Promise<ReencodedPhoto> {
  try {
    let image = sharp(photo.bytes, { limitInputPixels: options.maxPixels, failOn: "error" })
      .rotate()
      .resize({ width: options.maxSide, height: options.maxSide, fit: "inside", withoutEnlargement: true });
    if (photo.contentType === "image/jpeg") image = image.jpeg({ quality: 82 });
    else if (photo.contentType === "image/png") image = image.png({ compressionLevel: 8 });
    else image = image.webp({ quality: 82 });
    const { data, info } = await image.toBuffer({ resolveWithObject: true });
    return { content: data, width: info.width, height: info.height };
  } catch {
    throw new PhotoProblemError("unreadable");
  }
}

/** A thumbnail for a list: `width` pixels wide at most, WebP. */
export async function photoThumbnail(content: Uint8Array, width: number): Promise<Buffer> {
  return sharp(content).resize({ width, withoutEnlargement: true }).webp({ quality: 75 }).toBuffer();
}
