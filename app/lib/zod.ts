import { z } from "zod";

// zod v4 compiles object parsers with `new Function` when it can. The CSP forbids
// eval, so the attempt fails (and Chrome reports it on every page that parses):
// tell zod up front to use its interpreter.
z.config({ jitless: true });

export { z };
