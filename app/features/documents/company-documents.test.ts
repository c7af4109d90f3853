import { describe, expect, it } from "vitest";
import { REMINDER_STATE_LABELS, reminderSteps } from "./company-documents.ts";

describe("reminderSteps", () => {
  it("gives the three reminder days before the last valid day, to come, sent or waiting", () => {
    const steps = reminderSteps("2027-01-31", ["60"], "2026-12-20");
    expect(steps).toEqual([
      { level: 60, day: "2026-12-02", state: "envoyee" },
      { level: 30, day: "2027-01-01", state: "a_venir" },
      { level: 7, day: "2027-01-24", state: "a_venir" },
    ]);
  });

  it("says a level whose day has passed unsent goes with the next daily run", () => {
    const steps = reminderSteps("2027-01-31", [], "2027-01-10");
    expect(steps.map((step) => REMINDER_STATE_LABELS[step.state])).toEqual([
      "part au prochain envoi quotidien",
      "part au prochain envoi quotidien",
      "à venir",
    ]);
  });

  it("has none for a document without an end of validity", () => {
    expect(reminderSteps(null, [], "2026-12-20")).toEqual([]);
  });
});
