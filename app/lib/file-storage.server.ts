import { randomBytes } from "node:crypto";

/*
 * The storage contract every implementation keeps (local disk in storage.server.ts, S3 in
 * s3-storage.server.ts). It lives apart from both so that storage.server.ts can choose
 * between them without an import cycle; code outside app/lib imports it from
 * storage.server.ts, which re-exports it.
 */

/**
 * Where uploaded files are kept (quote photos, PDFs, product images, ...). Keys are
 * relative paths made of lower-case letters, digits, dots, hyphens and slashes
 * ("devis/2025/01/ab12.jpg"); nothing here is ever served publicly: files leave only as
 * e-mail attachments or through routes that check who asks.
 */
export interface FileStorage {
  /**
   * Writes the file; an existing file under the same key is replaced. `contentType`
   * (default application/octet-stream) is for stores that keep it, such as S3.
   */
  put(key: string, content: Uint8Array, contentType?: string): Promise<void>;
  /** The file's bytes; throws `StorageNotFoundError` when it does not exist. */
  get(key: string): Promise<Buffer>;
  /** Deletes the file; deleting a missing file is not an error. */
  delete(key: string): Promise<void>;
  /**
   * The keys stored, in lexical order: every one (a backup reads them all), or those that
   * start with `prefix` (« factures-fournisseurs/attente/ »), read without listing the rest.
   */
  list(prefix?: string): Promise<string[]>;
}

/** The key names no file: a route answers 404. */
export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`Fichier introuvable dans le stockage : ${key}`);
    this.name = "StorageNotFoundError";
  }
}

/**
 * The storage did not do what was asked, for a reason other than a missing file: a bucket
 * that does not exist or refuses the credentials, a server that does not answer. A route
 * answers 503. The message names the operation, the key and the store's error code, never
 * a credential.
 */
export class StorageUnavailableError extends Error {
  /** The store's error code ("NoSuchBucket", "AccessDenied", "ECONNREFUSED", ...). */
  readonly code: string;
  constructor(message: string, code: string) {
    super(message);
    this.name = "StorageUnavailableError";
    this.code = code;
  }
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*$/;

/** Refuses any key that could leave the storage folder or hide a file. */
export function assertStorageKey(key: string): void {
  if (key.length > 200 || !KEY_PATTERN.test(key) || key.split("/").some((part) => part.startsWith("."))) {
    throw new Error(`Clé de stockage invalide : ${JSON.stringify(key)}`);
  }
}

/** A fresh, unguessable key under `prefix`: "devis/2025/01/3f9c…e1.jpg". */
export function newStorageKey(prefix: string, extension: string, now = new Date()): string {
  const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
  const key = `${prefix}/${month}/${randomBytes(16).toString("hex")}.${extension}`;
  assertStorageKey(key);
  return key;
}
