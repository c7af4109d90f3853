import { describe, expect, it } from "vitest";
import { reminderDue } from "./expiry-reminders.ts";

const REGISTER = [60, 30, 7] as const;

describe("reminderDue", () => {
  it("sends nothing before the first level", () => {
    expect(reminderDue(REGISTER, 61, [])).toBeNull();
  });

  it("sends each level on its day, once", () => {
    expect(reminderDue(REGISTER, 60, [])).toEqual({ level: 60, sent: ["60"] });
    expect(reminderDue(REGISTER, 45, ["60"])).toBeNull();
    expect(reminderDue(REGISTER, 30, ["60"])).toEqual({ level: 30, sent: ["60", "30"] });
    expect(reminderDue(REGISTER, 7, ["60", "30"])).toEqual({ level: 7, sent: ["60", "30", "7"] });
    expect(reminderDue(REGISTER, 0, ["60", "30", "7"])).toBeNull();
  });

  it("catches up a missed day with the most urgent level and marks those it covers", () => {
    expect(reminderDue(REGISTER, 5, [])).toEqual({ level: 7, sent: ["60", "30", "7"] });
    expect(reminderDue(REGISTER, 20, ["60"])).toEqual({ level: 30, sent: ["60", "30"] });
  });

  it("works on the vigilance levels too", () => {
    expect(reminderDue([30, 7], 31, [])).toBeNull();
    expect(reminderDue([30, 7], 29, [])).toEqual({ level: 30, sent: ["30"] });
  });
});
