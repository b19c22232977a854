import { describe, expect, it } from 'vitest';
import { feeFigures } from './fee-figures';

describe('feeFigures', () => {
  it('quotes the levels, processing and the worked example of docs/payments.md', () => {
    const { levels, values } = feeFigures('en');
    expect(levels).toEqual([
      { level: 'new', from: 0, to: 4, rate: '3.5%' },
      { level: 'experienced', from: 5, to: 24, rate: '3.0%' },
      { level: 'trusted', from: 25, to: 99, rate: '2.5%' },
      { level: 'power', from: 100, to: null, rate: '2.0%' },
    ]);
    expect(values).toMatchObject({
      highestFee: '3.5%',
      lowestFee: '2.0%',
      topLevelFrom: '100',
      processing: '2.9% + $0.30',
      exampleTotal: '$135.00',
      exampleFee: '$4.20',
      exampleProcessing: '$4.22',
      examplePayout: '$126.58',
    });
  });

  it('writes the rates as the reader writes numbers, and prices in dollars', () => {
    expect(feeFigures('es').values.processing).toMatch(/^2,9\s% \+ \$0\.30$/);
    expect(feeFigures('zh-CN').values.highestFee).toBe('3.5%');
  });
});
