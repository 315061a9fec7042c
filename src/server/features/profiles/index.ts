// The profiles feature's public API: the only file other features (and http/, the app, the demo)
// import. The public cards for matching's lists, and the hook features use to follow profile saves.
export { emailVerifiedOfProfile, toInvestorCard, toStartupCard } from './profile-cards';
export { onProfileSaved, type ProfileSavedReaction } from './profile-reactions';
