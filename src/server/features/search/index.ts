// The search feature's public API: the only file other features (and http/, the app) import. A
// read model over other features' tables (docs/decisions/0025, docs/search.md).
export { prefixTsquery, visibleProfileOwner } from './search-sql';
export { search, type SearchInput } from './search.service';
