// The messaging feature's public API: the only file other features (and http/, the app, the demo)
// import.
export { countActiveConversations, sendMessage } from './messaging.service';
