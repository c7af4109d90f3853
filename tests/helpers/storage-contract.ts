import { randomBytes } from "node:crypto";
import { expect, it } from "vitest";
import { type FileStorage, newStorageKey, StorageNotFoundError } from "#app/lib/storage.server.ts";

/** Keys no storage may accept: they could leave the storage's folder or hide a file. */
export const BAD_STORAGE_KEYS = [
  "../secret",
  "devis/../../etc/passwd",
  "/etc/passwd",
  ".env",
  "devis/.cache/x",
  "Devis/x",
  "a//b",
  "devis/",
  "",
  `devis/${"a".repeat(200)}`,
];

/**
 * The behaviours every FileStorage keeps, declared as `it`s inside the caller's `describe`:
 * the local disk and S3 run the same list. `storage()` is read inside each test, so it may
 * be set up in a `beforeAll`.
 */
export function storageContract(storage: () => FileStorage): void {
  const key = (prefix = "contrat") => newStorageKey(prefix, "bin");

  it("writes, reads back and deletes a file", async () => {
    const target = key();
    await storage().put(target, new Uint8Array([1, 2, 3]), "image/jpeg");
    expect([...(await storage().get(target))]).toEqual([1, 2, 3]);
    await storage().delete(target);
    await expect(storage().get(target)).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it("replaces a file written again under the same key", async () => {
    const target = key();
    await storage().put(target, Buffer.from("première version, plus longue"), "text/plain");
    await storage().put(target, Buffer.from("seconde"), "text/plain");
    expect((await storage().get(target)).toString()).toBe("seconde");
  });

  it("keeps files under neighbouring keys apart", async () => {
    const first = key("voisins");
    const second = `${first}.pdf`;
    await storage().put(first, Buffer.from("un"));
    await storage().put(second, Buffer.from("deux"));
    await storage().delete(first);
    expect((await storage().get(second)).toString()).toBe("deux");
    await expect(storage().get(first)).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it("throws StorageNotFoundError, naming the key, for a key that holds no file", async () => {
    const missing = key();
    const error = await storage()
      .get(missing)
      .then(
        () => null,
        (thrown: unknown) => thrown,
      );
    expect(error).toBeInstanceOf(StorageNotFoundError);
    expect((error as Error).message).toBe(`Fichier introuvable dans le stockage : ${missing}`);
  });

  it("takes a folder of other files for a missing file", async () => {
    const inside = key("dossier");
    await storage().put(inside, Buffer.from("x"));
    const folder = inside.split("/").slice(0, 2).join("/");
    await expect(storage().get(folder)).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it("deletes a missing file without complaint, twice", async () => {
    const missing = key();
    await storage().delete(missing);
    await storage().delete(missing);
    await expect(storage().get(missing)).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it("lists every file it holds, in order, and no longer one deleted", async () => {
    const prefix = `liste${randomBytes(4).toString("hex")}`;
    const first = key(prefix);
    const second = key(prefix);
    await storage().put(first, Buffer.from("un"));
    await storage().put(second, Buffer.from("deux"));
    const listed = (await storage().list()).filter((entry) => entry.startsWith(`${prefix}/`));
    expect(listed).toEqual([first, second].sort());
    await storage().delete(first);
    expect((await storage().list()).filter((entry) => entry.startsWith(`${prefix}/`))).toEqual([second]);
    const all = await storage().list();
    expect(all).toEqual([...all].sort());
  });

  it("lists only the keys under a prefix when given one, the same as filtering the whole list", async () => {
    const prefix = `prefixe${randomBytes(4).toString("hex")}`;
    const inside = [key(`${prefix}/attente`), key(`${prefix}/attente`)];
    const beside = [key(`${prefix}/attente-bis`), key(`${prefix}/autre`)];
    for (const target of [...inside, ...beside]) await storage().put(target, Buffer.from("x"));
    expect(await storage().list(`${prefix}/attente/`)).toEqual([...inside].sort());
    // A prefix that ends inside a name takes the neighbours that share it.
    expect(await storage().list(`${prefix}/attente`)).toEqual([...inside, beside[0]].sort());
    expect(await storage().list(`${prefix}/`)).toEqual(
      (await storage().list()).filter((entry) => entry.startsWith(`${prefix}/`)),
    );
    expect(await storage().list(`${prefix}/rien/`)).toEqual([]);
    expect(await storage().list(`${inside[0]}/`)).toEqual([]);
  });

  it("keeps an empty file", async () => {
    const target = key();
    await storage().put(target, new Uint8Array(0));
    expect((await storage().get(target)).byteLength).toBe(0);
  });

  it("gives back a 10 MB file byte for byte", async () => {
    const target = key("gros");
    const content = randomBytes(10 * 1024 * 1024);
    await storage().put(target, content, "application/pdf");
    const back = await storage().get(target);
    expect(back.byteLength).toBe(content.byteLength);
    expect(back.equals(content)).toBe(true);
  });

  it("refuses every key that could leave its place or hide a file, whatever the operation", async () => {
    for (const bad of BAD_STORAGE_KEYS) {
      await expect(storage().put(bad, new Uint8Array([1])), bad).rejects.toThrow(/Clé de stockage invalide/);
      await expect(storage().get(bad), bad).rejects.toThrow(/Clé de stockage invalide/);
      await expect(storage().delete(bad), bad).rejects.toThrow(/Clé de stockage invalide/);
    }
  });
}
