import { ChevronDown } from "lucide-react";
import { Accordion as RadixAccordion } from "radix-ui";

export type AccordionItemData = { id: string; question: string; answer: string };

/**
 * Questions and answers, one open at a time: opening one closes the previous,
 * clicking the open one closes it. Answers stay in the HTML (hidden when
 * closed) so search engines and readers without JavaScript get them.
 */
export function QuestionAccordion({
  items,
  headingLevel = 3,
}: {
  items: readonly AccordionItemData[];
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <RadixAccordion.Root type="single" collapsible className="grid gap-3">
      {items.map((item) => (
        <RadixAccordion.Item
          key={item.id}
          value={item.id}
          className="overflow-hidden rounded-xl border border-brand-100 bg-white shadow-sm"
        >
          <RadixAccordion.Header asChild>
            <Heading className="m-0 text-base">
              <RadixAccordion.Trigger className="group flex min-h-12 w-full items-center justify-between gap-4 px-5 py-4 text-left font-heading font-semibold text-brand-900 hover:bg-brand-50">
                <span>{item.question}</span>
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-accent-600 transition-transform group-data-[state=open]:rotate-180"
                />
              </RadixAccordion.Trigger>
            </Heading>
          </RadixAccordion.Header>
          <RadixAccordion.Content forceMount className="px-5 pb-5 leading-relaxed data-[state=closed]:hidden">
            <p>{item.answer}</p>
          </RadixAccordion.Content>
        </RadixAccordion.Item>
      ))}
    </RadixAccordion.Root>
  );
}
