import { fileTypeFromBuffer } from "file-type";
import sharp, { type Metadata } from "sharp";
import { type FileStorage, newStorageKey } from "#app/lib/storage.server.ts";

/**
 * Product images uploaded by staff in the catalogue editor (issue 15). A file is
 * judged by its bytes (never its name or declared type), its size is read from its
 * header before a pixel is decoded, and what is kept is re-encoded by sharp as WebP
 * without any metadata (EXIF, GPS, XMP, ICC): nothing of the original file is ever
 * served. The checks follow the quote photos' (features/quote-request/photos.server.ts);
 * they are written again here because a feature does not import another's files.
 */

/** Same cap as the quote photos: 5 MiB, checked before anything is read. */
export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Decoding bombs: beyond this many pixels an image is refused from its header. */
export const PRODUCT_IMAGE_MAX_PIXELS = 40_000_000;
/** Longest side accepted: a panorama of 20,000 × 100 px is not a product photo. */
export const PRODUCT_IMAGE_MAX_SIDE = 8000;
/** WebP quality of every variant: no visible loss on a product photo, a third of a JPEG's weight. */
export const PRODUCT_IMAGE_WEBP_QUALITY = 80;
/** Where product images live in the storage: "produits/2025/01/3f9c…e1.webp". */
export const PRODUCT_IMAGE_STORAGE_PREFIX = "produits";

/** The listing card (catalogue grid): 480 px wide, up to a 3:4 portrait. */
export const PRODUCT_IMAGE_CARD_WIDTH = 480;
export const PRODUCT_IMAGE_CARD_HEIGHT = 640;
/** The product page's main image: 1200 px wide, up to a 3:4 portrait. */
export const PRODUCT_IMAGE_PAGE_WIDTH = 1200;
export const PRODUCT_IMAGE_PAGE_HEIGHT = 1600;
/** The re-encoded original (zoom), its longest side capped at 2000 px. */
export const PRODUCT_IMAGE_FULL_SIDE = 2000;

/**
 * Each variant is the image scaled down to fit inside its box (never enlarged: a
 * small image keeps its size in every variant), in this order of size.
 */
export const PRODUCT_IMAGE_VARIANTS = {
  card: { width: PRODUCT_IMAGE_CARD_WIDTH, height: PRODUCT_IMAGE_CARD_HEIGHT },
  page: { width: PRODUCT_IMAGE_PAGE_WIDTH, height: PRODUCT_IMAGE_PAGE_HEIGHT },
  full: { width: PRODUCT_IMAGE_FULL_SIDE, height: PRODUCT_IMAGE_FULL_SIDE },
} as const;

export type ProductImageVariantName = keyof typeof PRODUCT_IMAGE_VARIANTS;
const VARIANT_NAMES = Object.keys(PRODUCT_IMAGE_VARIANTS) as ProductImageVariantName[];

/** One stored WebP file and its real size, for `width`/`height` and `srcset`. */
export type StoredProductImageVariant = { key: string; width: number; height: number };

/**
 * A product image as stored. `key`, `width` and `height` are those of the full
 * variant (the image's identity); the card and page variants sit beside it in the
 * storage ("….webp", "…-card.webp", "…-page.webp").
 */
export type StoredProductImage = {
  key: string;
  width: number;
  height: number;
  variants: Record<ProductImageVariantName, StoredProductImageVariant>;
};

const BYTE_FORMATS = { "image/jpeg": "jpeg", "image/png": "png", "image/webp": "webp" } as const;
type AcceptedMime = keyof typeof BYTE_FORMATS;

const number = (value: number) => new Intl.NumberFormat("fr-FR").format(value);

/** What staff read under the upload field, one message per refusal. */
export const PRODUCT_IMAGE_MESSAGES = {
  empty: "Le fichier est vide.",
  size: "L'image dépasse 5\u00a0Mo.",
  type: "Ce fichier n'est pas une image (JPEG, PNG ou WebP).",
  pixels: `L'image est trop grande (${number(PRODUCT_IMAGE_MAX_SIDE)}\u00a0px de côté et ${number(
    PRODUCT_IMAGE_MAX_PIXELS / 1_000_000,
  )}\u00a0millions de px au plus).`,
  unreadable: "Cette image est illisible ou endommagée\u00a0: choisissez-en une autre.",
} as const;

export type ProductImageRefusal = keyof typeof PRODUCT_IMAGE_MESSAGES;

/** An uploaded file refused; `message` is the French text shown to staff. */
export class ProductImageError extends Error {
  readonly reason: ProductImageRefusal;
  constructor(reason: ProductImageRefusal) {
    super(PRODUCT_IMAGE_MESSAGES[reason]);
    this.name = "ProductImageError";
    this.reason = reason;
  }
}

