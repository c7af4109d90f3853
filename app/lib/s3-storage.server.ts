import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat as statFile } from "node:fs/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { Env } from "#app/config/env.server.ts";
import {
  assertStorageKey,
  type FileStorage,
  StorageNotFoundError,
  StorageUnavailableError,
} from "./file-storage.server.ts";

/** What reaches a bucket: env's S3_* variables (app/config/env.server.ts). */
export type S3StorageConfig = {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** An S3-compatible server's origin; unset, AWS itself. */
  endpoint?: string;
  /** endpoint/bucket/key instead of bucket.endpoint/key. */
  forcePathStyle?: boolean;
};

export type S3EnvSettings = Partial<
  Pick<
    Env,
    | "S3_ENDPOINT"
    | "S3_BUCKET"
    | "S3_REGION"
    | "S3_ACCESS_KEY_ID"
    | "S3_SECRET_ACCESS_KEY"
    | "S3_FORCE_PATH_STYLE"
  >
>;

/** The bucket env points at, or null when S3_BUCKET is unset (files then stay on the disk). */
export function s3ConfigFrom(env: S3EnvSettings): S3StorageConfig | null {
  if (!env.S3_BUCKET) return null;
  const missing = (["S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter(
    (name) => !env[name],
  );
  if (!env.S3_REGION || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) {
    throw new Error(`Stockage S3 incomplet : ${missing.join(", ")} manquante(s) avec S3_BUCKET.`);
  }
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
  };
}

export type S3FileStorage = FileStorage & {
  readonly bucket: string;
  /** Size and ETag (quotes removed) of a stored file, or null when there is none. */
  stat(key: string): Promise<{ size: number; etag: string } | null>;
  /**
   * Writes a file of the local disk under `key`, streamed rather than read into memory (a
   * backup archive may weigh gigabytes), guarded by its Content-MD5 like `put`.
   */
  upload(key: string, source: string, contentType?: string): Promise<void>;
  /** Resolves when the bucket exists and answers to these credentials; else StorageUnavailableError. */
  checkBucket(): Promise<void>;
  /** Closes the client's idle connections. */
  close(): void;
};

type Operation = "read" | "write" | "delete" | "stat" | "check" | "list";
const OPERATION_LABEL: Record<Operation, string> = {
  read: "la lecture",
  write: "l'écriture",
  delete: "la suppression",
  stat: "la consultation",
  check: "l'accès",
  list: "la liste des fichiers",
};

/**
 * The store's error code: the S3 error name for an answer ("NoSuchBucket", "AccessDenied"),
 * the system code when no answer came ("ECONNREFUSED"). Never the error's other fields,
 * which may echo the request (access key id, string to sign).
 */
function errorCode(error: unknown): string {
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
  if (typeof code === "string" && code !== "") return code;
  if (typeof name === "string" && name !== "" && name !== "Error") return name;
  return "inconnue";
}

function httpStatus(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

const UNREACHABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "TimeoutError",
  "RequestTimeout",
]);
const DENIED = new Set(["AccessDenied", "InvalidAccessKeyId", "SignatureDoesNotMatch", "Forbidden"]);

function reason(code: string, status: number | undefined, bucket: string): string {
  if (code === "NoSuchBucket") return `le compartiment « ${bucket} » n'existe pas`;
  if (DENIED.has(code) || status === 401 || status === 403) {
    return `accès au compartiment « ${bucket} » refusé (identifiants ou droits)`;
  }
  if (UNREACHABLE.has(code)) return "le serveur de stockage ne répond pas";
  return status ? `réponse ${status}` : "erreur inattendue";
}

/**
 * Files in an S3 bucket (AWS or any S3-compatible server) through the AWS SDK. A missing key
 * throws StorageNotFoundError; every other failure StorageUnavailableError, in French.
 */
export function createS3Storage(
  config: S3StorageConfig,
  { maxAttempts = 3 }: { maxAttempts?: number } = {},
): S3FileStorage {
  const { bucket } = config;
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle ?? false,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    maxAttempts,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    // Since 3.729 the SDK adds CRC checksums that several S3-compatible servers refuse
    // (https://github.com/aws/aws-sdk-js-v3/issues/6810); a Content-MD5 on every write, which
    // all of them check, guards the upload instead.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });

  const unavailable = (error: unknown, operation: Operation, key?: string) => {
    const code = errorCode(error);
    const target = key ? ` de « ${key} »` : "";
    return new StorageUnavailableError(
      `Le stockage des fichiers a refusé ${OPERATION_LABEL[operation]}${target} : ${reason(code, httpStatus(error), bucket)} (${code}).`,
      code,
    );
  };

  const listKeys = async (prefix?: string) => {
    const keys: string[] = [];
    let token: string | undefined;
    try {
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            ...(prefix ? { Prefix: prefix } : {}),
            ...(token ? { ContinuationToken: token } : {}),
          }),
        );
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    } catch (error) {
      throw unavailable(error, "list");
    }
    return keys.sort();
  };

  /** Writes `key` whole, its MD5 checked by the server. */
  const putObject = async (
    key: string,
    body: Uint8Array | ReturnType<typeof createReadStream>,
    sent: { contentType: string; length: number; md5: string },
  ) => {
    try {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: sent.contentType,
          ContentLength: sent.length,
          ContentMD5: sent.md5,
        }),
      );
    } catch (error) {
      throw unavailable(error, "write", key);
    }
  };

  return {
    bucket,
    async put(key, content, contentType = "application/octet-stream") {
      assertStorageKey(key);
      await putObject(key, content, {
        contentType,
        length: content.byteLength,
        md5: createHash("md5").update(content).digest("base64"),
      });
    },
    async get(key) {
      assertStorageKey(key);
      try {
        const output = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!output.Body) throw new Error("réponse sans contenu");
        const bytes = await output.Body.transformToByteArray();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        const code = errorCode(error);
        // Some S3-compatible servers answer a missing key with a bare 404; a missing bucket is
        // a 404 too, but a configuration fault, not a missing file.
        if (code === "NoSuchKey" || (httpStatus(error) === 404 && code !== "NoSuchBucket")) {
          throw new StorageNotFoundError(key);
        }
        throw unavailable(error, "read", key);
      }
    },
    async delete(key) {
      assertStorageKey(key);
      try {
        // S3 answers 204 for a key that does not exist: deleting twice is fine.
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        throw unavailable(error, "delete", key);
      }
    },
    list(prefix) {
      return listKeys(prefix);
    },
    async upload(key, source, contentType = "application/octet-stream") {
      assertStorageKey(key);
      const { size } = await statFile(source);
      const md5 = createHash("md5");
      for await (const chunk of createReadStream(source)) md5.update(chunk as Buffer);
      await putObject(key, createReadStream(source), {
        contentType,
        length: size,
        md5: md5.digest("base64"),
      });
    },
    async stat(key) {
      assertStorageKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { size: head.ContentLength ?? 0, etag: (head.ETag ?? "").replace(/"/g, "") };
      } catch (error) {
        if (httpStatus(error) === 404) return null;
        throw unavailable(error, "stat", key);
      }
    },
    async checkBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        // HEAD answers carry no body, hence no error code: a 404 is the bucket's absence.
        throw httpStatus(error) === 404
          ? unavailable({ name: "NoSuchBucket" }, "check")
          : unavailable(error, "check");
      }
    },
    close() {
      client.destroy();
    },
  };
}
