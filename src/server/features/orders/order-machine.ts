import type {
  DeliveryMethod,
  OrderAction,
  OrderEventKind,
  OrderStatus,
  PayoutStatus,
} from '@common/schemas/orders';
import type { ReturnStatus } from '@common/schemas/returns';
import { ApiError } from '../../http/api-error';

/**
 * The order's life, whole (docs/payments.md has it as a diagram). Every change of an order's status
 * is one of these transitions: who may take it, from which states, to which, and what it does to the
 * money. `take` is the only way to one; the service applies what it answers in the transaction that
 * holds the order's row.
 *
 *   awaiting_payment ──paid──▶ paid ──ship──▶ shipped ──delivered──▶ delivered ──▶ completed
 *          │                    │  └─ready──▶ ready_for_pickup ──hand over──▶ picked_up ──▶ completed
 *          └──expire──▶ cancelled ◀──cancel── (paid, ready_for_pickup: refunded in full)
 *
 *   shipped, delivered, picked_up ──the returned part came back──▶ refunded
 *   any paid, open order ──the desk decides a dispute──▶ refunded (in full) or completed (released,
 *                                                        less a partial refund)
 *
 * Shipped or handed over: a payment not held is released to the seller. Completed (the buyer confirms
 * receipt, or 7 days after delivery or pickup with no return or dispute open): a held payment is
 * released. While a dispute is open the order is frozen: no step releases the payout.
 */

export type Party = 'buyer' | 'seller' | 'system';

interface Rule {
  by: readonly Party[];
  from: readonly OrderStatus[];
  to: OrderStatus;
  event: OrderEventKind;
  /** Only for orders delivered this way. */
  delivery?: DeliveryMethod;
  /** Releases the seller's payout: always, or only when the payment is not held. */
  release?: 'always' | 'unless-held';
  /** Marks the part as in the buyer's hands (the 7 days to release a held payment start). */
  delivered?: true;
  /** Refunds what was paid. */
  refund?: true;
  /** The deal is done: the listing is sold and the two may review each other. */
  completes?: true;
  /** The listing goes back on the market. */
  relists?: true;
}

export const TRANSITIONS = {
  /** Stripe (or demo mode at once) took the payment. */
  paymentSucceeded: { by: ['system'], from: ['awaiting_payment'], to: 'paid', event: 'paid' },
  /** The buyer left checkout unpaid, or its 30 minutes ran out. */
  abandon: {
    by: ['buyer', 'system'],
    from: ['awaiting_payment'],
    to: 'cancelled',
    event: 'expired',
    relists: true,
  },
  ship: {
    by: ['seller'],
    from: ['paid'],
    to: 'shipped',
    event: 'shipped',
    delivery: 'ship',
    release: 'unless-held',
  },
  /** The seller marks it delivered; ModMarket does when the seller or buyer is suspended or deleted. */
  markDelivered: {
    by: ['seller', 'system'],
    from: ['shipped'],
    to: 'delivered',
    event: 'delivered',
    delivery: 'ship',
    delivered: true,
  },
  ready: {
    by: ['seller'],
    from: ['paid'],
    to: 'ready_for_pickup',
    event: 'ready_for_pickup',
    delivery: 'pickup',
  },
  /** The seller entered the buyer's hand-off code (checked by the service before this). */
  handOver: {
    by: ['seller'],
    from: ['paid', 'ready_for_pickup'],
    to: 'picked_up',
    event: 'picked_up',
    delivery: 'pickup',
    release: 'unless-held',
    delivered: true,
  },
  confirmReceipt: {
    by: ['buyer'],
    from: ['shipped', 'delivered', 'picked_up'],
    to: 'completed',
    event: 'receipt_confirmed',
    release: 'always',
    delivered: true,
    completes: true,
  },
  /** 7 days after delivery or pickup with nothing open. */
  autoComplete: {
    by: ['system'],
    from: ['delivered', 'picked_up'],
    to: 'completed',
    event: 'completed',
    release: 'always',
    completes: true,
  },
  /** Before shipping or hand-over; ModMarket cancels when the seller or buyer is suspended or deleted. */
  cancel: {
    by: ['buyer', 'seller', 'system'],
    from: ['paid', 'ready_for_pickup'],
    to: 'cancelled',
    event: 'cancelled',
    refund: true,
    relists: true,
  },
  /** The seller confirms the returned part came back (the returns service checked the return first). */
  returnReceived: {
    by: ['seller'],
    from: ['shipped', 'delivered', 'picked_up'],
    to: 'refunded',
    event: 'return_received',
    refund: true,
    relists: true,
  },
  /** The moderation desk decides a dispute for the buyer: refunded in full. */
  disputeRefund: {
    by: ['system'],
    from: ['paid', 'ready_for_pickup', 'shipped', 'delivered', 'picked_up'],
    to: 'refunded',
    event: 'dispute_decided',
    refund: true,
    relists: true,
  },
  /** The desk releases the payment to the seller (less a partial refund it decided): the deal is done. */
  disputeSettle: {
    by: ['system'],
    from: ['paid', 'ready_for_pickup', 'shipped', 'delivered', 'picked_up'],
    to: 'completed',
    event: 'dispute_decided',
    release: 'always',
    completes: true,
  },
  /** The buyer's bank decided a card dispute for the buyer: the money is back with them already. */
  chargedBack: {
    by: ['system'],
    from: ['paid', 'ready_for_pickup', 'shipped', 'delivered', 'picked_up'],
    to: 'refunded',
    event: 'card_dispute',
    relists: true,
  },
} as const satisfies Record<string, Rule>;

