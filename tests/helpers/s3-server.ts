import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { createS3Storage, type S3FileStorage, type S3StorageConfig } from "#app/lib/s3-storage.server.ts";

/** The key pair s3rver accepts (its built-in account). */
const ACCESS_KEY_ID = "S3RVER";
const SECRET_ACCESS_KEY = "S3RVER";

export type TestS3Server = {
  /** http://127.0.0.1:port */
  endpoint: string;
  /** The bucket created at start. */
  bucket: string;
  /** Where s3rver keeps the objects (removed by `close`). */
  directory: string;
  /** The S3_* variables that point the application at `bucket` (or another one). */
  env: (bucket?: string) => Record<string, string>;
  /** The storage config for `bucket` (or another one), as s3ConfigFrom would build it. */
  config: (bucket?: string) => S3StorageConfig;
  /** A storage on `bucket` (or another one); closed with the server. */
  storage: (bucket?: string) => S3FileStorage;
  close: () => Promise<void>;
};

/**
 * A real S3-speaking server (s3rver) on 127.0.0.1, on a free port, over a temporary folder,
 * with one bucket. Tests reach it through the AWS SDK exactly as the application does.
 */
export async function startS3Server({
  bucket = "batirade-test",
}: {
  bucket?: string;
} = {}): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), "batirade-s3-"));
  const s3rver = new S3rver({
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
    // Path-style only: a virtual host on 127.0.0.1 would not resolve.
    vhostBuckets: false,
  });
  await s3rver.configureBuckets();
  // Its request handler in a server of ours rather than s3rver.run(): run() closes its logger
  // with the server, and a request logged after that writes to console.error (a test failure).
  const server: Server = createServer(s3rver.callback());
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  const opened: S3FileStorage[] = [];

  const config = (name = bucket): S3StorageConfig => ({
    bucket: name,
    region: "eu-west-3",
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    endpoint,
    forcePathStyle: true,
  });

  return {
    endpoint,
    bucket,
    directory,
    env: (name = bucket) => ({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: name,
      S3_REGION: "eu-west-3",
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: "true",
    }),
    config,
    storage: (name = bucket) => {
      const storage = createS3Storage(config(name));
      opened.push(storage);
      return storage;
    },
    close: async () => {
      for (const storage of opened) storage.close();
      // Clients keep their connections alive: closing would otherwise wait for them.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
