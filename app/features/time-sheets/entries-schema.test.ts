import { describe, expect, it } from "vitest";
import { DAY_MESSAGES, dayFormValues, parseDayPost } from "./entries-schema.ts";

const SITE = "0f8fad5b-d9cb-469f-a165-70867728950e";
const OTHER = "7c9e6679-7425-40de-944b-e07fc1f90ae7";

describe("a day as its page posts it", () => {
  it("reads lines on two sites with times and a break, skips the blank ones, and counts the real minutes", () => {
    const parsed = parseDayPost(
      {
        jour: "2026-11-24",
        "type.0": "travail",
        "chantier.0": SITE,
        "debut.0": "07:30",
        "fin.0": "12:00",
        "pause.0": "0",
        "type.1": "travail",
        "chantier.1": OTHER,
        "debut.1": "13:00",
        "fin.1": "17:15",
        "pause.1": "15",
        "type.2": "travail",
        "pause.2": "0",
      },
      { today: "2026-11-27" },
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.post.lines.map((line) => [line.jobSiteId, line.minutes])).toEqual([
      [SITE, 270],
      [OTHER, 240],
    ]);
    expect(parsed.post.lines[0]?.startsAt?.toISOString()).toBe("2026-11-24T06:30:00.000Z");
  });

  it("counts a night across the October clock change as the real hours", () => {
    const parsed = parseDayPost(
      {
        jour: "2026-10-24",
        "type.0": "travail",
        "debut.0": "22:00",
        "fin.0": "06:00",
        "lendemain.0": "oui",
        "pause.0": "0",
      },
      { today: "2026-11-27" },
    );
    expect(parsed.ok && parsed.post.lines[0]?.minutes).toBe(9 * 60);
  });

  it("takes a number of hours for work or an absence, by quarter hours", () => {
    const parsed = parseDayPost(
      { jour: "2026-11-24", "type.0": "conges_payes", "heures.0": "7,75" },
      { today: "2026-11-27" },
    );
    expect(parsed.ok && parsed.post.lines[0]).toMatchObject({
      kind: "conges_payes",
      minutes: 465,
      jobSiteId: null,
    });
  });

  it("refuses at its field: a day to come, an unknown kind, one time without the other, overlapping spans, a weather stoppage without its site or cause", () => {
    const refused = (values: Record<string, string>) => {
      const parsed = parseDayPost(values, { today: "2026-11-27" });
      return parsed.ok ? {} : parsed.fieldErrors;
    };
    expect(refused({ jour: "2026-11-28", "heures.0": "8" }).jour).toEqual([DAY_MESSAGES.future]);
    expect(refused({ jour: "2026-11-24", "type.0": "vacances", "heures.0": "8" })["type.0"]).toEqual([
      DAY_MESSAGES.kind,
    ]);
    expect(refused({ jour: "2026-11-24", "debut.0": "08:00" })["fin.0"]).toEqual([DAY_MESSAGES.bothTimes]);
    expect(refused({ jour: "2026-11-24", "debut.0": "12:00", "fin.0": "12:00" })["fin.0"]).toEqual([
      DAY_MESSAGES.endBeforeStart,
    ]);
    expect(refused({ jour: "2026-11-24", "debut.0": "22:00", "fin.0": "06:00" })["fin.0"]).toEqual([
      DAY_MESSAGES.endBeforeStart,
    ]);
    expect(refused({ jour: "2026-11-24", "debut.0": "08:00", "fin.0": "7:00" })["fin.0"]).toEqual([
      DAY_MESSAGES.endBeforeStart,
    ]);
    expect(
      refused({ jour: "2026-11-24", "debut.0": "08:00", "fin.0": "17:00", "lendemain.0": "oui" })["fin.0"],
    ).toEqual([DAY_MESSAGES.nextDayLater]);
    expect(
      refused({
        jour: "2026-11-24",
        "debut.0": "08:00",
        "fin.0": "12:00",
        "debut.1": "11:00",
        "fin.1": "15:00",
      })["debut.1"],
    ).toEqual([DAY_MESSAGES.overlap]);
    const weather = refused({ jour: "2026-11-24", "type.0": "intemperies", "heures.0": "3" });
    expect(weather["chantier.0"]).toEqual([DAY_MESSAGES.siteNeeded]);
    expect(weather["note.0"]).toEqual([DAY_MESSAGES.reasonNeeded]);
    expect(refused({ jour: "2026-11-24", "type.0": "maladie", "heures.0": "25" })["heures.0"]).toHaveLength(
      1,
    );
    expect(refused({ jour: "2026-11-24", "type.0": "maladie", "heures.0": "-2" })["heures.0"]).toHaveLength(
      1,
    );
    expect(refused({ jour: "2026-11-24", "note.0": "a\u0007b", "heures.0": "2" })["note.0"]).toEqual([
      DAY_MESSAGES.control,
    ]);
  });

  it("reads a lot named with its site (« site:lot »), and refuses a lot that is not an id", () => {
    const LOT = "3b241101-e2bb-4255-8caf-4136c566a962";
    const parsed = parseDayPost(
      { jour: "2026-11-24", "chantier.0": `${SITE}:${LOT}`, "heures.0": "3" },
      { today: "2026-11-27" },
    );
    expect(parsed.ok && parsed.post.lines[0]).toMatchObject({ jobSiteId: SITE, lotId: LOT, minutes: 180 });
    const wrong = parseDayPost(
      { jour: "2026-11-24", "chantier.0": `${SITE}:x`, "heures.0": "3" },
      { today: "2026-11-27" },
    );
    expect(wrong.ok ? {} : wrong.fieldErrors).toMatchObject({ "lot.0": [DAY_MESSAGES.lot] });
  });

  it("lets the office enter a day to come (leave, training)", () => {
    const parsed = parseDayPost(
      { jour: "2026-12-21", "type.0": "conges_payes", "heures.0": "7" },
      { today: "2026-11-27", allowFuture: true },
    );
    expect(parsed.ok).toBe(true);
  });

  it("gives the stored lines back as the form's values, which parse to the same lines", () => {
    const parsed = parseDayPost(
      {
        jour: "2026-11-24",
        "chantier.0": SITE,
        "debut.0": "08:00",
        "fin.0": "16:30",
        "pause.0": "30",
        "domicile.0": "oui",
      },
      { today: "2026-11-27" },
    );
    if (!parsed.ok) throw new Error(parsed.message);
    const again = parseDayPost(
      { ...dayFormValues(parsed.post.lines), jour: "2026-11-24" },
      { today: "2026-11-27" },
    );
    expect(again.ok && again.post.lines).toEqual(parsed.post.lines);
  });
});
