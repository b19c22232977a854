import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage } from './support/accounts';

/**
 * Honest copy (docs/product.md §3 and §6.10): the pages that sell ModMarket claim nothing it does not
 * do, in every language, and the plan table marks what is sold but not built as "Coming soon", never
 * with a check mark. Deals close here now (docs/payments.md), so the same pages say so: the fees by
 * seller level and card processing, checkout, the hand-off code, escrow by plan, cancelling before the
 * part leaves, and where an order's data goes.
 */
const LANGUAGES = ['en', 'es', 'zh-CN'] as const;
type Language = (typeof LANGUAGES)[number];

const PAGES = ['/', '/about', '/selling-guide', '/buying-guide', '/terms'];

/**
 * Promises of the first brief that the product still does not keep (chargebacks, digital inspection,
 * transaction protection, rewards for good sellers, a return window, a fit guarantee, buyer protection),
 * and what the copy said before deals closed here (nothing taken on a sale, no payments).
 */
const UNTRUE: Record<Language, RegExp[]> = {
  en: [
    /chargeback/i,
    /digital inspection/i,
    /transaction protection/i,
    /rewards for good sellers/i,
    /\d+[- ]day return/i,
    /fit(ment)? guarantee/i,
    /buyer protection/i,
    /money[- ]back/i,
    /takes nothing/i,
    /no commission/i,
    /no fee on sales/i,
    /not available yet/i,
    /does not take payments/i,
  ],
  es: [
    /contracargo/i,
    /inspecci[oó]n digital/i,
    /protecci[oó]n de las? transacci/i,
    /\d+ d[ií]as para devolver/i,
    /garant[ií]a de (compatibilidad|devoluci[oó]n)/i,
    /protecci[oó]n (al|del) comprador/i,
    /no se queda con nada/i,
    /sin comisiones/i,
    /no cobramos comisi[oó]n/i,
    /todav[ií]a no se puede pagar/i,
    /no gestiona pagos/i,
  ],
  'zh-CN': [
    /拒付/,
    /数字化(鉴定|检验)/,
    /交易保障/,
    /\d+ 天退货/,
    /适配保证|包适配/,
    /买家保障/,
    /不收取任何费用/,
    /不抽佣金/,
    /成交不收费/,
    /不支持通过 ModMarket 付款/,
    /不经手付款/,
  ],
};

/**
 * What each page must now say, because it is true (docs/payments.md): the fees with their figures
 * (the New Seller's 3.5%, the Power Seller's 2.0%, processing of 2.9% + $0.30), checkout, escrow by
 * plan, the hand-off code, the full refund before the part leaves, returns left to the seller, and,
 * in the Privacy policy, the shipping address and Stripe.
 */
