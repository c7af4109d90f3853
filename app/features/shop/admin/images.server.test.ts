import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalStorage, type FileStorage } from "#app/lib/storage.server.ts";
import { pngClaiming } from "#tests/helpers/images.ts";
import {
  deleteProductImage,
  PRODUCT_IMAGE_MAX_BYTES,
  ProductImageError,
  processProductImage,
  type StoredProductImage,
} from "./images.server.ts";

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** A real local storage in a fresh folder, and what that folder holds. */
function freshStorage() {
  const root = mkdtempSync(path.join(tmpdir(), "batirade-produits-"));
  roots.push(root);
  const files = () =>
    readdirSync(root, { recursive: true, encoding: "utf8" })
      .filter((entry) => statSync(path.join(root, entry)).isFile())
      .map((entry) => entry.split(path.sep).join("/"))
      .sort();
  return { storage: createLocalStorage(root), files };
}

const JANUARY = new Date(Date.UTC(2025, 0, 15));

function solid(width: number, height: number, background = "#c8643c") {
  return sharp({ create: { width, height, channels: 3, background } });
}

/** A photo-like image (noise), so that cutting its file leaves an unfinished picture. */
function noisy(width: number, height: number) {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#000",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  });
}

/** Whether an EXIF block (as sharp's metadata gives it) has a GPS directory (tag 0x8825 in IFD0). */
function hasGpsDirectory(exif: Buffer): boolean {
  const tiff = exif.subarray(exif.indexOf("Exif\0\0", 0, "latin1") + 6);
  const little = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  for (let entry = 0; entry < u16(ifd0); entry += 1) {
    if (u16(ifd0 + 2 + entry * 12) === 0x8825) return true;
  }
  return false;
}

async function expectStoredWebp(storage: FileStorage, stored: StoredProductImage) {
  for (const variant of Object.values(stored.variants)) {
    const metadata = await sharp(await storage.get(variant.key)).metadata();
    expect(metadata, variant.key).toMatchObject({
      format: "webp",
      width: variant.width,
      height: variant.height,
    });
  }
}

