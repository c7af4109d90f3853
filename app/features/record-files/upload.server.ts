import { createHash } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import type { Database } from "#app/db/client.server.ts";
import { type RecordFileKind, recordFiles } from "#app/db/schema/record-files.ts";
import { type ActivityActor, recordActivity } from "#app/lib/activity.server.ts";
import type { FileStorage } from "#app/lib/file-storage.server.ts";
import { foldText } from "#app/lib/search-text.ts";
import { newStorageKey } from "#app/lib/storage.server.ts";
import {
  formatFileSize,
  isRecordFileKind,
  RECORD_FILE_KIND_LABELS,
  RECORD_FILE_MAX_BYTES,
  RECORD_FILE_MAX_COUNT,
  RECORD_FILE_MESSAGES,
  type RecordOwner,
} from "./record-files.ts";

/*
 * The upload of a record's files: every file of the post checked by its bytes (PDF, JPEG,
 * PNG, WebP; 20 MB each, 10 at most), its name cleaned, then all stored or none: a refused
 * file refuses the post, and the objects written before a storage or database failure are
 * removed again.
 */

const ACCEPTED = {
  "application/pdf": { extension: "pdf", label: "PDF" },
  "image/jpeg": { extension: "jpg", label: "JPEG" },
  "image/png": { extension: "png", label: "PNG" },
  "image/webp": { extension: "webp", label: "WebP" },
} as const;
type AcceptedType = keyof typeof ACCEPTED;

const SAME_TYPE_EXTENSIONS: Record<AcceptedType, readonly string[]> = {
  "application/pdf": ["pdf"],
  "image/jpeg": ["jpg", "jpeg"],
  "image/png": ["png"],
  "image/webp": ["webp"],
};

export type UploadRefusal = {
  ok: false;
  status: 400 | 413 | 415;
  message: string;
  fieldErrors: Record<string, string[]>;
};

export type CheckedFile = {
  fileName: string;
  contentType: AcceptedType;
  bytes: Buffer;
  sha256: string;
};

/**
 * A name people can read and that says what the file is: its last path segment, no control
 * characters nor quotes, 200 characters at most, its extension the one of its real type
 * (« ../../x.pdf » → « x.pdf »; a JPEG named « plan.pdf » → « plan.jpg »).
 */
export function cleanRecordFileName(name: string, type: AcceptedType): string {
  const last = name.split(/[/\\]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is removed.
  const printable = last.replace(/[\u0000-\u001f\u007f-\u009f"<>|*?:]/g, "").trim();
  const match = /^(.*)\.([A-Za-z0-9]{1,8})$/.exec(printable);
  const stem = (match ? match[1] : printable)?.replace(/^[.\s]+|[.\s]+$/g, "") || "fichier";
  const extension = match?.[2]?.toLowerCase();
  const wanted =
    extension && SAME_TYPE_EXTENSIONS[type].includes(extension) ? extension : ACCEPTED[type].extension;
  return `${stem.slice(0, 200 - wanted.length - 1)}.${wanted}`;
}

function describedName(file: File): string {
  const name = (file.name.split(/[/\\]/).pop() ?? "").replace(/[^\p{L}\p{N} ._()-]/gu, "").slice(0, 80);
  return name ? `« ${name} »` : "Le fichier";
}

/** Every posted file checked, in order; the first refused one refuses the post. */
export async function checkRecordFiles(
  entries: FormDataEntryValue[],
): Promise<{ ok: true; files: CheckedFile[] } | UploadRefusal> {
  const files = entries.filter((entry): entry is File => entry instanceof File && entry.size > 0);
  if (files.length === 0) {
    return {
      ok: false,
      status: 400,
      message: RECORD_FILE_MESSAGES.none,
      fieldErrors: { files: [RECORD_FILE_MESSAGES.none] },
    };
  }
  if (files.length > RECORD_FILE_MAX_COUNT) {
    return {
      ok: false,
      status: 413,
      message: RECORD_FILE_MESSAGES.tooMany,
      fieldErrors: { files: [RECORD_FILE_MESSAGES.tooMany] },
    };
  }
  const checked: CheckedFile[] = [];
  for (const file of files) {
    const name = describedName(file);
    if (file.size > RECORD_FILE_MAX_BYTES) {
      const message = `${name} pèse ${formatFileSize(file.size)} : 20 Mo au plus par fichier.`;
      return { ok: false, status: 413, message, fieldErrors: { files: [message] } };
    }
    const bytes = Buffer.from(await file.arrayBuffer());
    const detected = (await fileTypeFromBuffer(bytes))?.mime;
    if (!detected || !Object.hasOwn(ACCEPTED, detected)) {
      const message = `${name} n'est ni un PDF, ni une image JPEG, PNG ou WebP (vérifié sur son contenu) : rien n'a été enregistré.`;
      return { ok: false, status: 415, message, fieldErrors: { files: [message] } };
    }
    const contentType = detected as AcceptedType;
    checked.push({
      fileName: cleanRecordFileName(file.name, contentType),
      contentType,
      bytes,
      sha256: createHash("sha256").update(bytes).digest("hex"),
    });
  }
  return { ok: true, files: checked };
}

/** The owner's column values of a row of record_files. */
export function ownerColumns(owner: RecordOwner) {
  return {
    clientId: owner.type === "client" ? owner.id : null,
    jobSiteId: owner.type === "chantier" ? owner.id : null,
    supplierId: owner.type === "fournisseur" ? owner.id : null,
  };
}

/**
 * Stores the checked files and their rows, with one line in the record's history. Any
 * failure removes the objects already written and leaves no row.
 */
export async function storeRecordFiles(
  services: { db: Database; storage: FileStorage },
  owner: RecordOwner,
  actor: ActivityActor,
  kind: RecordFileKind,
  files: CheckedFile[],
): Promise<string[]> {
  if (!isRecordFileKind(kind)) throw new Error(RECORD_FILE_MESSAGES.kind);
  const { db, storage } = services;
  const written: string[] = [];
  try {
    const rows: (typeof recordFiles.$inferInsert)[] = [];
    for (const file of files) {
      const storageKey = newStorageKey("fichiers", ACCEPTED[file.contentType].extension);
      await storage.put(storageKey, file.bytes, file.contentType);
      written.push(storageKey);
      rows.push({
        ...ownerColumns(owner),
        kind,
        fileName: file.fileName,
        searchText: foldText(file.fileName),
        contentType: file.contentType,
        sizeBytes: file.bytes.length,
        sha256: file.sha256,
        storageKey,
        createdBy: actor.id,
      });
    }
    return await db.transaction(async (tx) => {
      const inserted = await tx.insert(recordFiles).values(rows).returning({ id: recordFiles.id });
      const names = files.map((file) => file.fileName).join(", ");
      await recordActivity(tx, {
        subjectType: owner.type,
        subjectId: owner.id,
        kind: "file_added",
        summary:
          `${files.length > 1 ? `${files.length} fichiers ajoutés` : "Fichier ajouté"} (${RECORD_FILE_KIND_LABELS[kind]}) : ${names}`.slice(
            0,
            500,
          ),
        actor,
      });
      return inserted.map((row) => row.id);
    });
  } catch (error) {
    await Promise.allSettled(written.map((key) => storage.delete(key)));
    throw error;
  }
}
