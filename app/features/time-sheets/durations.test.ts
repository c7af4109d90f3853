import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, formatTime, parisDay } from "#app/lib/paris-time.ts";
import { DURATION_MESSAGES, parseHours, parseSpan, type SpanInput, type WorkedSpan } from "./durations.ts";

function valid(day: string, start: string, end: string, breakMinutes: number | string = 0): WorkedSpan {
  const result = parseSpan({ day, start, end, breakMinutes });
  if (!result.ok) throw new Error(`refusé : ${JSON.stringify(result.errors)}`);
  return result.span;
}

function refused(input: SpanInput) {
  const result = parseSpan(input);
  if (result.ok) throw new Error(`accepté : ${JSON.stringify(result.span)}`);
  return result.errors;
}

describe("parseSpan on ordinary days", () => {
  it("counts a day with a break, and a night that ends the next day", () => {
    const day = valid("2026-11-23", "07:30", "16:00", 60);
    expect(day).toEqual({
      day: "2026-11-23",
      start: new Date("2026-11-23T06:30:00Z"),
      end: new Date("2026-11-23T15:00:00Z"),
      endsNextDay: false,
      breakMinutes: 60,
      elapsedMinutes: 510,
      workedMinutes: 450,
    });
    const night = valid("2026-11-23", "22:00", "06:00", "30");
    expect(night.endsNextDay).toBe(true);
    expect(night.end).toEqual(new Date("2026-11-24T05:00:00Z"));
    expect([night.elapsedMinutes, night.workedMinutes]).toEqual([480, 450]);
  });

  it("reads « 24:00 » as the end of the day, and an end equal to the start as 24 hours", () => {
    const evening = valid("2026-11-23", "14:00", "24:00");
    expect(evening.end).toEqual(new Date("2026-11-23T23:00:00Z"));
    expect([evening.endsNextDay, evening.elapsedMinutes]).toEqual([true, 600]);
    expect(valid("2026-11-23", "14:00", "00:00").elapsedMinutes).toBe(600);
    expect(valid("2026-11-23", "08:00", "08:00").elapsedMinutes).toBe(24 * 60);
    expect(valid("2026-11-23", "7:15", "8:45").elapsedMinutes).toBe(90);
  });

  it("takes an empty break field as no break", () => {
    expect(valid("2026-11-23", "08:00", "12:00", "").workedMinutes).toBe(240);
  });
});

