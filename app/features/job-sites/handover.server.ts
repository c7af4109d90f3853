import { and, asc, eq, inArray, isNotNull, lte, ne, or, sql } from "drizzle-orm";
import { strToU8, type Zippable, zipSync } from "fflate";
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { companyDocuments } from "#app/db/schema/company-documents.ts";
import { invoices } from "#app/db/schema/invoices.ts";
import { jobSiteQuotes, jobSites } from "#app/db/schema/job-sites.ts";
import { quotes } from "#app/db/schema/quotes.ts";
import { jobSiteReceptions } from "#app/db/schema/receptions.ts";
import { recordFiles } from "#app/db/schema/record-files.ts";
import type { FileStorage } from "#app/lib/file-storage.server.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import type { DocumentIdentity } from "#app/lib/pdf/identity.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { JobSiteNotFoundError } from "./query.server.ts";
import { liftingPdf, receptionPdf, signedReceptionCopy } from "./reception.server.ts";
import { WARRANTY_LABELS, warrantyDates } from "./warranty.ts";

/*
 * The handover file (« Dossier de fin de chantier », dossier des ouvrages exécutés) of a
 * job site, for its client: a cover page and a table of contents, then the PV de
 * réception (and the PV de levée des réserves), the warranties and their end dates, the
 * technical sheets and notices uploaded for the site, the décennale attestation valid on
 * the site's first day, and the site's invoices and credit notes. One PDF, and a ZIP of
 * each document as its own file plus the PDF. An uploaded PDF that cannot be read
 * (damaged, encrypted) is « joint séparément »: listed, and in the ZIP only
 * (docs/decisions/037-share-links-handover.md).
 */

export const HANDOVER_TITLE = "Dossier de fin de chantier";
export const INSURANCE_MISSING =
  "Attestation d'assurance valable à l'ouverture du chantier : non disponible dans le registre";
export const SEPARATE = "joint séparément";

export type HandoverAvailability = { available: true } | { available: false; reason: string };

/** The file is made once the PV de réception is presented or signed; before that, why not. */
export async function handoverAvailability(db: DbExecutor, jobSiteId: string): Promise<HandoverAvailability> {
  if (!isUuid(jobSiteId)) throw new JobSiteNotFoundError();
  const [site] = await db.select({ id: jobSites.id }).from(jobSites).where(eq(jobSites.id, jobSiteId));
  if (!site) throw new JobSiteNotFoundError();
  const [pv] = await db
    .select({ status: jobSiteReceptions.status })
    .from(jobSiteReceptions)
    .where(and(eq(jobSiteReceptions.jobSiteId, jobSiteId), eq(jobSiteReceptions.kind, "reception")));
  if (!pv) {
    return {
      available: false,
      reason:
        "Le dossier de fin de chantier se prépare après la réception : préparez d'abord le PV de réception du chantier.",
    };
  }
  if (pv.status === "brouillon") {
    return {
      available: false,
      reason:
        "Le PV de réception est encore un brouillon : présentez-le à la signature (ou faites-le signer) pour préparer le dossier de fin de chantier.",
    };
  }
  return { available: true };
}

type Section = "pv" | "garanties" | "documents" | "assurance" | "factures";

/** One document of the file: its bytes, how it enters the PDF, its line in the table of contents. */
type Part = {
  section: Section;
  title: string;
  /** Its file name inside the ZIP (unique). */
  zipName: string;
  bytes: Uint8Array | null;
  contentType: string;
  /** « pdf »: its pages copied; « image »: placed on a page; « page »: generated; « separe »: ZIP only. */
  mode: "pdf" | "image" | "page" | "separe" | "absent";
  pdf?: PDFDocument;
  lines?: string[];
};

export type HandoverContents = {
  siteNumber: string;
  siteTitle: string;
  clientName: string;
  parts: Part[];
};

const SECTION_TITLES: Record<Section, string> = {
  pv: "Réception des travaux",
  garanties: "Garanties",
  documents: "Fiches techniques et notices",
  assurance: "Assurance",
  factures: "Factures et avoirs",
};

const slug = (value: string) =>
  value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9.]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase()
    .slice(0, 80) || "document";

