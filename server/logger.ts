import pino, { type Logger } from "pino";

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: "batirade" },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ["req.headers.cookie", "req.headers.authorization", "*.password"], censor: "[masqué]" },
  });
}