describe("processProductImage: accepted images", () => {
  it.each([
    ["JPEG", () => solid(2400, 1800).jpeg().toBuffer()],
    ["PNG", () => solid(2400, 1800).png().toBuffer()],
    ["WebP", () => solid(2400, 1800).webp().toBuffer()],
  ])("stores a %s as three WebP variants: card 480 px, page 1200 px, full 2000 px", async (_, make) => {
    const { storage, files } = freshStorage();
    const stored = await processProductImage(new Uint8Array(await make()), storage, JANUARY);

    expect(stored.key).toMatch(/^produits\/2025\/01\/[0-9a-f]{32}\.webp$/);
    const base = stored.key.replace(/\.webp$/, "");
    expect(stored).toEqual({
      key: stored.key,
      width: 2000,
      height: 1500,
      variants: {
        card: { key: `${base}-card.webp`, width: 480, height: 360 },
        page: { key: `${base}-page.webp`, width: 1200, height: 900 },
        full: { key: stored.key, width: 2000, height: 1500 },
      },
    });
    await expectStoredWebp(storage, stored);
    // Those three files and nothing else (no temporary file, no copy of the original).
    expect(files()).toEqual(
      Object.values(stored.variants)
        .map((variant) => variant.key)
        .sort(),
    );
  });

  it("never enlarges a small image, and keeps its transparency", async () => {
    const { storage } = freshStorage();
    const png = await sharp({
      create: { width: 300, height: 200, channels: 4, background: { r: 30, g: 80, b: 140, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const stored = await processProductImage(png, storage, JANUARY);
    for (const variant of Object.values(stored.variants)) {
      expect(variant).toMatchObject({ width: 300, height: 200 });
      expect((await sharp(await storage.get(variant.key)).metadata()).hasAlpha).toBe(true);
    }
  });

  it("fits a tall image inside each variant's box (3:4 at most for the card and the page)", async () => {
    const { storage } = freshStorage();
    const stored = await processProductImage(await solid(1000, 4000).png().toBuffer(), storage, JANUARY);
    expect(stored.variants.card).toMatchObject({ width: 160, height: 640 });
    expect(stored.variants.page).toMatchObject({ width: 400, height: 1600 });
    expect(stored.variants.full).toMatchObject({ width: 500, height: 2000 });
    await expectStoredWebp(storage, stored);
  });

  it("turns a photo upright from its EXIF orientation, then drops EXIF, GPS and XMP", async () => {
    // 60 × 40: red on the left, blue on the right. Orientation 6 means "turn 90°
    // clockwise to display": upright, it is 40 × 60 with red at the top.
    const redHalf = await solid(30, 40, "#ff0000").png().toBuffer();
    const photo = await solid(60, 40, "#0000ff")
      .composite([{ input: redHalf, left: 0, top: 0 }])
      .jpeg({ quality: 95 })
      .withExif({
        IFD0: { Copyright: "Appareil du magasin" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "43/1 7/1 0/1",
          GPSLongitudeRef: "E",
          GPSLongitude: "5/1 55/1 0/1",
        },
      })
      .withMetadata({ orientation: 6 })
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
          '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Atelier</dc:creator>' +
          "</rdf:Description></rdf:RDF></x:xmpmeta>",
      )
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before).toMatchObject({ width: 60, height: 40, orientation: 6 });
    expect(before.exif && hasGpsDirectory(before.exif)).toBe(true);
    expect(before.xmp).toBeDefined();

    const { storage } = freshStorage();
    const stored = await processProductImage(photo, storage, JANUARY);
    expect(stored).toMatchObject({ width: 40, height: 60 });
    for (const variant of Object.values(stored.variants)) {
      const bytes = await storage.get(variant.key);
      const metadata = await sharp(bytes).metadata();
      expect(metadata).toMatchObject({ format: "webp", width: 40, height: 60 });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [
        ...data.subarray((y * 40 + x) * info.channels, (y * 40 + x) * info.channels + 3),
      ];
      const [top, bottom] = [pixel(20, 5), pixel(20, 55)];
      expect(top[0]).toBeGreaterThan(200);
      expect(top[2]).toBeLessThan(50);
      expect(bottom[0]).toBeLessThan(50);
      expect(bottom[2]).toBeGreaterThan(200);
    }
    // Nothing of the original file survives in the stored bytes.
    expect((await storage.get(stored.key)).includes("Atelier")).toBe(false);
  });

  it("converts an image with an ICC profile (Display P3) to sRGB and drops the profile", async () => {
    // sharp converts sRGB (200, 100, 50) into Display P3 values and tags the file.
    const p3 = await solid(64, 64, "#c86432").withIccProfile("p3").png().toBuffer();
    const inP3 = await sharp(p3, { ignoreIcc: true }).raw().toBuffer();
    expect([...inP3.subarray(0, 3)]).not.toEqual([200, 100, 50]);
    expect((await sharp(p3).metadata()).icc).toBeDefined();

    const { storage } = freshStorage();
    const stored = await processProductImage(p3, storage, JANUARY);
    const bytes = await storage.get(stored.key);
    expect((await sharp(bytes).metadata()).icc).toBeUndefined();
    const [r = 0, g = 0, b = 0] = await sharp(bytes).raw().toBuffer();
    expect(Math.abs(r - 200) + Math.abs(g - 100) + Math.abs(b - 50)).toBeLessThan(10);
  });
});

describe("processProductImage: refusals, with nothing written", () => {
  async function expectRefused(bytes: Uint8Array, message: string) {
    const { storage, files } = freshStorage();
    const refusal = await processProductImage(bytes, storage, JANUARY).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(ProductImageError);
    expect((refusal as Error).message).toBe(message);
    expect(files()).toEqual([]);
  }

  const NOT_AN_IMAGE = "Ce fichier n'est pas une image (JPEG, PNG ou WebP).";
  const TOO_BIG = "L'image dépasse 5\u00a0Mo.";
  const TOO_MANY_PIXELS =
    "L'image est trop grande (8\u202f000\u00a0px de côté et 40\u00a0millions de px au plus).";
  const UNREADABLE = "Cette image est illisible ou endommagée\u00a0: choisissez-en une autre.";

  it("refuses an empty file", async () => {
    await expectRefused(new Uint8Array(), "Le fichier est vide.");
  });

  it("refuses a text file named .jpg and sent as image/jpeg: only the bytes count", async () => {
    const file = new File(["Bonjour, ceci n'est pas une photo.\n"], "perceuse.jpg", { type: "image/jpeg" });
    await expectRefused(new Uint8Array(await file.arrayBuffer()), NOT_AN_IMAGE);
  });

  it("refuses an SVG (a drawing that can carry scripts) and a GIF", async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    expect((await sharp(Buffer.from(svg)).metadata()).format).toBe("svg");
    await expectRefused(Buffer.from(svg), NOT_AN_IMAGE);
    await expectRefused(await solid(10, 10).gif().toBuffer(), NOT_AN_IMAGE);
  });

  it("refuses a 6 MB file for its size alone, though it is a valid JPEG", async () => {
    const jpeg = await solid(200, 150).jpeg().toBuffer();
    // Bytes after the end-of-image marker are ignored by JPEG readers: each padded
    // file still decodes, so the size is the one reason for a refusal.
    const padded = (size: number) => Buffer.concat([jpeg, Buffer.alloc(size - jpeg.byteLength, 0x20)]);
    await expectRefused(padded(6 * 1000 * 1000), TOO_BIG);
    await expectRefused(padded(PRODUCT_IMAGE_MAX_BYTES + 1), TOO_BIG);
    const { storage } = freshStorage();
    await expect(
      processProductImage(padded(PRODUCT_IMAGE_MAX_BYTES), storage, JANUARY),
    ).resolves.toMatchObject({
      width: 200,
      height: 150,
    });
  });

  it("refuses a 20,000 × 20,000 px image from its header, without decoding it", async () => {
    const huge = pngClaiming(20_000, 20_000);
    expect(huge.byteLength).toBeLessThan(10_000);
    expect(await sharp(huge, { limitInputPixels: false }).metadata()).toMatchObject({
      format: "png",
      width: 20_000,
      height: 20_000,
    });
    const started = performance.now();
    // Decoding would fail (the rows are missing) with the "unreadable" message; the
    // size message shows the header was enough.
    await expectRefused(huge, TOO_MANY_PIXELS);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("refuses too many pixels, and a side too long, each on its own", async () => {
    await expectRefused(pngClaiming(7000, 6000), TOO_MANY_PIXELS); // 42 megapixels, sides under 8,000
    await expectRefused(pngClaiming(9000, 100), TOO_MANY_PIXELS); // under 1 megapixel, one side too long
  });

  it("refuses a truncated JPEG whose header is whole", async () => {
    const jpeg = await noisy(400, 300).jpeg().toBuffer();
    const truncated = jpeg.subarray(0, Math.floor(jpeg.byteLength / 2));
    expect(await sharp(truncated).metadata()).toMatchObject({ format: "jpeg", width: 400, height: 300 });
    await expectRefused(truncated, UNREADABLE);
  });

  it.each([
    ["JPEG", () => noisy(64, 48).jpeg().toBuffer()],
    ["PNG", () => noisy(64, 48).png().toBuffer()],
    ["WebP", () => noisy(64, 48).webp().toBuffer()],
  ])(
    "refuses a %s cut anywhere in its first half with a ProductImageError, nothing else",
    async (_, make) => {
      const whole = await make();
      for (const end of [4, 12, 20, 40, 100, Math.floor(whole.byteLength / 2)]) {
        const { storage, files } = freshStorage();
        const error = await processProductImage(whole.subarray(0, end), storage, JANUARY).catch(
          (reason: unknown) => reason,
        );
        expect(error, `cut at ${end}`).toBeInstanceOf(ProductImageError);
        expect(files()).toEqual([]);
      }
    },
  );
});

describe("storage", () => {
  it("leaves nothing behind when the storage fails halfway, and lets its error through", async () => {
    const { storage, files } = freshStorage();
    let puts = 0;
    const failing: FileStorage = {
      ...storage,
      async put(key, content, contentType) {
        puts += 1;
        if (puts === 2) throw new Error("disque plein");
        await storage.put(key, content, contentType);
      },
    };
    await expect(
      processProductImage(await solid(800, 600).jpeg().toBuffer(), failing, JANUARY),
    ).rejects.toThrow("disque plein");
    expect(puts).toBe(2);
    expect(files()).toEqual([]);
  });

  it("deleteProductImage removes every variant, and a second call is not an error", async () => {
    const { storage, files } = freshStorage();
    const kept = await processProductImage(await solid(800, 600).jpeg().toBuffer(), storage, JANUARY);
    const removed = await processProductImage(await solid(900, 600).png().toBuffer(), storage, JANUARY);
    expect(files()).toHaveLength(6);
    await deleteProductImage(storage, removed);
    expect(files()).toEqual(
      Object.values(kept.variants)
        .map((variant) => variant.key)
        .sort(),
    );
    await deleteProductImage(storage, removed);
    expect(files()).toHaveLength(3);
  });
});