const extensionOf = (contentType: string, fallback = "bin") =>
  contentType === "application/pdf"
    ? "pdf"
    : contentType === "image/jpeg"
      ? "jpg"
      : contentType === "image/png"
        ? "png"
        : fallback;

const modeOf = (contentType: string): Part["mode"] =>
  contentType === "application/pdf"
    ? "pdf"
    : contentType === "image/jpeg" || contentType === "image/png"
      ? "image"
      : "separe";

/** The PDF's pages can be copied: loaded without error and not encrypted. */
async function readablePdf(bytes: Uint8Array): Promise<PDFDocument | null> {
  try {
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
    if (pdf.isEncrypted || pdf.getPageCount() === 0) return null;
    return pdf;
  } catch {
    return null;
  }
}

/** What the site's file holds, read from the database and the storage. */
export async function handoverContents(
  db: DbExecutor,
  storage: FileStorage,
  identity: DocumentIdentity,
  jobSiteId: string,
): Promise<HandoverContents> {
  const availability = await handoverAvailability(db, jobSiteId);
  if (!availability.available) throw new HandoverUnavailableError(availability.reason);
  const [site] = await db
    .select({
      number: jobSites.number,
      title: jobSites.title,
      actualStart: jobSites.actualStart,
      plannedStart: jobSites.plannedStart,
      clientName: sql<string>`(select name from clients where clients.id = ${jobSites.clientId})`,
    })
    .from(jobSites)
    .where(eq(jobSites.id, jobSiteId));
  if (!site) throw new JobSiteNotFoundError();
  const parts: Part[] = [];
  const names = new Set<string>();
  const zipName = (folder: string, base: string, extension: string) => {
    let name = `${folder}/${base}.${extension}`;
    for (let index = 2; names.has(name); index += 1) name = `${folder}/${base}-${index}.${extension}`;
    names.add(name);
    return name;
  };

  // The PV de réception: the signed copy once signed, else the PV presented.
  const [pv] = await db
    .select({ receivedOn: jobSiteReceptions.receivedOn })
    .from(jobSiteReceptions)
    .where(and(eq(jobSiteReceptions.jobSiteId, jobSiteId), eq(jobSiteReceptions.kind, "reception")));
  const receivedOn = pv?.receivedOn ?? "";
  const signed = await signedReceptionCopy(db, storage, jobSiteId);
  const presented = signed ? null : await receptionPdf(db, storage, identity, jobSiteId);
  const pvFile = signed ?? (presented ? { ...presented, contentType: "application/pdf" } : null);
  if (pvFile) {
    parts.push({
      section: "pv",
      title: `PV de réception du ${formatDate(receivedOn)}${signed ? " (signé)" : ""}`,
      zipName: zipName("01-reception", "pv-reception", extensionOf(pvFile.contentType, "pdf")),
      bytes: pvFile.bytes,
      contentType: pvFile.contentType,
      mode: modeOf(pvFile.contentType),
    });
  }
  const liftings = await db
    .select({ id: jobSiteReceptions.id, receivedOn: jobSiteReceptions.receivedOn })
    .from(jobSiteReceptions)
    .where(
      and(
        eq(jobSiteReceptions.jobSiteId, jobSiteId),
        eq(jobSiteReceptions.kind, "levee"),
        ne(jobSiteReceptions.status, "brouillon"),
      ),
    )
    .orderBy(asc(jobSiteReceptions.receivedOn), asc(jobSiteReceptions.createdAt));
  for (const lifting of liftings) {
    const file = await liftingPdf(db, storage, jobSiteId, lifting.id);
    if (!file) continue;
    parts.push({
      section: "pv",
      title: `PV de levée des réserves du ${formatDate(lifting.receivedOn)}`,
      zipName: zipName(
        "01-reception",
        `pv-levee-reserves-${lifting.receivedOn}`,
        extensionOf(file.contentType, "pdf"),
      ),
      bytes: file.bytes,
      contentType: file.contentType,
      mode: modeOf(file.contentType),
    });
  }

  // The warranties from the reception day.
  const warranties = warrantyDates(receivedOn);
  parts.push({
    section: "garanties",
    title: "Garanties et leurs dates de fin",
    zipName: zipName("02-garanties", "garanties", "txt"),
    bytes: null,
    contentType: "text/plain",
    mode: "page",
    lines: [
      `Réception des travaux : ${formatDate(receivedOn)}.`,
      `${WARRANTY_LABELS.completionEnd} (un an, article 1792-6 du Code civil) : ${formatDate(warranties.completionEnd)}.`,
      `${WARRANTY_LABELS.biennialEnd} de bon fonctionnement (deux ans, article 1792-3 du Code civil) : ${formatDate(warranties.biennialEnd)}.`,
      `${WARRANTY_LABELS.decennialEnd} (dix ans, article 1792-4-1 du Code civil) : ${formatDate(warranties.decennialEnd)}.`,
      "Pour signaler un désordre, écrivez-nous en rappelant le numéro du chantier.",
      `${identity.tradeName} — ${identity.phone} — ${identity.email}`,
    ],
  });

  // The technical sheets and notices uploaded for the site.
  const uploads = await db
    .select({
      kind: recordFiles.kind,
      fileName: recordFiles.fileName,
      contentType: recordFiles.contentType,
      storageKey: recordFiles.storageKey,
    })
    .from(recordFiles)
    .where(
      and(eq(recordFiles.jobSiteId, jobSiteId), inArray(recordFiles.kind, ["fiche_technique", "notice"])),
    )
    .orderBy(asc(recordFiles.kind), asc(recordFiles.createdAt), asc(recordFiles.id));
  const uploadBytes = await Promise.all(uploads.map((upload) => storage.get(upload.storageKey)));
  uploads.forEach((upload, index) => {
    const dot = upload.fileName.lastIndexOf(".");
    const base = slug(dot > 0 ? upload.fileName.slice(0, dot) : upload.fileName);
    parts.push({
      section: "documents",
      title: `${upload.kind === "notice" ? "Notice" : "Fiche technique"} : ${upload.fileName}`,
      zipName: zipName("03-fiches-et-notices", base, extensionOf(upload.contentType)),
      bytes: uploadBytes[index] ?? null,
      contentType: upload.contentType,
      mode: modeOf(upload.contentType),
    });
  });

  // The décennale valid on the site's first day (any version of the register).
  const startDay = site.actualStart ?? site.plannedStart;
  const [insurance] = startDay
    ? await db
        .select({
          issuer: companyDocuments.issuer,
          number: companyDocuments.number,
          validFrom: companyDocuments.validFrom,
          validUntil: companyDocuments.validUntil,
          contentType: companyDocuments.contentType,
          storageKey: companyDocuments.storageKey,
        })
        .from(companyDocuments)
        .where(
          and(
            eq(companyDocuments.kind, "decennale"),
            // A version without its file (copied from the settings) has no attestation to hand over.
            isNotNull(companyDocuments.storageKey),
            lte(companyDocuments.validFrom, startDay),
            or(
              sql`${companyDocuments.validUntil} is null`,
              sql`${companyDocuments.validUntil} >= ${startDay}`,
            ),
          ),
        )
        .orderBy(sql`${companyDocuments.validFrom} desc`, sql`${companyDocuments.createdAt} desc`)
        .limit(1)
    : [];
  if (insurance?.storageKey && insurance.contentType && startDay) {
    parts.push({
      section: "assurance",
      title: `Attestation décennale ${insurance.number ? `n° ${insurance.number} ` : ""}valable à l'ouverture du chantier (${formatDate(startDay)})${insurance.issuer ? ` — ${insurance.issuer}` : ""}`,
      zipName: zipName("04-assurance", "attestation-decennale", extensionOf(insurance.contentType)),
      bytes: await storage.get(insurance.storageKey),
      contentType: insurance.contentType,
      mode: modeOf(insurance.contentType),
    });
  } else {
    parts.push({
      section: "assurance",
      title: INSURANCE_MISSING,
      zipName: "",
      bytes: null,
      contentType: "",
      mode: "absent",
    });
  }

  // The site's issued invoices and credit notes (the credit notes of those invoices too).
  const siteSeries = db
    .select({ seriesId: jobSiteQuotes.quoteSeriesId })
    .from(jobSiteQuotes)
    .where(eq(jobSiteQuotes.jobSiteId, jobSiteId));
  const siteQuotes = db.select({ id: quotes.id }).from(quotes).where(inArray(quotes.seriesId, siteSeries));
  const siteInvoices = db
    .select({ id: invoices.id })
    .from(invoices)
    .where(inArray(invoices.quoteId, siteQuotes));
  const issued = await db
    .select({
      kind: invoices.kind,
      number: invoices.number,
      issuedOn: invoices.issuedOn,
      storageKey: invoices.pdfStorageKey,
    })
    .from(invoices)
    .where(
      and(
        ne(invoices.status, "brouillon"),
        isNotNull(invoices.pdfStorageKey),
        or(inArray(invoices.quoteId, siteQuotes), inArray(invoices.creditedInvoiceId, siteInvoices)),
      ),
    )
    .orderBy(asc(invoices.issuedOn), asc(invoices.number));
  const invoiceBytes = await Promise.all(issued.map((row) => storage.get(row.storageKey ?? "")));
  issued.forEach((row, index) => {
    const number = row.number ?? "";
    parts.push({
      section: "factures",
      title: `${row.kind === "avoir" ? "Avoir" : "Facture"} ${number} du ${formatDate(row.issuedOn ?? "")}`,
      zipName: zipName("05-factures", slug(number), "pdf"),
      bytes: invoiceBytes[index] ?? null,
      contentType: "application/pdf",
      mode: "pdf",
    });
  });

  return { siteNumber: site.number, siteTitle: site.title, clientName: site.clientName ?? "", parts };
}

