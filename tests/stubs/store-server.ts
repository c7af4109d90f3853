import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";

/**
 * A store service on 127.0.0.1 speaking HTTP: what STORE_API_URL points at when
 * the shop uses a hosted store. `handle` answers each request; tests give it the
 * built-in store (inProcessStoreFetch) or canned answers (empty catalogue, errors).
 */
export type StoreServer = { url: string; requests: URL[]; close: () => Promise<void> };

export async function startStoreServer(
  handle: (request: Request) => Response | Promise<Response>,
): Promise<StoreServer> {
  const requests: URL[] = [];
  let server: Server | undefined;
  await new Promise<void>((resolve) => {
    server = serve(
      {
        fetch: (request: Request) => {
          requests.push(new URL(request.url));
          return handle(request);
        },
        port: 0,
        hostname: "127.0.0.1",
      },
      () => resolve(),
    ) as Server;
  });
  const { port } = (server as Server).address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server?.closeAllConnections();
        server?.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
