import { addMonths } from "#app/lib/add-months.ts";
import { daysBetween, formatDate, type IsoDay } from "#app/lib/paris-time.ts";
import { foldText } from "#app/lib/search-text.ts";

/*
 * The duty of vigilance (Code du travail L8222-1, D8222-5) as pure rules, dates as IsoDay.
 *
 * When it applies: the law asks for the documents for a contract of 5 000 € HT or more. We
 * take the stricter reading (docs/decisions/2026-11-27-vigilance-threshold.md): the sum of
 * the subcontractor's contracts over the rolling 12 months, the new one included, so that a
 * job split into small contracts is still checked. Below the threshold the documents are
 * shown but nothing is stopped.
 *
 * What is required then: the URSSAF attestation de vigilance (valid 6 months from its
 * issue), a Kbis less than 3 months old, the décennale attestation covering the
 * subcontractor's trade (until the date it states).
 */

export const VIGILANCE_THRESHOLD_CENTS = 500_000;
/** A document expiring in this many days or fewer is « bientôt expiré » (and reminded). */
export const EXPIRING_DAYS = 30;
/** The reminders e-mailed before a document's expiry, in days. */
export const REMINDER_DAYS = [30, 7] as const;

export const REQUIRED_KINDS = ["attestation_vigilance", "kbis", "decennale"] as const;
export type RequiredKind = (typeof REQUIRED_KINDS)[number];
export type DocumentKind = RequiredKind | "autre";

export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  attestation_vigilance: "Attestation de vigilance URSSAF",
  kbis: "Extrait Kbis",
  decennale: "Attestation d'assurance décennale",
  autre: "Autre document",
};

/** How long a document is valid from its issue, in months; null: the date typed from it. */
export const VALIDITY_MONTHS: Record<DocumentKind, number | null> = {
  attestation_vigilance: 6,
  kbis: 3,
  decennale: null,
  autre: null,
};

export type VigilanceDocument = {
  kind: DocumentKind;
  issuedOn: IsoDay;
  validUntil: IsoDay | null;
  trades?: string;
};

export type DocumentState = "valid" | "expiring" | "expired" | "missing" | "not_covering";

export const DOCUMENT_STATE_LABELS: Record<DocumentState, string> = {
  valid: "Valide",
  expiring: "Expire bientôt",
  expired: "Expirée",
  missing: "Manquante",
  not_covering: "Ne couvre pas le métier",
};

export type RequiredDocumentStatus = {
  kind: RequiredKind;
  state: DocumentState;
  /** The document the state is read from (the one valid longest), if any. */
  document: VigilanceDocument | null;
  /** Days left until its expiry (0 on its last day), when it has one. */
  daysLeft: number | null;
};

export type VigilanceStatus = {
  /** Whether the threshold is reached: only then does a missing or expired document stop anything. */
  required: boolean;
  documents: RequiredDocumentStatus[];
};

// Kept here for the tests and the e2e seed that read it from this module.
export { addMonths };

/** A document's last valid day, from its kind: computed for vigilance and Kbis, typed for the others. */
export function validUntilOf(kind: DocumentKind, issuedOn: IsoDay, typed: IsoDay | null): IsoDay | null {
  const months = VALIDITY_MONTHS[kind];
  return months === null ? typed : addMonths(issuedOn, months);
}

/** The words of a trade list (« Plomberie, chauffage / sanitaire »), folded. */
function tradeWords(text: string): string[] {
  return text
    .split(/[,;/\n]+|\bet\b/)
    .map((part) => foldText(part))
    .filter(Boolean);
}

/** Whether a décennale's trades cover the subcontractor's trade (case and accents folded). */
export function coversTrade(documentTrades: string, trade: string): boolean {
  const wanted = foldText(trade);
  if (!wanted) return false;
  return tradeWords(documentTrades).some((covered) => covered === wanted || covered.includes(wanted));
}

function stateOf(
  document: VigilanceDocument,
  today: IsoDay,
): { state: DocumentState; daysLeft: number | null } {
  if (document.issuedOn > today) return { state: "missing", daysLeft: null };
  if (document.validUntil === null) return { state: "valid", daysLeft: null };
  const daysLeft = daysBetween(today, document.validUntil);
  if (daysLeft < 0) return { state: "expired", daysLeft };
  return { state: daysLeft <= EXPIRING_DAYS ? "expiring" : "valid", daysLeft };
}

const RANK: Record<DocumentState, number> = {
  valid: 4,
  expiring: 3,
  not_covering: 2,
  expired: 1,
  missing: 0,
};

/**
 * Each required document's state on `today`, read from the best document of its kind:
 * valid (more than 30 days left), expiring (30 days or fewer), expired (after its last
 * day), missing, or, for the décennale, not covering `trade`.
 */
export function vigilanceStatus(
  documents: readonly VigilanceDocument[],
  contractsTotalHtCents: number,
  today: IsoDay,
  trade = "",
): VigilanceStatus {
  const statuses = REQUIRED_KINDS.map((kind): RequiredDocumentStatus => {
    let best: RequiredDocumentStatus = { kind, state: "missing", document: null, daysLeft: null };
    for (const document of documents) {
      if (document.kind !== kind) continue;
      let { state, daysLeft } = stateOf(document, today);
      if (kind === "decennale" && (state === "valid" || state === "expiring")) {
        if (!coversTrade(document.trades ?? "", trade)) state = "not_covering";
      }
      if (state === "missing") continue;
      const better =
        RANK[state] > RANK[best.state] ||
        (RANK[state] === RANK[best.state] && (daysLeft ?? Infinity) > (best.daysLeft ?? -Infinity));
      if (better) best = { kind, state, document, daysLeft };
    }
    return best;
  });
  return { required: contractsTotalHtCents >= VIGILANCE_THRESHOLD_CENTS, documents: statuses };
}

const NAMES: Record<RequiredKind, string> = {
  attestation_vigilance: "L'attestation de vigilance URSSAF",
  kbis: "L'extrait Kbis",
  decennale: "L'attestation d'assurance décennale",
};

/**
 * Why an order, a payment or a subcontract must wait, in French (« L'attestation de
 * vigilance URSSAF de X a expiré le … : … »); null when nothing stops it (below the
 * threshold, or every required document valid, expiring ones included).
 */
export function vigilanceStop(status: VigilanceStatus, supplierName: string, trade = ""): string | null {
  if (!status.required) return null;
  const reasons: string[] = [];
  for (const { kind, state, document } of status.documents) {
    const the = `${NAMES[kind]} de ${supplierName}`;
    if (state === "missing") reasons.push(`${the} manque`);
    else if (state === "expired" && document?.validUntil) {
      reasons.push(`${the} a expiré le ${formatDate(document.validUntil)}`);
    } else if (state === "not_covering") {
      reasons.push(
        trade.trim()
          ? `${the} ne couvre pas son métier (« ${trade.trim()} »)`
          : `${the} ne peut pas être vérifiée : son corps de métier n'est pas renseigné`,
      );
    }
  }
  if (reasons.length === 0) return null;
  const sentence = reasons
    .map((reason, index) => (index === 0 ? reason : reason.charAt(0).toLowerCase() + reason.slice(1)))
    .join(" ; ");
  return `${sentence} : devoir de vigilance (Code du travail L8222-1), demandez le document à jour avant de continuer.`;
}
