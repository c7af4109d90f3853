/**
 * The visitor's choice about trackers (spec section 4: key `cookie_consent`,
 * values `accepted` or `declined`). The time of the choice is kept beside it:
 * after six months the choice lapses and the banner asks again (CNIL guidance).
 */
export const CONSENT_KEY = "cookie_consent";
export const CONSENT_TIME_KEY = "cookie_consent_at";
export const CONSENT_VALIDITY_MONTHS = 6;
export const BANNER_DELAY_MS = 1500;

export type ConsentValue = "accepted" | "declined";

type Listener = (value: ConsentValue | null) => void;
const listeners = new Set<Listener>();
const bannerListeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    // Storage can be disabled (private modes, strict settings): behave as "no choice yet".
    return null;
  }
}

/** When a choice made at `madeAt` lapses. */
export function consentExpiry(madeAt: Date): Date {
  const expiry = new Date(madeAt);
  expiry.setMonth(expiry.getMonth() + CONSENT_VALIDITY_MONTHS);
  return expiry;
}

/** The current valid choice, or null when none was made or it has lapsed. */
export function readConsent(now: Date = new Date()): ConsentValue | null {
  const store = storage();
  if (!store) return null;
  const value = store.getItem(CONSENT_KEY);
  if (value !== "accepted" && value !== "declined") return null;
  const madeAtRaw = store.getItem(CONSENT_TIME_KEY);
  const madeAt = madeAtRaw ? new Date(madeAtRaw) : null;
  if (!madeAt || Number.isNaN(madeAt.getTime())) {
    // A choice without a time (written by an older version): date it from now.
    store.setItem(CONSENT_TIME_KEY, now.toISOString());
    return value;
  }
  if (now.getTime() >= consentExpiry(madeAt).getTime()) {
    store.removeItem(CONSENT_KEY);
    store.removeItem(CONSENT_TIME_KEY);
    return null;
  }
  return value;
}

export function saveConsent(value: ConsentValue, now: Date = new Date()): void {
  const store = storage();
  store?.setItem(CONSENT_KEY, value);
  store?.setItem(CONSENT_TIME_KEY, now.toISOString());
  for (const listener of listeners) listener(value);
}

/** Called with the new choice whenever the visitor makes one (the analytics module listens). */
export function onConsentChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The footer's « Gérer les cookies » asks the banner to show again. */
export function openConsentBanner(): void {
  for (const listener of bannerListeners) listener();
}

export function onConsentBannerRequest(listener: () => void): () => void {
  bannerListeners.add(listener);
  return () => bannerListeners.delete(listener);
}
