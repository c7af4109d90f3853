import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";

export type AccordionItemData = { id: string; question: string; answer: string };

/**
 * Questions and answers, one open at a time: opening one closes the previous,
 * clicking the open one closes it. The WAI-ARIA accordion pattern: each question
 * is a heading holding a button (`aria-expanded`, `aria-controls`), each answer a
 * region named by its question. Answers stay in the HTML (hidden when closed) so
 * search engines and readers without JavaScript get them.
 *
 * Written here rather than taken from Radix: a page's whole accordion is these few
 * lines, where Radix Accordion and its collection code weighed about 9 KB of
 * compressed JavaScript on every page that shows questions.
 */
export function QuestionAccordion({
  items,
  headingLevel = 3,
}: {
  items: readonly AccordionItemData[];
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const [openId, setOpenId] = useState<string | null>(null);
  const prefix = useId();
  return (
    <div className="grid gap-3">
      {items.map((item) => {
        const open = openId === item.id;
        const buttonId = `${prefix}-${item.id}-question`;
        const panelId = `${prefix}-${item.id}-answer`;
        return (
          <div
            key={item.id}
            data-state={open ? "open" : "closed"}
            className="overflow-hidden rounded-xl border border-brand-100 bg-white shadow-sm"
          >
            <Heading className="m-0 text-base">
              <button
                type="button"
                id={buttonId}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId(open ? null : item.id)}
                className="group flex min-h-12 w-full items-center justify-between gap-4 px-5 py-4 text-left font-heading font-semibold text-brand-900 hover:bg-brand-50"
              >
                <span>{item.question}</span>
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-accent-600 transition-transform group-aria-expanded:rotate-180"
                />
              </button>
            </Heading>
            <section
              id={panelId}
              aria-labelledby={buttonId}
              hidden={!open}
              className="px-5 pb-5 leading-relaxed"
            >
              <p>{item.answer}</p>
            </section>
          </div>
        );
      })}
    </div>
  );
}
