import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  CONSENT_KEY,
  CONSENT_TIME_KEY,
  consentExpiry,
  onConsentChange,
  readConsent,
  saveConsent,
} from "./consent.ts";

class MemoryStorage {
  private values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, String(value));
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
}

beforeEach(() => {
  (globalThis as { window?: unknown }).window = { localStorage: new MemoryStorage() };
});
afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

const storage = () =>
  (globalThis as unknown as { window: { localStorage: MemoryStorage } }).window.localStorage;

describe("consent", () => {
  it("has no choice until one is saved, then reads it back", () => {
    expect(readConsent()).toBeNull();
    saveConsent("declined", new Date("2026-01-10T10:00:00Z"));
    expect(storage().getItem(CONSENT_KEY)).toBe("declined");
    expect(readConsent(new Date("2026-02-01T00:00:00Z"))).toBe("declined");
  });

  it("ignores values other than accepted and declined", () => {
    storage().setItem(CONSENT_KEY, "peut-être");
    expect(readConsent()).toBeNull();
  });

  it("lapses six months after the choice, so the banner asks again", () => {
    const madeAt = new Date("2026-01-10T10:00:00Z");
    saveConsent("accepted", madeAt);
    expect(consentExpiry(madeAt).toISOString()).toBe("2026-07-10T10:00:00.000Z");
    expect(readConsent(new Date("2026-07-10T09:59:59Z"))).toBe("accepted");
    expect(readConsent(new Date("2026-07-10T10:00:00Z"))).toBeNull();
    expect(storage().getItem(CONSENT_KEY)).toBeNull();
  });

  it("dates a choice stored without a time from the first read", () => {
    storage().setItem(CONSENT_KEY, "accepted");
    expect(readConsent(new Date("2026-03-01T00:00:00Z"))).toBe("accepted");
    expect(storage().getItem(CONSENT_TIME_KEY)).toBe("2026-03-01T00:00:00.000Z");
  });

  it("tells its listeners about every choice", () => {
    const seen: (string | null)[] = [];
    const stop = onConsentChange((value) => seen.push(value));
    saveConsent("accepted");
    saveConsent("declined");
    stop();
    saveConsent("accepted");
    expect(seen).toEqual(["accepted", "declined"]);
  });
});
