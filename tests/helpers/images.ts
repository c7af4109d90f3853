import { crc32, deflateSync } from "node:zlib";

/** A PNG chunk: length, type, body, CRC. */
function chunk(type: string, body: Uint8Array): Buffer {
  const typed = Buffer.concat([Buffer.from(type, "latin1"), body]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.byteLength);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A one-bit greyscale PNG whose header claims width × height, with the pixel data of
 * its first row only: sharp reads the size from the header, but decoding it would
 * fail. A refusal for its size therefore proves it came from the header alone.
 */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const firstRow = Buffer.alloc(1 + Math.ceil(width / 8));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(firstRow)),
    chunk("IEND", new Uint8Array()),
  ]);
}
