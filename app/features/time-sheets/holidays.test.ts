import { execFileSync } from "node:child_process";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { easterSunday, publicHoliday, publicHolidays } from "./holidays.ts";

const list = (year: number) => publicHolidays(year).map(({ day, name }) => `${day} ${name}`);

describe("publicHolidays", () => {
  it("2026", () => {
    expect(list(2026)).toEqual([
      "2026-01-01 Jour de l'An",
      "2026-04-06 Lundi de Pâques",
      "2026-05-01 Fête du Travail",
      "2026-05-08 Victoire 1945",
      "2026-05-14 Ascension",
      "2026-05-25 Lundi de Pentecôte",
      "2026-07-14 Fête nationale",
      "2026-08-15 Assomption",
      "2026-11-01 Toussaint",
      "2026-11-11 Armistice 1918",
      "2026-12-25 Noël",
    ]);
  });

  it("2027", () => {
    expect(list(2027)).toEqual([
      "2027-01-01 Jour de l'An",
      "2027-03-29 Lundi de Pâques",
      "2027-05-01 Fête du Travail",
      "2027-05-06 Ascension",
      "2027-05-08 Victoire 1945",
      "2027-05-17 Lundi de Pentecôte",
      "2027-07-14 Fête nationale",
      "2027-08-15 Assomption",
      "2027-11-01 Toussaint",
      "2027-11-11 Armistice 1918",
      "2027-12-25 Noël",
    ]);
  });

  it("2028", () => {
    expect(list(2028)).toEqual([
      "2028-01-01 Jour de l'An",
      "2028-04-17 Lundi de Pâques",
      "2028-05-01 Fête du Travail",
      "2028-05-08 Victoire 1945",
      "2028-05-25 Ascension",
      "2028-06-05 Lundi de Pentecôte",
      "2028-07-14 Fête nationale",
      "2028-08-15 Assomption",
      "2028-11-01 Toussaint",
      "2028-11-11 Armistice 1918",
      "2028-12-25 Noël",
    ]);
  });

  it("2029", () => {
    expect(list(2029)).toEqual([
      "2029-01-01 Jour de l'An",
      "2029-04-02 Lundi de Pâques",
      "2029-05-01 Fête du Travail",
      "2029-05-08 Victoire 1945",
      "2029-05-10 Ascension",
      "2029-05-21 Lundi de Pentecôte",
      "2029-07-14 Fête nationale",
      "2029-08-15 Assomption",
      "2029-11-01 Toussaint",
      "2029-11-11 Armistice 1918",
      "2029-12-25 Noël",
    ]);
  });

  it("2030", () => {
    expect(list(2030)).toEqual([
      "2030-01-01 Jour de l'An",
      "2030-04-22 Lundi de Pâques",
      "2030-05-01 Fête du Travail",
      "2030-05-08 Victoire 1945",
      "2030-05-30 Ascension",
      "2030-06-10 Lundi de Pentecôte",
      "2030-07-14 Fête nationale",
      "2030-08-15 Assomption",
      "2030-11-01 Toussaint",
      "2030-11-11 Armistice 1918",
      "2030-12-25 Noël",
    ]);
  });

  it("refuses a year outside the Gregorian calendar's four-digit years", () => {
    expect(() => publicHolidays(1582)).toThrow("Année invalide : 1582");
    expect(() => publicHolidays(2026.5)).toThrow("Année invalide");
    expect(() => publicHolidays(10_000)).toThrow("Année invalide");
  });

  it("is the same list whatever the machine's time zone", () => {
    // A fresh process per zone: the zone is read once at start-up, so changing
    // process.env.TZ inside this one would prove nothing.
    const script = `
      import { publicHolidays } from ${JSON.stringify(new URL("./holidays.ts", import.meta.url).href)};
      const years = [2026, 2027, 2028, 2029, 2030];
      process.stdout.write(JSON.stringify(years.map((year) => publicHolidays(year))));`;
    const inZone = (zone: string) =>
      execFileSync(process.execPath, ["--input-type=module", "-e", script], {
        env: { ...process.env, TZ: zone },
        encoding: "utf8",
      });
    const expected = JSON.stringify([2026, 2027, 2028, 2029, 2030].map((year) => publicHolidays(year)));
    for (const zone of ["Pacific/Kiritimati", "Pacific/Pago_Pago", "Europe/Paris", "America/Los_Angeles"])
      expect(inZone(zone), zone).toBe(expected);
  });
});

describe("easterSunday", () => {
  it("gives the known dates, the earliest and latest possible ones included", () => {
    expect(easterSunday(2026)).toBe("2026-04-05");
    expect(easterSunday(2027)).toBe("2027-03-28");
    expect(easterSunday(2028)).toBe("2028-04-16");
    expect(easterSunday(2029)).toBe("2029-04-01");
    expect(easterSunday(2030)).toBe("2030-04-21");
    expect(easterSunday(1818)).toBe("1818-03-22");
    expect(easterSunday(2038)).toBe("2038-04-25");
    expect(easterSunday(2000)).toBe("2000-04-23");
  });

  it("is always a Sunday from 22 March to 25 April", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1583, max: 9999 }), (year) => {
        const easter = easterSunday(year);
        const [y, m, d] = easter.split("-").map(Number) as [number, number, number];
        expect(new Date(Date.UTC(y, m - 1, d)).getUTCDay()).toBe(0);
        expect(easter.slice(5) >= "03-22" && easter.slice(5) <= "04-25").toBe(true);
      }),
    );
  });
});

describe("publicHoliday", () => {
  it("names a holiday and gives null on an ordinary day, the days around Easter included", () => {
    expect(publicHoliday("2026-04-06")).toBe("Lundi de Pâques");
    expect(publicHoliday("2026-04-05")).toBeNull();
    expect(publicHoliday("2026-04-07")).toBeNull();
    expect(publicHoliday("2026-05-14")).toBe("Ascension");
    expect(publicHoliday("2026-05-25")).toBe("Lundi de Pentecôte");
    expect(publicHoliday("2026-12-25")).toBe("Noël");
    expect(publicHoliday("2026-12-24")).toBeNull();
    expect(publicHoliday("2027-01-01")).toBe("Jour de l'An");
  });

  it("gives both names when Ascension falls on 1 May", () => {
    expect(easterSunday(2008)).toBe("2008-03-23");
    expect(publicHoliday("2008-05-01")).toBe("Fête du Travail et Ascension");
  });

  it("refuses a day that does not exist", () => {
    expect(() => publicHoliday("2026-02-30")).toThrow("Date invalide");
    expect(() => publicHoliday("25/12/2026")).toThrow("Date invalide");
  });
});