describe("parseSpan across the clock changes", () => {
  it("29 March 2026: a night across 02:00 counts one hour less", () => {
    const night = valid("2026-03-28", "22:00", "06:00");
    expect(night.start).toEqual(new Date("2026-03-28T21:00:00Z"));
    expect(night.end).toEqual(new Date("2026-03-29T04:00:00Z"));
    expect(night.elapsedMinutes).toBe(7 * 60);
    expect(valid("2026-03-29", "01:00", "04:00").elapsedMinutes).toBe(2 * 60);
    expect(valid("2026-03-29", "01:45", "03:00").elapsedMinutes).toBe(15);
    expect(valid("2026-03-28", "03:00", "03:00").elapsedMinutes).toBe(23 * 60);
    // The day before and after: ordinary.
    expect(valid("2026-03-27", "22:00", "06:00").elapsedMinutes).toBe(8 * 60);
    expect(valid("2026-03-29", "22:00", "06:00").elapsedMinutes).toBe(8 * 60);
  });

  it("29 March 2026: a time in the skipped hour is refused, saying why", () => {
    const message =
      "02:30 n'existe pas le dimanche 29 mars 2026 : les horloges passent de 02:00 à 03:00 (heure d'été).";
    expect(refused({ day: "2026-03-29", start: "02:30", end: "06:00", breakMinutes: 0 })).toEqual({
      start: message,
    });
    // The end falls on the change day when the span starts the evening before.
    expect(refused({ day: "2026-03-28", start: "22:00", end: "02:30", breakMinutes: 0 })).toEqual({
      end: message,
    });
    expect(refused({ day: "2026-03-29", start: "2:00", end: "2:45", breakMinutes: 0 })).toEqual({
      start:
        "02:00 n'existe pas le dimanche 29 mars 2026 : les horloges passent de 02:00 à 03:00 (heure d'été).",
      end: "02:45 n'existe pas le dimanche 29 mars 2026 : les horloges passent de 02:00 à 03:00 (heure d'été).",
    });
    // The same clock time on another day exists.
    expect(valid("2026-03-22", "02:30", "06:00").elapsedMinutes).toBe(210);
  });

  it("25 October 2026: a night across 03:00 counts one hour more; 02:xx is its first occurrence", () => {
    const night = valid("2026-10-24", "22:00", "06:00");
    expect(night.start).toEqual(new Date("2026-10-24T20:00:00Z"));
    expect(night.end).toEqual(new Date("2026-10-25T05:00:00Z"));
    expect(night.elapsedMinutes).toBe(9 * 60);
    expect(valid("2026-10-25", "01:00", "04:00").elapsedMinutes).toBe(4 * 60);
    // 02:30 summer time (00:30 UTC) to 03:00 winter time (02:00 UTC).
    const doubled = valid("2026-10-25", "02:30", "03:00");
    expect(doubled.start).toEqual(new Date("2026-10-25T00:30:00Z"));
    expect(doubled.elapsedMinutes).toBe(90);
    expect(valid("2026-10-25", "01:00", "02:30").elapsedMinutes).toBe(90);
  });

  it("25 October 2026: a span of more than 24 real hours is refused", () => {
    expect(refused({ day: "2026-10-25", start: "01:00", end: "01:00", breakMinutes: 0 })).toEqual({
      end: DURATION_MESSAGES.spanTooLong,
    });
    expect(refused({ day: "2026-10-24", start: "04:00", end: "03:15", breakMinutes: 60 })).toEqual({
      end: DURATION_MESSAGES.spanTooLong,
    });
    expect(refused({ day: "2026-10-25", start: "00:00", end: "24:00", breakMinutes: 60 })).toEqual({
      end: DURATION_MESSAGES.spanTooLong,
    });
    // Exactly 24 real hours is accepted: 04:00 summer time to 03:00 winter time.
    expect(valid("2026-10-24", "04:00", "03:00").elapsedMinutes).toBe(24 * 60);
    // 02:00 the next day is its first occurrence, still summer time: 24 hours, not 25.
    expect(valid("2026-10-24", "02:00", "02:00").elapsedMinutes).toBe(24 * 60);
  });

  it("28 March 2027 and 31 October 2027", () => {
    expect(valid("2027-03-27", "22:00", "06:00").elapsedMinutes).toBe(7 * 60);
    expect(valid("2027-03-28", "00:00", "24:00").elapsedMinutes).toBe(23 * 60);
    expect(refused({ day: "2027-03-28", start: "02:15", end: "05:00", breakMinutes: 0 }).start).toBe(
      "02:15 n'existe pas le dimanche 28 mars 2027 : les horloges passent de 02:00 à 03:00 (heure d'été).",
    );
    expect(valid("2027-10-30", "22:00", "06:00").elapsedMinutes).toBe(9 * 60);
    expect(valid("2027-10-31", "00:00", "23:00").elapsedMinutes).toBe(24 * 60);
    expect(refused({ day: "2027-10-31", start: "00:00", end: "24:00", breakMinutes: 0 }).end).toBe(
      DURATION_MESSAGES.spanTooLong,
    );
    expect(valid("2027-10-31", "02:45", "03:00").elapsedMinutes).toBe(75);
    // The 2026 dates are ordinary days in 2027.
    expect(valid("2027-03-29", "01:00", "04:00").elapsedMinutes).toBe(3 * 60);
    expect(valid("2027-10-25", "01:00", "04:00").elapsedMinutes).toBe(3 * 60);
  });
});

