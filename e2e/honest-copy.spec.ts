import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage } from './support/accounts';

/**
 * Honest copy (docs/product.md §3 and §6.10): the pages that sell ModMarket claim nothing it does not
 * do, in every language, and the plan table marks what is sold but not built as "Coming soon", never
 * with a check mark.
 */
const LANGUAGES = ['en', 'es', 'zh-CN'] as const;
type Language = (typeof LANGUAGES)[number];

const PAGES = ['/', '/about', '/selling-guide', '/buying-guide', '/terms'];

/** Promises of the first brief that the product does not keep: escrow, chargebacks, fees, levels. */
const UNTRUE: Record<Language, RegExp[]> = {
  en: [
    /escrow/i,
    /chargeback/i,
    /digital inspection/i,
    /transaction fee/i,
    /transaction protection/i,
    /lower fees/i,
    /rewards for good sellers/i,
    /seller level/i,
    /\d+[- ]day return/i,
  ],
  es: [
    /dep[oó]sito en garant[ií]a/i,
    /contracargo/i,
    /inspecci[oó]n digital/i,
    /comisi[oó]n por transacci[oó]n/i,
    /protecci[oó]n de las? transacci/i,
    /comisiones m[aá]s bajas/i,
    /niveles? de vendedor/i,
    /\d+ d[ií]as para devolver/i,
  ],
  'zh-CN': [
    /托管交易|第三方托管|类托管/,
    /拒付/,
    /数字化(鉴定|检验)/,
    /交易手续费/,
    /交易保障/,
    /费率/,
    /卖家等级/,
    /\d+ 天退货/,
  ],
};

/** The plan table's words: the rows that are sold but not built, the tag, the check mark's name. */
const TABLE: Record<
  Language,
  { soonRows: string[]; builtRows: [boosts: string, placement: string]; soon: string; included: string }
> = {
  en: {
    soonRows: ['Parts wanted access', 'Escrow'],
    builtRows: ['Listing boosts', 'Priority placement'],
    soon: 'Coming soon',
    included: 'Included',
  },
  es: {
    soonRows: ['Acceso a piezas buscadas', 'Depósito en garantía'],
    builtRows: ['Impulsos de anuncios', 'Posición destacada'],
    soon: 'Próximamente',
    included: 'Incluido',
  },
  'zh-CN': {
    soonRows: ['求购信息权限', '托管交易'],
    builtRows: ['商品加速', '优先展示'],
    soon: '即将推出',
    included: '包含',
  },
};

/** What a reader and a search engine get: the title, the description and the main content. */
async function copyOf(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  return page.evaluate((withoutTables) => {
    const main = document.querySelector('main')!.cloneNode(true) as HTMLElement;
    // The home page's plan table names escrow, as Coming soon: the table has its own test below.
    if (withoutTables) main.querySelectorAll('table').forEach((table) => table.remove());
    const description = document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';
    return [document.title, description, main.textContent ?? ''].join('\n');
  }, path === '/');
}

for (const language of LANGUAGES) {
  test(`the home page, About, the guides and the Terms promise nothing untrue (${language})`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await chooseLanguage(page, language);
    for (const path of PAGES) {
      const text = await copyOf(page, path);
      for (const claim of UNTRUE[language]) expect.soft(text, `${path} in ${language}`).not.toMatch(claim);
    }
  });

  test(`the plan table says Coming soon, with no check mark, only for what is not built (${language})`, async ({
    page,
  }) => {
    await chooseLanguage(page, language);
    await page.goto('/');
    const words = TABLE[language];
    const table = page.getByRole('table');
    await expect(table).toBeVisible();
    for (const name of words.soonRows) {
      const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
      await expect(row).toHaveCount(1);
      const cells = row.getByRole('cell');
      // Bronze does not get it; Gold and Platinum are to get it, and say so.
      await expect(cells.nth(1)).toContainText(words.soon);
      await expect(cells.nth(2)).toContainText(words.soon);
      await expect(row.getByLabel(words.included, { exact: true })).toHaveCount(0);
      await expect(row.locator('svg.lucide-check')).toHaveCount(0);
      await expect(row).not.toContainText(words.included);
    }
    // What is built keeps its check mark: the verified badge on Gold and Platinum.
    await expect(table.getByLabel(words.included, { exact: true })).not.toHaveCount(0);
    // Boosts and priority placement are built: no tag, and placement is included on Gold and Platinum.
    const [boosts, placement] = words.builtRows.map((name) =>
      table.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) }),
    );
    await expect(boosts!).not.toContainText(words.soon);
    await expect(placement!).not.toContainText(words.soon);
    await expect(placement!.getByLabel(words.included, { exact: true })).toHaveCount(2);
  });
}
