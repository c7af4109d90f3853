import { useEffect, useState } from "react";
import { type ConsentValue, onConsentChange, readConsent } from "./consent.ts";

/** The visitor's current choice (null before any, and on the server). */
export function useConsent(): ConsentValue | null {
  const [value, setValue] = useState<ConsentValue | null>(null);
  useEffect(() => {
    setValue(readConsent());
    return onConsentChange(setValue);
  }, []);
  return value;
}
