import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage } from './support/accounts';

/** The catalogue's English words (categories, conditions, "Other", "Universal"). */
const ENGLISH = [
  'Other',
  'Universal',
  'Wheels & Tires',
  'Exhaust',
  'Suspension',
  'Brakes',
  'Engine',
  'Transmission',
  'Interior',
  'Exterior',
  'Electronics',
  'Accessories',
  'New',
  'Like new',
  'Good',
  'Fair',
  'Poor',
];

const LANGUAGES = [
  {
    language: 'es' as const,
    // The same word in Spanish.
    same: ['Universal', 'Interior', 'Exterior'],
    search: 'Buscar piezas',
    labels: ['Categoría', 'Marca', 'Estado'],
    category: 'Electrónica',
    condition: 'Nuevo',
    fitment: 'Otra marca · Universal',
  },
  {
    language: 'zh-CN' as const,
    same: [],
    search: '搜索配件',
    labels: ['类别', '品牌', '成色'],
    category: '电子',
    condition: '全新',
    fitment: '其他品牌 · 通用',
  },
];

const TITLE = 'AEM X-Series Wideband UEGO Gauge Kit, 52mm, Sealed Box';

/** The English catalogue words found in these texts, but for those the language writes the same. */
function englishIn(texts: string[], same: string[]): string[] {
  return ENGLISH.filter((word) => !same.includes(word)).filter((word) =>
    texts.some((text) => new RegExp(`(^|[^\\p{L}])${word}([^\\p{L}]|$)`, 'u').test(text)),
  );
}

async function optionsOf(page: Page, label: string): Promise<string[]> {
  const select = page.getByRole('combobox', { name: label, exact: true });
  await expect(select).toBeVisible();
  return select.locator('option').evaluateAll((options) => options.map((option) => option.textContent ?? ''));
}

for (const expected of LANGUAGES)
  test(`a card, the filters and the listing in ${expected.language}: US dollars and the catalogue's words translated`, async ({
    page,
  }) => {
    await chooseLanguage(page, expected.language);
    await page.goto('/browse?search=wideband');
    await expect(page.getByRole('searchbox', { name: expected.search })).toBeVisible();

    // The card: its category, make and model, and the price as in every language.
    const card = page.getByRole('main').getByRole('link', { name: new RegExp(TITLE) });
    await expect(card).toContainText(expected.category);
    await expect(card).toContainText(expected.fitment);
    await expect(card).toContainText('$189.99');
    const cardText = (await card.innerText()).replace(TITLE, '');
    expect(englishIn([cardText], expected.same), cardText).toEqual([]);

    // The filters: every category, the make "Other" and every condition.
    const filters = (await Promise.all(expected.labels.map((label) => optionsOf(page, label)))).flat();
    expect(filters.length).toBeGreaterThan(40);
    expect(englishIn(filters, expected.same), filters.join(' | ')).toEqual([]);

    // Chosen, the make "Other" shows translated in its chip too.
    await page.getByRole('combobox', { name: expected.labels[1]!, exact: true }).selectOption('Other');
    await expect(page).toHaveURL(/make=Other/);
    const chips = page
      .getByRole('main')
      .getByRole('button', { name: new RegExp(expected.fitment.split(' · ')[0]!) });
    await expect(chips.first()).toBeVisible();
    const chipTexts = await page.getByRole('main').getByRole('button').allInnerTexts();
    expect(englishIn(chipTexts, expected.same), chipTexts.join(' | ')).toEqual([]);

    // The listing page: category and condition badges, the fitment and the price.
    await card.click();
    await expect(page).toHaveURL(/\/listing\//);
    // The listing's page itself, not browse still on screen while it loads.
    await expect(page.getByTestId('listing-reference')).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByText(expected.category, { exact: true })).toBeVisible();
    await expect(main.getByText(expected.condition, { exact: true })).toBeVisible();
    await expect(main.getByText(expected.fitment.replace(' · ', ' '), { exact: true })).toBeVisible();
    await expect(main.getByText('$189.99', { exact: true }).first()).toBeVisible();
    for (const english of ['Electronics', 'New', 'Other Universal'])
      await expect(main.getByText(english, { exact: true })).toHaveCount(0);
  });
