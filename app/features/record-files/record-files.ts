import { RECORD_FILE_KIND_VALUES, type RecordFileKind } from "#app/db/schema/record-files.ts";

/*
 * The files of a client, a job site or a supplier, as the browser sees them: the kinds and
 * their labels, the limits, the size in French (« 1,2 Mo »), the paths. Shared by the pages
 * and the server (docs/decisions/036-record-files.md).
 */

export const RECORD_FILE_KIND_LABELS: Record<RecordFileKind, string> = {
  plan: "Plan",
  photo: "Photo",
  fiche_technique: "Fiche technique",
  notice: "Notice",
  rapport: "Rapport",
  autre: "Autre",
};

export const RECORD_FILE_KIND_CHOICES = RECORD_FILE_KIND_VALUES.map((value) => ({
  value,
  label: RECORD_FILE_KIND_LABELS[value],
}));

export function isRecordFileKind(value: unknown): value is RecordFileKind {
  return typeof value === "string" && (RECORD_FILE_KIND_VALUES as readonly string[]).includes(value);
}

export const RECORD_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const RECORD_FILE_MAX_COUNT = 10;
/** What one post may carry: 10 files of 20 MB would not fit; 100 MB in all (request-guards). */
export const RECORD_FILE_POST_MAX_BYTES = 100 * 1024 * 1024;

export type RecordOwner =
  | { type: "client"; id: string }
  | { type: "chantier"; id: string }
  | { type: "fournisseur"; id: string };

/** The page of a record's documents. */
export function recordDocumentsPath(owner: RecordOwner): string {
  switch (owner.type) {
    case "client":
      return `/erp/clients/${owner.id}/documents`;
    case "chantier":
      return `/erp/chantiers/${owner.id}/documents`;
    case "fournisseur":
      return `/erp/achats/fournisseurs/${owner.id}/fichiers`;
  }
}

/** One uploaded file's bytes; `download` asks for an attachment. */
export function recordFilePath(owner: RecordOwner, fileId: string, download = false): string {
  return `${recordDocumentsPath(owner)}/${fileId}${download ? "?telecharger" : ""}`;
}

/** « 820 o », « 12 Ko », « 1,2 Mo »: the size as French people read it. */
export function formatFileSize(bytes: number): string {
  const format = (value: number) =>
    new Intl.NumberFormat("fr-FR", { maximumFractionDigits: value < 10 ? 1 : 0 }).format(value);
  if (bytes < 1024) return `${bytes} o`;
  if (bytes < 1024 * 1024) return `${format(bytes / 1024)} Ko`;
  return `${format(bytes / (1024 * 1024))} Mo`;
}

export const RECORD_FILE_MESSAGES = {
  notFound: "Ce fichier n'existe pas, ou n'appartient pas à cette fiche.",
  none: "Choisissez au moins un fichier (PDF, JPEG, PNG ou WebP).",
  tooMany: `Envoyez ${RECORD_FILE_MAX_COUNT} fichiers au plus à la fois.`,
  kind: "Choisissez le type des fichiers.",
  confirm: "Confirmez la suppression du fichier.",
  deleteRefused: "Seul le bureau peut supprimer un fichier du chantier.",
} as const;

/** What the search of /erp/docs/fichiers filters on: a kind of uploaded file, or a kind of document made. */
export const FILE_SEARCH_TYPE_LABELS = {
  ...RECORD_FILE_KIND_LABELS,
  devis: "Devis",
  facture: "Facture",
  avoir: "Avoir",
  bon_commande: "Bon de commande",
} as const;
export type FileSearchType = keyof typeof FILE_SEARCH_TYPE_LABELS;
export const FILE_SEARCH_TYPES = Object.keys(FILE_SEARCH_TYPE_LABELS) as [
  FileSearchType,
  ...FileSearchType[],
];
export const FILE_SEARCH_PAGE_SIZE = 25;
export const FILES_SEARCH_PATH = "/erp/docs/fichiers";