const TRUE: Record<Language, Record<string, RegExp[]>> = {
  en: {
    '/': [/Pay on ModMarket/, /Payment held until delivery/, /3\.5%/, /2\.9% \+ \$0\.30/],
    '/selling-guide': [
      /3\.5%/,
      /2\.0%/,
      /2\.9% \+ \$0\.30/,
      /Power Seller/,
      /Connect payouts/,
      /Payment held until delivery/,
      /hand-off code/,
      /no standard return window/,
    ],
    '/buying-guide': [/Buy now/, /hand-off code/, /refunded in full/, /no standard return window/],
    '/terms': [
      /3\.5%/,
      /2\.9% \+ \$0\.30/,
      /Stripe Connect/,
      /Payment held until delivery/,
      /refunded in full/,
    ],
    '/privacy': [/shipping address/, /moderation team/, /Stripe Connect/],
  },
  es: {
    '/': [/Paga en ModMarket/, /Pago retenido hasta la entrega/, /3,5\s%/, /2,9\s% \+ \$0\.30/],
    '/selling-guide': [
      /3,5\s%/,
      /2,0\s%/,
      /2,9\s% \+ \$0\.30/,
      /Gran vendedor/,
      /Activa los cobros/,
      /Pago retenido hasta la entrega/,
      /código de entrega/,
      /plazo de devolución común/,
    ],
    '/buying-guide': [
      /Comprar ahora/,
      /código de entrega/,
      /reembolsa íntegramente/,
      /plazo de devolución común/,
    ],
    '/terms': [
      /3,5\s%/,
      /2,9\s% \+ \$0\.30/,
      /Stripe Connect/,
      /Pago retenido hasta la entrega/,
      /reembolsa íntegramente/,
    ],
    '/privacy': [/dirección de envío/, /equipo de moderación/, /Stripe Connect/],
  },
  'zh-CN': {
    '/': [/在 ModMarket 付款/, /货款托管至收货/, /3\.5%/, /2\.9% \+ \$0\.30/],
    '/selling-guide': [
      /3\.5%/,
      /2\.0%/,
      /2\.9% \+ \$0\.30/,
      /金牌卖家/,
      /开通收款/,
      /货款托管至收货/,
      /交接码/,
      /没有统一的退货期限/,
    ],
    '/buying-guide': [/立即购买/, /交接码/, /全额退款/, /没有统一的退货期限/],
    '/terms': [/3\.5%/, /2\.9% \+ \$0\.30/, /Stripe Connect/, /货款托管至收货/, /全额退款/],
    '/privacy': [/收货地址/, /审核团队/, /Stripe Connect/],
  },
};

/**
 * The plan table's words: the rows that are sold but not built, the built ones, the tag, the check
 * mark's and the dash's names, and the escrow row (none on Bronze, per listing on Gold, always on
 * Platinum).
 */
const TABLE: Record<
  Language,
  {
    soonRows: string[];
    builtRows: [boosts: string, placement: string];
    soon: string;
    included: string;
    notIncluded: string;
    escrow: { row: string; optional: string };
  }
> = {
  en: {
    soonRows: ['Parts wanted access'],
    builtRows: ['Listing boosts', 'Priority placement'],
    soon: 'Coming soon',
    included: 'Included',
    notIncluded: 'Not included',
    escrow: { row: 'Escrow', optional: 'Optional, per listing' },
  },
  es: {
    soonRows: ['Acceso a piezas buscadas'],
    builtRows: ['Impulsos de anuncios', 'Posición destacada'],
    soon: 'Próximamente',
    included: 'Incluido',
    notIncluded: 'No incluido',
    escrow: { row: 'Depósito en garantía', optional: 'Opcional, por anuncio' },
  },
  'zh-CN': {
    soonRows: ['求购信息权限'],
    builtRows: ['商品加速', '优先展示'],
    soon: '即将推出',
    included: '包含',
    notIncluded: '不包含',
    escrow: { row: '托管交易', optional: '可按商品开启' },
  },
};

/** What a reader and a search engine get: the title, the description and the main content. */
async function copyOf(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  return page.evaluate(() => {
    const description = document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';
    return [document.title, description, document.querySelector('main')!.textContent ?? ''].join('\n');
  });
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

  test(`the home page, the guides, the Terms and the Privacy policy say how deals close (${language})`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await chooseLanguage(page, language);
    for (const [path, claims] of Object.entries(TRUE[language])) {
      const text = await copyOf(page, path);
      for (const claim of claims) expect.soft(text, `${path} in ${language}`).toMatch(claim);
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
    // Escrow is built: none on Bronze, optional per listing on Gold, always on Platinum, with no tag.
    const escrow = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: words.escrow.row, exact: true }) });
    await expect(escrow).toHaveCount(1);
    await expect(escrow).not.toContainText(words.soon);
    const escrowCells = escrow.getByRole('cell');
    await expect(escrowCells.nth(0).getByLabel(words.notIncluded, { exact: true })).toBeVisible();
    await expect(escrowCells.nth(1)).toHaveText(words.escrow.optional);
    await expect(escrowCells.nth(2).getByLabel(words.included, { exact: true })).toBeVisible();
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
