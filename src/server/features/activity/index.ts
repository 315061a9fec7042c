// The activity feature's public API: the only file other features (and http/, the app, the demo)
// import. Activities are written only through recordActivity.
export { recordActivity, type ActivityContext } from './activity.service';
