import {
  PAINTED_CARDS,
  PAINTED_SECTIONS,
  SECTION_ROW_SLOTS,
  type SectionRowText,
  sectionTemplateId,
} from '../../shared/catalogue/section-first-row.ts';
import { attribute, text } from './first-screen.ts';

/** One painted card in a section page's template: a list item of the app's row (TitleRow's `li[data-index]`). */
const CARD = /<li\b[^>]*\bdata-index="\d+"[^>]*>[\s\S]*?<\/li>/g;

const count = (markup: string, word: string) => markup.split(word).length - 1;

/**
 * A section page's first paint (docs/decisions.md, "Section pages' first screen"): the build's
 * rendering of the app's page heading and first row (the template scripts/vite-prerender-shells.ts
 * puts in index.html) with the row's heading and its first cards' names and art in place of the
 * slots (shared/catalogue/section-first-row.ts), escaped; the cards it has no title for are left
 * out. Empty when the template is not the one expected (PAINTED_CARDS cards, each slot once in
 * each, the heading's slot exactly when the row names its heading): the page then shows the row
 * when the app renders it, as before.
 */
export function fillSectionRow(template: string, row: SectionRowText): string {
  const cards = template.match(CARD) ?? [];
  const cardSlots = [SECTION_ROW_SLOTS.title, SECTION_ROW_SLOTS.src, SECTION_ROW_SLOTS.srcSet];
  if (
    cards.length !== PAINTED_CARDS ||
    cards.some((card) => cardSlots.some((slot) => count(card, slot) !== 1)) ||
    count(template, SECTION_ROW_SLOTS.heading) !== (row.heading === undefined ? 0 : 1)
  )
    return '';
  let index = 0;
  const filled = template.replace(CARD, (card) => {
    const shown = row.cards[index++];
    if (!shown) return '';
    return card
      .replace(SECTION_ROW_SLOTS.title, () => attribute(shown.title))
      .replace(SECTION_ROW_SLOTS.srcSet, () => attribute(shown.srcSet))
      .replace(SECTION_ROW_SLOTS.src, () => attribute(shown.src));
  });
  return row.heading === undefined ? filled : filled.replace(SECTION_ROW_SLOTS.heading, () => text(row.heading!));
}

/** Each section page's template in index.html. */
const TEMPLATES = new Map(
  PAINTED_SECTIONS.map((path) => [
    path as string,
    new RegExp(`<template id="${sectionTemplateId(path)}">([\\s\\S]*?)</template>`),
  ]),
);

/**
 * index.html with its section templates taken out, and, for a section page at `path` with its
 * first row, that page's filled in (fillSectionRow) where the template was.
 */
export function withSectionRow(html: string, path?: string, row?: SectionRowText): string {
  let page = html;
  for (const [templatePath, template] of TEMPLATES) {
    page = page.replace(template, (_, markup: string) =>
      templatePath === path && row ? fillSectionRow(markup, row) : '',
    );
  }
  return page;
}
