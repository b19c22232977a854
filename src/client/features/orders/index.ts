export { BuyPanel } from './buy-panel';
export { PayoutsCard } from './payouts-card';
export { ConversationDeal } from './conversation-deal';
export { ReferralEarningsCard } from './referral-earnings-card';
export { ShareEarn } from './share-earn';