/**
 * Checks an uploaded file, re-encodes it as three WebP variants and stores them.
 * Bad input is refused with a ProductImageError and leaves nothing in the storage;
 * a storage failure is thrown as it is (it is not the file's fault), after removing
 * whatever variant had been written.
 */
export async function processProductImage(
  bytes: Uint8Array,
  storage: FileStorage,
  now = new Date(),
): Promise<StoredProductImage> {
  await inspect(bytes);
  const encoded = await encodeVariants(bytes);

  const fullKey = newStorageKey(PRODUCT_IMAGE_STORAGE_PREFIX, "webp", now);
  const keyOf = (name: ProductImageVariantName) =>
    name === "full" ? fullKey : fullKey.replace(/\.webp$/, `-${name}.webp`);
  const variants = {} as Record<ProductImageVariantName, StoredProductImageVariant>;
  try {
    for (const name of VARIANT_NAMES) {
      const { data, width, height } = encoded[name];
      const key = keyOf(name);
      await storage.put(key, data, "image/webp");
      variants[name] = { key, width, height };
    }
  } catch (error) {
    await Promise.allSettled(VARIANT_NAMES.map((name) => storage.delete(keyOf(name))));
    throw error;
  }
  return { key: variants.full.key, width: variants.full.width, height: variants.full.height, variants };
}

/** Removes every file of a stored image; files already gone are not an error. */
export async function deleteProductImage(storage: FileStorage, stored: StoredProductImage): Promise<void> {
  const keys = new Set([stored.key, ...VARIANT_NAMES.map((name) => stored.variants[name].key)]);
  for (const key of keys) await storage.delete(key);
}

/** Size, then type from the bytes, then dimensions from the header: nothing decoded. */
async function inspect(bytes: Uint8Array): Promise<void> {
  if (bytes.byteLength === 0) throw new ProductImageError("empty");
  if (bytes.byteLength > PRODUCT_IMAGE_MAX_BYTES) throw new ProductImageError("size");

  let mime: string | undefined;
  try {
    mime = (await fileTypeFromBuffer(bytes))?.mime;
  } catch {
    mime = undefined;
  }
  if (!mime || !(mime in BYTE_FORMATS)) throw new ProductImageError("type");

  let metadata: Metadata;
  try {
    // `metadata()` reads the header only, so no pixel limit is needed here: without
    // `false`, sharp's default limit would turn a huge image into an "unreadable" one.
    metadata = await sharp(bytes, { failOn: "error", limitInputPixels: false }).metadata();
  } catch {
    throw new ProductImageError("unreadable");
  }
  // The decoder sharp picks must be the one for the type the bytes were accepted as.
  if (metadata.format !== BYTE_FORMATS[mime as AcceptedMime]) throw new ProductImageError("type");
  const { width, height } = metadata;
  if (!(width > 0 && height > 0)) throw new ProductImageError("unreadable");
  if (Math.max(width, height) > PRODUCT_IMAGE_MAX_SIDE || width * height > PRODUCT_IMAGE_MAX_PIXELS) {
    throw new ProductImageError("pixels");
  }
}

type Encoded = { data: Buffer; width: number; height: number };

/**
 * Decodes the image once, upright and in sRGB, into the full variant's pixels; every
 * variant is encoded from those. Re-encoding from pixels is what drops the metadata:
 * `rotate()` applies the EXIF orientation first so the picture stays upright without
 * it, and an embedded ICC profile is converted to sRGB (sharp's default) then dropped.
 */
async function encodeVariants(bytes: Uint8Array): Promise<Record<ProductImageVariantName, Encoded>> {
  try {
    const full = PRODUCT_IMAGE_VARIANTS.full;
    // The pixel limit stays as a second guard should a header lie about the size.
    const { data: pixels, info } = await sharp(bytes, {
      failOn: "error",
      limitInputPixels: PRODUCT_IMAGE_MAX_PIXELS,
    })
      .rotate()
      .resize({ width: full.width, height: full.height, fit: "inside", withoutEnlargement: true })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };

    const result = {} as Record<ProductImageVariantName, Encoded>;
    // One after the other: the machine has two cores and the shop keeps serving.
    for (const name of VARIANT_NAMES) {
      const box = PRODUCT_IMAGE_VARIANTS[name];
      const { data, info: out } = await sharp(pixels, { raw })
        .resize({ width: box.width, height: box.height, fit: "inside", withoutEnlargement: true })
        .webp({ quality: PRODUCT_IMAGE_WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
      result[name] = { data, width: out.width, height: out.height };
    }
    return result;
  } catch {
    throw new ProductImageError("unreadable");
  }
}