export class HandoverUnavailableError extends Error {
  override name = "HandoverUnavailableError";
}

// ─── The PDF ──────────────────────────────────────────────────────────────────────────

const PAGE: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const TOC_LINES_PER_PAGE = 34;
const INK = rgb(0.1, 0.13, 0.2);
const MUTED = rgb(0.35, 0.38, 0.45);

/** The text a standard font can draw: spaces the font lacks made plain, other missing characters dropped. */
function drawable(font: PDFFont, text: string): string {
  const plain = text.replace(/[\u00a0\u202f\u2009]/g, " ");
  let out = "";
  for (const char of plain) {
    try {
      font.encodeText(char);
      out += char;
    } catch {
      out += "?";
    }
  }
  return out;
}

/** Lines cut to `width` at the spaces. */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const words = drawable(font, text).split(" ");
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

function drawLines(page: PDFPage, font: PDFFont, size: number, lines: string[], startY: number, color = INK) {
  let y = startY;
  for (const line of lines) {
    for (const cut of wrap(font, size, line, PAGE[0] - 2 * MARGIN)) {
      page.drawText(cut, { x: MARGIN, y, size, font, color });
      y -= size * 1.45;
    }
    y -= size * 0.5;
  }
  return y;
}

/**
 * The file as one PDF: the cover, the table of contents (each document, its first page,
 * or « joint séparément » / « non disponible »), then the documents in order.
 */
