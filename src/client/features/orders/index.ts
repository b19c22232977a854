export { BuyPanel } from './buy-panel';
export { PayoutsCard } from './payouts-card';
export { ConversationDeal } from './conversation-deal';
