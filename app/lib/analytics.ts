/**
 * Analytics events of the site (spec section 7). `track` is the only way the code
 * reports one; where events go is decided in one place, `setAnalyticsSink`, which
 * the consent feature sets once the visitor has accepted. Until a sink is set, an
 * event goes nowhere: nothing leaves the browser.
 */

export type AnalyticsEvents = {
  devis_form_view: { source: "modal" | "page" };
  devis_form_submit_start: { source: "modal" | "page" };
  devis_form_submit_success: { work_type: string; source: "modal" | "page" };
  devis_form_submit_error: { source: "modal" | "page"; reason?: string };
  cta_devis_modal_open: { trigger?: string };
  cta_call_mobile: Record<string, never>;
};

export type AnalyticsEventName = keyof AnalyticsEvents;
export type AnalyticsSink = <E extends AnalyticsEventName>(event: E, props: AnalyticsEvents[E]) => void;

let sink: AnalyticsSink | null = null;

/** Where events go from now on (null: nowhere). Returns the previous sink. */
export function setAnalyticsSink(next: AnalyticsSink | null): AnalyticsSink | null {
  const previous = sink;
  sink = next;
  return previous;
}

/** Reports one event; never throws, whatever the sink does. */
export function track<E extends AnalyticsEventName>(
  event: E,
  ...[props]: AnalyticsEvents[E] extends Record<string, never> ? [AnalyticsEvents[E]?] : [AnalyticsEvents[E]]
): void {
  if (!sink) return;
  try {
    sink(event, (props ?? {}) as AnalyticsEvents[E]);
  } catch {
    // A broken tracker must never break the page.
  }
}
