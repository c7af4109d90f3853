import { describe, expect, it } from "vitest";
import { findConflicts, type PlannedAssignment, planningPeriod, shiftPeriod } from "./planning.ts";

const assignment = (
  id: string,
  jobSiteId: string,
  startDate: string,
  endDate: string,
  slot: PlannedAssignment["slot"] = "journee",
  userId = "karim",
): PlannedAssignment => ({ id, jobSiteId, userId, startDate, endDate, slot });

describe("findConflicts", () => {
  it("finds each half-day a person is on two sites, and only those", () => {
    const conflicts = findConflicts([
      assignment("a", "site-1", "2026-12-07", "2026-12-11"),
      assignment("b", "site-2", "2026-12-11", "2026-12-14", "apres_midi"),
    ]);
    expect(conflicts).toEqual([
      { userId: "karim", day: "2026-12-11", half: "apres_midi", assignmentIds: ["a", "b"] },
    ]);
  });

  it("sees no conflict between a morning here and an afternoon there, on the same site twice, or between two people; a whole day meets both halves", () => {
    expect(
      findConflicts([
        assignment("a", "site-1", "2026-12-07", "2026-12-07", "matin"),
        assignment("b", "site-2", "2026-12-07", "2026-12-07", "apres_midi"),
        assignment("c", "site-1", "2026-12-07", "2026-12-07", "journee"),
        assignment("d", "site-2", "2026-12-07", "2026-12-07", "journee", "lea"),
      ]).map((conflict) => [conflict.userId, conflict.half, conflict.assignmentIds]),
    ).toEqual([["karim", "apres_midi", ["b", "c"]]]);
  });

  it("three sites the same morning: one conflict naming the three assignments; a window keeps only its days", () => {
    const rows = [
      assignment("a", "site-1", "2026-12-01", "2026-12-31", "matin"),
      assignment("b", "site-2", "2026-12-10", "2026-12-10", "matin"),
      assignment("c", "site-3", "2026-12-10", "2026-12-12", "journee"),
    ];
    const all = findConflicts(rows);
    expect(
      all
        .find((conflict) => conflict.day === "2026-12-10" && conflict.half === "matin")
        ?.assignmentIds.sort(),
    ).toEqual(["a", "b", "c"]);
    expect(all.map((conflict) => conflict.day)).toEqual(["2026-12-10", "2026-12-11", "2026-12-12"]);
    expect(
      findConflicts(rows, { from: "2026-12-11", to: "2026-12-20" }).map((conflict) => conflict.day),
    ).toEqual(["2026-12-11", "2026-12-12"]);
  });
});

describe("planningPeriod", () => {
  it("a week runs Monday to Sunday, across a year end", () => {
    expect(planningPeriod("semaine", "2026-12-31")).toEqual({
      from: "2026-12-28",
      to: "2027-01-03",
      previous: "2026-12-21",
      next: "2027-01-04",
    });
  });

  it("a month runs from its first to its last day, February of a leap year included", () => {
    expect(planningPeriod("mois", "2028-02-15")).toEqual({
      from: "2028-02-01",
      to: "2028-02-29",
      previous: "2028-01-01",
      next: "2028-03-01",
    });
    expect(planningPeriod("mois", "2026-12-05")).toMatchObject({ to: "2026-12-31", next: "2027-01-01" });
    expect(planningPeriod("mois", "2027-01-20")).toMatchObject({ previous: "2026-12-01" });
  });

  it("« jours » is the day and the next one", () => {
    expect(planningPeriod("jours", "2026-11-30")).toMatchObject({ from: "2026-11-30", to: "2026-12-01" });
  });
});

describe("shiftPeriod", () => {
  it("keeps the length across a month end", () => {
    expect(shiftPeriod({ startDate: "2027-02-26", endDate: "2027-03-02" }, 3)).toEqual({
      startDate: "2027-03-01",
      endDate: "2027-03-05",
    });
  });
});
