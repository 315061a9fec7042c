// The analytics feature's public API: the only file other features (and http/, the app, the demo)
// import. A read model over other features' tables (docs/decisions/0025).
export { getInvestorAnalytics } from './analytics.service';
