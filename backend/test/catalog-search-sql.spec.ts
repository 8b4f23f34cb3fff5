/**
 * The shop-wide search (issue 19) answered in PostgreSQL (SEARCH_INDEX=off; test/search-suite.ts):
 * the way phrases are always answered, and every search while the index is loading or turned off.
 */
import { searchSuite } from './search-suite.js';

searchSuite({ SEARCH_INDEX: 'off' });
