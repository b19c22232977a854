import { PROCESSING, orderAmounts, sellerStanding, type SellerLevel } from '@common/fees';
import { formatBasisPoints, formatNumber, formatPrice } from '@common/i18n/format';
import type { Language } from '@common/i18n/languages';

export interface LevelFigures {
  level: SellerLevel;
  /** The completed sales it starts at, and the last one before the next level (null at the top). */
  from: number;
  to: number | null;
  rate: string;
}

/**
 * What the pages that sell ModMarket quote about fees (docs/payments.md, "Fees"), read from
 * `@common/fees` so the copy cannot drift from what the server charges: every seller level with its
 * completed sales and fee, the highest and lowest fee, card processing, and a worked example.
 */
export function feeFigures(language: Language) {
  const levels: LevelFigures[] = [];
  for (let from = 0; ;) {
    const standing = sellerStanding(from);
    levels.push({
      level: standing.level,
      from,
      to: standing.next ? standing.next.at - 1 : null,
      rate: formatBasisPoints(standing.feeBasisPoints, language),
    });
    if (!standing.next) break;
    from = standing.next.at;
  }
  const first = levels[0]!;
  const top = levels[levels.length - 1]!;
  const price = (cents: number) => formatPrice(cents, { cents: true });
  // A $120.00 part with $15.00 shipping from a New Seller, as docs/payments.md works it out.
  const example = orderAmounts(12_000, 1_500, sellerStanding(0).feeBasisPoints);
  return {
    levels,
    /** Interpolation values for the copy. */
    values: {
      highestFee: first.rate,
      lowestFee: top.rate,
      topLevelFrom: formatNumber(top.from, language),
      processing: `${formatBasisPoints(PROCESSING.basisPoints, language)} + ${price(PROCESSING.fixedCents)}`,
      exampleItem: price(example.itemCents),
      exampleShipping: price(example.shippingCents),
      exampleTotal: price(example.totalCents),
      exampleFee: price(example.feeCents),
      exampleProcessing: price(example.processingCents),
      examplePayout: price(example.payoutCents),
    },
  };
}
