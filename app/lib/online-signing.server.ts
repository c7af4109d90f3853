import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import sharp from "sharp";
import type { FileStorage } from "./file-storage.server.ts";

/*
 * The building blocks of a document signed online by the client (Code civil 1366-1367):
 * a quote's acceptance on /accord/{token}, a PV de réception on /reception/{token}. The
 * link carries 256 random bits of which only the SHA-256 is stored; a six-digit code,
 * e-mailed to the address the link was sent to, proves the signer's e-mail (5 tries, 10
 * minutes, 5 codes an hour), stored as an HMAC keyed by the server's secret; the drawn
 * signature is a PNG checked by its bytes and flattened for the PDF.
 */

/** What signing online needs of the server: where the signed copy goes, the codes' key, whom to tell. */
export type SigningDeps = {
  storage: FileStorage;
  /** The server's secret: codes are stored as HMACs keyed by it. */
  secret: string;
  notifyEmail: string;
  siteUrl: string;
  now?: Date;
};

/** A refusal on the client's page: the message to show, at a field when `field` says which. */
export class SigningRefusal extends Error {
  override name = "SigningRefusal";
  readonly field: string | undefined;
  readonly status: number;
  constructor(message: string, field?: string, status = 400) {
    super(message);
    this.field = field;
    this.status = status;
  }
}

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
/** At most this many codes per document per hour: the page cannot be used to flood a mailbox. */
export const CODES_PER_HOUR = 5;

/** What a link's token looks like (a base64url of 32 bytes, with room): anything else is not looked up. */
export const ACCESS_TOKEN = /^[A-Za-z0-9_-]{40,64}$/;

/** 256 random bits, URL-safe: the token of a client's link. */
export function newAccessToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What is stored of a token: its SHA-256, lower-case hex. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** A fresh six-digit code, leading zeros kept. */
export function newSixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** The stored form of a code: an HMAC of the document's id and the code, keyed by the server's secret. */
export function codeHash(secret: string, subjectId: string, code: string): string {
  return createHmac("sha256", secret).update(`${subjectId}:${code}`).digest("hex");
}

/** Whether `code` is the one whose hash was stored, compared in constant time. */
export function codeMatches(storedHash: string, secret: string, subjectId: string, code: string): boolean {
  const expected = Buffer.from(storedHash, "hex");
  const given = Buffer.from(codeHash(secret, subjectId, code), "hex");
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** What a stored code row holds that its check reads. */
type StoredSigningCode = {
  id: string;
  codeHash: string;
  usedAt: Date | null;
  expiresAt: Date;
  attempts: number;
};

/** A typed code against the document's latest one: refused (no code, used, expired, too many tries), wrong, or right. */
export type SigningCodeCheck<Code> =
  | { kind: "refused"; message: string }
  | {
      kind: "wrong";
      codeId: string;
      /** The tries to store on the code. */
      attempts: number;
      answer: { ok: false; field: "code"; attemptsLeft: number; message: string };
    }
  | { kind: "right"; code: Code };

/** Checks a typed code; the caller stores the attempts of a wrong one, or marks a right one used. */
export function checkSigningCode<Code extends StoredSigningCode>(
  code: Code | undefined,
  secret: string,
  subjectId: string,
  typed: string,
  now: Date,
): SigningCodeCheck<Code> {
  if (!code || code.usedAt) {
    return { kind: "refused", message: "Demandez d'abord un code : il vous sera envoyé par e-mail." };
  }
  if (now >= code.expiresAt) {
    return { kind: "refused", message: "Ce code a expiré (10 minutes) : demandez-en un nouveau." };
  }
  if (code.attempts >= CODE_MAX_ATTEMPTS) {
    return { kind: "refused", message: "Trop d'essais avec ce code : demandez-en un nouveau." };
  }
  if (codeMatches(code.codeHash, secret, subjectId, typed)) return { kind: "right", code };
  const attempts = code.attempts + 1;
  const left = CODE_MAX_ATTEMPTS - attempts;
  return {
    kind: "wrong",
    codeId: code.id,
    attempts,
    answer: {
      ok: false,
      field: "code",
      attemptsLeft: left,
      message:
        left > 0
          ? `Code incorrect : ${left} essai${left > 1 ? "s" : ""} restant${left > 1 ? "s" : ""}.`
          : "Code incorrect, et c'était le dernier essai : demandez un nouveau code.",
    },
  };
}

/** « j***@example.fr »: where the code went, without showing the whole address to whoever holds the link. */
export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}${"*".repeat(Math.max(1, Math.min(local.length - 1, 6)))}@${domain}`;
}

export function isEmail(value: string): boolean {
  return /^[^@\s]+@[^@\s]+$/.test(value);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function isPng(bytes: Buffer): boolean {
  return bytes.length > PNG_SIGNATURE.length && bytes.subarray(0, 8).equals(PNG_SIGNATURE);
}

/** The pad on the page draws 600 × 200 pixels; anything far larger is not a drawn signature. */
const SIGNATURE_MAX_PIXELS = 2000 * 1000;

export const SIGNATURE_UNREADABLE = "La signature dessinée est illisible : effacez-la et recommencez.";

/**
 * The drawn signature as a signed PDF prints it: decoded (a PNG by its bytes, at most 2
 * million pixels), flattened on white into an 8-bit RGB PNG, which the PDF embeds as it
 * is (a PNG with an alpha channel would make the file's bytes vary). Null when it is not
 * a readable PNG. The PNG the client sent is what is stored as the proof.
 */
export async function drawnSignatureForPdf(png: Buffer): Promise<Buffer | null> {
  if (!isPng(png)) return null;
  try {
    return await sharp(png, { limitInputPixels: SIGNATURE_MAX_PIXELS, failOn: "error" })
      .flatten({ background: "#ffffff" })
      .toColourspace("srgb")
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

/** The drawn signature a page posts, as a data URL: at most this many bytes of PNG. */
export const SIGNATURE_MAX_BYTES = 300 * 1024;

/** The posted `signature` field → its PNG bytes, null when none was drawn, « invalide » for anything else. */
export function decodeDrawnSignature(value: FormDataEntryValue | null): Buffer | null | "invalide" {
  if (typeof value !== "string" || value === "") return null;
  const match = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(value);
  if (!match?.[1]) return "invalide";
  const bytes = Buffer.from(match[1], "base64");
  return bytes.byteLength > SIGNATURE_MAX_BYTES ? "invalide" : bytes;
}
