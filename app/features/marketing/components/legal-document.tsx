import type { LegalBlock, LegalPage, LegalSection, WithdrawalForm } from "#app/content/legal/types.ts";

/** The section of the CGV that the Code de la consommation wants set apart in a box. */
export const FRAMED_SECTION_IDS: ReadonlySet<string> = new Set(["encadre-garanties-legales"]);

function WithdrawalFormBlock({ form }: { form: WithdrawalForm }) {
  return (
    <div className="my-6 rounded-xl border-2 border-dashed border-slate-400 bg-white p-5 sm:p-8">
      <p className="font-heading text-lg font-bold text-brand-900">{form.heading}</p>
      <p className="mt-3 italic">{form.intro}</p>
      <p className="mt-4">{form.addressee}</p>
      <ul className="mt-4 grid gap-4">
        {form.lines.map((line) => (
          <li key={line} className="grid gap-2">
            <span>{`${line}\u00a0:`}</span>
            {/* Space to write in on the printed form. */}
            <span aria-hidden="true" className="block h-6 border-b border-dotted border-slate-500" />
          </li>
        ))}
      </ul>
      <p className="mt-5 text-sm">{form.footnote}</p>
    </div>
  );
}

function Block({ block, withdrawalForm }: { block: LegalBlock; withdrawalForm: WithdrawalForm }) {
  switch (block.type) {
    case "p":
      return <p className="mt-4 leading-relaxed">{block.text}</p>;
    case "ul":
      return (
        <ul className="mt-4 grid list-disc gap-2 pl-6 leading-relaxed marker:text-brand-700">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case "table":
      return (
        // Wide tables scroll sideways on small screens; the region can take focus
        // so keyboard users can scroll it too.
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
          tabIndex={0}
          aria-label={block.caption}
          className="mt-5 overflow-x-auto rounded-lg border border-brand-100"
        >
          <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
            <caption className="bg-brand-50 px-4 py-3 text-left font-heading font-semibold text-brand-900">
              {block.caption}
            </caption>
            <thead>
              <tr>
                {block.head.map((cell) => (
                  <th key={cell} scope="col" className="border-t border-brand-100 px-4 py-3 font-semibold">
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row) => (
                <tr key={row.join("|")} className="align-top even:bg-slate-50">
                  {row.map((cell, index) =>
                    index === 0 ? (
                      <th
                        key={cell}
                        scope="row"
                        className="border-t border-brand-100 px-4 py-3 font-semibold"
                      >
                        {cell}
                      </th>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional (the column)
                      <td key={index} className="border-t border-brand-100 px-4 py-3">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      );
    case "withdrawal-form":
      return <WithdrawalFormBlock form={withdrawalForm} />;
  }
}

function Section({ section, withdrawalForm }: { section: LegalSection; withdrawalForm: WithdrawalForm }) {
  const framed = FRAMED_SECTION_IDS.has(section.id);
  return (
    <section
      id={section.id}
      aria-labelledby={`${section.id}-titre`}
      data-framed={framed ? "true" : undefined}
      className={
        framed
          ? "mt-12 scroll-mt-24 rounded-2xl border-2 border-brand-700 bg-brand-50 p-5 sm:p-8"
          : "mt-12 scroll-mt-24"
      }
    >
      <h2 id={`${section.id}-titre`} className="text-xl font-bold sm:text-2xl">
        {section.heading}
      </h2>
      {section.blocks.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks are static and never reordered
        <Block key={index} block={block} withdrawalForm={withdrawalForm} />
      ))}
    </section>
  );
}

/** A legal text: update date, introduction, table of contents, then its sections. */
export function LegalDocument({ page, withdrawalForm }: { page: LegalPage; withdrawalForm: WithdrawalForm }) {
  return (
    <div className="container-page max-w-3xl pt-28 pb-16 lg:pt-32">
      <h1 className="text-3xl font-extrabold sm:text-4xl">{page.h1}</h1>
      <p className="mt-3 text-sm font-semibold text-slate-700">
        <time dateTime={page.updatedAt}>{page.updatedLabel}</time>
      </p>
      {page.intro ? <p className="mt-6 text-lg leading-relaxed">{page.intro}</p> : null}
      {page.sections.length > 3 ? (
        <nav aria-label="Sommaire" className="mt-8 rounded-xl bg-sand p-5">
          <p className="font-heading font-bold text-brand-900">Sommaire</p>
          <ol className="mt-3 grid gap-1">
            {page.sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="inline-flex min-h-11 items-center text-brand-800 underline-offset-4 hover:underline"
                >
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {page.sections.map((section) => (
        <Section key={section.id} section={section} withdrawalForm={withdrawalForm} />
      ))}
    </div>
  );
}