describe("parseSpan refusals", () => {
  it("refuses times not written HH:MM, each field with its own message", () => {
    for (const bad of ["", "8", "8h30", "25:00", "12:60", "24:00", "-1:00", "08:00:00", "abc"]) {
      expect(refused({ day: "2026-11-23", start: bad, end: "17:00", breakMinutes: 0 }), bad).toEqual({
        start: DURATION_MESSAGES.startFormat,
      });
    }
    for (const bad of ["", "17h", "24:15", "99:99"]) {
      expect(refused({ day: "2026-11-23", start: "08:00", end: bad, breakMinutes: 0 }), bad).toEqual({
        end: DURATION_MESSAGES.endFormat,
      });
    }
  });

  it("refuses times off the quarter hour, and breaks not by quarters", () => {
    expect(refused({ day: "2026-11-23", start: "08:10", end: "17:00", breakMinutes: 0 })).toEqual({
      start: "Saisissez les heures par quarts d'heure (00, 15, 30 ou 45).",
    });
    expect(refused({ day: "2026-11-23", start: "08:00", end: "17:01", breakMinutes: 0 })).toEqual({
      end: DURATION_MESSAGES.quarter,
    });
    expect(refused({ day: "2026-11-23", start: "08:00", end: "17:00", breakMinutes: 20 })).toEqual({
      breakMinutes: DURATION_MESSAGES.breakQuarter,
    });
  });

  it("refuses a negative, fractional or textual break", () => {
    for (const bad of [-15, 15.5, Number.NaN, "-15", "1e2", "trente", "15,0"]) {
      expect(
        refused({ day: "2026-11-23", start: "08:00", end: "17:00", breakMinutes: bad }),
        String(bad),
      ).toEqual({ breakMinutes: DURATION_MESSAGES.breakFormat });
    }
  });

  it("refuses a break as long as or longer than the span", () => {
    expect(refused({ day: "2026-11-23", start: "08:00", end: "09:00", breakMinutes: 75 })).toEqual({
      breakMinutes: "La pause dépasse la durée travaillée.",
    });
    expect(refused({ day: "2026-11-23", start: "08:00", end: "09:00", breakMinutes: 60 })).toEqual({
      breakMinutes: DURATION_MESSAGES.breakWholeSpan,
    });
    expect(valid("2026-11-23", "08:00", "09:00", 45).workedMinutes).toBe(15);
  });

  it("refuses a day that does not exist, and gives every field's error at once", () => {
    expect(refused({ day: "2026-02-30", start: "08:00", end: "17:00", breakMinutes: 0 })).toEqual({
      day: DURATION_MESSAGES.dayInvalid,
    });
    expect(refused({ day: "hier", start: "8h", end: "17:05", breakMinutes: -1 })).toEqual({
      day: DURATION_MESSAGES.dayInvalid,
      start: DURATION_MESSAGES.startFormat,
      end: DURATION_MESSAGES.quarter,
      breakMinutes: DURATION_MESSAGES.breakFormat,
    });
  });

  it("property: an accepted span reads back as entered, lasts at most 24 real hours, and works more than 0", () => {
    const clock = (quarter: number) =>
      `${String(Math.floor(quarter / 4)).padStart(2, "0")}:${String((quarter % 4) * 15).padStart(2, "0")}`;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 * 366 }),
        fc.integer({ min: 0, max: 95 }),
        fc.integer({ min: 0, max: 96 }),
        fc.integer({ min: 0, max: 16 }),
        (offset, startQuarter, endQuarter, breakQuarters) => {
          const day = addDays("2026-01-01", offset);
          const result = parseSpan({
            day,
            start: clock(startQuarter),
            end: clock(endQuarter),
            breakMinutes: breakQuarters * 15,
          });
          // What the clocks say, before the clock changes (which move it by an hour at most).
          const clockMinutes = (endQuarter - startQuarter) * 15 + (endQuarter <= startQuarter ? 24 * 60 : 0);
          if (!result.ok) {
            // The only refusals of well-formed input: the skipped hour of a March Sunday, a
            // span over 24 real hours, a break as long as the span.
            for (const message of Object.values(result.errors)) {
              if (message.includes("n'existe pas")) expect(message).toMatch(/le dimanche \d+ mars/);
              else if (message === DURATION_MESSAGES.spanTooLong)
                expect(clockMinutes).toBeGreaterThan(23 * 60);
              else {
                expect(message).toMatch(/^La pause/);
                expect(breakQuarters * 15).toBeGreaterThanOrEqual(clockMinutes - 60);
              }
            }
            return;
          }
          expect(Math.abs(result.span.elapsedMinutes - clockMinutes)).toBeLessThanOrEqual(60);
          const { span } = result;
          expect(formatTime(span.start)).toBe(clock(startQuarter));
          expect(formatTime(span.end)).toBe(clock(endQuarter % 96));
          expect(parisDay(span.start)).toBe(day);
          expect(parisDay(span.end)).toBe(span.endsNextDay ? addDays(day, 1) : day);
          expect(span.elapsedMinutes).toBe((span.end.getTime() - span.start.getTime()) / 60_000);
          expect(span.elapsedMinutes).toBeLessThanOrEqual(24 * 60);
          expect(span.workedMinutes).toBe(span.elapsedMinutes - span.breakMinutes);
          expect(span.workedMinutes).toBeGreaterThan(0);
        },
      ),
    );
  });
});

