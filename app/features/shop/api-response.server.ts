/** JSON answers of the store API, with the reason phrase a real HTTP server would give. */
export const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  303: "See Other",
  400: "Bad Request",
  403: "Forbidden",
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

/** 405 for a store API address that only takes POST, with `Allow` saying so. */
export function postOnly(): Response {
  return json({ error: { status: 405, message: "Méthode non autorisée : utilisez POST." } }, 405, {
    Allow: "POST",
  });
}
