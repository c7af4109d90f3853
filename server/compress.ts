import { Readable } from "node:stream";
import zlib from "node:zlib";

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json|ld\+json)|image\/svg\+xml)/;
const MIN_BYTES = 1024;

/**
 * Compresses a dynamic response with brotli (preferred) or gzip when the
 * client accepts it. Static files arrive already compressed (scripts/precompress.ts).
 */
export function compressResponse(request: Request, response: Response): Response {
  if (!response.body || response.headers.has("Content-Encoding") || request.method === "HEAD")
    return response;
  if (response.status === 204 || response.status === 304) return response;
  const type = response.headers.get("Content-Type") ?? "";
  if (!COMPRESSIBLE.test(type)) return response;
  const length = response.headers.get("Content-Length");
  if (length !== null && Number(length) < MIN_BYTES) return response;
  const accept = request.headers.get("accept-encoding") ?? "";
  let encoder: zlib.BrotliCompress | zlib.Gzip;
  let encoding: string;
  if (/\bbr\b/.test(accept)) {
    encoder = zlib.createBrotliCompress({
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
      // Streamed HTML must reach the browser as it is rendered, not when a block fills.
      flush: zlib.constants.BROTLI_OPERATION_FLUSH,
    });
    encoding = "br";
  } else if (/\bgzip\b/.test(accept)) {
    encoder = zlib.createGzip({ level: 6, flush: zlib.constants.Z_SYNC_FLUSH });
    encoding = "gzip";
  } else {
    return response;
  }
  const source = Readable.fromWeb(response.body as import("node:stream/web").ReadableStream);
  source.on("error", (error) => encoder.destroy(error));
  const compressed = Readable.toWeb(source.pipe(encoder)) as ReadableStream<Uint8Array>;
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  headers.set("Content-Encoding", encoding);
  const vary = headers.get("Vary");
  headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  return new Response(compressed, { status: response.status, statusText: response.statusText, headers });
}
