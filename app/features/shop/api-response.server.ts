/** JSON answers of the store API, with the reason phrase a real HTTP server would give. */
export const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  303: "See Other",
  400: "Bad Request",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
};

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText: STATUS_TEXT[status] ?? "",
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}

export function jsonError(status: number, message: string, details: Record<string, unknown> = {}): Response {
  return json({ error: { status, message, ...details } }, status);
}
