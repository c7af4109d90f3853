import { erpSubmissionPhotos, erpSubmissions } from "#app/db/schema/quote-requests.ts";
import { claimAcknowledgement } from "#app/lib/acknowledgement-limit.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { enqueueMails } from "#app/lib/outbox.server.ts";
import { purgeOldHits, type RateLimit, recordHit } from "#app/lib/rate-limit.server.ts";
import { newStorageKey } from "#app/lib/storage.server.ts";
import { DECODE_RETRY_AFTER_SECONDS, DecodeBusyError, decodeGate } from "./decode-gate.server.ts";
import { quoteAcknowledgementMail, quoteNotificationMail, type StoredPhoto } from "./mails.server.ts";
import { decodePhoto, inspectPhotos, PhotoRejectedError, type PreparedPhoto } from "./photos.server.ts";
import {
  fieldErrorsOf,
  formValuesOf,
  PHOTO_MAX_COUNT,
  QUOTE_FORM_ERRORS,
  QUOTE_MESSAGES,
  type QuoteFieldErrors,
  type QuoteFormValues,
  type QuoteRequest,
  QuoteRequestSchema,
  type QuoteSource,
  readQuoteFormData,
  SOURCE_LABELS,
} from "./schema.ts";

export const QUOTE_RATE_WINDOW_MS = 10 * 60_000;

export type QuoteOutcome =
  | { kind: "accepted"; submissionId: string; source: QuoteSource; workType: string }
  /** The trap field was filled: answered like a success, nothing stored nor sent. */
  | { kind: "trap"; source: QuoteSource; workType: string }
  | {
      kind: "refused";
      status: 400 | 429 | 503;
      formError: string;
      fieldErrors: QuoteFieldErrors;
      values: QuoteFormValues;
      /** With a 503 that is worth retrying soon (the photo queue is full). */
      retryAfterSeconds?: number;
    };

type Services = Pick<AppServices, "db" | "env" | "logger" | "storage" | "outbox">;

function refused(
  status: 400 | 429 | 503,
  formError: string,
  values: QuoteFormValues,
  fieldErrors: QuoteFieldErrors = {},
): Extract<QuoteOutcome, { kind: "refused" }> {
  return { kind: "refused", status, formError, fieldErrors, values };
}

const EMPTY_VALUES = formValuesOf({});

/**
 * A quote request, from the submitted form to the stored row and its two e-mails.
 * Never trusts the browser: the same schema as the form, then the photos' real bytes.
 * `formData` is null when the body could not be read as a form.
 *
 * Costly work is bounded, cheapest check first: every attempt of an address counts
 * towards QUOTE_RATE_LIMIT before anything is decoded (a refused request counts too);
 * the photos' headers give their pixels, capped per photo and per request; only then
 * are they decoded, through the process's decode gate.
 */