export async function handoverPdf(
  contents: HandoverContents,
  identity: DocumentIdentity,
): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  out.setTitle(`${HANDOVER_TITLE} ${contents.siteNumber}`);
  out.setAuthor(identity.legalName);
  out.setCreator(identity.tradeName);
  const regular = await out.embedFont(StandardFonts.Helvetica);
  const bold = await out.embedFont(StandardFonts.HelveticaBold);

  // Read each uploaded PDF once: an unreadable one is joined separately.
  for (const part of contents.parts) {
    if (part.mode === "pdf" && part.bytes) {
      const pdf = await readablePdf(part.bytes);
      if (pdf) part.pdf = pdf;
      else part.mode = "separe";
    }
    if (part.mode === "pdf" && !part.bytes) part.mode = "separe";
  }
  const pagesOf = (part: Part) =>
    part.mode === "pdf"
      ? (part.pdf?.getPageCount() ?? 0)
      : part.mode === "image" || part.mode === "page"
        ? 1
        : 0;
  const tocEntries: { text: string; page: string; heading?: boolean }[] = [];
  let lastSection: Section | null = null;
  for (const part of contents.parts) {
    if (part.section !== lastSection) {
      tocEntries.push({ text: SECTION_TITLES[part.section], page: "", heading: true });
      lastSection = part.section;
    }
    tocEntries.push({ text: part.title, page: "" });
  }
  const tocPages = Math.max(1, Math.ceil(tocEntries.length / TOC_LINES_PER_PAGE));
  let next = 1 + tocPages + 1;
  let entry = 0;
  for (const part of contents.parts) {
    while (tocEntries[entry]?.heading) entry += 1;
    const target = tocEntries[entry];
    if (target) {
      target.page = part.mode === "separe" ? SEPARATE : part.mode === "absent" ? "" : `p. ${next}`;
    }
    next += pagesOf(part);
    entry += 1;
  }

  // The cover.
  const cover = out.addPage(PAGE);
  cover.drawText(drawable(bold, identity.tradeName), {
    x: MARGIN,
    y: PAGE[1] - 90,
    size: 14,
    font: bold,
    color: MUTED,
  });
  let y = PAGE[1] - 260;
  cover.drawText(drawable(bold, HANDOVER_TITLE), { x: MARGIN, y, size: 28, font: bold, color: INK });
  y -= 26;
  cover.drawText("Dossier des ouvrages exécutés", { x: MARGIN, y, size: 14, font: regular, color: MUTED });
  y -= 48;
  drawLines(
    cover,
    regular,
    13,
    [
      `Chantier ${contents.siteNumber} : ${contents.siteTitle}`,
      `Maître d'ouvrage : ${contents.clientName}`,
      `Remis le ${formatDate(new Date())}`,
    ],
    y,
  );
  drawLines(
    cover,
    regular,
    10,
    [
      identity.legalName,
      ...identity.addressLines,
      `SIRET ${identity.siret} — ${identity.phone} — ${identity.email}`,
    ],
    150,
    MUTED,
  );

  // The table of contents.
  for (let index = 0; index < tocPages; index += 1) {
    const page = out.addPage(PAGE);
    let lineY = PAGE[1] - 80;
    if (index === 0) {
      page.drawText("Sommaire", { x: MARGIN, y: lineY, size: 20, font: bold, color: INK });
      lineY -= 36;
    }
    for (const item of tocEntries.slice(index * TOC_LINES_PER_PAGE, (index + 1) * TOC_LINES_PER_PAGE)) {
      const font = item.heading ? bold : regular;
      const size = item.heading ? 12 : 10;
      const pageWidth = item.page ? regular.widthOfTextAtSize(drawable(regular, item.page), 10) : 0;
      const room = PAGE[0] - 2 * MARGIN - pageWidth - 16 - (item.heading ? 0 : 12);
      let text = drawable(font, item.text);
      while (text.length > 4 && font.widthOfTextAtSize(text, size) > room)
        text = `${text.slice(0, -2)}…`.replace(/…+$/, "…");
      page.drawText(text, { x: MARGIN + (item.heading ? 0 : 12), y: lineY, size, font, color: INK });
      if (item.page) {
        page.drawText(drawable(regular, item.page), {
          x: PAGE[0] - MARGIN - pageWidth,
          y: lineY,
          size: 10,
          font: regular,
          color: MUTED,
        });
      }
      lineY -= item.heading ? 22 : 17;
    }
  }

  // The documents.
  for (const part of contents.parts) {
    if (part.mode === "pdf" && part.pdf) {
      const pages = await out.copyPages(part.pdf, part.pdf.getPageIndices());
      for (const page of pages) out.addPage(page);
    } else if (part.mode === "image" && part.bytes) {
      const page = out.addPage(PAGE);
      page.drawText(drawable(bold, part.title), {
        x: MARGIN,
        y: PAGE[1] - 50,
        size: 11,
        font: bold,
        color: INK,
      });
      try {
        const image =
          part.contentType === "image/png" ? await out.embedPng(part.bytes) : await out.embedJpg(part.bytes);
        const box = { width: PAGE[0] - 2 * MARGIN, height: PAGE[1] - 2 * MARGIN - 30 };
        const scale = Math.min(1, box.width / image.width, box.height / image.height);
        const width = image.width * scale;
        const height = image.height * scale;
        page.drawImage(image, {
          x: (PAGE[0] - width) / 2,
          y: MARGIN + (box.height - height) / 2,
          width,
          height,
        });
      } catch {
        drawLines(page, regular, 11, [`Image illisible : ${SEPARATE}.`], PAGE[1] - 90, MUTED);
      }
    } else if (part.mode === "page") {
      const page = out.addPage(PAGE);
      page.drawText(drawable(bold, part.title), {
        x: MARGIN,
        y: PAGE[1] - 80,
        size: 18,
        font: bold,
        color: INK,
      });
      drawLines(page, regular, 11, part.lines ?? [], PAGE[1] - 120);
    }
  }
  return out.save({ useObjectStreams: true });
}