export type Transition = keyof typeof TRANSITIONS;

export interface OrderState {
  status: OrderStatus;
  delivery: DeliveryMethod;
  held: boolean;
  payout: PayoutStatus;
  /** A dispute is open: no step releases the payout until it is decided. */
  frozen: boolean;
}

export interface Step {
  status: OrderStatus;
  event: OrderEventKind;
  /** The payout after the step: `due` when it is released now (the payout job sends it). */
  payout: PayoutStatus;
  delivered: boolean;
  refund: boolean;
  completes: boolean;
  relists: boolean;
}

/** May `party` take `transition` now? */
export function allowed(order: OrderState, transition: Transition, party: Party): boolean {
  const rule: Rule = TRANSITIONS[transition];
  return (
    rule.by.includes(party) &&
    rule.from.includes(order.status) &&
    (!rule.delivery || rule.delivery === order.delivery)
  );
}

/**
 * The step `party` takes, or a refusal: 403 for a party who never may, 409 when the order is not in a
 * state it can be taken from (another tab, or Stripe, moved it first).
 */
export function take(order: OrderState, transition: Transition, party: Party): Step {
  const rule: Rule = TRANSITIONS[transition];
  if (!rule.by.includes(party)) throw new ApiError(403, 'ORDER_NOT_YOURS');
  if (!allowed(order, transition, party)) throw new ApiError(409, 'ORDER_STATE');
  // The desk's own decision releases a frozen order; nothing else does.
  const releases =
    order.payout === 'pending' &&
    (!order.frozen || transition === 'disputeSettle') &&
    (rule.release === 'always' || (rule.release === 'unless-held' && !order.held));
  return {
    status: rule.to,
    event: rule.event,
    // Refunded or let go: a payout not yet sent is not owed (one already sent is taken back).
    payout:
      (rule.refund || rule.relists) && order.payout === 'pending' ? 'none' : releases ? 'due' : order.payout,
    delivered: Boolean(rule.delivered),
    refund: Boolean(rule.refund),
    completes: Boolean(rule.completes),
    relists: Boolean(rule.relists),
  };
}

/** The button each transition a member takes is, on the order's page. */
const ACTION_OF: readonly (readonly [Transition, OrderAction])[] = [
  ['ship', 'ship'],
  ['ready', 'ready'],
  ['handOver', 'hand_over'],
  ['markDelivered', 'mark_delivered'],
  ['confirmReceipt', 'confirm_receipt'],
  // Cancelling before paying lets the checkout go; after, it refunds: the same button.
  ['abandon', 'cancel'],
  ['cancel', 'cancel'],
];

/** What the member may do with the order now, for its page's buttons (paying again first). */
export function actionsFor(order: OrderState, party: 'buyer' | 'seller'): OrderAction[] {
  const actions = ACTION_OF.filter(([transition]) => allowed(order, transition, party)).map(
    ([, name]) => name,
  );
  return party === 'buyer' && order.status === 'awaiting_payment' ? ['pay', ...actions] : actions;
}

/** The next step and whose it is, for the lists: a return on its way comes first; a frozen order waits for the desk. */
export function nextStep(
  order: OrderState,
  returnStatus?: ReturnStatus | null,
): {
  action: Exclude<OrderAction, 'cancel' | 'request_return' | 'open_dispute'>;
  by: 'buyer' | 'seller';
} | null {
  const returning =
    order.status === 'shipped' || order.status === 'delivered' || order.status === 'picked_up';
  if (returning && returnStatus === 'requested') return { action: 'answer_return', by: 'seller' };
  if (returning && returnStatus === 'accepted') return { action: 'send_return', by: 'buyer' };
  if (returning && returnStatus === 'sent') return { action: 'receive_return', by: 'seller' };
  if (order.frozen && returning) return null;
  switch (order.status) {
    case 'awaiting_payment':
      return { action: 'pay', by: 'buyer' };
    case 'paid':
      return { action: order.delivery === 'ship' ? 'ship' : 'ready', by: 'seller' };
    case 'ready_for_pickup':
      return { action: 'hand_over', by: 'seller' };
    case 'shipped':
    case 'delivered':
    case 'picked_up':
      return { action: 'confirm_receipt', by: 'buyer' };
    default:
      return null;
  }
}
