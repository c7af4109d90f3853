import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { requestContext, servicesContext } from "#app/lib/app-context.ts";
import { deferHydration } from "#app/lib/deferred-hydration.server.ts";
import { isErpPath } from "#app/lib/erp-path.ts";
import { NonceContext } from "#app/lib/nonce.ts";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // Prerendering at build time has no request nonce: those pages are allowed by
  // the hashes of their inline scripts instead (server/security.ts).
  const nonce = loadContext.get(requestContext).nonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          if (isErpPath(new URL(request.url).pathname)) {
            // The Espace Pro is an application: it streams and hydrates at once.
            resolve(
              new Response(createReadableStreamFromReadable(body), {
                headers: responseHeaders,
                status: responseStatusCode,
              }),
            );
            return;
          }
          // Public pages: the whole document, then its scripts deferred until `load`.
          const chunks: Buffer[] = [];
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("error", reject);
          body.on("end", () => {
            const html = deferHydration(Buffer.concat(chunks).toString("utf8"));
            resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
          });
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/** Errors thrown by loaders and actions: logged once, as JSON, with the request id. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // An unknown address is a normal 404 page, not a fault.
  if (isRouteErrorResponse(error) && error.status === 404) return;
  const logger = context.get(servicesContext)?.logger;
  const requestId = context.get(requestContext).requestId;
  // A method the route does not answer is the client's mistake (the server adds `Allow`).
  if (isRouteErrorResponse(error) && error.status === 405) {
    logger?.info({ reqId: requestId, method: request.method, url: request.url }, "méthode non autorisée");
    return;
  }
  if (logger) logger.error({ err: error, reqId: requestId, url: request.url }, "erreur de rendu");
  else console.error(error);
};
