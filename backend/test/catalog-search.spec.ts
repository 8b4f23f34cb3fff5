/**
 * The shop-wide search (issue 19) answered from the in-process search index (test/search-suite.ts).
 */
import { searchSuite } from './search-suite.js';

searchSuite({});
