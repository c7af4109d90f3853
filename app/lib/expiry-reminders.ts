/*
 * Reminders before a document's last valid day (the register's 60/30/7, the vigilance
 * papers' 30/7): which one to send today. Each level goes once, kept on the document as
 * the list of levels sent (« 60 », « 30 »). A day missed (the server stopped) is caught
 * up with the most urgent level due, and the levels it covers are marked sent with it, so
 * the owner never gets three e-mails for one document in one morning. Pure, browser-safe.
 */

export type ReminderDue = {
  /** The level to send: the most urgent one due (7 before 30). */
  level: number;
  /** The levels sent once this one is queued: those already sent and every one due now. */
  sent: string[];
};

/** The reminder due `daysLeft` days before the end, given the `levels` and those already `sent`; null when none is. */
export function reminderDue(
  levels: readonly number[],
  daysLeft: number,
  sent: readonly string[],
): ReminderDue | null {
  const due = levels.filter((level) => daysLeft <= level && !sent.includes(String(level)));
  if (due.length === 0) return null;
  return { level: Math.min(...due), sent: [...sent, ...due.map(String)] };
}
