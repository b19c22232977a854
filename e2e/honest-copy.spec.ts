import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage } from './support/accounts';

/**
 * Honest copy (docs/product.md §3 and §6.10): the pages that sell ModMarket claim nothing it does not
 * do, in every language, and the plan table marks what is sold but not built as "Coming soon", never
 * with a check mark. Deals close here (docs/payments.md), so the same pages say so: the fees by seller
 * level and card processing, checkout, the hand-off code, escrow by plan, cancelling before the part
 * leaves, where an order's data goes; and now returns within 7 days when the seller accepts them, the
 * fit guarantee, disputes decided by ModMarket's moderators (card disputes by the bank) and referral
 * commissions. The plan table names each plan one way per language, and the legal pages say how
 * deleting an account works now that members do it in Settings.
 */
const LANGUAGES = ['en', 'es', 'zh-CN'] as const;
type Language = (typeof LANGUAGES)[number];

const PAGES = ['/', '/about', '/selling-guide', '/buying-guide', '/terms'];

/**
 * Promises of the first brief that the product still does not keep (no chargebacks, digital
 * inspection, transaction or buyer protection, a money-back or refund guarantee, rewards for good
 * sellers, a return window other than the seller's 7 days, a guarantee that every part fits, card
 * disputes decided here), and what the copy said before deals closed here (nothing taken on a sale,
 * no payments), before returns, disputes and referrals were built, or before Platinum's advanced AI
 * writer was (a "more advanced assistant" coming soon).
 */
const UNTRUE: Record<Language, RegExp[]> = {
  en: [
    /no chargebacks?/i,
    /chargeback[- ](free|protection|proof)/i,
    /digital inspection/i,
    /transaction protection/i,
    /rewards for good sellers/i,
    /\b(?!7\b)\d+[- ]day returns?/i,
    /fitment guarantee/i,
    /guaranteed to fit/i,
    /buyer protection/i,
    /money[- ]back/i,
    /refund guarantee/i,
    /(we|ModMarket) (decides?|resolves?) (all )?card disputes/i,
    /takes nothing/i,
    /no commission/i,
    /no fee on sales/i,
    /not available yet/i,
    /does not take payments/i,
    /no standard return window/i,
    /no dispute process/i,
    /more advanced assistant/i,
  ],
  es: [
    /sin contracargos/i,
    /inspecci[oó]n digital/i,
    /protecci[oó]n de las? transacci/i,
    /\b(?!7 )\d+ d[ií]as para devolver/i,
    /garant[ií]a de devoluci[oó]n/i,
    /devoluci[oó]n del dinero/i,
    /reembolso garantizado/i,
    /protecci[oó]n (al|del) comprador/i,
    /no se queda con nada/i,
    /sin comisiones/i,
    /no cobramos comisi[oó]n/i,
    /todav[ií]a no se puede pagar/i,
    /no gestiona pagos/i,
    /plazo de devoluci[oó]n com[uú]n/i,
    /asistente m[aá]s avanzado/i,
  ],
  'zh-CN': [
    /无拒付|不会被拒付|杜绝拒付/,
    /数字化(鉴定|检验)/,
    /交易保障/,
    /\d+ 天退货|无理由退货/,
    /包适配|保证适配/,
    /买家保障/,
    /退款保证|保证退款|包退款/,
    /不收取任何费用/,
    /不抽佣金/,
    /成交不收费/,
    /不支持通过 ModMarket 付款/,
    /不经手付款/,
    /没有统一的退货期限/,
    /高级版助手即将推出/,
  ],
};

/**
 * What each page must now say, because it is true (docs/payments.md): the fees with their figures
 * (the New Seller's 3.5%, the Power Seller's 2.0%, processing of 2.9% + $0.30), checkout, escrow by
 * plan, the hand-off code, the full refund before the part leaves; returns within 7 days of delivery
 * or pickup when the seller accepts them, answered within 3 days, refunded in full; the fit guarantee;
 * disputes the moderators decide, card disputes the bank decides; referral links, 30 days, 2-10% of
 * the price; the selling guide's "Write with AI" and Platinum's advanced AI writer; and, in the Privacy
 * policy, the shipping address, Stripe and who reads a dispute.
 */
