import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { captureInstant, readCaptureTime } from "./exif-capture-time.ts";

async function exifOf(ifd2: Record<string, string>): Promise<Buffer | undefined> {
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
    .jpeg()
    .withExif({ IFD0: { Make: "Test" }, IFD2: ifd2 })
    .toBuffer();
  return (await sharp(jpeg).metadata()).exif;
}

describe("readCaptureTime", () => {
  it("reads DateTimeOriginal and OffsetTimeOriginal from a camera's EXIF block", async () => {
    expect(
      readCaptureTime(
        await exifOf({ DateTimeOriginal: "2026:07:14 09:15:30", OffsetTimeOriginal: "+02:00" }),
      ),
    ).toEqual({
      local: "2026:07:14 09:15:30",
      offset: "+02:00",
    });
    expect(readCaptureTime(await exifOf({ DateTimeOriginal: "2026:01:05 18:00:00" }))).toEqual({
      local: "2026:01:05 18:00:00",
      offset: null,
    });
  });

  it("gives null, never an exception, for a missing, truncated or foreign block", async () => {
    const exif = await exifOf({ DateTimeOriginal: "2026:07:14 09:15:30" });
    expect(readCaptureTime(undefined)).toBeNull();
    expect(readCaptureTime(await exifOf({ ExposureTime: "1/125" }))).toBeNull();
    for (let length = 0; length < (exif?.byteLength ?? 0); length += 7) {
      expect(() => readCaptureTime(exif?.subarray(0, length))).not.toThrow();
    }
    expect(readCaptureTime(new TextEncoder().encode("Exif\0\0pas un TIFF du tout"))).toBeNull();
    expect(readCaptureTime(await exifOf({ DateTimeOriginal: "hier matin" }))).toBeNull();
  });
});

describe("captureInstant", () => {
  it("uses the camera's offset when it wrote one", () => {
    expect(captureInstant({ local: "2026:07:14 09:15:30", offset: "+02:00" })?.toISOString()).toBe(
      "2026-07-14T07:15:30.000Z",
    );
    expect(captureInstant({ local: "2026:07:14 09:15:30", offset: "-05:00" })?.toISOString()).toBe(
      "2026-07-14T14:15:30.000Z",
    );
  });

  it("reads a time without offset as Paris time, summer and winter", () => {
    expect(captureInstant({ local: "2026:07:14 09:15:30", offset: null })?.toISOString()).toBe(
      "2026-07-14T07:15:30.000Z",
    );
    expect(captureInstant({ local: "2026:01:14 09:15:30", offset: null })?.toISOString()).toBe(
      "2026-01-14T08:15:30.000Z",
    );
    // The morning after the clocks went back (25 October 2026).
    expect(captureInstant({ local: "2026:10:26 08:00:00", offset: null })?.toISOString()).toBe(
      "2026-10-26T07:00:00.000Z",
    );
  });

  it("refuses impossible dates and dates outside 1900–2100", () => {
    for (const local of [
      "2026:02:30 10:00:00",
      "2026:13:01 10:00:00",
      "0000:00:00 00:00:00",
      "2150:01:01 10:00:00",
      "2026:01:01 24:00:00",
    ]) {
      expect(captureInstant({ local, offset: null }), local).toBeNull();
    }
    expect(captureInstant(null)).toBeNull();
  });
});
