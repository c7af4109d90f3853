import { Form } from "react-router";

/** A hidden form posting an intent behind a confirmation (confirmation=oui): a ConfirmDialog's `form`. */
export function IntentForm({ id, intent }: { id: string; intent: string }) {
  return (
    <Form id={id} method="post" hidden>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="confirmation" value="oui" />
    </Form>
  );
}
