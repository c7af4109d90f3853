import { parisDay } from "#app/lib/paris-time.ts";

/**
 * The answer of a right-of-access export: everything kept about one person, as the JSON
 * file `<prefix>-<id's first 8 characters>-<day>.json` (private, never indexed), or 404
 * with the message of `notFound` when the record does not exist.
 */
export async function personalDataFile(
  prefix: string,
  id: string,
  read: () => Promise<unknown>,
  notFound: abstract new (...args: never[]) => Error,
): Promise<Response> {
  try {
    const content = await read();
    return new Response(`${JSON.stringify(content, null, 2)}\n`, {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="${prefix}-${id.slice(0, 8)}-${parisDay()}.json"`,
        "Cache-Control": "private, no-store",
        "X-Robots-Tag": "noindex, nofollow",
      },
    });
  } catch (error) {
    if (error instanceof notFound) {
      return Response.json(
        { message: error.message },
        { status: 404, headers: { "Cache-Control": "no-store" } },
      );
    }
    throw error;
  }
}
