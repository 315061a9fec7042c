// The discovery feature's public API: the only file other features (and the app, the jobs, the
// bench) import. The directory of the other role, saved searches and their alerts, and each
// profile's derived country (docs/discovery.md).
export { backfillCountryCodes, COUNTRY_CODE_JOB, countryCodeOfLocation } from './country-codes';
export { connectFromDirectory, listDirectory } from './directory.service';
export { checkSavedSearchAlerts, createSavedSearch, SAVED_SEARCH_ALERTS_JOB } from './saved-searches.service';