export async function submitQuoteRequest(
  services: Services,
  formData: FormData | null,
  clientIp: string,
): Promise<QuoteOutcome> {
  const { db, env, logger, storage } = services;
  if (!formData) return refused(400, QUOTE_FORM_ERRORS.unreadable, EMPTY_VALUES);

  const input = readQuoteFormData(formData);
  const values = formValuesOf(input);
  const source: QuoteSource = input.source === "modal" ? "modal" : "page";
  if (typeof input.honeypot === "string" && input.honeypot.trim() !== "") {
    logger.info({ clientIp }, "demande de devis : champ piège rempli, ignorée");
    return { kind: "trap", source, workType: values.work_type };
  }

  const rule: RateLimit = {
    key: `devis:${clientIp}`,
    limit: env.QUOTE_RATE_LIMIT,
    windowMs: QUOTE_RATE_WINDOW_MS,
  };
  /** Counts this attempt now, in its own transaction; false when the address is over its limit. */
  const countAttempt = async (): Promise<boolean | "unavailable"> => {
    if (rule.limit <= 0) return true;
    try {
      return await db.transaction((tx) => recordHit(tx, rule));
    } catch (error) {
      logger.error({ err: error }, "demande de devis : base de données injoignable");
      return "unavailable";
    }
  };
  const overLimit = () => {
    logger.info({ clientIp }, "demande de devis : limite par adresse atteinte");
    return refused(429, QUOTE_FORM_ERRORS.rateLimited, values);
  };

  const tooManyPhotos = Array.isArray(input.photos) && input.photos.length > PHOTO_MAX_COUNT;
  const parsed = tooManyPhotos ? null : QuoteRequestSchema.safeParse(input);
  if (!parsed?.success) {
    // A refused request counts too: the limit is on attempts, not on what gets through.
    const counted = await countAttempt();
    if (counted === "unavailable") return refused(503, QUOTE_FORM_ERRORS.unavailable, values);
    if (!counted) return overLimit();
    if (!parsed)
      return refused(400, QUOTE_FORM_ERRORS.invalid, values, { photos: QUOTE_MESSAGES.photoCount });
    return refused(400, QUOTE_FORM_ERRORS.invalid, values, fieldErrorsOf(parsed.error));
  }
  const quote = parsed.data;
  // With photos, the attempt is counted before anything is decoded; without, it is
  // counted in the transaction that stores the request (one round of the database).
  const countedBefore = quote.photos.length > 0;
  if (countedBefore) {
    const counted = await countAttempt();
    if (counted === "unavailable") return refused(503, QUOTE_FORM_ERRORS.unavailable, values);
    if (!counted) return overLimit();
  }

  let prepared: PreparedPhoto[] = [];
  try {
    // Headers only: a request over the pixel caps is refused before any decoding.
    const inspected = await inspectPhotos(quote.photos);
    if (inspected.length > 0) {
      prepared = await decodeGate.run(async () => {
        const decoded: PreparedPhoto[] = [];
        // One at a time: each decode may take tens of megabytes.
        for (const photo of inspected) decoded.push(await decodePhoto(photo));
        return decoded;
      });
    }
  } catch (error) {
    if (error instanceof PhotoRejectedError) {
      return refused(400, QUOTE_FORM_ERRORS.invalid, values, { photos: error.message });
    }
    if (error instanceof DecodeBusyError) {
      logger.warn(
        { clientIp, reason: error.message, ...decodeGate.stats() },
        "demande de devis refusée : trop de photos en cours de traitement",
      );
      return {
        ...refused(503, QUOTE_FORM_ERRORS.busy, values),
        retryAfterSeconds: DECODE_RETRY_AFTER_SECONDS,
      };
    }
    throw error;
  }

  const receivedAt = new Date();
  const stored: (StoredPhoto & PreparedPhoto)[] = [];
  try {
    for (const photo of prepared) {
      const storageKey = newStorageKey("devis", photo.extension, receivedAt);
      await storage.put(storageKey, photo.content, photo.contentType);
      stored.push({ ...photo, storageKey, sizeBytes: photo.content.byteLength });
    }
    const saved = await db.transaction(async (tx) => {
      if (!countedBefore && !(await recordHit(tx, rule))) return null;
      const [row] = await tx
        .insert(erpSubmissions)
        .values({
          module: "devis",
          data: submissionData(quote),
          createdAt: receivedAt,
          consentAt: receivedAt,
          lastActivityAt: receivedAt,
        })
        .returning({ id: erpSubmissions.id });
      if (!row) throw new Error("Demande non enregistrée.");
      if (stored.length > 0) {
        await tx.insert(erpSubmissionPhotos).values(
          stored.map((photo, position) => ({
            submissionId: row.id,
            storageKey: photo.storageKey,
            fileName: photo.fileName,
            contentType: photo.contentType,
            sizeBytes: photo.sizeBytes,
            width: photo.width,
            height: photo.height,
            position,
          })),
        );
      }
      // The company always hears of the request; the address typed in the form gets
      // an acknowledgement only within its daily share (quotes and orders together).
      const acknowledge = await claimAcknowledgement(tx, quote.user_email, receivedAt);
      const mails = [
        quoteNotificationMail(quote, stored, {
          notifyEmail: env.NOTIFY_EMAIL,
          receivedAt,
          submissionId: row.id,
          siteUrl: env.SITE_URL,
        }),
      ];
      if (acknowledge) {
        mails.push(
          quoteAcknowledgementMail({
            to: quote.user_email,
            workType: quote.work_type,
            budget: quote.budget,
            receivedAt,
            photoCount: stored.length,
          }),
        );
      }
      await enqueueMails(tx, mails);
      return { submissionId: row.id, acknowledged: acknowledge };
    });
    if (!saved) return overLimit();
    const { submissionId, acknowledged } = saved;
    services.outbox.wake();
    // Old hits of addresses that never came back: cleaned now and then, off the answer's path.
    if (Math.random() < 0.01) purgeOldHits(db).catch(() => {});
    logger.info({ submissionId, source, photos: stored.length }, "demande de devis enregistrée");
    if (!acknowledged) {
      logger.info(
        { submissionId },
        "demande de devis : accusé de réception non envoyé (limite par destinataire atteinte)",
      );
    }
    return { kind: "accepted", submissionId, source, workType: quote.work_type };
  } catch (error) {
    logger.error({ err: error }, "demande de devis : enregistrement impossible");
    await forget(services, stored);
    return refused(503, QUOTE_FORM_ERRORS.unavailable, values);
  }
}

/** The row's `data`, exactly as the spec names its keys. */
function submissionData(quote: QuoteRequest) {
  return {
    nom: quote.user_name,
    email: quote.user_email,
    telephone: quote.user_phone,
    type_projet: quote.work_type,
    budget: quote.budget,
    message: quote.message,
    source: SOURCE_LABELS[quote.source],
  };
}

/** Photos written for a request that was not stored are deleted again. */
async function forget(services: Services, stored: { storageKey: string }[]) {
  for (const photo of stored) {
    await services.storage.delete(photo.storageKey).catch((error: unknown) => {
      services.logger.warn({ err: error, key: photo.storageKey }, "photo orpheline non supprimée");
    });
  }
}
