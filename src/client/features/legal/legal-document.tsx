import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@client/lib/use-language';

/** Text under a heading: paragraphs, a bulleted list, then closing paragraphs (after any subsections). */
interface LegalBlock {
  paragraphs?: string[];
  bullets?: string[];
  closing?: string[];
}

export interface LegalSubsection extends LegalBlock {
  heading: string;
}

/** A section as the `legal` namespace stores it under `<document>.sections`; `id` is its anchor. */
export interface LegalSection extends LegalBlock {
  id: string;
  heading: string;
  subsections?: LegalSubsection[];
}

export type LegalDocumentName = 'privacy' | 'terms';

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

const isOptionalStringArray = (value: unknown) => value === undefined || isStringArray(value);

function isBlock(value: unknown): value is LegalBlock & { heading: string } {
  if (typeof value !== 'object' || value === null) return false;
  const block = value as Record<string, unknown>;
  return (
    typeof block.heading === 'string' &&
    isOptionalStringArray(block.paragraphs) &&
    isOptionalStringArray(block.bullets) &&
    isOptionalStringArray(block.closing)
  );
}

function isSection(value: unknown): value is LegalSection {
  if (!isBlock(value)) return false;
  const { id, subsections } = value as { id?: unknown; subsections?: unknown };
  return (
    typeof id === 'string' &&
    (subsections === undefined || (Array.isArray(subsections) && subsections.every(isBlock)))
  );
}

/** The sections of a document, or none if the translation is missing or malformed. */
export function readSections(value: unknown): LegalSection[] {
  return Array.isArray(value) ? value.filter(isSection) : [];
}

function Block({ block }: { block: LegalBlock }) {
  return (
    <>
      {block.paragraphs?.map((paragraph) => (
        <p key={paragraph} className="mt-3 text-slate-700">
          {paragraph}
        </p>
      ))}
      {block.bullets?.length ? (
        <ul className="mt-3 list-disc space-y-1.5 pl-6 text-slate-700 marker:text-brand-600">
          {block.bullets.map((bullet) => (
            <li key={bullet}>{bullet}</li>
          ))}
        </ul>
      ) : null}
      {block.closing?.map((paragraph) => (
        <p key={paragraph} className="mt-3 text-slate-700">
          {paragraph}
        </p>
      ))}
    </>
  );
}

/**
 * A long legal page from the `legal` namespace: title, last-updated line, contents and sections.
 * `values` are interpolated into every string of the sections; `children` follow the sections.
 */
export function LegalDocument({
  document,
  updated,
  values = {},
  children,
}: {
  document: LegalDocumentName;
  /** When the text last changed, as `YYYY-MM`. */
  updated: string;
  values?: Record<string, string>;
  children?: ReactNode;
}) {
  const { t } = useTranslation('legal');
  const language = useLanguage();
  const sections = readSections(t(`${document}.sections`, { returnObjects: true, ...values }));
  const date = new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${updated}-01T00:00:00Z`),
  );
  const anchor = (id: string) => `${document}-${id}`;

  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t(`${document}.title`)}</h1>
        <p className="mt-3 text-sm font-medium text-slate-600">{t('lastUpdated', { date })}</p>
        <p className="mt-6 text-lg text-slate-700">{t(`${document}.intro`)}</p>
      </header>

      <nav
        aria-labelledby={`${document}-contents`}
        className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h2 id={`${document}-contents`} className="text-base font-semibold">
          {t('contents')}
        </h2>
        <ol className="mt-3 list-decimal space-y-1 pl-6 text-slate-700 marker:text-slate-600">
          {sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#${anchor(section.id)}`}
                className="text-brand-700 underline-offset-4 hover:underline"
              >
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="mt-8 space-y-10 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        {sections.map((section) => (
          <section
            key={section.id}
            id={anchor(section.id)}
            aria-labelledby={`${anchor(section.id)}-heading`}
            className="scroll-mt-24"
          >
            <h2 id={`${anchor(section.id)}-heading`} className="text-xl font-bold">
              {section.heading}
            </h2>
            <Block block={{ paragraphs: section.paragraphs, bullets: section.bullets }} />
            {section.subsections?.map((subsection) => (
              <div key={subsection.heading} className="mt-5">
                <h3 className="font-semibold">{subsection.heading}</h3>
                <Block block={subsection} />
              </div>
            ))}
            <Block block={{ closing: section.closing }} />
          </section>
        ))}
      </div>

      {children}
    </article>
  );
}
