import fc from "fast-check";
import { afterEach, vi } from "vitest";

// Property tests explore new random cases on every local run; in CI they replay one fixed
// seed (FC_SEED to choose another), so that a landing never depends on the draw. A case
// found locally is kept as an example test.
if (process.env.CI) fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20_261_123) });

// House rule: a test that logs console.error fails.
const errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  if (errors.length > 0) {
    const logged = errors.splice(0).map((args) => args.map(String).join(" "));
    vi.restoreAllMocks();
    throw new Error(`console.error appelé pendant le test :\n${logged.join("\n")}`);
  }
});
