import { DropdownMenu as RadixDropdownMenu } from "radix-ui";

/**
 * Radix DropdownMenu, imported here once for the whole application (arrow keys,
 * type-ahead, Escape, focus given back to the trigger). The parts keep Radix's names.
 */
export const DropdownMenu = {
  Root: RadixDropdownMenu.Root,
  Trigger: RadixDropdownMenu.Trigger,
  Portal: RadixDropdownMenu.Portal,
  Content: RadixDropdownMenu.Content,
  Label: RadixDropdownMenu.Label,
  Item: RadixDropdownMenu.Item,
  Group: RadixDropdownMenu.Group,
  Separator: RadixDropdownMenu.Separator,
};
