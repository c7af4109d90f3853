import { describe, expect, it } from "vitest";
import { addYears } from "#app/lib/paris-time.ts";
import { warrantyDates } from "./warranty.ts";

describe("warrantyDates", () => {
  it("ends each warranty on the same day one, two and ten years later, and releases the retention after one", () => {
    expect(warrantyDates("2026-06-15")).toEqual({
      completionEnd: "2027-06-15",
      biennialEnd: "2028-06-15",
      decennialEnd: "2036-06-15",
      retentionReleaseOn: "2027-06-15",
    });
  });

  it("ends a reception of 29 February on 28 February of a common year, 29 February of a leap year", () => {
    expect(warrantyDates("2028-02-29")).toEqual({
      completionEnd: "2029-02-28",
      biennialEnd: "2030-02-28",
      decennialEnd: "2038-02-28",
      retentionReleaseOn: "2029-02-28",
    });
    // 2024 + 4 is a leap year again: the period runs to the same day.
    expect(addYears("2024-02-29", 4)).toBe("2028-02-29");
  });

  it("keeps 28 February and 1 March as they are", () => {
    expect(warrantyDates("2027-02-28").completionEnd).toBe("2028-02-28");
    expect(warrantyDates("2027-03-01").decennialEnd).toBe("2037-03-01");
    expect(warrantyDates("2026-12-31").biennialEnd).toBe("2028-12-31");
  });

  it("refuses a day that does not exist", () => {
    expect(() => warrantyDates("2027-02-29")).toThrow();
    expect(() => warrantyDates("2026-13-01")).toThrow();
  });
});
