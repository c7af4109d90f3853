import { createServer } from "node:net";
import { HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "#app/config/env.server.ts";
import { createS3Storage, type S3FileStorage } from "#app/lib/s3-storage.server.ts";
import {
  newStorageKey,
  StorageNotFoundError,
  StorageUnavailableError,
  storageFor,
} from "#app/lib/storage.server.ts";
import { startS3Server, type TestS3Server } from "#tests/helpers/s3-server.ts";
import { storageContract } from "#tests/helpers/storage-contract.ts";

let s3: TestS3Server;
let storage: S3FileStorage;

beforeAll(async () => {
  s3 = await startS3Server();
  storage = s3.storage();
});
afterAll(async () => {
  await s3?.close();
});

/** What an operation threw (it must throw). */
async function failure(run: () => Promise<unknown>): Promise<Error> {
  try {
    await run();
  } catch (error) {
    return error as Error;
  }
  throw new Error("l'opération devait échouer");
}

/** A port on 127.0.0.1 where nothing listens any more. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("S3 storage on a real S3 server (s3rver on loopback): the storage contract", () => {
  storageContract(() => storage);
});

describe("S3 storage", () => {
  it("keeps the content type it was given, and stores under the key itself", async () => {
    const key = newStorageKey("devis", "jpg");
    await storage.put(key, Buffer.from("pas vraiment un jpeg"), "image/jpeg");
    const client = new S3Client({
      region: "eu-west-3",
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
      expect(head.ContentType).toBe("image/jpeg");
      expect(head.ContentLength).toBe(20);
    } finally {
      client.destroy();
    }
    expect(await storage.stat(key)).toEqual({ size: 20, etag: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(await storage.stat(newStorageKey("devis", "jpg"))).toBeNull();
  });

  it("a bucket that does not exist: every operation is refused in French, never taken for a missing file", async () => {
    const absent = s3.storage("compartiment-absent");
    const key = newStorageKey("devis", "jpg");
    for (const run of [
      () => absent.get(key),
      () => absent.put(key, Buffer.from("x"), "image/jpeg"),
      () => absent.delete(key),
      () => absent.checkBucket(),
    ]) {
      const error = await failure(run);
      expect(error).toBeInstanceOf(StorageUnavailableError);
      expect(error).not.toBeInstanceOf(StorageNotFoundError);
      expect(error.message).toMatch(/^Le stockage des fichiers a refusé /);
      expect(error.message).toContain("le compartiment « compartiment-absent » n'existe pas");
      expect((error as StorageUnavailableError).code).toBe("NoSuchBucket");
    }
  });

  it("credentials the server does not know: refused in French, and no secret in the message", async () => {
    const secret = "secret-qui-ne-doit-jamais-paraitre";
    const refused = createS3Storage({ ...s3.config(), accessKeyId: "INCONNUE", secretAccessKey: secret });
    try {
      for (const run of [() => refused.get(newStorageKey("devis", "jpg")), () => refused.checkBucket()]) {
        const error = await failure(run);
        expect(error).toBeInstanceOf(StorageUnavailableError);
        expect(error.message).toMatch(/^Le stockage des fichiers a refusé /);
        expect(error.message).toContain("refusé (identifiants ou droits)");
        expect(error.message).not.toContain(secret);
        expect(error.message).not.toContain("INCONNUE");
        expect(JSON.stringify(error)).not.toContain(secret);
      }
    } finally {
      refused.close();
    }
  });

  it("a server that does not answer: refused in French, not a missing file", async () => {
    const down = createS3Storage(
      { ...s3.config(), endpoint: `http://127.0.0.1:${await closedPort()}` },
      { maxAttempts: 1 },
    );
    try {
      const error = await failure(() => down.get(newStorageKey("devis", "jpg")));
      expect(error).toBeInstanceOf(StorageUnavailableError);
      expect(error.message).toContain("le serveur de stockage ne répond pas (ECONNREFUSED)");
    } finally {
      down.close();
    }
  });

  it("is the storage the application uses when S3_BUCKET is set, shared by every instance", async () => {
    const env = loadEnv({ DATA_DIR: "./data/inutilise", ...s3.env() });
    const first = storageFor(env);
    const second = storageFor(env);
    const key = newStorageKey("devis", "jpg");
    await first.put(key, Buffer.from("photo"), "image/jpeg");
    // Another instance, another client: the same file.
    expect((await second.get(key)).toString()).toBe("photo");
    expect((await storage.get(key)).toString()).toBe("photo");
    for (const opened of [first, second]) (opened as S3FileStorage).close();
  });
});
