// The portfolio feature's public API: the only file other features (and http/, the app, the demo)
// import.
export { countPortfolioCompanies, createPortfolioCompany } from './portfolio.service';