describe("parseHours", () => {
  it("reads hours with a comma or a dot, by quarters", () => {
    expect(parseHours("7,5")).toEqual({ ok: true, minutes: 450 });
    expect(parseHours("7.75")).toEqual({ ok: true, minutes: 465 });
    expect(parseHours(" 8 ")).toEqual({ ok: true, minutes: 480 });
    expect(parseHours("0,25")).toEqual({ ok: true, minutes: 15 });
    expect(parseHours("7,250")).toEqual({ ok: true, minutes: 435 });
    expect(parseHours("24")).toEqual({ ok: true, minutes: 1440 });
    expect(parseHours("24,00")).toEqual({ ok: true, minutes: 1440 });
  });

  it("refuses what is not a number of hours by quarters, more than 0 and at most 24", () => {
    expect(parseHours("7,3")).toEqual({ ok: false, message: DURATION_MESSAGES.hoursQuarter });
    expect(parseHours("7,333")).toEqual({ ok: false, message: DURATION_MESSAGES.hoursQuarter });
    expect(parseHours("7,10")).toEqual({ ok: false, message: DURATION_MESSAGES.hoursQuarter });
    expect(parseHours("0")).toEqual({ ok: false, message: "Le nombre d'heures doit être supérieur à 0." });
    expect(parseHours("-3")).toEqual({ ok: false, message: DURATION_MESSAGES.hoursNotPositive });
    expect(parseHours("24,25")).toEqual({
      ok: false,
      message: "Une journée ne peut pas dépasser 24 heures.",
    });
    expect(parseHours("25")).toEqual({ ok: false, message: DURATION_MESSAGES.hoursTooMany });
    for (const bad of ["", "abc", "7h30", "7,5,5", "1e1", ",5", "7 ,5"])
      expect(parseHours(bad), bad).toEqual({ ok: false, message: DURATION_MESSAGES.hoursFormat });
  });

  it("property: every quarter from 0,25 to 24 reads back as its minutes, with comma or dot", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 96 }), fc.constantFrom(",", "."), (quarters, separator) => {
        const text = `${Math.floor(quarters / 4)}${separator}${String((quarters % 4) * 25).padStart(2, "0")}`;
        expect(parseHours(text)).toEqual({ ok: true, minutes: quarters * 15 });
      }),
    );
  });
});