/** The table of contents' lines (title, then its page or its note), as the PDF prints them. */
export function handoverZipReadme(contents: HandoverContents): string {
  const lines = [`${HANDOVER_TITLE} — chantier ${contents.siteNumber} : ${contents.siteTitle}`, ""];
  for (const part of contents.parts) {
    if (part.mode === "absent") lines.push(`- ${part.title}`);
    else if (part.mode === "page") lines.push(`- ${part.title} : dans ${pdfName(contents)}`);
    else lines.push(`- ${part.title} : ${part.zipName}${part.mode === "separe" ? ` (${SEPARATE})` : ""}`);
  }
  return `${lines.join("\n")}\n`;
}

export const pdfName = (contents: Pick<HandoverContents, "siteNumber">) =>
  `dossier-fin-de-chantier-${contents.siteNumber.toLowerCase()}.pdf`;
export const zipFileName = (contents: Pick<HandoverContents, "siteNumber">) =>
  `dossier-fin-de-chantier-${contents.siteNumber.toLowerCase()}.zip`;

/** The ZIP: each document as its own file, the warranties as text, a list of contents, and the PDF. */
export function handoverZip(contents: HandoverContents, pdf: Uint8Array): Uint8Array {
  const files: Zippable = {};
  for (const part of contents.parts) {
    if (part.mode === "absent") continue;
    if (part.mode === "page") {
      files[part.zipName] = strToU8(`${part.title}\n\n${(part.lines ?? []).join("\n")}\n`);
      continue;
    }
    if (part.bytes) files[part.zipName] = [part.bytes, { level: 0 }];
  }
  files["sommaire.txt"] = strToU8(handoverZipReadme(contents));
  files[pdfName(contents)] = [pdf, { level: 0 }];
  return zipSync(files, { level: 1 });
}

