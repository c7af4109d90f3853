import { useEffect } from "react";
import { setAnalyticsSink } from "#app/lib/analytics.ts";
import { type ConsentValue, onConsentChange, readConsent } from "../consent.ts";
import { loadTrackers, sendToPixel, type TrackerConfig, unloadTrackers } from "../trackers.ts";

let active = false;

async function activate(): Promise<void> {
  active = true;
  // Asked only now: before consent the page makes no request for the trackers at all.
  const response = await fetch("/api/public-config", { headers: { accept: "application/json" } });
  if (!response.ok) return;
  const config = (await response.json()) as TrackerConfig;
  if (!active) return; // withdrawn while the configuration was on its way
  loadTrackers(config);
  if (config.tiktokPixelId) {
    setAnalyticsSink((event, props) => sendToPixel(event, props as Record<string, unknown>));
  }
}

function apply(value: ConsentValue | null): void {
  if (value === "accepted") {
    if (!active) void activate().catch(() => {});
    return;
  }
  // Refused or withdrawn: tracking stops at once, without a reload.
  active = false;
  setAnalyticsSink(null);
  unloadTrackers();
}

/**
 * Turns the visitor's choice into behaviour: trackers and the analytics sink
 * exist only while consent is « accepted ». Events sent before are dropped.
 */
export function ConsentManager() {
  useEffect(() => {
    apply(readConsent());
    return onConsentChange(apply);
  }, []);
  return null;
}
