// The dashboard feature's public API: the only file other features (and http/, the app, the demo)
// import. The dashboard reads the other features through their own index.ts.
export { getDashboardStats } from './dashboard.service';
