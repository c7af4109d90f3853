import { Camera, Download, FileUp, Trash2 } from "lucide-react";
import { type DragEvent, useId, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { EmptyState } from "#app/components/data/empty-state.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { ErrorList } from "#app/components/forms/field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { ConfirmedPost } from "#app/components/ui/confirmed-post.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import type { RecordFileKind } from "#app/db/schema/record-files.ts";
import { formatDate, type IsoDay } from "#app/lib/paris-time.ts";
import {
  formatFileSize,
  RECORD_FILE_KIND_CHOICES,
  RECORD_FILE_KIND_LABELS,
  RECORD_FILE_MAX_COUNT,
  type RecordOwner,
  recordFilePath,
} from "../record-files.ts";

/*
 * The documents of a client, a job site or a supplier: what the product made for it (links
 * to their PDFs), the uploaded files (preview, download, delete after a confirmation) and
 * the upload form, a plain multipart form that a drop zone and a camera button enhance.
 */

export type RecordFileView = {
  id: string;
  kind: RecordFileKind;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  createdAt: Date;
  createdByEmail: string | null;
};

export type GeneratedDocumentView = {
  key: string;
  label: string;
  number: string;
  day: IsoDay | null;
  href: string;
};

export type RecordDocumentsRefusal = {
  intent?: string;
  message: string;
  fieldErrors?: Record<string, string[]>;
} | null;

export function GeneratedDocuments({ documents }: { documents: readonly GeneratedDocumentView[] }) {
  return (
    <Panel
      title="Documents établis"
      description="Les devis, factures, bons de commande et PV, tels qu'ils ont été émis."
    >
      {documents.length === 0 ? (
        <EmptyState>Aucun document établi pour l'instant.</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200">
          {documents.map((document) => (
            <li
              key={document.key}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2"
            >
              <a href={document.href} className="font-semibold text-brand-800 underline underline-offset-2">
                {document.label}
                {document.number ? ` ${document.number}` : ""}
              </a>
              <span className="text-sm text-slate-700">
                {document.day ? formatDate(document.day, "numeric") : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function Preview({ owner, file }: { owner: RecordOwner; file: RecordFileView }) {
  const src = recordFilePath(owner, file.id);
  if (file.contentType === "application/pdf") {
    return (
      <iframe
        src={src}
        title={`Aperçu de ${file.fileName}`}
        loading="lazy"
        className="mt-2 h-96 w-full rounded border border-slate-200"
      />
    );
  }
  return (
    <img
      src={src}
      alt={`Aperçu de ${file.fileName}`}
      loading="lazy"
      className="mt-2 max-h-96 max-w-full rounded"
    />
  );
}

function DeleteFile({ file }: { file: RecordFileView }) {
  return (
    <ConfirmedPost
      intent="supprimer"
      fields={{ fileId: file.id }}
      variant="ghost"
      icon={Trash2}
      label={
        <>
          Supprimer<span className="sr-only"> {file.fileName}</span>
        </>
      }
      title="Supprimer ce fichier ?"
      description={`« ${file.fileName} » sera supprimé définitivement ; l'historique de la fiche gardera qui l'a supprimé.`}
      confirmLabel="Supprimer le fichier"
      pendingLabel="Suppression…"
    />
  );
}

export function UploadedFiles({
  owner,
  files,
  canDelete,
}: {
  owner: RecordOwner;
  files: readonly RecordFileView[];
  canDelete: boolean;
}) {
  return (
    <Panel title="Fichiers déposés" description="Plans, photos, fiches techniques, notices et rapports.">
      {files.length === 0 ? (
        <EmptyState>Aucun fichier déposé pour l'instant.</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200" aria-label="Fichiers déposés">
          {files.map((file) => (
            <li key={file.id} className="py-3" id={`fichier-${file.id}`}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="min-w-0">
                  <a
                    href={recordFilePath(owner, file.id)}
                    className="font-semibold break-all text-brand-800 underline underline-offset-2"
                  >
                    {file.fileName}
                  </a>
                  <p className="text-sm text-slate-700">
                    {RECORD_FILE_KIND_LABELS[file.kind]} · {formatDate(file.createdAt, "numeric")} ·{" "}
                    {formatFileSize(file.sizeBytes)}
                    {file.createdByEmail ? ` · ajouté par ${file.createdByEmail}` : ""}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <a
                    href={recordFilePath(owner, file.id, true)}
                    download={file.fileName}
                    className={buttonClasses("outline", "md")}
                  >
                    <Download aria-hidden="true" className="size-4" />
                    Télécharger<span className="sr-only"> {file.fileName}</span>
                  </a>
                  {canDelete ? <DeleteFile file={file} /> : null}
                </div>
              </div>
              <details className="mt-1">
                <summary className="cursor-pointer text-sm font-semibold text-brand-800">
                  Aperçu<span className="sr-only"> de {file.fileName}</span>
                </summary>
                <Preview owner={owner} file={file} />
              </details>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

const ACCEPT = "application/pdf,image/*";

export function UploadFilesForm({ refusal }: { refusal: RecordDocumentsRefusal }) {
  const navigation = useNavigation();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const kindId = useId();
  const filesId = useId();
  const errorsId = useId();
  const uploading = navigation.state === "submitting" && navigation.formData?.get("intent") === "deposer";
  const uploadRefusal = refusal && refusal.intent !== "supprimer" ? refusal : null;
  const fileErrors = uploadRefusal?.fieldErrors?.files ?? [];

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!input.current || event.dataTransfer.files.length === 0) return;
    input.current.files = event.dataTransfer.files;
    setChosen(Array.from(event.dataTransfer.files, (file) => file.name));
  };

  return (
    <Panel
      title="Déposer des fichiers"
      description={`PDF, JPEG, PNG ou WebP : ${RECORD_FILE_MAX_COUNT} fichiers au plus, 20 Mo chacun.`}
    >
      <Form
        method="post"
        encType="multipart/form-data"
        className="grid gap-4"
        aria-label="Déposer des fichiers"
      >
        <FormAlert focus title="Dépôt impossible" errors={uploadRefusal ? [uploadRefusal.message] : []} />
        <input type="hidden" name="intent" value="deposer" />
        <div className="grid gap-1">
          <label htmlFor={kindId} className="font-semibold text-slate-900">
            Type des fichiers
          </label>
          <select
            id={kindId}
            name="kind"
            defaultValue="plan"
            className="w-full rounded-md border border-slate-400 bg-white px-3 py-2 sm:max-w-xs"
          >
            {RECORD_FILE_KIND_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a mouse shortcut; the file input and the camera button inside do the same from the keyboard. */}
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="zone-de-depot"
          className={`grid gap-3 rounded-xl border-2 border-dashed p-4 ${dragging ? "border-brand-700 bg-brand-50" : "border-slate-300"}`}
        >
          <label htmlFor={filesId} className="font-semibold text-slate-900">
            <FileUp aria-hidden="true" className="mr-1 inline size-5" />
            Fichiers (glissez-les ici ou choisissez-les)
          </label>
          <input
            ref={input}
            id={filesId}
            type="file"
            name="files"
            multiple
            accept={ACCEPT}
            aria-describedby={fileErrors.length > 0 ? errorsId : undefined}
            aria-invalid={fileErrors.length > 0 || undefined}
            onChange={(event) => setChosen(Array.from(event.currentTarget.files ?? [], (file) => file.name))}
            className="block w-full text-sm"
          />
          <label className={`${buttonClasses("outline", "md")} w-fit cursor-pointer`}>
            <Camera aria-hidden="true" className="size-4" />
            Prendre une photo
            <input type="file" name="files" accept="image/*" capture="environment" className="sr-only" />
          </label>
          {chosen.length > 0 ? (
            <p className="text-sm text-slate-700" aria-live="polite">
              {chosen.length > 1 ? `${chosen.length} fichiers choisis` : `Fichier choisi : ${chosen[0]}`}
            </p>
          ) : null}
          <ErrorList id={errorsId} errors={fileErrors} />
        </div>
        <div>
          <button type="submit" className={buttonClasses("primary", "md")} disabled={uploading}>
            {uploading ? "Envoi…" : "Déposer les fichiers"}
          </button>
        </div>
      </Form>
    </Panel>
  );
}

export function RecordDocuments({
  owner,
  files,
  generated,
  refusal,
  canDelete,
  showGenerated,
}: {
  owner: RecordOwner;
  files: readonly RecordFileView[];
  generated: readonly GeneratedDocumentView[];
  refusal: RecordDocumentsRefusal;
  canDelete: boolean;
  showGenerated: boolean;
}) {
  const deleteRefusal = refusal?.intent === "supprimer" ? refusal : null;
  return (
    <div className="grid gap-5">
      {deleteRefusal ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 font-semibold text-red-800">
          {deleteRefusal.message}
        </p>
      ) : null}
      <UploadFilesForm refusal={refusal} />
      <UploadedFiles owner={owner} files={files} canDelete={canDelete} />
      {showGenerated ? <GeneratedDocuments documents={generated} /> : null}
    </div>
  );
}

/**
 * A record's documents page (a client's, a job site's, a supplier's): its title, the way
 * back to the record, then its files and the documents made for it. The office deletes and
 * sees the documents made; a site worker only adds and reads the files of their sites.
 */
export function RecordDocumentsPage({
  title,
  backLabel,
  page,
  refusal,
}: {
  title: string;
  backLabel: string;
  page: {
    owner: RecordOwner;
    title: string;
    backHref: string;
    files: readonly RecordFileView[];
    generated: readonly GeneratedDocumentView[];
    office: boolean;
  };
  refusal: RecordDocumentsRefusal;
}) {
  return (
    <div className="grid max-w-4xl gap-5">
      <PageHeader
        title={title}
        description={page.title}
        actions={
          <Link to={page.backHref} className={buttonClasses("outline", "md")}>
            {backLabel}
          </Link>
        }
      />
      <RecordDocuments
        owner={page.owner}
        files={page.files}
        generated={page.generated}
        refusal={refusal}
        canDelete={page.office}
        showGenerated={page.office}
      />
    </div>
  );
}
