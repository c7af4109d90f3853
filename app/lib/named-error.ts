/**
 * The base of an app error class: its instances are named `name` (what logs print) and,
 * when the class has a message of its own, say it unless the thrower says another.
 *
 *   export class ClientNotFoundError extends namedError("ClientNotFoundError", "Ce client n'existe pas…") {}
 */
export function namedError(name: string): new (message: string) => Error;
export function namedError(name: string, message: string): new (message?: string) => Error;
export function namedError(name: string, fallback?: string): new (message?: string) => Error {
  return class extends Error {
    override name = name;
    constructor(message = fallback) {
      super(message);
    }
  };
}
