import { afterEach, vi } from "vitest";

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
