export interface StripeStandinEvent {
  id: string;
  type: string;
  created: number;
  account?: string;
  data: { object: Record<string, unknown> & { id: string } };
}

export interface StripeStandin {
  port: number;
  origin: string;
  /** Every API call, as `METHOD /path`. */
  calls: string[];
  /** Every event made, in order (sent or held). */
  events: StripeStandinEvent[];
  emit(type: string, object: Record<string, unknown>, extra?: Record<string, unknown>): Promise<number>;
  hold(): void;
  release(options?: { reverse?: boolean }): Promise<number[]>;
  redeliver(eventId: string): Promise<number>;
  pay(sessionId: string): Promise<number>;
  onboard(accountId: string): Promise<number>;
  /** The bank disputes an order's payment; with a status, closes that dispute (won or lost). */
  dispute(orderId: string, status?: 'won' | 'lost'): Promise<number>;
  ledger(): {
    transfers: {
      id: string;
      orderId: string | null;
      amount: number;
      /** Taken back since (reversals). */
      reversed: number;
      kind: 'payout' | 'referral';
      destination: string;
    }[];
    refunds: { id: string; orderId: string | null; amount: number; paymentIntent: string }[];
  };
  objects: {
    sessions: Map<string, Record<string, unknown>>;
    accounts: Map<string, Record<string, unknown>>;
    paymentIntents: Map<string, Record<string, unknown>>;
    transfers: Map<string, Record<string, unknown>>;
    refunds: Map<string, Record<string, unknown>>;
    disputes: Map<string, Record<string, unknown>>;
  };
  close(): Promise<void>;
}

export function startStripeStandin(options?: {
  port?: number;
  webhookUrl?: string;
  webhookSecret?: string;
  connectWebhookSecret?: string;
  /** Sends a signed event to the app; its status. Default: a POST to `webhookUrl`. */
  deliver?: (payload: string, signature: string) => Promise<number>;
  /** How long a delivery the app does not take is tried again (as Stripe retries); default 0. */
  retryForMs?: number;
  /** After an API call is carried out, before it is answered: a fault case breaks the caller here. */
  afterCall?: (method: string, path: string, answer: { status?: number; json?: unknown }) => Promise<void>;
  /** Lets the process exit while it listens (a journey's server). */
  unref?: boolean;
}): Promise<StripeStandin>;