const TRUE: Record<Language, Record<string, RegExp[]>> = {
  en: {
    '/': [
      /Pay on ModMarket/,
      /Payment held until delivery/,
      /3\.5%/,
      /2\.9% \+ \$0\.30/,
      /Returns within 7 days/,
      /within 7 days of delivery or pickup/,
      /answers within 3 days or the return is accepted/,
      /fit guarantee/,
      /ModMarket's moderators decide/,
      /card dispute from the buyer's bank/,
      /the bank decides it/,
      /referral link/,
      /within 30 days/,
      /2–10% of the price/,
    ],
    '/selling-guide': [
      /3\.5%/,
      /2\.0%/,
      /2\.9% \+ \$0\.30/,
      /Power Seller/,
      /Connect payouts/,
      /Payment held until delivery/,
      /hand-off code/,
      /within 7 days of delivery or pickup/,
      /within 3 days or it is accepted/,
      /fit guarantee/,
      /Decided by ModMarket's moderators/,
      /the bank decides it/,
      /2–10% of the price/,
      /within 30 days/,
      /“Write with AI”/,
      /adds the advanced AI writer/,
    ],
    '/buying-guide': [
      /Buy now/,
      /hand-off code/,
      /refunded in full/,
      /within 7 days of delivery or pickup/,
      /fit guarantee/,
      /answers within 3 days, or the return is accepted/,
      /open a dispute/,
      /ModMarket's moderators/,
      /your bank decides it/,
    ],
    '/terms': [
      /3\.5%/,
      /2\.9% \+ \$0\.30/,
      /Stripe Connect/,
      /Payment held until delivery/,
      /refunded in full/,
      /within 7 days of delivery or pickup/,
      /fit guarantee/,
      /within 3 days/,
      /open a dispute/,
      /ModMarket's moderators/,
      /decided by the bank/,
      /2% to 10%/,
      /within 30 days/,
    ],
    '/privacy': [/shipping address/, /moderation team/, /Stripe Connect/, /disputed order/],
  },
  es: {
    '/': [
      /Paga en ModMarket/,
      /Pago retenido hasta la entrega/,
      /3,5\s%/,
      /2,9\s% \+ \$0\.30/,
      /Devoluciones en 7 días/,
      /en los 7 días siguientes a la entrega o la recogida/,
      /responde en 3 días o la devolución se acepta/,
      /garantía de encaje/,
      /los moderadores de ModMarket deciden/,
      /disputa con tarjeta/,
      /la decide el banco/,
      /enlace de recomendación/,
      /30 días/,
      /entre el 2\s% y el 10\s% del precio/,
    ],
    '/selling-guide': [
      /3,5\s%/,
      /2,0\s%/,
      /2,9\s% \+ \$0\.30/,
      /Gran vendedor/,
      /Activa los cobros/,
      /Pago retenido hasta la entrega/,
      /código de entrega/,
      /en los 7 días siguientes a la entrega o la recogida/,
      /en 3 días o quedará aceptada/,
      /garantía de encaje/,
      /Las resuelven los moderadores de ModMarket/,
      /la decide el banco/,
      /Del 2\s% al 10\s% del precio/,
      /30 días/,
      /«Escribir con IA»/,
      /añade el redactor avanzado de IA/,
    ],
    '/buying-guide': [
      /Comprar ahora/,
      /código de entrega/,
      /reembolsa íntegramente/,
      /en los 7 días siguientes a la entrega o la recogida/,
      /garantía de encaje/,
      /responde en 3 días o la devolución se acepta/,
      /abrir una disputa/,
      /moderadores de ModMarket/,
      /la decide tu banco/,
    ],
    '/terms': [
      /3,5\s%/,
      /2,9\s% \+ \$0\.30/,
      /Stripe Connect/,
      /Pago retenido hasta la entrega/,
      /reembolsa íntegramente/,
      /en los 7 días siguientes a la entrega o la recogida/,
      /garantía de encaje/,
      /en 3 días/,
      /abrir una disputa/,
      /moderadores de ModMarket/,
      /la decide el banco/,
      /entre el 2\s% y el 10\s%/,
      /30 días/,
    ],
    '/privacy': [/dirección de envío/, /equipo de moderación/, /Stripe Connect/, /pedido en disputa/],
  },
  'zh-CN': {
    '/': [
      /在 ModMarket 付款/,
      /货款托管至收货/,
      /3\.5%/,
      /2\.9% \+ \$0\.30/,
      /7 天内退货/,
      /送达或自提后 7 天内/,
      /3 天内答复/,
      /适配保障/,
      /由 ModMarket 审核团队裁决/,
      /银行卡争议/,
      /由银行裁决/,
      /推荐链接/,
      /30 天内/,
      /价格的 2%–10%/,
    ],
    '/selling-guide': [
      /3\.5%/,
      /2\.0%/,
      /2\.9% \+ \$0\.30/,
      /金牌卖家/,
      /开通收款/,
      /货款托管至收货/,
      /交接码/,
      /送达或自提后 7 天内/,
      /3 天内答复/,
      /适配保障/,
      /由 ModMarket 审核团队裁决/,
      /由银行裁决/,
      /价格的 2%–10%/,
      /30 天内/,
      /“AI 撰写”/,
      /还提供高级 AI 撰写/,
    ],
    '/buying-guide': [
      /立即购买/,
      /交接码/,
      /全额退款/,
      /送达或自提后 7 天内/,
      /适配保障/,
      /3 天内答复/,
      /发起纠纷/,
      /ModMarket 审核团队/,
      /由您的银行裁决/,
    ],
    '/terms': [
      /3\.5%/,
      /2\.9% \+ \$0\.30/,
      /Stripe Connect/,
      /货款托管至收货/,
      /全额退款/,
      /送达或自提后 7 天内/,
      /适配保障/,
      /3 天内答复/,
      /发起纠纷/,
      /ModMarket 审核团队/,
      /由银行而非 ModMarket 裁决/,
      /2% 至 10%/,
      /30 天内/,
    ],
    '/privacy': [/收货地址/, /审核团队/, /Stripe Connect/, /有纠纷的订单/],
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
    /** The one name of each plan in the language (docs/decisions.md, "One name per plan"). */
    names: [bronze: string, gold: string, platinum: string];
    /** Parts wanted, built: its row and what each plan gets. */
    partsWanted: { row: string; values: [bronze: string, gold: string, platinum: string] };
    builtRows: [boosts: string, placement: string];
    soon: string;
    included: string;
    notIncluded: string;
    escrow: { row: string; optional: string };
  }
> = {
  en: {
    names: ['Bronze', 'Gold', 'Platinum'],
    partsWanted: { row: 'Parts wanted access', values: ['Browse only', '5 answers a month', 'Unlimited'] },
    builtRows: ['Listing boosts', 'Priority placement'],
    soon: 'Coming soon',
    included: 'Included',
    notIncluded: 'Not included',
    escrow: { row: 'Escrow', optional: 'Optional, per listing' },
  },
  es: {
    names: ['Bronze', 'Gold', 'Platinum'],
    partsWanted: {
      row: 'Acceso a piezas buscadas',
      values: ['Solo consultar', '5 respuestas al mes', 'Ilimitado'],
    },
    builtRows: ['Impulsos de anuncios', 'Posición destacada'],
    soon: 'Próximamente',
    included: 'Incluido',
    notIncluded: 'No incluido',
    escrow: { row: 'Depósito en garantía', optional: 'Opcional, por anuncio' },
  },
  'zh-CN': {
    names: ['青铜', '黄金', '白金'],
    partsWanted: { row: '求购信息权限', values: ['仅浏览', '每月 5 次回复', '不限'] },
    builtRows: ['商品加速', '优先展示'],
    soon: '即将推出',
    included: '包含',
    notIncluded: '不包含',
    escrow: { row: '托管交易', optional: '可按商品开启' },
  },
};

/**
 * Deleting an account (docs/product.md §5): the member does it in Settings; it waits 30 days, signed
 * out and hidden, and signing in within them restores it; a reminder goes 3 days before; messages and
 * reviews they wrote stay from "Deleted member". The Data Deletion page, the Terms and the Privacy
 * policy say so, and none of them still says to write to us to close an account.
 */
const DELETION: Record<Language, { says: Record<string, RegExp[]>; not: RegExp[] }> = {
  en: {
    says: {
      '/data-deletion': [
        /delete your account yourself, at any time, in Settings/,
        /under “Delete account”/,
        /Go to Settings/,
        /signed out everywhere/,
        /Sign in within 30 days and your account is restored/,
        /3 days before/,
        /erased for good/,
        /from “Deleted member”/,
      ],
      '/terms': [/delete your account yourself in Settings/, /erased 30 days later/, /“Deleted member”/],
      '/privacy': [/delete your account yourself in Settings/],
    },
    not: [/not available yet/i, /contact us as our Data Deletion page describes/, /For deletion, see our/],
  },
  es: {
    says: {
      '/data-deletion': [
        /Puedes eliminar tu cuenta tú mismo, cuando quieras, desde Configuración/,
        /en «Eliminar la cuenta»/,
        /Ir a Configuración/,
        /Se cierran todas tus sesiones/,
        /Inicia sesión en un plazo de 30 días y recuperas tu cuenta/,
        /3 días antes/,
        /se borra para siempre/,
        /como «Miembro eliminado»/,
      ],
      '/terms': [
        /eliminar tu cuenta tú mismo desde Configuración/,
        /se borra 30 días después/,
        /«Miembro eliminado»/,
      ],
      '/privacy': [/eliminar tu cuenta tú mismo desde Configuración/],
    },
    not: [/Todav[ií]a no se puede cerrar la cuenta/, /escríbenos como se explica/],
  },
  'zh-CN': {
    says: {
      '/data-deletion': [
        /您可以随时在“设置”中自行删除账户/,
        /在“隐私”部分的“删除账户”下/,
        /前往设置/,
        /在所有设备上退出登录/,
        /在 30 天内登录，您的账户（包括商品）即可恢复/,
        /删除前 3 天/,
        /永久删除/,
        /显示为“已注销的会员”/,
      ],
      '/terms': [/在“设置”的“删除账户”中自行删除账户/, /30 天后账户将被永久删除/, /“已注销的会员”/],
      '/privacy': [/在“设置”中自行下载您的数据或删除账户/],
    },
    not: [/目前还不能在设置中自行注销账户/, /请按照“数据删除”页面的说明联系我们/],
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

  test(`the home page, the guides, the Terms and the Privacy policy say how deals close, returns, disputes and referrals work (${language})`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await chooseLanguage(page, language);
    for (const [path, claims] of Object.entries(TRUE[language])) {
      const text = await copyOf(page, path);
      for (const claim of claims) expect.soft(text, `${path} in ${language}`).toMatch(claim);
    }
  });

  test(`the Data Deletion page, the Terms and the Privacy policy say deleting is in Settings and waits 30 days (${language})`, async ({
    page,
  }) => {
    await chooseLanguage(page, language);
    for (const [path, claims] of Object.entries(DELETION[language].says)) {
      const text = await copyOf(page, path);
      for (const claim of claims) expect.soft(text, `${path} in ${language}`).toMatch(claim);
      for (const claim of DELETION[language].not)
        expect.soft(text, `${path} in ${language}`).not.toMatch(claim);
    }
  });

  test(`the plan table says what each plan gets, with nothing Coming soon (${language})`, async ({
    page,
  }) => {
    await chooseLanguage(page, language);
    await page.goto('/');
    const words = TABLE[language];
    const table = page.getByRole('table');
    await expect(table).toBeVisible();
    const headers = table.getByRole('columnheader');
    for (const [i, name] of words.names.entries()) await expect(headers.nth(i + 1)).toContainText(name);
    // Everything in the table is built: nothing says Coming soon.
    await expect(table).not.toContainText(words.soon);
    // Parts wanted: Bronze browses, Gold answers 5 posts a month, Platinum any number.
    const wanted = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: words.partsWanted.row, exact: true }) });
    await expect(wanted).toHaveCount(1);
    for (const [i, value] of words.partsWanted.values.entries())
      await expect(wanted.getByRole('cell').nth(i)).toHaveText(value);
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
