import { Dialog as RadixDialog } from "radix-ui";

/**
 * Radix Dialog, imported here once for the whole application (modals and drawers:
 * focus trap, Escape, scroll lock, focus given back to the opener). The parts keep
 * Radix's names: `<Dialog.Root>`, `<Dialog.Content>`, ...
 */
export const Dialog = {
  Root: RadixDialog.Root,
  Trigger: RadixDialog.Trigger,
  Portal: RadixDialog.Portal,
  Overlay: RadixDialog.Overlay,
  Content: RadixDialog.Content,
  Title: RadixDialog.Title,
  Description: RadixDialog.Description,
  Close: RadixDialog.Close,
};
