/*
 * The capture time of a photo, read from its EXIF block (what sharp's `metadata().exif`
 * returns: an optional "Exif\0\0" header, then a TIFF structure). Only what is needed is
 * read: IFD0 → the Exif sub-IFD (tag 0x8769) → DateTimeOriginal (0x9003, "YYYY:MM:DD
 * HH:MM:SS") and, when the camera wrote it, OffsetTimeOriginal (0x9011, "+02:00"). A
 * camera writes its local time: without an offset, the time is read as Paris time.
 * Any malformed block gives null, never an exception: the photo is kept without a date.
 */

import { parisWallClockInstant } from "./paris-time.ts";

const EXIF_IFD_POINTER = 0x8769;
const DATE_TIME_ORIGINAL = 0x9003;
const OFFSET_TIME_ORIGINAL = 0x9011;
const ASCII = 2;

/** The local wall-clock time and optional UTC offset of a photo's capture. */
export type CaptureTime = { local: string; offset: string | null };

function reader(view: DataView, little: boolean) {
  return {
    u16: (at: number) => view.getUint16(at, little),
    u32: (at: number) => view.getUint32(at, little),
  };
}

/** Reads the ASCII tags of one IFD: tag → string. */
function asciiTags(view: DataView, tiff: number, ifd: number, little: boolean, wanted: number[]) {
  const { u16, u32 } = reader(view, little);
  const found = new Map<number, string>();
  const pointers = new Map<number, number>();
  const count = u16(tiff + ifd);
  if (count > 1000) return { found, pointers };
  for (let i = 0; i < count; i++) {
    const entry = tiff + ifd + 2 + i * 12;
    if (entry + 12 > view.byteLength) break;
    const tag = u16(entry);
    const type = u16(entry + 2);
    const length = u32(entry + 4);
    if (tag === EXIF_IFD_POINTER) pointers.set(tag, u32(entry + 8));
    if (!wanted.includes(tag) || type !== ASCII || length === 0 || length > 64) continue;
    const start = length <= 4 ? entry + 8 : tiff + u32(entry + 8);
    if (start + length > view.byteLength) continue;
    let text = "";
    for (let at = start; at < start + length; at++) {
      const code = view.getUint8(at);
      if (code === 0) break;
      text += String.fromCharCode(code);
    }
    found.set(tag, text);
  }
  return { found, pointers };
}

/** DateTimeOriginal (and its offset) from an EXIF block; null when absent or unreadable. */
export function readCaptureTime(exif: Uint8Array | undefined | null): CaptureTime | null {
  if (!exif || exif.byteLength < 14) return null;
  try {
    const view = new DataView(exif.buffer, exif.byteOffset, exif.byteLength);
    // "Exif\0\0" header, present in what sharp returns for JPEG; absent elsewhere.
    const tiff = view.getUint32(0) === 0x45786966 && view.getUint16(4) === 0 ? 6 : 0;
    const order = view.getUint16(tiff);
    if (order !== 0x4949 && order !== 0x4d4d) return null;
    const little = order === 0x4949;
    const { u16, u32 } = reader(view, little);
    if (u16(tiff + 2) !== 42) return null;
    const ifd0 = u32(tiff + 4);
    if (tiff + ifd0 + 2 > view.byteLength) return null;
    const first = asciiTags(view, tiff, ifd0, little, []);
    const exifIfd = first.pointers.get(EXIF_IFD_POINTER);
    if (exifIfd === undefined || tiff + exifIfd + 2 > view.byteLength) return null;
    const { found } = asciiTags(view, tiff, exifIfd, little, [DATE_TIME_ORIGINAL, OFFSET_TIME_ORIGINAL]);
    const local = found.get(DATE_TIME_ORIGINAL)?.trim();
    if (!local || !/^\d{4}:\d{2}:\d{2} \d{2}:\d{2}:\d{2}$/.test(local)) return null;
    const offset = found.get(OFFSET_TIME_ORIGINAL)?.trim();
    return { local, offset: offset && /^[+-]\d{2}:\d{2}$/.test(offset) ? offset : null };
  } catch {
    return null;
  }
}

/**
 * The instant of a capture time: with its offset when the camera wrote one, else as Paris
 * time. Null for an impossible date (month 13, year 0) or one outside 1900–2100.
 */
export function captureInstant(capture: CaptureTime | null): Date | null {
  if (!capture) return null;
  const match = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(capture.local);
  if (!match) return null;
  const [year, month, date, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (year < 1900 || year > 2100 || month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) {
    return null;
  }
  const wall = Date.UTC(year, month - 1, date, hour, minute, second);
  const check = new Date(wall);
  if (check.getUTCDate() !== date || check.getUTCMonth() !== month - 1) return null;
  if (capture.offset) {
    const sign = capture.offset.startsWith("-") ? -1 : 1;
    const minutes = Number(capture.offset.slice(1, 3)) * 60 + Number(capture.offset.slice(4, 6));
    return new Date(wall - sign * minutes * 60_000);
  }
  return parisWallClockInstant(wall);
}