/** The PDF and the ZIP of a site's file. */
export async function buildHandover(
  db: DbExecutor,
  storage: FileStorage,
  identity: DocumentIdentity,
  jobSiteId: string,
  format: "pdf" | "zip",
): Promise<{ bytes: Uint8Array; name: string; contentType: string }> {
  const contents = await handoverContents(db, storage, identity, jobSiteId);
  const pdf = await handoverPdf(contents, identity);
  if (format === "pdf") return { bytes: pdf, name: pdfName(contents), contentType: "application/pdf" };
  return { bytes: handoverZip(contents, pdf), name: zipFileName(contents), contentType: "application/zip" };
}

/** What the client's page of the file says: the site, its client, the reception day; null when the file is not available. */
export async function handoverSummary(db: DbExecutor, jobSiteId: string) {
  if (!isUuid(jobSiteId)) return null;
  const availability = await handoverAvailability(db, jobSiteId).catch(() => null);
  if (!availability?.available) return null;
  const [site] = await db
    .select({
      siteNumber: jobSites.number,
      siteTitle: jobSites.title,
      clientName: sql<string>`(select name from clients where clients.id = ${jobSites.clientId})`,
      receivedOn: sql<
        string | null
      >`(select received_on::text from job_site_receptions r where r.job_site_id = ${jobSites.id} and r.kind = 'reception')`,
    })
    .from(jobSites)
    .where(eq(jobSites.id, jobSiteId));
  return site ?? null;
}

/** The office's page of the file: the site, its client's address, and whether the file can be made. */
export async function handoverPage(db: DbExecutor, jobSiteId: string) {
  const availability = await handoverAvailability(db, jobSiteId);
  const [site] = await db
    .select({
      id: jobSites.id,
      number: jobSites.number,
      title: jobSites.title,
      clientName: sql<string>`(select name from clients where clients.id = ${jobSites.clientId})`,
      clientEmail: sql<string | null>`(select email from clients where clients.id = ${jobSites.clientId})`,
    })
    .from(jobSites)
    .where(eq(jobSites.id, jobSiteId));
  if (!site) throw new JobSiteNotFoundError();
  return { site, availability };
}
